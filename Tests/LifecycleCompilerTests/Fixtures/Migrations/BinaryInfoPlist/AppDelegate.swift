import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    lazy var player = Player()

    func applicationWillResignActive(_ application: UIApplication) {
        player.pause()
    }

    func applicationDidBecomeActive(_ application: UIApplication) {
        player.resumeIfNeeded()
    }
}
