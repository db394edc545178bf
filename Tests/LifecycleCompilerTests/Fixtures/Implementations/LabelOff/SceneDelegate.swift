import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate { // expected-note {{class 'SceneDelegate' is declared here}}
    var window: UIWindow?

    func sceneWillEnterForeground(_ scene: UIScene) {
        refresh()
    }

    // expected-note@+2 {{change it to: func sceneDidEnterBackground(_ scene: UIScene)}}
    // expected-note@+1 {{'sceneDidEnterBackground(scene:)' nearly matches 'sceneDidEnterBackground(_:)', but its first argument label is 'scene', not '_', so UIKit never calls it}}
    func sceneDidEnterBackground(scene: UIScene) {
        (UIApplication.shared.delegate as? AppDelegate)?.saveContext()
    }

    // A helper that shares the prefix is no attempt at the callback.
    func sceneDidEnterBackgroundHandler() {}

    private func refresh() {}
}
