import UIKit

// expected-note@+1 {{'PhotoSceneDelegate' is a scene delegate, but nothing connects it: UIKit never calls it}}
class PhotoSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
}
