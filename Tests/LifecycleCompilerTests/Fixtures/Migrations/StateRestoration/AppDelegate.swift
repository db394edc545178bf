import UIKit

// A storyboard app (UIMainStoryboardFile): UIKit makes the window; the app delegate only
// touches it up. It restores its state with a coder.
@UIApplicationMain
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        Theme.current.apply()
        window?.tintColor = Theme.current.accent
        return true
    }

    // expected-warning@+1 {{'application(_:shouldSaveSecureApplicationState:)' is not moved: a scene saves and restores its state as a user activity ('stateRestorationActivity(for:)')}}
    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool {
        return true
    }

    // expected-warning@+1 {{'application(_:shouldRestoreSecureApplicationState:)' is not moved: a scene saves and restores its state as a user activity ('stateRestorationActivity(for:)')}}
    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool {
        return coder.decodeInteger(forKey: "version") == 2
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        Theme.current.save()
    }
}
