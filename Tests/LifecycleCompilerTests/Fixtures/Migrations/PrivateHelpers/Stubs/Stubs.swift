import UIKit

final class ImageCache {
    func removeAll() {}
    func trim(to count: Int) {}
    func flush() {}
}

enum Telemetry {
    static func record(from sender: AnyObject) {}
}
