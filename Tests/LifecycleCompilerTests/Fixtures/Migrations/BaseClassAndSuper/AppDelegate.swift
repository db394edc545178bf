import UIKit

@main
final class AppDelegate: BaseAppDelegate {
    let library = Library()

    override func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        _ = super.application(application, didFinishLaunchingWithOptions: launchOptions)
        let root = UINavigationController(rootViewController: ShelfViewController(library: library))
        window = UIWindow(frame: UIScreen.main.bounds)
        window?.rootViewController = root
        window?.makeKeyAndVisible()
        return true
    }

    // The save the base class knows nothing of: it must not be lost.
    override func applicationDidEnterBackground(_ application: UIApplication) {
        super.applicationDidEnterBackground(application)
        library.save()
    }

    func applicationDidBecomeActive(_ application: UIApplication) {
        library.refreshCovers()
    }
}
