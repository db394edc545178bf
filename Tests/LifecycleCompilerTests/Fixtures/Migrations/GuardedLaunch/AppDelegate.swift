import UIKit

@main
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    let settings = Settings()

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        Logger.configure()
        // Unit tests run inside the app: no user interface for them.
        guard !AppConstants.isRunningUnitTests else { return true }
        if settings.needsMigration { return false }

        window = UIWindow(frame: UIScreen.main.bounds)
        window?.rootViewController = settings.hasOnboarded ? MainViewController() : OnboardingViewController()
        window?.tintColor = .systemIndigo
        window?.makeKeyAndVisible()
        return true
    }

    func applicationWillResignActive(_ application: UIApplication) {
        settings.lastActive = Date()
    }

    func applicationDidBecomeActive(_ application: UIApplication) {
        guard !AppConstants.isRunningUnitTests else { return }
        if let lastActive = settings.lastActive, Date().timeIntervalSince(lastActive) > 3600 {
            settings.requiresUnlock = true
        }
    }
}
