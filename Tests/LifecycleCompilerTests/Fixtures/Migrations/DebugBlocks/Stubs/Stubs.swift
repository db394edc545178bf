import UIKit

final class Session {
    func resume() {}
    func pause(reason: String?) {}
}

final class LoginViewController: UIViewController {}
