import UIKit

// expected-note@+1 {{the app presumably adopts scenes: 'SceneDelegate' is a scene delegate (no Info.plist was given: pass it with '--info-plist' to check its 'UIApplicationSceneManifest')}}
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func sceneWillEnterForeground(_ scene: UIScene) {}
    func sceneDidEnterBackground(_ scene: UIScene) {}
}
