import UIKit

// expected-warning@+5 {{'AppDelegate' does not adopt the scene life cycle: built with the iOS 27 SDK, the app will not launch}}
// expected-note@+4 {{the deployment target is iOS 15.0; the requirement comes with the SDK the app is built with, whatever its deployment target}}
// expected-note@+3 {{adopt scenes in one of two ways: declare a 'UIApplicationSceneManifest' in Info.plist, or return a configuration from 'application(_:configurationForConnecting:options:)'}}
// expected-note@+2 {{'lifecycle migrate AppDelegate.swift --info-plist Info.plist -o SceneDelegate.swift' writes the scene delegate, the configuration and the manifest}}
@UIApplicationMain
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        RecipeStore.shared.load()
        return true
    }

    // Called without scenes: no warning about it.
    func applicationDidEnterBackground(_ application: UIApplication) {
        RecipeStore.shared.save()
    }

    func applicationWillTerminate(_ application: UIApplication) {
        RecipeStore.shared.save()
    }
}
