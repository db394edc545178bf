import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    // expected-warning@+1 {{UIKit does not call 'applicationWillEnterForeground(_:)' in an app that adopts scenes; use 'sceneWillEnterForeground(_:)' in the scene delegate}}
    func applicationWillEnterForeground(_ application: UIApplication) {
        Sync.shared.start()
    }
}
