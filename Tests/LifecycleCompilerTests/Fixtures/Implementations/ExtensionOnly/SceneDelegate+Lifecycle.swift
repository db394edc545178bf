import UIKit

// expected-note@+2 {{class 'SceneDelegate' is extended here (its declaration is in none of the files)}}
// expected-note@+1 {{add to 'SceneDelegate': func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) { … }}}
extension SceneDelegate {
    func sceneDidEnterBackground(_ scene: UIScene) {
        CoreDataStack.shared.save()
    }

    func sceneWillEnterForeground(_ scene: UIScene) {
        Theme.apply(to: window)
    }
}
