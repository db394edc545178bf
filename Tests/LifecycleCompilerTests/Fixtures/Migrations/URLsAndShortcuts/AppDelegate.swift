import UIKit
import CoreSpotlight

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    var router: Router? = Router()

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let navigation = UINavigationController(rootViewController: HomeViewController())
        navigation.navigationBar.prefersLargeTitles = true
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = navigation
        self.window = window
        window.makeKeyAndVisible()
        return true
    }

    // myapp://item/42 and universal links shared as custom URLs.
    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey : Any] = [:]) -> Bool {
        let source = options[.sourceApplication] as? String
        Log.info("open \(url) from \(source ?? "?")")
        return router?.handle(url) ?? false
    }

    func application(_ application: UIApplication, willContinueUserActivityWithType userActivityType: String) -> Bool {
        return userActivityType == CSSearchableItemActionType
    }

    func application(_ application: UIApplication, continue userActivity: NSUserActivity, restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void) -> Bool {
        guard userActivity.activityType == CSSearchableItemActionType,
              let id = userActivity.userInfo?[CSSearchableItemActivityIdentifier] as? String,
              let controller = router?.show(itemID: id) else { return false }
        restorationHandler([controller])
        return true
    }

    func application(_ application: UIApplication, didUpdate userActivity: NSUserActivity) {
        Log.info("updated \(userActivity.activityType)")
    }

    func application(_ application: UIApplication, performActionFor item: UIApplicationShortcutItem, completionHandler done: @escaping (Bool) -> Void) {
        switch item.type {
        case "search": router?.showSearch(); done(true)
        default: done(false)
        }
    }
}
