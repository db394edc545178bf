import UIKit

class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    private let closingBrace = /\}"/
    private let placeholder = #/\{\{ (?<name>[a-z]+) \}\}/#
    private let deepLink = ##/app://open/#"{/##
    private let verbose = #/
        (?<scheme> [a-z]+ ) : // {  "a comment with a brace
        /#

    func sceneDidBecomeActive(_ scene: UIScene) {
        let ratio = width / 2
        if let match = try? /}/.firstMatch(in: title) { print(match, ratio) }
    }

    func sceneWillResignActive(_ scene: UIScene) {}
    func sceneDidEnterBackground(_ scene: UIScene) {}
    func sceneWillEnterForeground(_ scene: UIScene) {}
}
