// Implements three of Scene.lifecycle's five required callbacks. Missing:
// sceneDidEnterBackground(_:) (only a near miss with a label, a comment and a string mention it)
// and sceneDidDisconnect(_:) (only another class, a comment and a selector mention it).
import UIKit

// func sceneDidEnterBackground(_ scene: UIScene) {}   -- commented out
/* func sceneDidDisconnect(_ scene: UIScene) {
   /* nested */ } */

@MainActor
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    let hint = "func sceneDidEnterBackground(_ scene: UIScene) { }"
    let raw = #"func sceneDidDisconnect(_ scene: UIScene) { "quoted" }"#

    func scene(
        _ scene: UIScene,
        willConnectTo session: UISceneSession,            // the session
        options connectionOptions: UIScene.ConnectionOptions
    ) {
        guard let windowScene = scene as? UIWindowScene else { return }
        window = UIWindow(windowScene: windowScene)
        NotificationCenter.default.addObserver(self, selector: #selector(sceneDidDisconnect(_:)), name: nil, object: nil)
    }

    #if DEBUG
    func sceneDidBecomeActive(_ scene: UIScene) {
        print("active (debug)")
    }
    #else
    func sceneDidBecomeActive(_ scene: UIScene) {}
    #endif

    // Near miss: the label makes it a different selector; UIKit never calls it.
    func sceneDidEnterBackground(scene: UIScene) {
        save()
    }

    private func save() {}
}

extension SceneDelegate {
    @objc public func sceneWillResignActive(_ scene: UIScene) {
        let braces = "} { }"
        _ = braces
    }
}

final class OtherDelegate: NSObject {
    func sceneDidDisconnect(_ scene: UIScene) {}
}
