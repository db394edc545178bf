import UIKit

class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

#if targetEnvironment(macCatalyst)
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        (scene as? UIWindowScene)?.titlebar?.titleVisibility = .hidden
#else
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
#endif
        guard let windowScene = scene as? UIWindowScene else { return }
        window = UIWindow(windowScene: windowScene)
    }

    func sceneDidBecomeActive(_ scene: UIScene) {}

    func sceneDidDisconnect(_ scene: UIScene) {}
}
