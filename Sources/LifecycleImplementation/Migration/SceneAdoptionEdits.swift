import LifecycleSource
import LifecycleSyntax
import LifecycleXML
import LifecycleChecking
import LifecycleGeneration

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
        manifestLines(plan).map { String(repeating: unit, count: $0.depth) + $0.text }
    }

    /// The manifest's key and value, each line with its depth.
    static func manifestLines(_ plan: SceneMigration.Plan) -> [PropertyListEdit.Line] {
        var configuration = [
            "<key>UISceneConfigurationName</key>",
            "<string>Default Configuration</string>",
            "<key>UISceneDelegateClassName</key>",
            "<string>$(PRODUCT_MODULE_NAME).\(SceneMigration.sceneDelegateName)</string>",
        ]
        if let storyboard = plan.storyboard {
            configuration += ["<key>UISceneStoryboardFile</key>", "<string>\(XMLText.escaped(storyboard))</string>"]
        }
        return [
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
    }

    /// The app delegate's file with the configuration method added at the end of its class,
    /// read back: the class then returns the configuration, and declares every method it did.
    public static func updatedAppDelegate(_ plan: SceneMigration.Plan) -> Result<[UInt8], Diagnostic.Failure> {
        let existing = Array(plan.home.file.bytes)
        var printer = Printer()
        printer.line()
        for line in configurationMethod(plan) { printer.line(line) }
        let at = SwiftProgram.keywordRange(of: plan.home)
        guard let insertion = SwiftUpdater.insertion(of: printer.text, into: plan.home.type, in: existing) else {
            return .failure(Diagnostic.Failure(.migrateEditNotVerified(plan.appDelegate, reason: "its class has no end to add the configuration at", at: at)))
        }
        let updated = SwiftUpdater.apply([insertion], to: existing)
        // Read back: the same declarations, and the configuration now implemented.
        let scratch = SourceFiles()
        let before = SwiftSourceScanner(bytes: existing).scan().filter { $0.name == plan.appDelegate }.flatMap { $0.methods.map(\.selector) }
        let after = SwiftSourceScanner(bytes: updated).scan().filter { $0.name == plan.appDelegate }.flatMap { $0.methods.map(\.selector) }
        let program = SwiftProgram(files: [scratch.add(path: plan.home.file.path, bytes: updated)])
        var added = after
        if let index = added.lastIndex(of: SceneLifecycleCheck.configurationSelector) { added.remove(at: index) }
        guard added == before, after.count == before.count + 1,
              case .adopted = SceneLifecycleCheck.adoption(models: [], program: program, infoPlist: nil, appDelegate: plan.appDelegate) else {
            return .failure(Diagnostic.Failure(.migrateEditNotVerified(plan.appDelegate, reason: "the edited class does not read back as the old one with the configuration added", at: at)))
        }
        return .success(updated)
    }

    /// Info.plist with the manifest added as the last key of its top-level dictionary, in its
    /// own format and encoding (`PropertyListEdit`), read back and checked.
    public static func updatedInfoPlist(_ plist: InfoPlist, plan: SceneMigration.Plan) -> Result<[UInt8], Diagnostic.Failure> {
        PropertyListEdit.adding(manifestLines(plan), to: plist)
    }
}
