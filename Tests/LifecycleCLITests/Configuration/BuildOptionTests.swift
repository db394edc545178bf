import Foundation
import Testing

/// The options build tools use (the build-tool and command plugins among them): `check --stamp`,
/// `--only-declared`, `--machine` and `--config`, and `swift --update … --impl`.
@Suite struct BuildOptionTests {
    static let fixtures = "Tests/LifecycleCLITests/Fixtures"
    static let scene = fixtures + "/Scene.lifecycle"
    static let parts = ["--impl", fixtures + "/SceneDelegatePart1.swift", "--impl", fixtures + "/SceneDelegatePart2.swift"]

    /// A spec with a second machine whose delegate no fixture declares.
    static let twoMachines = """
    import UIKit

    machine Scene {
        delegate SceneDelegate: UIResponder, UIWindowSceneDelegate
        initial state Background
        state Foreground
        Background -> Foreground on reopen by user calls sceneWillEnterForeground(_:)
        Foreground -> Background on leave by user calls sceneDidEnterBackground(_:)
        require sceneDidEnterBackground(_:)
    }

    machine App {
        delegate AppDelegate: UIResponder, UIApplicationDelegate
        initial state Running
        final state Stopped
        Running -> Stopped on terminate by system calls applicationWillTerminate(_:)
        require applicationWillTerminate(_:)
    }

    """

    @Test func stampIsWrittenWhenTheCheckPasses() throws {
        let scratch = try GeneratorCommandTests.Scratch()
        let run = try scratch.run(["check", "Scene.lifecycle", "--stamp", "checked.swift"])
        #expect(run.status == 0, "\(run)")
        #expect(try scratch.read("checked.swift") == "// checked 1 spec: 0 warnings\n")
        let warning = try CLIRunner.run(["check", Self.fixtures + "/Warning.lifecycle", Self.scene,
                                         "--stamp", scratch.path + "/two.swift"])
        #expect(warning.status == 0, "\(warning)")
        #expect(try scratch.read("two.swift") == "// checked 2 specs: 1 warning\n")
    }

    @Test func stampIsLeftUntouchedWhenUnchanged() throws {
        let scratch = try GeneratorCommandTests.Scratch()
        try scratch.write("// checked 1 spec: 0 warnings\n", to: "checked.swift")
        let old = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: scratch.path + "/checked.swift")
        let run = try scratch.run(["check", "Scene.lifecycle", "--stamp", "checked.swift"])
        #expect(run.status == 0, "\(run)")
        #expect(try scratch.modified("checked.swift") == old)
    }

    @Test func stampIsNotWrittenWhenTheCheckFails() throws {
        let scratch = try GeneratorCommandTests.Scratch()
        let warnings = try CLIRunner.run(["check", Self.fixtures + "/Warning.lifecycle", "--warnings-as-errors",
                                          "--stamp", scratch.path + "/checked.swift"])
        #expect(warnings.status == 1, "\(warnings)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/checked.swift"))
        let missing = try CLIRunner.run(["check", Self.scene, "--impl", Self.fixtures + "/IncompleteSceneDelegate.swift",
                                         "--stamp", scratch.path + "/impl.swift"])
        #expect(missing.status == 1, "\(missing)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/impl.swift"))
    }

    @Test func onlyDeclaredSkipsMachinesWhoseDelegateIsElsewhere() throws {
        let scratch = try GeneratorCommandTests.Scratch()
        try scratch.write(Self.twoMachines, to: "Two.lifecycle")
        let parts = Self.parts.map { $0.hasPrefix("--") ? $0 : CLIRunner.packageRoot + "/" + $0 }
        let strict = try scratch.run(["check", "Two.lifecycle"] + parts)
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("error: class 'AppDelegate'"), "\(strict)")
        let lenient = try scratch.run(["check", "Two.lifecycle", "--only-declared"] + parts)
        #expect(lenient.status == 0, "\(lenient)")
        #expect(lenient.stderr.isEmpty)
    }

    @Test func onlyDeclaredStillReportsWhatADeclaredDelegateLacks() throws {
        let run = try CLIRunner.run(["check", Self.scene, "--impl", Self.fixtures + "/IncompleteSceneDelegate.swift", "--only-declared"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("does not implement required 'sceneDidDisconnect(_:)'"), "\(run)")
    }

    @Test func machineLimitsTheImplementationCheck() throws {
        let scratch = try GeneratorCommandTests.Scratch()
        try scratch.write(Self.twoMachines, to: "Two.lifecycle")
        let parts = Self.parts.map { $0.hasPrefix("--") ? $0 : CLIRunner.packageRoot + "/" + $0 }
        let scene = try scratch.run(["check", "Two.lifecycle", "--machine", "Scene"] + parts)
        #expect(scene.status == 0, "\(scene)")
        let app = try scratch.run(["check", "Two.lifecycle", "--machine", "App"] + parts)
        #expect(app.status == 1)
        #expect(app.stderr.contains("class 'AppDelegate'"), "\(app)")
    }

    @Test func unknownMachineIsAnErrorWithASuggestion() throws {
        let run = try CLIRunner.run(["check", Self.scene, "--machine", "Scen"] + Self.parts)
        #expect(run.status == 1)
        #expect(run.stderr.contains("no machine 'Scen'"), "\(run)")
        #expect(run.stderr.contains("did you mean 'Scene'?"), "\(run)")
    }

    @Test func updateDoesNotAddWhatAnotherFileImplements() throws {
        let scratch = try GeneratorCommandTests.Scratch()
        try scratch.write(Self.twoMachines.replacingOccurrences(of: "import UIKit", with: "import UIKit\n"), to: "Two.lifecycle")
        try scratch.write("""
        class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        }

        """, to: "SceneDelegate.swift")
        try scratch.write("""
        extension SceneDelegate {
            func sceneDidEnterBackground(_ scene: UIScene) {}
        }

        """, to: "SceneDelegate+Background.swift")
        let run = try scratch.run(["swift", "Two.lifecycle", "--update", "SceneDelegate.swift",
                                   "--impl", "SceneDelegate+Background.swift"])
        #expect(run.status == 0, "\(run)")
        let text = try scratch.read("SceneDelegate.swift")
        #expect(text.contains("func sceneWillEnterForeground(_ scene: UIScene) {"))
        #expect(!text.contains("func sceneDidEnterBackground"))
        #expect(run.stderr == "SceneDelegate.swift: note: added 'sceneWillEnterForeground(_:)' to 'SceneDelegate'\n")
    }

    /// Issue 39: `--impl` without `--update` gives the target's files to a new skeleton (what the
    /// command plugin passes), so it is read, and one that cannot be read stops the command.
    @Test func implWithoutUpdateReadsTheTargetsFiles() throws {
        let scratch = try GeneratorCommandTests.Scratch()
        let run = try scratch.run(["swift", "Scene.lifecycle", "-o", "Out.swift", "--impl", "Other.swift"])
        #expect(run.status != 0, "\(run)")
        #expect(run.stderr.contains("Other.swift"), "\(run)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/Out.swift"))
    }

    // MARK: - --config

    @Test func configTurnsWarningsIntoErrors() throws {
        let scratch = try GeneratorCommandTests.Scratch()
        try scratch.write(#"{ "warningsAsErrors": true }"#, to: "lifecycle.json")
        let warning = CLIRunner.packageRoot + "/" + Self.fixtures + "/Warning.lifecycle"
        let run = try scratch.run(["check", warning, "--config", "lifecycle.json"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("error: state 'Stuck' has no outgoing transition and is not final"), "\(run)")
    }

    /// The file's platform is merged into the options once: the command line's wins, and one
    /// that is not a platform is an error in the file (before, it became `--platform VALUE` and
    /// was reported as a usage error about an option nobody typed, exit 2).
    @Test func configPlatformIsASettingOfTheFile() throws {
        let scratch = try GeneratorCommandTests.Scratch()
        let app = CLIRunner.packageRoot + "/Examples/AppLifecycle.lifecycle"
        try scratch.write(#"{ "platform": "iOS 26.0" }"#, to: "lifecycle.json")
        let target = try scratch.run(["check", app, "--config", "lifecycle.json"])
        #expect(target.status == 0 && target.stderr.contains("was deprecated in iOS 26.0"), "\(target)")
        let overridden = try scratch.run(["check", app, "--config", "lifecycle.json", "--platform", "iOS 12.0"])
        #expect(overridden.status == 0 && !overridden.stderr.contains("deprecated"), "\(overridden)")
        try scratch.write(#"{ "platform": "ios" }"#, to: "lifecycle.json")
        let wrong = try scratch.run(["check", app, "--config", "lifecycle.json"])
        #expect(wrong.status == 1)
        #expect(wrong.stderr == "lifecycle.json:1:15: error: 'platform' takes a platform and a version such as \"iOS 15.0\", not 'ios'\n", "\(wrong)")
    }

    @Test func configKeysAreCheckedWithASuggestion() throws {
        let scratch = try GeneratorCommandTests.Scratch()
        try scratch.write("{\n  \"specs\": { \"Scene.lifecycle\": { \"swfit\": [] } }\n}\n", to: "lifecycle.json")
        let run = try scratch.run(["check", "Scene.lifecycle", "--config", "lifecycle.json"])
        #expect(run.status == 1)
        #expect(run.stderr == "lifecycle.json:2:35: error: unknown key 'swfit' in 'Scene.lifecycle'; did you mean 'swift'?\n")
    }

    @Test func configThatIsNotJSONIsALocatedError() throws {
        let scratch = try GeneratorCommandTests.Scratch()
        try scratch.write("{\n  \"warningsAsErrors\": yes\n}\n", to: "lifecycle.json")
        let run = try scratch.run(["check", "Scene.lifecycle", "--config", "lifecycle.json"])
        #expect(run.status == 1)
        #expect(run.stderr == "lifecycle.json:2:23: error: expected a JSON value\n")
        try scratch.write(#"{ "warningsAsErrors": "yes" }"#, to: "lifecycle.json")
        let string = try scratch.run(["check", "Scene.lifecycle", "--config", "lifecycle.json"])
        #expect(string.stderr == "lifecycle.json:1:23: error: warningsAsErrors must be true or false, not a string\n")
        let missing = try scratch.run(["check", "Scene.lifecycle", "--config", "absent.json"])
        #expect(missing.status == 3)
        #expect(missing.stderr.hasPrefix("absent.json: error: cannot read file:"))
    }

    @Test func configChoosesTheFilesAndMachinesOfASpec() throws {
        let scratch = try GeneratorCommandTests.Scratch()
        try scratch.write(Self.twoMachines, to: "Two.lifecycle")
        let fixtures = CLIRunner.packageRoot + "/" + Self.fixtures
        for name in ["SceneDelegatePart1.swift", "SceneDelegatePart2.swift", "IncompleteSceneDelegate.swift"] {
            try scratch.write(try String(contentsOfFile: fixtures + "/" + name, encoding: .utf8), to: name)
        }
        // The command line names the incomplete delegate; the file replaces it with the two parts.
        try scratch.write(#"{ "specs": { "Two.lifecycle": { "swift": ["SceneDelegatePart1.swift", "SceneDelegatePart2.swift"] } } }"#,
                          to: "lifecycle.json")
        let parts = try scratch.run(["check", "Two.lifecycle", "--impl", "IncompleteSceneDelegate.swift", "--config", "lifecycle.json"])
        #expect(parts.status == 0, "\(parts)")
        // Naming the machines checks exactly those: AppDelegate is declared nowhere.
        try scratch.write(#"{ "specs": { "Two.lifecycle": { "machines": ["App"] } } }"#, to: "lifecycle.json")
        let app = try scratch.run(["check", "Two.lifecycle", "--only-declared", "--impl", "SceneDelegatePart1.swift", "--config", "lifecycle.json"])
        #expect(app.status == 1)
        #expect(app.stderr.contains("class 'AppDelegate'"), "\(app)")
        // No Swift files: the spec alone.
        try scratch.write(#"{ "specs": { "Two.lifecycle": { "swift": [] } } }"#, to: "lifecycle.json")
        let alone = try scratch.run(["check", "Two.lifecycle", "--impl", "IncompleteSceneDelegate.swift", "--config", "lifecycle.json"])
        #expect(alone.status == 0, "\(alone)")
    }

    /// The library's JSON parser reads the file (one JSON reader in the package); the offsets
    /// it records put an error at the element, deep in the document, that is wrong.
    @Test func configErrorsPointAtTheWrongElement() throws {
        let scratch = try GeneratorCommandTests.Scratch()
        try scratch.write(#"{ "specs": { "Scene.lifecycle": { "swift": ["a", 7] } } }"#, to: "lifecycle.json")
        let run = try scratch.run(["check", "Scene.lifecycle", "--config", "lifecycle.json"])
        #expect(run.status == 1)
        #expect(run.stderr == "lifecycle.json:1:50: error: 'swift' of 'Scene.lifecycle' must be an array of strings, not a number\n", "\(run)")
    }

    @Test func configNestingIsBoundedAndEscapesAreDecoded() throws {
        let scratch = try GeneratorCommandTests.Scratch()
        try scratch.write(#"{ "specs": "# + String(repeating: "[", count: 10_000), to: "lifecycle.json")
        let deep = try scratch.run(["check", "Scene.lifecycle", "--config", "lifecycle.json"])
        #expect(deep.status == 1)
        #expect(deep.stderr == "lifecycle.json:1:43: error: nesting deeper than 32\n", "\(deep)")
        // "Sc\u0065ne" is "Scene": the entry applies, and checks the spec alone.
        try scratch.write(#"{ "specs": { "Sc\u0065ne.lifecycle": { "swift": [] } } }"#, to: "lifecycle.json")
        let escaped = try scratch.run(["check", "Scene.lifecycle", "--impl", "Missing.swift", "--config", "lifecycle.json"])
        #expect(escaped.status == 0, "\(escaped)")
    }

    /// `infoPlist` names the app's Info.plist (relative to the file) for a target whose plist
    /// is not called `Info.plist`; the command line's `--info-plist` wins, and without `--impl`
    /// it is not used.
    @Test func configNamesTheInfoPlist() throws {
        let scratch = try GeneratorCommandTests.Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path + "/Support", withIntermediateDirectories: true)
        try scratch.write(Self.twoMachines, to: "Two.lifecycle")
        try scratch.write("class AppDelegate: UIResponder, UIApplicationDelegate {\n    func applicationWillTerminate(_ application: UIApplication) {}\n}\n",
                          to: "AppDelegate.swift")
        try scratch.write("<plist><dict><key>UIApplicationSceneManifest</key><dict/></dict></plist>\n", to: "Support/App-Info.plist")
        try scratch.write("<plist><dict/></plist>\n", to: "Bare.plist")
        try scratch.write(#"{ "infoPlist": "Support/App-Info.plist", "specs": { "Two.lifecycle": { "machines": ["App"] } } }"#, to: "lifecycle.json")
        let named = try scratch.run(["check", "Two.lifecycle", "--impl", "AppDelegate.swift", "--config", "lifecycle.json"])
        #expect(named.status == 0, "\(named)")
        #expect(named.stderr.isEmpty, "\(named)")
        let given = try scratch.run(["check", "Two.lifecycle", "--impl", "AppDelegate.swift", "--config", "lifecycle.json", "--info-plist", "Bare.plist"])
        #expect(given.stderr.contains("warning: 'AppDelegate' does not adopt the scene life cycle"), "\(given)")
        #expect(given.stderr.contains("Bare.plist:1:9: note: Bare.plist declares no 'UIApplicationSceneManifest'"), "\(given)")
        let specOnly = try scratch.run(["check", "Two.lifecycle", "--config", "lifecycle.json"])
        #expect(specOnly.status == 0, "\(specOnly)")
        try scratch.write(#"{ "infoPlist": 3 }"#, to: "lifecycle.json")
        let wrong = try scratch.run(["check", "Two.lifecycle", "--config", "lifecycle.json"])
        #expect(wrong.stderr == "lifecycle.json:1:16: error: infoPlist must be a path, not a number\n", "\(wrong)")
    }
}
