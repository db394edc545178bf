import AVKit
import UIKit

final class PlayerViewController: BaseViewController {
    private let player = AVPlayer()

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        player.play()
    }
}
