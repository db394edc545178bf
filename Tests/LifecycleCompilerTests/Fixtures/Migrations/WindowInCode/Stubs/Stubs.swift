import UIKit

final class Player {
    var isPlaying = false
    func pause() {}
    func reload() {}
    func saveProgress() {}
}

final class Analytics {
    static let shared = Analytics()
    func start() {}
    func track(_ event: String) {}
}

final class TabBarController: UITabBarController {
    var player: Player?
}
