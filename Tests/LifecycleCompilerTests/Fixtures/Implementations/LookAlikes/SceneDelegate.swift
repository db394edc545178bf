import UIKit

// expected-note@+1 {{class 'SceneDelegate' is declared here}} expected-note@+1 {{class 'SceneDelegate' is declared here}} expected-note@+1 {{class 'SceneDelegate' is declared here}} expected-note@+1 {{class 'SceneDelegate' is declared here}}
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    let drafts = DraftStore()

    // expected-note@+2 {{'sceneDidEnterBackground(_:)' as declared here is 'async', so UIKit never calls it}}
    // expected-note@+1 {{change it to: func sceneDidEnterBackground(_ scene: UIScene)}}
    func sceneDidEnterBackground(_ scene: UIScene) async {
        await drafts.save()
    }

    // expected-note@+2 {{'sceneWillResignActive(_:)' as declared here throws, so UIKit never calls it}}
    // expected-note@+1 {{change it to: func sceneWillResignActive(_ scene: UIScene)}}
    func sceneWillResignActive(_ scene: UIScene) throws {
        try drafts.flush()
    }

    // expected-note@+2 {{'sceneWillEnterForeground(_:)' as declared here is '@nonobjc', so UIKit never calls it}}
    // expected-note@+1 {{change it to: func sceneWillEnterForeground(_ scene: UIScene)}}
    @nonobjc func sceneWillEnterForeground(_ scene: UIScene) {
        drafts.reload()
    }

    // expected-note@+2 {{'sceneDidBecomeActive(_:)' as declared here is 'static', so UIKit never calls it}}
    // expected-note@+1 {{change it to: @MainActor func sceneDidBecomeActive(_ scene: UIScene)}}
    @MainActor static func sceneDidBecomeActive(_ scene: UIScene) {
        Analytics.log("active")
    }

    // expected-warning@+3 {{'sceneDidDisconnect(_:)' as declared here has the Objective-C selector 'sceneDidDisconnectScene:', not 'sceneDidDisconnect:', so UIKit never calls it}}
    // expected-note@+2 {{change it to: @objc(sceneDidDisconnect:)\n    func sceneDidDisconnect(_ scene: UIScene)}}
    @objc(sceneDidDisconnectScene:)
    func sceneDidDisconnect(_ scene: UIScene) {
        drafts.close()
    }
}
