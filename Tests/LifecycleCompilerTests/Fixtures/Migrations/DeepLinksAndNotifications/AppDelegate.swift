import UIKit
import UserNotifications

@UIApplicationMain
internal final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    let viewModel = AppViewModel()

    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
        UNUserNotificationCenter.current().delegate = self
        return true
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        // A quick action that launched the app (before scenes, it came this way).
        // expected-warning@+1:31 {{'launchOptions' is nil once the app adopts scenes: what a launch brings (a URL, an activity, a quick action, a notification response) comes in the connection options of 'scene(_:willConnectTo:options:)', which the scene delegate hands on to its callbacks}}
        if let shortcutItem = launchOptions?[.shortcutItem] as? UIApplicationShortcutItem {
            viewModel.perform(shortcutItem.type)
        }
        return true
    }

    func applicationWillEnterForeground(_: UIApplication) {
        viewModel.refresh()
    }

    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
        // A partner's log-in comes back through a URL too.
        guard !PartnerLogin.handle(url, options: options) else {
            return true
        }
        return viewModel.open(url)
    }

    func application(_: UIApplication, continue userActivity: NSUserActivity,
                     restorationHandler _: @escaping ([UIUserActivityRestoring]?) -> Void) -> Bool {
        viewModel.continue(userActivity)
    }

    internal func application(_: UIApplication, performActionFor shortcutItem: UIApplicationShortcutItem,
                              completionHandler: @escaping (Bool) -> Void) {
        viewModel.perform(shortcutItem.type)
        completionHandler(true)
    }
}

extension AppDelegate: UNUserNotificationCenterDelegate {
    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
                                withCompletionHandler completionHandler: @escaping () -> Void) {
        viewModel.openNotification(response.notification.request.content.userInfo)
        completionHandler()
    }
}
