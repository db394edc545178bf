import UIKit

@main
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    var player = Player()
    let analytics = Analytics.shared

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        analytics.start()
        let root = TabBarController()
        root.player = player

        self.window = UIWindow(frame: UIScreen.main.bounds)
        self.window!.rootViewController = root
        self.window!.tintColor = .systemPink
        self.window!.makeKeyAndVisible()

        application.registerForRemoteNotifications()
        return true
    }

    func applicationWillResignActive(_ application: UIApplication) {
        player.pause()
        analytics.track("resign")
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        player.saveProgress()
        application.isIdleTimerDisabled = false
    }

    func applicationWillEnterForeground(_ application: UIApplication) { player.reload() }

    func applicationDidBecomeActive(_ application: UIApplication) {
        application.isIdleTimerDisabled = player.isPlaying
        window?.rootViewController?.view.setNeedsLayout()
    }

    func applicationWillTerminate(_ application: UIApplication) {
        player.saveProgress()
    }
}
