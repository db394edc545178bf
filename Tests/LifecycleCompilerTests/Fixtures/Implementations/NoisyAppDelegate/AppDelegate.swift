import UIKit
import UserNotifications

@main
// expected-note@+7 {{add to 'AppDelegate': func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey : Any]? = nil) -> Bool { … }}}
// expected-warning@+6 {{'AppDelegate' does not adopt the scene life cycle: built with the iOS 27 SDK, the app will not launch}}
// expected-note@+5 {{the deployment target is iOS 17.0; the requirement comes with the SDK the app is built with, whatever its deployment target}}
// expected-note@+4 {{no Info.plist was given; if the app's declares a 'UIApplicationSceneManifest', pass it with '--info-plist'}}
// expected-note@+3 {{adopt scenes in one of two ways: declare a 'UIApplicationSceneManifest' in Info.plist, or return a configuration from 'application(_:configurationForConnecting:options:)'}}
// expected-note@+2 {{'lifecycle migrate AppDelegate.swift -o SceneDelegate.swift' writes the scene delegate, the configuration and the manifest}}
// The app runs on its app delegate alone: the iOS 27 SDK requires scenes.
class AppDelegate: UIResponder, UIApplicationDelegate { // expected-note {{class 'AppDelegate' is declared here}}
    var window: UIWindow?
    private var lastBackgroundDate: Date?
    private var autoClear: AutoClear?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        UNUserNotificationCenter.current().delegate = self
        autoClear = AutoClear(worker: self)
        clearLegacyAllowedDomainCookies()
        return true
    }

    func applicationDidBecomeActive(_ application: UIApplication) {
        guard !testing else { return }
        StatisticsLoader.shared.load()
    }

    func applicationWillResignActive(_ application: UIApplication) {
        lastBackgroundDate = Date()
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        autoClear?.applicationDidEnterBackground()
    }

    func application(_ application: UIApplication, performActionFor shortcutItem: UIApplicationShortcutItem, completionHandler: @escaping (Bool) -> Void) {
        handleShortCutItem(shortcutItem)
        completionHandler(true)
    }

    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
        return AppDeepLinks.handle(url)
    }

    func application(_ application: UIApplication, performFetchWithCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void) {
        completionHandler(.newData)
    }

    func application(_ application: UIApplication, handleEventsForBackgroundURLSession identifier: String, completionHandler: @escaping () -> Void) {
        completionHandler()
    }

    func application(_ application: UIApplication, continue userActivity: NSUserActivity, restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void) -> Bool {
        return handleUserActivity(userActivity)
    }

    func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any], fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void) {
        completionHandler(.noData)
    }

    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        PushRegistry.shared.register(deviceToken)
    }

    func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: Error) {
        os_log("push registration failed: %s", error.localizedDescription)
    }

    func application(_ application: UIApplication, supportedInterfaceOrientationsFor window: UIWindow?) -> UIInterfaceOrientationMask {
        return .allButUpsideDown
    }

    func application(_ application: UIApplication, shouldAllowExtensionPointIdentifier extensionPointIdentifier: UIApplication.ExtensionPointIdentifier) -> Bool {
        return extensionPointIdentifier != .keyboard
    }

    private func handleShortCutItem(_ item: UIApplicationShortcutItem) {}
    private func handleUserActivity(_ activity: NSUserActivity) -> Bool { false }
}

extension AppDelegate: UNUserNotificationCenterDelegate {
    func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification, withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void) {
        completionHandler(.banner)
    }
}
