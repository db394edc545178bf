import UIKit

class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

#if targetEnvironment(macCatalyst)
    func sceneDidBecomeActive(_ scene: UIScene) { toolbar.refresh() }
#else
    func sceneDidBecomeActive(_ scene: UIScene) { refresh() }
#endif

#if os(iOS) // the app's platform
    func sceneWillResignActive(_ scene: UIScene) { pauseTimers() }
#endif

#if compiler(>=5.9) && canImport(UIKit)
    func sceneWillEnterForeground(_ scene: UIScene) { resumeTimers() }
#endif
#if DEBUG
    func sceneDidEnterBackground(_ scene: UIScene) { drafts.save() }
#endif

#if false
    // Kept for reference: the old tear-down.
    func sceneDidDisconnect(_ scene: UIScene) { teardown() }
#endif
}
