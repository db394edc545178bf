/// The catalogs `import NAME` brings, each with the SDK its declarations come from: the one list
/// the checker's imports, the language server and `lifecycle --version` read, so a new catalog
/// is added here and nowhere else.
public struct BuiltInCatalog: Sendable {
    /// The module `import` names (`UIKit`).
    public let module: String
    /// The file name its diagnostics use (`<UIKit>`).
    public let fileName: String
    /// The SDK it was generated or written from (`iOS 26.2`).
    public let sdk: String
    /// Its `.lifecycle` source.
    let source: String

    /// Every catalog, in the order `lifecycle --version` lists them.
    public static let all: [BuiltInCatalog] = [
        BuiltInCatalog(module: "UIKit", fileName: UIKitCatalog.fileName, sdk: UIKitCatalog.sdk, source: UIKitCatalog.source),
        BuiltInCatalog(module: "SwiftUI", fileName: SwiftUICatalog.fileName, sdk: SwiftUICatalog.sdk, source: SwiftUICatalog.source),
    ]

    /// The catalog of `module`, if there is one.
    public static func named(_ module: String) -> BuiltInCatalog? {
        all.first { $0.module == module }
    }
}

/// The version of `lifecycle`, kept here only: the command line's `--version`, the language
/// server's `serverInfo`, and the artifact bundle (which reads `--version`) take it from here.
public enum LifecycleVersion {
    /// The package's version, as a release is tagged.
    public static let number = "0.4.0"

    /// `lifecycle 0.4.0 (UIKit catalog: iOS 26.2 SDK, SwiftUI catalog: iOS 26.2 SDK)`.
    public static var line: String {
        "lifecycle \(number) (" + BuiltInCatalog.all.map { "\($0.module) catalog: \($0.sdk) SDK" }.joined(separator: ", ") + ")"
    }
}
