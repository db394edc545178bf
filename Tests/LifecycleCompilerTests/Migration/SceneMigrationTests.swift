import Foundation
import Testing
@testable import LifecycleCompiler

/// `SceneMigration`'s refusals and warnings, and the edits `--update` makes, on small sources.
@Suite struct SceneMigrationTests {
    static func plan(_ sources: [String: String], plist: String? = nil) -> (SceneMigration.Plan?, [Diagnostic], SourceFiles) {
        let files = SourceFiles()
        let swift = sources.keys.sorted().map { files.add(path: $0, bytes: Array(sources[$0]!.utf8)) }
        let infoPlist = plist.map { InfoPlist.read(files.add(path: "Info.plist", bytes: Array($0.utf8)), in: files).0! }
        let (plan, diagnostics) = SceneMigration.plan(swift, infoPlist: infoPlist)
        return (plan, diagnostics.all, files)
    }

    static let plainAppDelegate = """
    import UIKit

    @main
    class AppDelegate: UIResponder, UIApplicationDelegate {
        var window: UIWindow?

        func applicationDidEnterBackground(_ application: UIApplication) {
            Store.shared.save()
        }
    }

    """

    @Test func noAppDelegateIsAnError() {
        let (plan, diagnostics, _) = Self.plan(["Store.swift": "final class Store {}\n"])
        #expect(plan == nil)
        #expect(diagnostics.map(\.message) == ["no app delegate in Store.swift: no class adopts 'UIApplicationDelegate'"])
    }

    @Test func anAppWithScenesHasNothingToMigrate() {
        let configured = Self.plainAppDelegate.replacingOccurrences(of: "    var window: UIWindow?\n", with: """
            func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration {
                UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)
            }

        """)
        let (plan, diagnostics, _) = Self.plan(["AppDelegate.swift": configured])
        #expect(plan == nil)
        #expect(diagnostics.map(\.message) == ["'AppDelegate' already adopts the scene life cycle; there is nothing to migrate"])
        #expect(diagnostics.first?.notes.map(\.message) == ["the app adopts scenes: 'AppDelegate' returns a scene configuration here"])
        let manifest = "<plist><dict><key>UIApplicationSceneManifest</key><dict/></dict></plist>"
        let (none, byPlist, _) = Self.plan(["AppDelegate.swift": Self.plainAppDelegate], plist: manifest)
        #expect(none == nil && byPlist.first?.id == "migrateAlreadyAdopted")
    }

    @Test func anExistingSceneDelegateIsNotReplaced() {
        let (plan, diagnostics, _) = Self.plan(["AppDelegate.swift": Self.plainAppDelegate,
                                                "SceneDelegate.swift": "class SceneDelegate: UIResponder {}\n"])
        #expect(plan == nil)
        #expect(diagnostics.map(\.message) == ["a class 'SceneDelegate' is declared already; 'lifecycle migrate' writes a new one"])
    }

    /// A property whose type is not written gets a placeholder in its forwarder, and a warning.
    @Test func untypedPropertyIsAPlaceholderAndAWarning() throws {
        let source = Self.plainAppDelegate.replacingOccurrences(of: "    var window: UIWindow?\n", with: "    var window: UIWindow?\n    var cache = makeCache()\n")
            .replacingOccurrences(of: "Store.shared.save()", with: "cache.flush()")
        let (plan, diagnostics, _) = Self.plan(["AppDelegate.swift": source])
        #expect(diagnostics.map(\.message) == ["the moved code uses 'cache', whose type 'AppDelegate' does not write; write it for '<#Type#>' in the scene delegate"])
        let generated = String(decoding: SceneDelegateGenerator(plan: try #require(plan)).generate(sources: "AppDelegate.swift", command: "c"), as: UTF8.self)
        #expect(generated.contains("    private var cache: <#Type#> {\n        get { appDelegate.cache }\n        set { appDelegate.cache = newValue }\n    }\n"))
    }

    /// A forwarded method that reads the app delegate's window would find nil with scenes.
    @Test func forwardedMethodUsingTheWindowIsAWarning() {
        let source = Self.plainAppDelegate.replacingOccurrences(of: "Store.shared.save()", with: "showLock()")
            .replacingOccurrences(of: "    var window: UIWindow?\n", with: "    var window: UIWindow?\n    func showLock() { window?.isHidden = true }\n")
        let (_, diagnostics, files) = Self.plan(["AppDelegate.swift": source])
        #expect(diagnostics.map(\.message) == ["'showLock()' of 'AppDelegate', which the moved code calls, uses 'window', which is nil once the app adopts scenes; move it to the scene delegate"])
        let at = try? #require(diagnostics.first?.range)
        #expect(at.map { files[$0.file].text($0) } == "window")
    }

    /// Names in string interpolations are uses too: the application parameter is bound.
    @Test func interpolationsAreRead() throws {
        let source = Self.plainAppDelegate.replacingOccurrences(of: "Store.shared.save()", with: #"print("left with \(application.connectedScenes.count) scenes")"#)
        let (plan, _, _) = Self.plan(["AppDelegate.swift": source])
        let generated = String(decoding: SceneDelegateGenerator(plan: try #require(plan)).generate(sources: "AppDelegate.swift", command: "c"), as: UTF8.self)
        #expect(generated.contains("        let application = UIApplication.shared\n        print("))
    }

    /// `--update` inserts the configuration at the end of the class, in its file's style
    /// (indentation, CRLF), and touches nothing else.
    @Test func configurationIsAddedAtTheEndOfTheClass() throws {
        let crlf = Self.plainAppDelegate.replacingOccurrences(of: "\n", with: "\r\n")
        let (plan, _, _) = Self.plan(["AppDelegate.swift": crlf])
        let updated = String(decoding: try SceneAdoptionEdits.updatedAppDelegate(try #require(plan)).get(), as: UTF8.self)
        let added = "\r\n" + SceneAdoptionEdits.configurationMethod(try #require(plan)).map { "    " + $0 + "\r\n" }.joined()
        #expect(updated == crlf.replacingOccurrences(of: "    }\r\n}\r\n", with: "    }\r\n" + added + "}\r\n"))
    }

    /// The manifest goes last in the top-level dictionary, indented as its keys are; the
    /// storyboard UIKit loaded at launch becomes the scene's.
    @Test func manifestIsAddedToInfoPlist() throws {
        let plist = "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n  <key>UIMainStoryboardFile</key>\n  <string>Main</string>\n</dict>\n</plist>\n"
        let (plan, _, files) = Self.plan(["AppDelegate.swift": Self.plainAppDelegate], plist: plist)
        let planned = try #require(plan)
        let infoPlist = try #require(planned.infoPlist)
        let updated = String(decoding: try SceneAdoptionEdits.updatedInfoPlist(infoPlist, plan: planned).get(), as: UTF8.self)
        #expect(updated.hasPrefix("<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n  <key>UIMainStoryboardFile</key>\n  <string>Main</string>\n  <key>UIApplicationSceneManifest</key>\n  <dict>\n    <key>UIApplicationSupportsMultipleScenes</key>\n"))
        #expect(updated.hasSuffix("          <key>UISceneStoryboardFile</key>\n          <string>Main</string>\n        </dict>\n      </array>\n    </dict>\n  </dict>\n</dict>\n</plist>\n"))
        // The result reads back, and now adopts scenes.
        let again = InfoPlist.read(files.add(path: "Updated.plist", bytes: Array(updated.utf8)), in: files).0
        #expect(again?.sceneManifest != nil)
        #expect(SceneAdoptionEdits.configurationMethod(planned).contains("    configuration.storyboard = UIStoryboard(name: \"Main\", bundle: nil)"))
    }

    /// Every prefix of every corpus app delegate, cut at each line, plans and generates
    /// without trapping; what it makes of a cut file is only required to exist.
    @Test func truncatedAppDelegatesNeverCrash() throws {
        for name in SceneMigrationCorpusTests.cases {
            let folder = SceneMigrationCorpusTests.root.appendingPathComponent(name)
            for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                for count in 0...lines.count {
                    let prefix = lines.prefix(count).joined(separator: "\n")
                    let (plan, _, _) = Self.plan([file: prefix])
                    if let plan { _ = SceneDelegateGenerator(plan: plan).generate(sources: file, command: "c") }
                }
            }
        }
    }

    /// Interpolations nested without end, or by the thousand, are read in linear time.
    @Test func hostileInterpolationsAreBounded() {
        let nested = String(repeating: #""\("#, count: 2_000) + "x" + String(repeating: #")""#, count: 2_000)
        let many = "\"" + String(repeating: #"\(a)"#, count: 20_000) + "\""
        for literal in [nested, many] {
            let source = Self.plainAppDelegate.replacingOccurrences(of: "Store.shared.save()", with: "print(\(literal))")
            let (plan, _, _) = Self.plan(["AppDelegate.swift": source])
            #expect(plan != nil)
        }
    }
}
