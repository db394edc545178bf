/// What adopts the scene life cycle once the scene delegate exists: the
/// `application(_:configurationForConnecting:options:)` the app delegate returns it from, and
/// the `UIApplicationSceneManifest` of Info.plist. Printed for the user to add, or added
/// (`migrate --update`): inserted, every other byte left as it was.
public enum SceneAdoptionEdits {
    /// The configuration method, unindented (a member's indentation is the file's).
    public static func configurationMethod(_ plan: SceneMigration.Plan) -> [String] {
        var lines = [
            SceneLifecycleCheck.configurationDeclaration + " {",
            "    // The scene life cycle: each window scene gets a '\(SceneMigration.sceneDelegateName)' (written by 'lifecycle migrate').",
            "    let configuration = UISceneConfiguration(name: \"Default Configuration\", sessionRole: connectingSceneSession.role)",
            "    configuration.delegateClass = \(SceneMigration.sceneDelegateName).self",
        ]
        if let storyboard = plan.storyboard {
            lines.append("    configuration.storyboard = UIStoryboard(name: \(StringLiteral.swift(storyboard)), bundle: nil)")
        }
        lines += ["    return configuration", "}"]
        return lines
    }

    /// The manifest, one indentation `unit` per level, unindented at the top.
    public static func manifest(_ plan: SceneMigration.Plan, unit: String = "\t") -> [String] {
        var configuration = [
            "<key>UISceneConfigurationName</key>",
            "<string>Default Configuration</string>",
            "<key>UISceneDelegateClassName</key>",
            "<string>$(PRODUCT_MODULE_NAME).\(SceneMigration.sceneDelegateName)</string>",
        ]
        if let storyboard = plan.storyboard {
            configuration += ["<key>UISceneStoryboardFile</key>", "<string>\(SCXMLGenerator.attribute(storyboard))</string>"]
        }
        let levels: [(Int, String)] = [
            (0, "<key>\(InfoPlist.sceneManifestKey)</key>"),
            (0, "<dict>"),
            (1, "<key>UIApplicationSupportsMultipleScenes</key>"),
            (1, "<false/>"),
            (1, "<key>UISceneConfigurations</key>"),
            (1, "<dict>"),
            (2, "<key>UIWindowSceneSessionRoleApplication</key>"),
            (2, "<array>"),
            (3, "<dict>"),
        ] + configuration.map { (4, $0) } + [
            (3, "</dict>"),
            (2, "</array>"),
            (1, "</dict>"),
            (0, "</dict>"),
        ]
        return levels.map { String(repeating: unit, count: $0.0) + $0.1 }
    }

    /// The app delegate's file with the configuration method added at the end of its class.
    public static func updatedAppDelegate(_ plan: SceneMigration.Plan) -> [UInt8] {
        let existing = Array(plan.home.file.bytes)
        var printer = Printer()
        printer.line()
        for line in configurationMethod(plan) { printer.line(line) }
        guard let insertion = SwiftUpdater.insertion(of: printer.text, into: plan.home.type, in: existing) else { return existing }
        return SwiftUpdater.apply([insertion], to: existing)
    }

    /// Info.plist with the manifest added as the last key of its top-level dictionary,
    /// indented as its keys are.
    public static func updatedInfoPlist(_ plist: InfoPlist, plan: SceneMigration.Plan) -> [UInt8] {
        let existing = Array(plist.file.bytes)
        let indentation = plist.keyIndentation
        let unit = indentation.isEmpty ? "\t" : indentation.first == "\t" ? "\t" : indentation
        let crlf = existing.firstIndex(of: UInt8(ascii: "\n")).map { $0 > 0 && existing[$0 - 1] == UInt8(ascii: "\r") } ?? false
        let newline = crlf ? "\r\n" : "\n"
        let offset = plist.insertionOffset
        let atLineStart = offset == 0 || existing[offset - 1] == UInt8(ascii: "\n")
        var text = atLineStart ? "" : newline
        for line in manifest(plan, unit: unit) { text += indentation + line + newline }
        var bytes = existing
        bytes.insert(contentsOf: Array(text.utf8), at: offset)
        return bytes
    }
}
