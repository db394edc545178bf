import LifecycleSource
import LifecycleXML
import LifecycleModel

/// What an Xcode app target's build settings say about the app's Info.plist and its deployment
/// target (`check --impl … --xcodeproj App.xcodeproj [--target NAME]`).
///
/// New Xcode app targets have no Info.plist file, or one holding only a few keys: with
/// `GENERATE_INFOPLIST_FILE = YES`, Xcode writes the Info.plist at build time from the
/// `INFOPLIST_KEY_*` settings, merged into the file `INFOPLIST_FILE` names if there is one. The
/// scene manifest then comes from `INFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES`.
/// Without `GENERATE_INFOPLIST_FILE`, the `INFOPLIST_KEY_*` settings do nothing and the file is
/// the whole Info.plist. The deployment target is the SDK's (`SDKROOT`) deployment-target setting.
public struct XcodeAppTarget: Sendable {
    /// The project's name as the user named it (`App.xcodeproj`).
    public var projectName: String
    public var target: String
    public var settings: XcodeProject.BuildSettings

    public static let generateKey = "GENERATE_INFOPLIST_FILE"
    public static let fileKey = "INFOPLIST_FILE"
    public static let sceneManifestKey = "INFOPLIST_KEY_UIApplicationSceneManifest_Generation"

    public init(projectName: String, target: String, settings: XcodeProject.BuildSettings) {
        self.projectName = projectName
        self.target = target
        self.settings = settings
    }

    /// Chooses the target: the one named `name`, or else the project's only application target.
    /// Nil with the reason, worded for the command line, when there is none or no single one.
    public static func choose(_ name: String?, in project: XcodeProject, projectName: String) -> Result<XcodeProject.Target, Problem> {
        if let name {
            if let target = project.targets.first(where: { $0.name == name }) { return .success(target) }
            let names = project.targets.map(\.name)
            return .failure(Problem(message: "no target '\(name)' in '\(projectName)'" + Suggestions.didYouMean(name, in: names),
                                    note: names.isEmpty ? "the project has no targets" : "its targets: " + names.map { "'\($0)'" }.joined(separator: ", ")))
        }
        let apps = project.targets.filter(\.isApplication)
        guard apps.count == 1 else {
            let names = (apps.isEmpty ? project.targets : apps).map { "'\($0.name)'" }
            return .failure(Problem(message: apps.isEmpty ? "'\(projectName)' has no application target; name the target with '--target'"
                                                          : "'\(projectName)' has \(apps.count) application targets; choose one with '--target'",
                                    note: names.isEmpty ? "the project has no targets" : "its \(apps.isEmpty ? "" : "application ")targets: " + names.joined(separator: ", ")))
        }
        return .success(apps[0])
    }

    /// Why no target could be chosen.
    public struct Problem: Error, Sendable {
        public var message: String
        public var note: String
    }

    /// `GENERATE_INFOPLIST_FILE = YES`: Xcode writes the Info.plist from the `INFOPLIST_KEY_*` settings.
    public var generatesInfoPlist: XcodeProject.Setting? {
        settings[Self.generateKey].flatMap { $0.isYes ? $0 : nil }
    }

    /// `INFOPLIST_KEY_UIApplicationSceneManifest_Generation`, whatever its value.
    public var sceneManifestSetting: XcodeProject.Setting? { settings[Self.sceneManifestKey] }

    /// The setting that puts a `UIApplicationSceneManifest` in the generated Info.plist, if one does.
    public var generatedSceneManifest: XcodeProject.Setting? {
        guard generatesInfoPlist != nil, let setting = sceneManifestSetting, setting.isYes else { return nil }
        return setting
    }

    /// `INFOPLIST_FILE`, if set to a path.
    public var infoPlistFile: XcodeProject.Setting? {
        settings[Self.fileKey].flatMap { $0.value.isEmpty ? nil : $0 }
    }

    /// `INFOPLIST_FILE`'s path relative to the project's folder (where `.xcodeproj` is), with
    /// `$(SRCROOT)`, `$(PROJECT_DIR)`, `$(TARGET_NAME)`, `$(PROJECT_NAME)` and `$(PRODUCT_NAME)`
    /// expanded; nil when it is not set, or, with a warning at the setting, when it holds
    /// another variable.
    public func infoPlistPath() -> (String?, Diagnostics) {
        var diagnostics = Diagnostics()
        guard let setting = infoPlistFile else { return (nil, diagnostics) }
        switch expand(setting.value, depth: 0) {
        case .failure(let problem):
            diagnostics.append(.xcodeUnexpandedVariable(problem.name, setting: setting.name, at: setting.range))
            return (nil, diagnostics)
        case .success(let expanded):
            var path = Substring(expanded)
            // `$(SRCROOT)/App/Info.plist` is relative to the project's folder.
            if !setting.value.hasPrefix("/") { while path.hasPrefix("/") { path = path.dropFirst() } }
            while path.hasPrefix("./") { path = path.dropFirst(2) }
            return (String(path), diagnostics)
        }
    }

    /// A `$(NAME)` the reader cannot expand.
    struct UnexpandedVariable: Error {
        var name: String
    }

    /// `text` with its `$(NAME)` and `${NAME}` references expanded.
    func expand(_ text: String, depth: Int) -> Result<String, UnexpandedVariable> {
        var result = ""
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            result += rest[..<dollar]
            let after = rest.index(after: dollar)
            guard after < rest.endIndex, rest[after] == "(" || rest[after] == "{" else {
                result.append("$")
                rest = rest[after...]
                continue
            }
            let close: Character = rest[after] == "(" ? ")" : "}"
            guard let end = rest[after...].firstIndex(of: close) else { return .failure(UnexpandedVariable(name: String(rest[rest.index(after: after)...]))) }
            let name = String(rest[rest.index(after: after)..<end])
            switch name {
            case "SRCROOT", "PROJECT_DIR", "SOURCE_ROOT": result += ""
            case "TARGET_NAME": result += target
            case "PROJECT_NAME": result += projectName.hasSuffix(".xcodeproj") ? String(projectName.dropLast(".xcodeproj".count)) : projectName
            case "PRODUCT_NAME" where depth < 4:
                switch expand(settings[name]?.value ?? "$(TARGET_NAME)", depth: depth + 1) {
                case .success(let value): result += value
                case .failure(let problem): return .failure(problem)
                }
            default: return .failure(UnexpandedVariable(name: name))
            }
            rest = rest[rest.index(after: end)...]
        }
        return .success(result + rest)
    }

    /// The deployment target: the SDK's (`SDKROOT = iphoneos` and `IPHONEOS_DEPLOYMENT_TARGET`),
    /// or for a multiplatform target (`SDKROOT = auto`) iOS's when it supports iOS.
    public var platform: (Platform, XcodeProject.Setting)? {
        let sdks: [(sdk: String, setting: String, platform: String)] = [
            ("iphoneos", "IPHONEOS_DEPLOYMENT_TARGET", "iOS"), ("macosx", "MACOSX_DEPLOYMENT_TARGET", "macOS"),
            ("appletvos", "TVOS_DEPLOYMENT_TARGET", "tvOS"), ("xros", "XROS_DEPLOYMENT_TARGET", "visionOS"),
            ("watchos", "WATCHOS_DEPLOYMENT_TARGET", "watchOS"),
        ]
        var sdk = settings["SDKROOT"]?.value ?? ""
        if sdk.hasSuffix(".sdk") { sdk = String(sdk.dropLast(4)) }
        var entry = sdks.first { sdk.hasPrefix($0.sdk) }
        if entry == nil, let supported = settings["SUPPORTED_PLATFORMS"]?.value.split(separator: " ").map(String.init) {
            entry = sdks.first { supported.contains($0.sdk) }
        }
        guard let entry, let setting = settings[entry.setting], let version = PlatformVersion(setting.value) else { return nil }
        return (Platform(name: entry.platform, version: version), setting)
    }

    /// "target 'App' of App.xcodeproj (Release)", for notes.
    public var description: String {
        "target '\(target)' of \(projectName) (\(settings.configuration))"
    }
}
