import UIKit

final class DownloadQueue {
    func restore() {}
    func suspend(keepingAlive: Bool) {}
    func resume() {}
}

final class DownloadsViewController: UIViewController {
    init(queue: DownloadQueue) { super.init(nibName: nil, bundle: nil) }
    required init?(coder: NSCoder) { nil }
}
