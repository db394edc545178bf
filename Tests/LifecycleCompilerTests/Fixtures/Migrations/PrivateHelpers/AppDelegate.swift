import UIKit

@main
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    // expected-note@+1 {{'cache' is declared here}}
    private var cache = ImageCache()

    func applicationDidReceiveMemoryWarning(_ application: UIApplication) {
        cache.removeAll()
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        // expected-warning@+1 {{the moved code of 'applicationDidEnterBackground(_:)' uses 'cache', which is private to 'AppDelegate'; make it internal so that the scene delegate reaches it}}
        cache.trim(to: 50)
        // expected-warning@+1 {{the moved code of 'applicationDidEnterBackground(_:)' uses 'flush(reason:)', which is fileprivate to 'AppDelegate'; make it internal so that the scene delegate reaches it}}
        flush(reason: "background")
        // expected-warning@+1 {{'self' in the moved code of 'applicationDidEnterBackground(_:)' is the scene delegate now, not 'AppDelegate'}}
        Telemetry.record(from: self)
    }

    // expected-note@+1 {{'flush(reason:)' is declared here}}
    fileprivate func flush(reason: String) {
        cache.flush()
    }
}
