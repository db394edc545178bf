import UIKit

@main
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    let account = Account()

    // expected-warning@+1 {{the window set-up of 'application(_:didFinishLaunchingWithOptions:)' is quoted in 'scene(_:willConnectTo:options:)', not moved: it is inside 'if'}}
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window = UIWindow(frame: UIScreen.main.bounds)
        if account.isSignedIn {
            window?.rootViewController = FeedViewController()
        } else {
            window?.rootViewController = WelcomeViewController()
        }
        window?.makeKeyAndVisible()
        return true
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        account.persist()
    }
}
