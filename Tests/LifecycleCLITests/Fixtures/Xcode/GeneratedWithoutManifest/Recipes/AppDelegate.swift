import UIKit

// An app from before scenes whose Info.plist file was replaced by generated keys: the window
// is still set up here, and nothing declares a scene manifest.
@main
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        RecipeStore.shared.load()
        return true
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        RecipeStore.shared.save()
    }
}
