import UIKit

@main
class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        true
    }

    // expected-note@+2 {{the app adopts scenes: 'AppDelegate' returns a scene configuration here}}
    // expected-note@+1 {{the app adopts scenes: 'AppDelegate' returns a scene configuration here}}
    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
    }
}

extension AppDelegate {
    // expected-warning@+1 {{UIKit does not call 'applicationWillResignActive(_:)' in an app that adopts scenes; use 'sceneWillResignActive(_:)' in the scene delegate}}
    func applicationWillResignActive(_ application: UIApplication) {
        Player.shared.pause()
    }

    // expected-warning@+1 {{UIKit does not call 'application(_:performActionFor:completionHandler:)' in an app that adopts scenes; use 'windowScene(_:performActionFor:completionHandler:)' in the scene delegate}}
    func application(_ application: UIApplication, performActionFor shortcutItem: UIApplicationShortcutItem, completionHandler: @escaping (Bool) -> Void) {
        completionHandler(Shortcuts.handle(shortcutItem))
    }
}
