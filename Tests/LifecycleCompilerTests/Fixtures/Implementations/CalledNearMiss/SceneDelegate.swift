import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    // expected-warning@+2 {{'sceneWillEnterForeground(_:)' nearly matches 'sceneWillEnterForeground(_:)', but parameter 'scene' has type 'UIWindowScene', not 'UIScene', so UIKit never calls it}}
    // expected-note@+1 {{change it to: func sceneWillEnterForeground(_ scene: UIScene)}}
    func sceneWillEnterForeground(_ scene: UIWindowScene) {
        scene.windows.first?.rootViewController?.view.setNeedsLayout()
    }

    // expected-warning@+2 {{'sceneDidBecomeActive(scene:)' nearly matches 'sceneDidBecomeActive(_:)', but its first argument label is 'scene', not '_', so UIKit never calls it}}
    // expected-note@+1 {{change it to: func sceneDidBecomeActive(_ scene: UIScene)}}
    func sceneDidBecomeActive(scene: UIScene) {
        Analytics.shared.track("active")
    }

    func sceneDidEnterBackground(_ scene: UIScene) {
        Store.shared.save()
    }
}
