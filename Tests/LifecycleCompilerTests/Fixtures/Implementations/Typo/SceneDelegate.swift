import UIKit

class SceneDelegate: UIResponder, UIWindowSceneDelegate { // expected-note {{class 'SceneDelegate' is declared here}}
    var window: UIWindow?

    // expected-note@+2 {{change it to: func sceneDidDisconnect(_ scene: UIScene)}}
    // expected-note@+1 {{'sceneDidDisconnected(_:)' nearly matches 'sceneDidDisconnect(_:)', but it is named 'sceneDidDisconnected', not 'sceneDidDisconnect', so UIKit never calls it}}
    func sceneDidDisconnected(_ scene: UIScene) {
        window = nil
    }

    // Other real callbacks are never near misses, however close their names.
    func sceneDidEnterBackground(_ scene: UIScene) {}
    func sceneDidBecomeActive(_ scene: UIScene) {}
}
