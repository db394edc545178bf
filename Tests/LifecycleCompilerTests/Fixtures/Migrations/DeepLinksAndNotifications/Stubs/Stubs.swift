import UIKit

final class AppViewModel {
    func perform(_ type: String) {}
    func refresh() {}
    func open(_ url: URL) -> Bool { true }
    func `continue`(_ activity: NSUserActivity) -> Bool { true }
    func openNotification(_ userInfo: [AnyHashable: Any]) {}
}

enum PartnerLogin {
    static func handle(_ url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool { false }
}
