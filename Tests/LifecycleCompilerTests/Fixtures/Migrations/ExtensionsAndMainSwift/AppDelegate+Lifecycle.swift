import UIKit

extension AppDelegate: UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let split = UISplitViewController(style: .doubleColumn)
        split.setViewController(DownloadsViewController(queue: downloads), for: .primary)
        window = UIWindow(frame: UIScreen.main.bounds)
        window?.rootViewController = split
        window?.makeKeyAndVisible()
        downloads.restore()
        return true
    }

    func applicationDidEnterBackground(_ app: UIApplication) {
        downloads.suspend(keepingAlive: app.backgroundTimeRemaining > 10)
    }
}

extension AppDelegate {
    func applicationWillEnterForeground(_ application: UIApplication) {
        downloads.resume()
    }
}
