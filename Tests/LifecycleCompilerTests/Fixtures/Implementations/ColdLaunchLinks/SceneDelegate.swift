import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    private var coordinator: BrowserCoordinator?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        coordinator = BrowserCoordinator(window: window)
        window.makeKeyAndVisible()
        self.window = window
        handleLaunch(with: connectionOptions, on: scene)
    }

    func sceneDidEnterBackground(_ scene: UIScene) {
        coordinator?.saveTabs()
    }

    func sceneWillEnterForeground(_ scene: UIScene) {}

    // Deep links: browser://open?url=…
    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        guard let url = URLContexts.first?.url else { return }
        coordinator?.open(url)
    }

    // Universal links and Handoff.
    // expected-warning@+1 {{'scene(_:continue:)' is called only while the scene is connected: a universal link or Handoff activity that launches the app arrives in 'userActivities' of the connection options, which 'scene(_:willConnectTo:options:)' does not read, and is ignored}}
    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
        if let url = userActivity.webpageURL { coordinator?.open(url) }
    }

    func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem,
                     completionHandler: @escaping (Bool) -> Void) {
        completionHandler(coordinator?.perform(shortcutItem.type) ?? false)
    }

    /// A launch passes its reason here, not to the callbacks above.
    private func handleLaunch(with options: UIScene.ConnectionOptions, on scene: UIScene) {
        if !options.urlContexts.isEmpty {
            self.scene(scene, openURLContexts: options.urlContexts)
        }
        if let item = options.shortcutItem {
            _ = coordinator?.perform(item.type)
        }
        // expected-warning@+1:35 {{'notificationResponse' of the connection options hands on a notification response that launches the app, but no class implements 'userNotificationCenter(_:didReceive:withCompletionHandler:)': a notification response that comes while the app runs is ignored}}
        if let response = options.notificationResponse {
            coordinator?.openInbox(response.notification.request.identifier)
        }
    }
}
