import UIKit
import UserNotifications

/// The app delegate SwiftUI installs for NotesApp: what SwiftUI does not cover.
final class PushAppDelegate: NSObject, UIApplicationDelegate, UNUserNotificationCenterDelegate {
    private let registrar = PushRegistrar()

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
        UNUserNotificationCenter.current().delegate = self
        registrar.requestAuthorization {
            application.registerForRemoteNotifications()
        }
        return true
    }

    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        registrar.upload(token: deviceToken)
    }

    func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error) {
        registrar.record(error)
    }

    // A SwiftUI app has scenes: UIKit never calls this; the App's scenePhase says it instead.
    // expected-warning@+1 {{UIKit does not call 'applicationDidBecomeActive(_:)' in a SwiftUI app, which has scenes; follow the scene phase instead: '.onChange(of: scenePhase)' reports the change to '.active'}}
    func applicationDidBecomeActive(_ application: UIApplication) {
        registrar.resetBadge()
    }

    func applicationWillTerminate(_ application: UIApplication) {
        registrar.flush()
    }

    // The old, pre-iOS 7 signature: it compiles, and UIKit never calls it for content pushes.
    func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any]) {
        registrar.handle(userInfo)
    }
}
