import UIKit

/// Shared by the app and its demo target: analytics and crash reporting for every build.
open class BaseAppDelegate: UIResponder, UIApplicationDelegate {
    open var window: UIWindow?
    public var analytics = Analytics(key: "demo")

    open func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        CrashReporter.start()
        return true
    }

    open func applicationDidEnterBackground(_ application: UIApplication) {
        analytics.flush()
    }

    open func applicationWillEnterForeground(_ application: UIApplication) {
        analytics.resume()
    }

    open func applicationWillTerminate(_ application: UIApplication) {
        analytics.flush()
    }
}
