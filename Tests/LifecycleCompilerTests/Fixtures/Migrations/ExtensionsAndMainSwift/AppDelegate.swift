import UIKit

final class AppDelegate: UIResponder {
    var window: UIWindow?
    let downloads = DownloadQueue()
}
