import UIKit

final class AppDelegate: NSObject, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
        application.registerForRemoteNotifications()
        return true
    }

    // UIKit no longer calls it: the app follows the scene phase instead.
    func applicationDidEnterBackground(_ application: UIApplication) {
        Drafts.save()
    }
}
