import LifecycleSyntax
import LifecycleModel

extension SwiftBuildConfiguration {
    /// The build an app's Swift is compiled in, for its specs: an iOS app's (or that of the
    /// specs' platform), with the custom `#if` flags given (`--define`; the others are then
    /// unset), or with every custom flag unknown when none is given.
    public static func app(of models: [Model], flags: [String]? = nil) -> SwiftBuildConfiguration {
        var configuration = SwiftBuildConfiguration.iOSApp
        if let platform = models.lazy.compactMap(\.platform).first {
            switch platform.name {
            case "macOS", "tvOS", "visionOS", "watchOS": configuration.operatingSystem = platform.name
            default: break
            }
        }
        if let flags {
            for flag in flags { configuration.flags[flag] = true }
            configuration.unlistedFlagsAreUnset = true
        }
        return configuration
    }
}
