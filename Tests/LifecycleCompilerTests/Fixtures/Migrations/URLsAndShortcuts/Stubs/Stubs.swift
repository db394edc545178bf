import UIKit

final class HomeViewController: UIViewController {}

final class Router {
    func handle(_ url: URL) -> Bool { true }
    func show(itemID: String) -> UIViewController? { nil }
    func showSearch() {}
}

enum Log {
    static func info(_ message: String) {}
}
