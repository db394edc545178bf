import UIKit

@UIApplicationMain
// expected-warning@+1 {{'AppDelegate' does not adopt the scene life cycle: built with the iOS 27 SDK, the app will not launch}}
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: Optional<UIWindow>

    // The Swift 4.0-4.1 name of the key type.
    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplicationLaunchOptionsKey: Any]?) -> Swift.Bool {
        return true
    }

    // A typealias declared in another file (Aliases.swift).
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: ArgType) -> (Bool) {
        return true
    }

    func application(_ app: UIApplication, open url: URL, options: [UIApplicationOpenURLOptionsKey : Any] = [:]) -> Bool {
        return false
    }

    func applicationWillTerminate(_ application: UIApplication) -> () {
    }

    func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Swift.Set<UISceneSession>) {}
}
