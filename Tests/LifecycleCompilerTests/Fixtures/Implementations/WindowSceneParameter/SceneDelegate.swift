import UIKit

class SceneDelegate: UIResponder, UIWindowSceneDelegate { // expected-note {{class 'SceneDelegate' is declared here}}
    var window: UIWindow?

    // expected-note@+2 {{change it to: func sceneDidBecomeActive(_ windowScene: UIScene)}}
    // expected-note@+1 {{'sceneDidBecomeActive(_:)' nearly matches 'sceneDidBecomeActive(_:)', but parameter 'windowScene' has type 'UIWindowScene', not 'UIScene', so UIKit never calls it}}
    func sceneDidBecomeActive(_ windowScene: UIWindowScene) {
        windowScene.windows.first?.makeKeyAndVisible()
    }

    func sceneWillResignActive(_ scene: UIKit.UIScene) -> () {}
}
