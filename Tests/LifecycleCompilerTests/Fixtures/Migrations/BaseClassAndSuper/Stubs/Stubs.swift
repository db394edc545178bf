import UIKit

public final class Analytics {
    public init(key: String) {}
    public func flush() {}
    public func resume() {}
}

enum CrashReporter {
    static func start() {}
}

final class Library {
    func save() {}
    func refreshCovers() {}
}

final class ShelfViewController: UIViewController {
    init(library: Library) { super.init(nibName: nil, bundle: nil) }
    required init?(coder: NSCoder) { nil }
}
