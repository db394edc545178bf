import UIKit

final class AppDelegate: NSObject, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
        PushRegistration.start()
        return true
    }

    // expected-warning@+1 {{UIKit does not call 'applicationDidBecomeActive(_:)' in a SwiftUI app, which has scenes; follow the scene phase instead: '.onChange(of: scenePhase)' reports the change to '.active'}}
    func applicationDidBecomeActive(_ application: UIApplication) {
        Badge.reset()
    }
}
