import UIKit

final class Theme {
    static let current = Theme()
    var accent: UIColor = .systemOrange
    func apply() {}
    func save() {}
}
