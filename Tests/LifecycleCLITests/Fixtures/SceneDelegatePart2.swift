import UIKit

extension SceneDelegate {
    func sceneWillResignActive(_ scene: UIScene) {}
    func sceneDidEnterBackground(_ scene: UIScene) { /* save */ }
    func sceneDidDisconnect(_ scene: UIScene) {
        #if canImport(os)
        print("bye")
        #endif
    }
}
