import UIKit

// Started once, never connected: no manifest names it and the app delegate returns no configuration.
class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
}
