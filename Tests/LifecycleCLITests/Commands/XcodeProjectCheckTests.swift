import Foundation
import Testing

/// `check --impl … --xcodeproj App.xcodeproj [--target NAME]` on projects written after Xcode's
/// templates (`Fixtures/Xcode/README.md`): each gets the scene-mandate verdict its build
/// settings and files give, run as a build phase runs it, from the project's folder.
@Suite struct XcodeProjectCheckTests {
    static let fixtures = CLIRunner.packageRoot + "/Tests/LifecycleCLITests/Fixtures/Xcode"

    /// `check App.lifecycle --impl <the app target's Swift files> --xcodeproj NAME.xcodeproj`,
    /// run in the case's folder.
    static func check(_ name: String, project: String, appFolder: String, extra: [String] = [], xcodeproj: Bool = true) throws -> CLIRunner.Output {
        let folder = fixtures + "/" + name
        let swift = try FileManager.default.contentsOfDirectory(atPath: folder + "/" + appFolder).filter { $0.hasSuffix(".swift") }.sorted()
        var arguments = ["check", "App.lifecycle"] + swift.flatMap { ["--impl", appFolder + "/" + $0] }
        if xcodeproj { arguments += ["--xcodeproj", project] }
        return try CLIRunner.run(arguments + extra, in: folder)
    }

    /// The UIKit template: `INFOPLIST_FILE` names the Info.plist that holds the scene manifest
    /// (merged with the generated keys), so the app adopts scenes and a callback UIKit no
    /// longer calls is a warning, its note at the manifest of the file the project names.
    @Test func uikitTemplateAdoptsScenesThroughItsInfoPlistFile() throws {
        let run = try Self.check("UIKitApp", project: "UIKitApp.xcodeproj", appFolder: "UIKitApp")
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr == """
            UIKitApp/AppDelegate.swift:17:5: warning: UIKit does not call 'applicationWillResignActive(_:)' in an app that adopts scenes; use 'sceneWillResignActive(_:)' in the scene delegate
               17 |     func applicationWillResignActive(_ application: UIApplication) {
                  |     ^~~~
            UIKitApp/Info.plist:5:7: note: the app adopts scenes: Info.plist declares 'UIApplicationSceneManifest' here
                5 | \t<key>UIApplicationSceneManifest</key>
                  | \t     ^~~~~~~~~~~~~~~~~~~~~~~~~~

            """, "\(run)")
    }

    /// The SwiftUI template has no Info.plist file: the manifest comes from
    /// `INFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES`, and its three targets (the
    /// app and two test bundles) leave one application target to choose.
    @Test func swiftUITemplateAdoptsScenesThroughGeneratedKeys() throws {
        let run = try Self.check("SwiftUIApp", project: "SwiftUIApp.xcodeproj", appFolder: "SwiftUIApp")
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.hasPrefix("""
            SwiftUIApp/AppDelegate.swift:10:5: warning: UIKit does not call 'applicationDidEnterBackground(_:)' in a SwiftUI app, which has scenes; follow the scene phase instead: '.onChange(of: scenePhase)' reports the change to '.background'
            """), "\(run)")
        #expect(run.stderr.contains("""
            SwiftUIApp.xcodeproj/project.pbxproj:431:59: note: the app adopts scenes: the target 'SwiftUIApp' of SwiftUIApp.xcodeproj (Release) generates its Info.plist with 'UIApplicationSceneManifest' ('INFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES' here)
              431 | \t\t\t\tINFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES;
            """), "\(run)")
    }

    /// A legacy app: its Info.plist file (no generated keys) declares no manifest, and the
    /// project's deployment target, iOS 12.0, makes the mandate a warning about the next SDK.
    @Test func legacyTemplateIsToldToAdoptScenes() throws {
        let run = try Self.check("LegacyApp", project: "LegacyApp.xcodeproj", appFolder: "LegacyApp")
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.hasPrefix("""
            LegacyApp/AppDelegate.swift:9:1: warning: 'AppDelegate' does not adopt the scene life cycle: built with the iOS 27 SDK, the app will not launch
                9 | class AppDelegate: UIResponder, UIApplicationDelegate {
                  | ^~~~~
            LegacyApp/AppDelegate.swift:9:1: note: the deployment target is iOS 12.0; the requirement comes with the SDK the app is built with, whatever its deployment target
            LegacyApp/Info.plist:4:2: note: Info.plist declares no 'UIApplicationSceneManifest'
            """), "\(run)")
        #expect(run.stderr.contains("'lifecycle migrate LegacyApp/AppDelegate.swift --info-plist LegacyApp/Info.plist -o LegacyApp/SceneDelegate.swift'"), "\(run)")
    }

    /// The defect this option fixes: an app whose Info.plist is generated without a manifest,
    /// built for iOS 27, with a scene delegate nothing connects. Without the project the check
    /// can only presume adoption from the scene delegate, and passes; with it, the app does
    /// not launch, and the error says which setting is missing.
    @Test func generatedInfoPlistWithoutManifestFailsAtIOS27() throws {
        let before = try Self.check("GeneratedWithoutManifest", project: "Recipes.xcodeproj", appFolder: "Recipes", xcodeproj: false)
        #expect(before.status == 0, "\(before)")
        #expect(before.stderr.contains("the app presumably adopts scenes"), "\(before)")

        let run = try Self.check("GeneratedWithoutManifest", project: "Recipes.xcodeproj", appFolder: "Recipes")
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.hasPrefix("""
            Recipes/AppDelegate.swift:6:1: error: 'AppDelegate' does not adopt the scene life cycle: built with the iOS 27 SDK, the app will not launch
                6 | class AppDelegate: UIResponder, UIApplicationDelegate {
                  | ^~~~~
            Recipes/AppDelegate.swift:6:1: note: the deployment target is iOS 27.0: the app is built with the iOS 27 SDK or later
            Recipes.xcodeproj/project.pbxproj:285:31: note: the target 'Recipes' of Recipes.xcodeproj (Release) generates its Info.plist without 'UIApplicationSceneManifest': it does not set 'INFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES'
              285 | \t\t\t\tGENERATE_INFOPLIST_FILE = YES;
                  | \t\t\t\t                          ^~~
            Recipes/SceneDelegate.swift:4:1: note: 'SceneDelegate' is a scene delegate, but nothing connects it: UIKit never calls it
            """), "\(run)")
        // `--platform` still wins over the project's deployment target.
        let earlier = try Self.check("GeneratedWithoutManifest", project: "Recipes.xcodeproj", appFolder: "Recipes", extra: ["--platform", "iOS 17.0"])
        #expect(earlier.status == 0, "\(earlier)")
        #expect(earlier.stderr.contains("warning: 'AppDelegate' does not adopt the scene life cycle"), "\(earlier)")
    }

    /// The Migration article shows this case's output (a `text` block, run in the case's folder).
    @Test func migrationArticleShowsTheGeneratedInfoPlistCase() throws {
        let blocks = try MigrationDocumentTests.blocks(in: MigrationDocumentTests.article, fence: "text")
            .filter { $0.command.contains("--xcodeproj") }
        #expect(blocks.count == 1)
        for block in blocks {
            try MigrationDocumentTests.check(block, in: Self.fixtures + "/GeneratedWithoutManifest", MigrationDocumentTests.article)
        }
    }

    /// `--info-plist` wins over the project's `INFOPLIST_FILE`; a path to `project.pbxproj`
    /// itself names the project too.
    @Test func infoPlistOptionAndProjectFilePath() throws {
        let scratch = try GeneratorCommandTests.Scratch()
        try scratch.write("<plist><dict><key>UIApplicationSceneManifest</key><dict/></dict></plist>\n", to: "Other.plist")
        let run = try Self.check("LegacyApp", project: "LegacyApp.xcodeproj/project.pbxproj", appFolder: "LegacyApp",
                                 extra: ["--info-plist", scratch.path + "/Other.plist"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.contains("note: the app adopts scenes: Other.plist declares 'UIApplicationSceneManifest' here"), "\(run)")
    }

    @Test func targetChoiceProblems() throws {
        let unknown = try Self.check("SwiftUIApp", project: "SwiftUIApp.xcodeproj", appFolder: "SwiftUIApp", extra: ["--target", "SwiftUIAp"])
        #expect(unknown.status == 1, "\(unknown)")
        #expect(unknown.stderr == """
            SwiftUIApp.xcodeproj: error: no target 'SwiftUIAp' in 'SwiftUIApp.xcodeproj'; did you mean 'SwiftUIApp'?
            SwiftUIApp.xcodeproj: note: its targets: 'SwiftUIApp', 'SwiftUIAppTests', 'SwiftUIAppUITests'

            """, "\(unknown)")
        // Two application targets: the project does not say which one the check is for.
        let scratch = try GeneratorCommandTests.Scratch()
        let source = try String(contentsOfFile: Self.fixtures + "/SwiftUIApp/SwiftUIApp.xcodeproj/project.pbxproj", encoding: .utf8)
        try FileManager.default.createDirectory(atPath: scratch.path + "/Two.xcodeproj", withIntermediateDirectories: true)
        try source.replacingOccurrences(of: "com.apple.product-type.bundle.unit-test", with: "com.apple.product-type.application")
            .write(toFile: scratch.path + "/Two.xcodeproj/project.pbxproj", atomically: true, encoding: .utf8)
        let two = try Self.check("SwiftUIApp", project: scratch.path + "/Two.xcodeproj", appFolder: "SwiftUIApp")
        #expect(two.status == 1, "\(two)")
        #expect(two.stderr.contains("Two.xcodeproj: error: 'Two.xcodeproj' has 2 application targets; choose one with '--target'\n"), "\(two)")
        #expect(two.stderr.contains("note: its application targets: 'SwiftUIApp', 'SwiftUIAppTests'\n"), "\(two)")
        let chosen = try Self.check("SwiftUIApp", project: scratch.path + "/Two.xcodeproj", appFolder: "SwiftUIApp", extra: ["--target", "SwiftUIApp"])
        #expect(chosen.status == 0, "\(chosen)")
    }

    /// A broken project is a located error in `project.pbxproj`; a missing one cannot be read
    /// (exit 3); an `INFOPLIST_FILE` that is not there cannot be read either.
    @Test func brokenAndMissingProjects() throws {
        let scratch = try GeneratorCommandTests.Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path + "/Broken.xcodeproj", withIntermediateDirectories: true)
        try "// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA = { isa = PBXProject }\n\t};\n}\n".write(toFile: scratch.path + "/Broken.xcodeproj/project.pbxproj",
                                                                                            atomically: true, encoding: .utf8)
        try scratch.write("class AppDelegate: UIResponder, UIApplicationDelegate {}\n", to: "AppDelegate.swift")
        try String(contentsOfFile: Self.fixtures + "/LegacyApp/App.lifecycle", encoding: .utf8).write(toFile: scratch.path + "/App.lifecycle", atomically: true, encoding: .utf8)
        let broken = try scratch.run(["check", "App.lifecycle", "--impl", "AppDelegate.swift", "--xcodeproj", "Broken.xcodeproj"])
        #expect(broken.status == 1, "\(broken)")
        #expect(broken.stderr == """
            Broken.xcodeproj/project.pbxproj:4:26: error: expected ';' after a dictionary's value, found '}'
                4 | \t\tA = { isa = PBXProject }
                  | \t\t                       ^

            """, "\(broken)")
        let missing = try scratch.run(["check", "App.lifecycle", "--impl", "AppDelegate.swift", "--xcodeproj", "Missing.xcodeproj"])
        #expect(missing.status == 3, "\(missing)")
        #expect(missing.stderr.hasPrefix("Missing.xcodeproj/project.pbxproj: error: cannot read file: "), "\(missing)")

        try FileManager.default.createDirectory(atPath: scratch.path + "/Legacy.xcodeproj", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.fixtures + "/LegacyApp/LegacyApp.xcodeproj/project.pbxproj",
                                         toPath: scratch.path + "/Legacy.xcodeproj/project.pbxproj")
        let noPlist = try scratch.run(["check", "App.lifecycle", "--impl", "AppDelegate.swift", "--xcodeproj", "Legacy.xcodeproj"])
        #expect(noPlist.status == 3, "\(noPlist)")
        #expect(noPlist.stderr.hasPrefix("LegacyApp/Info.plist: error: cannot read file: "), "\(noPlist)")
    }

    @Test func optionsThatNeedOthers() throws {
        let lone = try CLIRunner.run(["check", "Tests/LifecycleCLITests/Fixtures/Scene.lifecycle", "--xcodeproj", "App.xcodeproj"])
        #expect(lone.status == 2)
        #expect(lone.stderr.hasPrefix("lifecycle check: error: '--xcodeproj' is only used with '--impl'\n"), "\(lone)")
        let target = try CLIRunner.run(["check", "Tests/LifecycleCLITests/Fixtures/Scene.lifecycle", "--impl", "x.swift", "--target", "App"])
        #expect(target.status == 2)
        #expect(target.stderr.hasPrefix("lifecycle check: error: '--target' is only used with '--xcodeproj'\n"), "\(target)")
    }
}
