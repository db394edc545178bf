import UIKit
#if DEBUG
import os
#endif

@main
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    var session = Session()

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window = UIWindow()
        window?.rootViewController = LoginViewController()
        window?.makeKeyAndVisible()
        return true
    }

    func applicationDidBecomeActive(_ application: UIApplication) {
        session.resume()
        #if DEBUG
        Logger(subsystem: "app", category: "life").debug("active, \(application.connectedScenes.count) scenes")
        #endif
    }

#if DEBUG
    func applicationWillResignActive(_ application: UIApplication) {
        session.pause(reason: "debug: resign")
    }
#elseif targetEnvironment(simulator)
    func applicationWillResignActive(_ application: UIApplication) {
        session.pause(reason: "simulator")
    }
#else
    func applicationWillResignActive(_ application: UIApplication) {
        session.pause(reason: nil)
    }
#endif
}
