import UIKit

final class FeedViewController: UIViewController { // expected-note {{class 'FeedViewController' is declared here}}
    private let tableView = UITableView()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(tableView)
    }

    // expected-note@+2 {{change it to: override func viewWillAppear(_ animated: Bool)}}
    // expected-note@+1 {{'viewWillAppear(animated:)' nearly matches 'viewWillAppear(_:)', but its first argument label is 'animated', not '_', so UIKit never calls it}}
    func viewWillAppear(animated: Bool) {
        tableView.reloadData()
    }

    override func viewDidAppear(_ animated: Swift.Bool) {
        super.viewDidAppear(animated)
    }
}
