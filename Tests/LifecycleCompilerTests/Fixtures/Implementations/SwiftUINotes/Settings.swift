import SwiftUI

/// The user's settings.
@MainActor
final class Settings: ObservableObject {
    enum FontSize: String, CaseIterable {
        case small, regular, large

        var font: Font {
            switch self {
            case .small: .callout
            case .regular: .body
            case .large: .title3
            }
        }
    }

    @AppStorage("fontSize") var fontSize: FontSize = .regular
    @AppStorage("hidesInSwitcher") var hidesInSwitcher = true

    func reload() {}
}

/// Push authorization and token upload.
final class PushRegistrar {
    func requestAuthorization(then register: @escaping () -> Void) { register() }
    func upload(token: Data) {}
    func record(_ error: any Error) {}
    func handle(_ userInfo: [AnyHashable: Any]) {}
    func resetBadge() {}
    func flush() {}
}
