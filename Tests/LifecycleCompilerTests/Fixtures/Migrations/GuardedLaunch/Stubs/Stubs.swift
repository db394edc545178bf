import UIKit

enum AppConstants {
    static let isRunningUnitTests = ProcessInfo.processInfo.environment["XCTestConfigurationFilePath"] != nil
}

enum Logger {
    static func configure() {}
}

final class Settings {
    var needsMigration = false
    var hasOnboarded = true
    var lastActive: Date?
    var requiresUnlock = false
}

final class MainViewController: UIViewController {}
final class OnboardingViewController: UIViewController {}
