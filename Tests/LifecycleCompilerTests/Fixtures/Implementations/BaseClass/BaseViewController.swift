import UIKit

/// Every screen of the app: analytics, and the shared end of playback.
class BaseViewController: UIViewController {
    var analyticsName: String { String(describing: type(of: self)) }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        Analytics.shared.screenDidAppear(analyticsName)
    }
    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        PlaybackCenter.shared.stopAll()
    }
}
