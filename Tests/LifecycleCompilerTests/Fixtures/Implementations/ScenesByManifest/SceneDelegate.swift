import UIKit

class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func sceneDidEnterBackground(_ scene: UIScene) {
        Database.shared.flush()
    }

    func sceneWillEnterForeground(_ scene: UIScene) {}
}
