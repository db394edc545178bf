import UIKit

extension SceneDelegate {
    @objc(sceneDidEnterBackground:)
    // expected-error@+1 {{'@objc(sceneDidEnterBackground:)' gives 'persistDrafts(_:)' the Objective-C selector of the callback 'sceneDidEnterBackground(_:)': UIKit calls it for that callback, and a log cannot tell the two apart}}
    func persistDrafts(_ scene: UIScene) {
        DraftStore.shared.save()
    }
}
