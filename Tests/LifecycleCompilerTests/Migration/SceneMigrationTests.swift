import Foundation
import Testing
import LifecycleCompiler

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

    /// Issue 36, item 6: the app delegate declared twice (the same file given twice by two
    /// names) would move every callback twice: an error, nothing planned.
    @Test func anAppDelegateDeclaredTwiceIsAnError() {
        let (plan, diagnostics, _) = Self.plan(["AppDelegate.swift": Self.plainAppDelegate, "./AppDelegate.swift": Self.plainAppDelegate])
        #expect(plan == nil)
        #expect(diagnostics.map(\.message) == ["'AppDelegate' is declared twice; give each file once"])
        #expect(diagnostics.first?.notes.map(\.message) == ["'AppDelegate' is declared here first"])
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

    /// Issue 44: an Info.plist with lone-CR (old Mac) or CR LF line ends gets the same manifest,
    /// indented as with LF, its lines ending as the file's do (the key's indentation and where
    /// the `</dict>` line starts were found after an LF only, and a lone CR got LF lines).
    @Test(arguments: ["\r", "\r\n"])
    func manifestKeepsThePlistsLineEnds(_ lineEnd: String) throws {
        let plist = "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n  <key>UIMainStoryboardFile</key>\n  <string>Main</string>\n</dict>\n</plist>\n"
        func updated(_ text: String) throws -> String {
            let (plan, _, _) = Self.plan(["AppDelegate.swift": Self.plainAppDelegate], plist: text)
            let planned = try #require(plan)
            return String(decoding: try SceneAdoptionEdits.updatedInfoPlist(try #require(planned.infoPlist), plan: planned).get(), as: UTF8.self)
        }
        #expect(try updated(plist.replacingOccurrences(of: "\n", with: lineEnd)) == (try updated(plist)).replacingOccurrences(of: "\n", with: lineEnd))
    }

    static func generated(_ plan: SceneMigration.Plan?) throws -> String {
        String(decoding: SceneDelegateGenerator(plan: try #require(plan)).generate(sources: "AppDelegate.swift", command: "c"), as: UTF8.self)
    }

    /// Issue 36, item 3: `@main class AppDelegate: BaseAppDelegate` used to move the base's
    /// (empty) callback and drop the app's override, its save in the background with it. The
    /// override moves, and what its `super` call ran moves beside it, called from where it was.
    @Test func theStartedClassIsTheAppDelegateAndSuperIsKept() throws {
        let base = """
        import UIKit

        class BaseAppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
            var analytics = Analytics()

            func applicationDidEnterBackground(_ application: UIApplication) {
                analytics.flush()
            }

            func applicationWillEnterForeground(_ application: UIApplication) {
                analytics.resume()
            }
        }

        """
        let app = """
        import UIKit

        @main
        class AppDelegate: BaseAppDelegate {
            let store = Store()

            override func applicationDidEnterBackground(_ application: UIApplication) {
                super.applicationDidEnterBackground(application)
                store.save()
            }
        }

        """
        let (plan, diagnostics, _) = Self.plan(["Base.swift": base, "App.swift": app])
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        #expect(plan?.appDelegate == "AppDelegate")
        #expect(plan?.movedCallbacks.map(\.from) == ["applicationWillEnterForeground(_:)", "applicationDidEnterBackground(_:)"])
        let generated = try Self.generated(plan)
        #expect(generated.contains("""
                // Moved from 'applicationWillEnterForeground(_:)' of 'BaseAppDelegate' (Base.swift:11), which 'AppDelegate' inherits.
                func sceneWillEnterForeground(_ scene: UIScene) {
                    analytics.resume()
                }
            """))
        #expect(generated.contains("""
                func sceneDidEnterBackground(_ scene: UIScene) {
                    let application = UIApplication.shared
                    superApplicationDidEnterBackground(application)
                    store.save()
                }

                // Moved from 'applicationDidEnterBackground(_:)' of 'BaseAppDelegate' (Base.swift:7): what 'super.applicationDidEnterBackground(_:)' runs.
                private func superApplicationDidEnterBackground(_ application: UIApplication) {
                    analytics.flush()
                }
            """))
        // The base's members are the app delegate's too.
        #expect(generated.contains("    private var analytics: Analytics {\n        get { appDelegate.analytics }\n"))
        // The configuration goes to the app delegate, not its base.
        #expect(plan?.home.file.path == "App.swift")
    }

    /// A `super` call whose class is not among the files: a warning, and a stub to fill in.
    @Test func superOfAClassNotGivenIsAStub() throws {
        let app = """
        import UIKit
        import Framework

        @main
        class AppDelegate: FrameworkAppDelegate {
            override func applicationDidBecomeActive(_ application: UIApplication) {
                super.applicationDidBecomeActive(application)
            }
        }

        """
        let (plan, diagnostics, _) = Self.plan(["AppDelegate.swift": app])
        #expect(diagnostics.map(\.message) == ["'super.applicationDidBecomeActive(_:)' runs the implementation of 'FrameworkAppDelegate', which is not among the files given; give its file too, or move what it does into 'superApplicationDidBecomeActive' of the scene delegate"])
        #expect(try Self.generated(plan).contains("""
                // 'super.applicationDidBecomeActive(_:)' ran the implementation of 'FrameworkAppDelegate', which was not among the files given:
                // move here what it does.
                private func superApplicationDidBecomeActive(_ application: UIApplication) {
                }
            """))
    }

    /// Issue 36, item 4: a `private var` the moved code assigns became a get-only forwarder
    /// (`cannot assign to property`), which making it internal, as the warning asked, did not
    /// fix; a method used as a value was neither forwarded nor warned about.
    @Test func assignedMembersAndMethodValuesAreForwarded() throws {
        let source = """
        import UIKit

        @main
        class AppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
            private var backgroundTask: UIBackgroundTaskIdentifier = .invalid
            private(set) var saves = 0
            let notes: [String] = []

            func applicationDidEnterBackground(_ application: UIApplication) {
                backgroundTask = application.beginBackgroundTask(expirationHandler: endTask)
                notes.forEach(archive)
                saves += 1
            }

            func endTask() {}
            func archive(_ note: String) {}
        }

        """
        let (plan, diagnostics, _) = Self.plan(["AppDelegate.swift": source])
        #expect(diagnostics.map(\.id) == ["migrateUsesPrivateMember", "migrateAssignsPrivateSetter"])
        #expect(diagnostics.last?.message == "the moved code of 'applicationDidEnterBackground(_:)' assigns 'saves', whose setter is private to 'AppDelegate'; remove 'private(set)' so that the scene delegate can set it")
        let generated = try Self.generated(plan)
        #expect(generated.contains("    private var backgroundTask: UIBackgroundTaskIdentifier {\n        get { appDelegate.backgroundTask }\n        set { appDelegate.backgroundTask = newValue }\n    }\n"))
        #expect(generated.contains("    private var saves: Int {\n        get { appDelegate.saves }\n        set { appDelegate.saves = newValue }\n    }\n"))
        #expect(generated.contains("    private func endTask() {\n        appDelegate.endTask()\n    }\n"))
        #expect(generated.contains("    private func archive(_ note: String) {\n        appDelegate.archive(note)\n    }\n"))
    }

    /// `self` captured in closures, under another name: its members are forwarded, and binding
    /// it is not passing it.
    @Test func selfUnderAnotherNameIsFollowed() throws {
        let source = Self.plainAppDelegate.replacingOccurrences(of: "    var window: UIWindow?\n", with: "    var window: UIWindow?\n    var counter = 0\n")
            .replacingOccurrences(of: "Store.shared.save()", with: """
            DispatchQueue.main.async { [weak self] in
                        guard let strongSelf = self else { return }
                        strongSelf.counter += 1
                    }
                    Store.shared.flush { [weak self] in
                        guard let self = self else { return }
                        self.counter = 0
                    }
            """)
        let (plan, diagnostics, _) = Self.plan(["AppDelegate.swift": source])
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        #expect(try Self.generated(plan).contains("    private var counter: Int {\n        get { appDelegate.counter }\n        set { appDelegate.counter = newValue }\n    }\n"))
    }

    static func launching(_ body: String) -> String {
        """
        import UIKit

        @main
        class AppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?

            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        \(body)
                return true
            }
        }

        """
    }

    /// Issue 36, item 5: window set-up after `guard … else { return true }` moved to the scene
    /// unconditionally, without a word. A plain early return moves with it; any other keeps the
    /// set-up quoted, with a warning that says why.
    @Test func earlyReturnsBeforeTheWindowAreKeptOrWarnedAbout() throws {
        let guarded = Self.launching("""
                guard !ProcessInfo.processInfo.arguments.contains("-unit-tests") else { return true }
                if Settings.isLocked { return false }
                window = UIWindow(frame: UIScreen.main.bounds)
                window?.makeKeyAndVisible()
        """)
        let (plan, diagnostics, _) = Self.plan(["AppDelegate.swift": guarded])
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        #expect(try Self.generated(plan).contains("""
                    // Moved from 'application(_:didFinishLaunchingWithOptions:)' of 'AppDelegate' (AppDelegate.swift:8-11): the window set-up, for this scene.
                    guard !ProcessInfo.processInfo.arguments.contains("-unit-tests") else { return }
                    if Settings.isLocked { return }
                    window = UIWindow(windowScene: windowScene)
                    window?.makeKeyAndVisible()
                }
            """))
        for (early, reason) in [
            ("guard Store.shared.load() else {\n            log(\"no store\")\n            return false\n        }", "it follows an early return ('guard' on line 10), which the scene would not take"),
            ("if launchOptions?[.url] != nil { return true }", "it follows an early return whose condition reads 'launchOptions', which a scene does not have"),
            ("do {\n            try Store.shared.open()\n        } catch {\n            return false\n        }", "it follows an early return ('do' on line 11), which the scene would not take"),
        ] {
            let source = Self.launching("        \(early)\n        window = UIWindow(frame: UIScreen.main.bounds)\n        window?.makeKeyAndVisible()")
            let (quoted, warnings, _) = Self.plan(["AppDelegate.swift": source])
            #expect(warnings.filter { $0.id == "migrateWindowSetUpQuoted" }.map(\.message) == ["the window set-up of 'application(_:didFinishLaunchingWithOptions:)' is quoted in 'scene(_:willConnectTo:options:)', not moved: \(reason)"])
            #expect(try Self.generated(quoted).contains("        window = UIWindow(windowScene: windowScene)\n        // 'application(_:didFinishLaunchingWithOptions:)' of 'AppDelegate'"))
        }
        // An early return after the set-up changes nothing.
        let after = Self.launching("        window = UIWindow(frame: UIScreen.main.bounds)\n        window?.makeKeyAndVisible()\n        guard Store.shared.load() else { log(); return false }")
        #expect(Self.plan(["AppDelegate.swift": after]).1.isEmpty)
    }

    /// Issue 44: the window set-up's lines were found by looking for LF only, so in a file with
    /// lone-CR (old Mac) line ends a statement's "line" was the whole file: set-up that moves
    /// with LF was kept quoted, and a quoted line kept its CRs, which end a `//` comment and
    /// made the rest of the quote code. Every kind of line end plans and generates the same.
    @Test(arguments: ["\r", "\r\n"])
    func everyLineEndMovesAndQuotesTheSame(_ lineEnd: String) throws {
        let moved = Self.launching("""
                guard !ProcessInfo.processInfo.arguments.contains("-unit-tests") else { return true }
                window = UIWindow(frame: UIScreen.main.bounds)
                window?.rootViewController = RootViewController()
                window?.makeKeyAndVisible()
        """)
        let quoted = Self.launching("""
                if launchOptions?[.url] != nil { return true }
                window = UIWindow(frame: UIScreen.main.bounds)
                window?.makeKeyAndVisible()
        """)
        // LF for every line end, and without the header's hash (of the bytes, CRs included).
        func normalised(_ text: String) -> String {
            text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
                .split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("// lifecycle-hash:") }.joined(separator: "\n")
        }
        for source in [moved, quoted] {
            let (lfPlan, lfDiagnostics, _) = Self.plan(["AppDelegate.swift": source])
            let (plan, diagnostics, _) = Self.plan(["AppDelegate.swift": source.replacingOccurrences(of: "\n", with: lineEnd)])
            #expect(diagnostics.map(\.message) == lfDiagnostics.map(\.message))
            let generated = try Self.generated(plan)
            #expect(normalised(generated) == normalised(try Self.generated(lfPlan)))
            // No quoted line holds a line end of its own: each comment ends where its line does.
            for line in normalised(generated).split(separator: "\n") where line.contains("//     ") {
                #expect(!generated.contains(line + "\r"), "\(line)")
            }
        }
        #expect(try Self.generated(Self.plan(["AppDelegate.swift": moved]).0).contains("window?.rootViewController = RootViewController()\n"))
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
