/// The version of `lifecycle`, kept here only: the command line's `--version`, the language
/// server's `serverInfo`, and the artifact bundle (which reads `--version`) take it from here;
/// the catalogs' SDKs come from the catalogs themselves (`BuiltInModules`).
public enum LifecycleVersion {
    /// The package's version, as a release is tagged.
    public static let number = "0.4.0"

    /// `lifecycle 0.4.0 (catalogs from the iOS 26.2 SDK: UIKit, SwiftUI, …; from the macOS 15.5 SDK: AppKit)`.
    public static var line: String {
        var sdks: [String] = []
        var modules: [String: [String]] = [:]
        for catalog in BuiltInModules.all {
            if modules[catalog.sdk] == nil { sdks.append(catalog.sdk) }
            modules[catalog.sdk, default: []].append(catalog.module)
        }
        let parts = sdks.enumerated().map { index, sdk in
            (index == 0 ? "catalogs from the " : "from the ") + "\(sdk) SDK: " + modules[sdk]!.joined(separator: ", ")
        }
        return "lifecycle \(number) (" + parts.joined(separator: "; ") + ")"
    }
}
