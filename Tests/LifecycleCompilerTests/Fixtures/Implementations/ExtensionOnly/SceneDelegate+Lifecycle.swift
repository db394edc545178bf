import UIKit

// expected-note@+1 {{class 'SceneDelegate' is extended here (its declaration is in none of the files)}}
extension SceneDelegate {
    func sceneDidEnterBackground(_ scene: UIScene) {
        CoreDataStack.shared.save()
    }

    func sceneWillEnterForeground(_ scene: UIScene) {
        Theme.apply(to: window)
    }
}
