import UIKit

@main
class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        Database.shared.open()
        return true
    }

    // Left over from before the scene manifest: UIKit calls none of these three now.
    // expected-warning@+1 {{UIKit does not call 'applicationDidEnterBackground(_:)' in an app that adopts scenes; use 'sceneDidEnterBackground(_:)' in the scene delegate}}
    func applicationDidEnterBackground(_ application: UIApplication) {
        Database.shared.flush()
    }

    // expected-warning@+1 {{UIKit does not call 'application(_:open:options:)' in an app that adopts scenes; use 'scene(_:openURLContexts:)' in the scene delegate}}
    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
        return Router.shared.open(url)
    }

    // expected-warning@+1 {{UIKit does not call 'application(_:continue:restorationHandler:)' in an app that adopts scenes; use 'scene(_:continue:)' in the scene delegate}}
    func application(_ application: UIApplication, continue userActivity: NSUserActivity, restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void) -> Bool {
        return Router.shared.continue(userActivity)
    }

    // Still called with scenes.
    func applicationWillTerminate(_ application: UIApplication) {
        Database.shared.close()
    }
}
