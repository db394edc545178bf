import DesignSystem
import UIKit

// expected-note@+2 {{class 'SettingsViewController' is declared here}}
// expected-note@+1 {{'SettingsViewController' inherits from 'ThemedViewController' here; pass the file that declares it to '--impl' to check it}}
final class SettingsViewController: ThemedViewController {
    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        tableView.reloadData()
    }
}
