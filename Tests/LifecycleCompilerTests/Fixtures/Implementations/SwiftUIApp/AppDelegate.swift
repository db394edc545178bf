import UIKit

final class AppDelegate: NSObject, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
        PushRegistration.start()
        return true
    }

    // expected-warning@+1 {{UIKit does not call 'applicationDidBecomeActive(_:)' in an app that adopts scenes; use 'sceneDidBecomeActive(_:)' in the scene delegate}}
    func applicationDidBecomeActive(_ application: UIApplication) {
        Badge.reset()
    }
}
