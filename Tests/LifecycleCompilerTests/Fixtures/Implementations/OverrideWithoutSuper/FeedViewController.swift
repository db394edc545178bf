import UIKit

final class FeedViewController: UIViewController {
    private let feed = FeedModel()

    // viewDidLoad's default implementation does nothing: no super needed.
    override func viewDidLoad() {
        configureTable()
    }

    // expected-warning@+1 {{override of 'viewWillAppear(_:)' does not call 'super.viewWillAppear'; UIKit's documentation requires it}}
    override func viewWillAppear(_ animated: Bool) {
        feed.reload()
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        feed.markSeen()
    }

    override func viewWillDisappear(_ animated: Bool) {
        defer { super.viewWillDisappear(animated) }
        feed.save()
    }

    // expected-warning@+1 {{override of 'viewDidDisappear(_:)' does not call 'super.viewDidDisappear'; UIKit's documentation requires it}}
    override func viewDidDisappear(_ animated: Bool) {
        // super.viewDidDisappear(animated) in a comment is no call
        let note = "super.viewDidDisappear(animated)"
        feed.log(note)
    }
}
