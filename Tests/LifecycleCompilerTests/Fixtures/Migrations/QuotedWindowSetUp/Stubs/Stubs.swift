import UIKit

final class Account {
    var isSignedIn = false
    func persist() {}
}

final class FeedViewController: UIViewController {}
final class WelcomeViewController: UIViewController {}
