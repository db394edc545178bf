import Testing
import LifecycleCompiler
@testable import LifecycleGeneration

/// What a learner meets first: the fix-its of the messages for what they actually type (the
/// messages themselves are in the broken-spec corpus), and the generated Swift and DOT of the
/// constructs the examples teach with.
@Suite struct LearnerFacingTests {
    static func compile(_ source: String) -> Compilation {
        Compiler.compile(path: "T.lifecycle", source: source)
    }

    /// The single diagnostic of `source`, with its fix-it applied to the source text.
    static func fixed(_ source: String) throws -> String {
        let compilation = compile(source)
        try #require(compilation.diagnostics.all.count == 1, "\(compilation.diagnostics.all.map(\.message))")
        let fixIt = try #require(compilation.diagnostics.all[0].fixIt)
        var bytes = Array(source.utf8)
        bytes.replaceSubrange(fixIt.range.startOffset..<fixIt.range.endOffset, with: Array(fixIt.replacement.utf8))
        return String(decoding: bytes, as: UTF8.self)
    }

    static func scene(_ calls: String) -> String {
        """
        import UIKit
        machine Scene {
            delegate SceneDelegate: UIResponder, UIWindowSceneDelegate
            initial state Inactive
            state Active
            Inactive -> Active on activate by system calls \(calls)
            Active -> Inactive on interrupt by user calls sceneWillResignActive(_:)
        }
        """
    }

    @Test(arguments: [
        ("sceneDidBecomeActive:", "sceneDidBecomeActive(_:)"),
        ("scene(:willConnectTo:options:)", "scene(_:willConnectTo:options:)"),
        ("scene(_:willConnectTo:options)", "scene(_:willConnectTo:options:)"),
        ("applicationDidBecomeActive(_:)", "sceneDidBecomeActive(_:)"),
    ])
    func fixItGivesTheSwiftReference(_ written: String, _ meant: String) throws {
        let fixed = try Self.fixed(Self.scene(written))
        #expect(fixed == Self.scene(meant))
        #expect(Self.compile(fixed).diagnostics.isEmpty)
    }

    @Test func unicodeArrowAndModuleCaseHaveFixIts() throws {
        let arrow = "machine M {\n    initial state A\n    state B\n    A → B on go\n    B -> A on back\n}\n"
        #expect(try Self.fixed(arrow) == arrow.replacingOccurrences(of: "→", with: "->"))
        let module = Self.scene("sceneDidBecomeActive(_:)").replacingOccurrences(of: "import UIKit", with: "import UIkit")
        #expect(try Self.fixed(module) == Self.scene("sceneDidBecomeActive(_:)"))
    }

    static let sessions = """
        import UIKit
        machine AppSessions {
            delegate AppDelegate: UIResponder, UIApplicationDelegate
            initial state NotRunning
            state Running {
                internal on newSession by user calls application(_:configurationForConnecting:options:)
                internal on memoryWarning by system calls applicationDidReceiveMemoryWarning(_:) "Free caches."
            }
            NotRunning -> Running on launch by user calls application(_:didFinishLaunchingWithOptions:)
            Running -> NotRunning on terminate by system calls applicationWillTerminate(_:)
        }
        """
    static let sceneMachine = """
        machine Scene {
            delegate MySceneDelegate: UIResponder, UIWindowSceneDelegate
            initial state Unattached
            state Attached
            Unattached -> Attached on connect by user calls scene(_:willConnectTo:options:)
            Attached -> Unattached on disconnect by system calls sceneDidDisconnect(_:)
        }
        """

    static func swift(_ source: String) throws -> String {
        let compilation = compile(source)
        let model = try #require(compilation.model)
        #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics.all.map(\.message))")
        return String(decoding: SwiftGenerator(model: model).body(), as: UTF8.self)
    }

    @Test func sceneConfigurationNamesTheSceneDelegateClass() throws {
        let withScene = try Self.swift(Self.sessions + "\n" + Self.sceneMachine)
        #expect(withScene.contains("""
                    let configuration = UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
                    configuration.delegateClass = MySceneDelegate.self
                    return configuration
            """))
        // Without a scene machine there is no class to name: the plain configuration.
        let alone = try Self.swift(Self.sessions)
        #expect(!alone.contains("delegateClass"))
        #expect(alone.contains("return UISceneConfiguration(name: \"Default Configuration\", sessionRole: connectingSceneSession.role)"))
    }

    @Test func appDelegateHeaderSaysHowUIKitCreatesIt() throws {
        let text = try Self.swift(Self.sessions + "\n" + Self.sceneMachine)
        #expect(text.contains("/// UIKit creates this class at launch only when it is the app's entry point: mark it `@main`"))
        // Only the app delegate: the scene delegate is named by the configuration.
        #expect(text.components(separatedBy: "entry point").count == 2)
    }

    @Test func internalTransitionIsDocumentedAsStaying() throws {
        let text = try Self.swift(Self.sessions)
        #expect(text.contains("/// Runs on `memoryWarning` (by system) while `AppSessions` stays in `Running` (an internal transition), callback 1 of 1."))
    }

    @Test func internalTransitionsAreDrawnInsideTheirStateAndTheLegendSaysSo() throws {
        let model = try #require(Self.compile(Self.sessions).model)
        let dot = String(decoding: DotGenerator(model: model).body(), as: UTF8.self)
        // The name centered, each internal transition left-justified (`\l`), broken after the
        // slash past 40 characters, its second line indented.
        #expect(dot.contains(#"m0_s1 [label="Running\nnewSession (user) /\l    application(_:configurationForConnecting:options:)\lmemoryWarning (system) /\l    applicationDidReceiveMemoryWarning(_:)\l"]"#))
        #expect(!dot.contains("m0_s1 -> m0_s1"))
        let legend = try #require(dot.components(separatedBy: "label=<").last)
        #expect(legend.contains("internal: fires without"))
        #expect(legend.contains(">initial state<"))
        // No final state, no transition without 'by': no legend entries for them.
        #expect(!legend.contains("final state"))
        #expect(!legend.contains("trigger not given"))
    }

    @Test func descriptionsOptionWritesThemIntoTheDrawing() throws {
        let source = """
            machine M {
                initial state Idle "Nothing is playing, and nothing has been chosen to play yet."
                final state Done
                Idle -> Done on quit by user "The user closes the player."
            }
            """
        let model = try #require(Self.compile(source).model)
        let plain = String(decoding: DotGenerator(model: model).body(), as: UTF8.self)
        #expect(plain.contains(#"m0_s0 [label="Idle", tooltip="Nothing is playing, and nothing has been chosen to play yet."]"#))
        let drawn = String(decoding: DotGenerator(model: model, options: .init(descriptions: true)).body(), as: UTF8.self)
        // Wrapped at about 40 characters, between words; the tooltip stays.
        #expect(drawn.contains(#"m0_s0 [label="Idle\nNothing is playing, and nothing has been\nchosen to play yet.", tooltip="#))
        #expect(drawn.contains(#"m0_t0 [shape=plaintext, fontsize=9, width=0, height=0, margin=0.03, label="quit\nThe user closes the player.", tooltip="The user closes the player."];"#))
        #expect(DotGenerator.wrapped("a b c", width: 3) == ["a b", "c"])
    }

    @Test func legendExplainsFinalStatesAndTransitionsWithoutBy() throws {
        let model = try #require(Self.compile("machine M {\n    initial state A\n    final state B\n    A -> B on go\n}\n").model)
        let dot = String(decoding: DotGenerator(model: model).body(), as: UTF8.self)
        let legend = try #require(dot.components(separatedBy: "label=<").last)
        #expect(legend.contains(">final state<"))
        #expect(legend.contains(##"COLOR="#777777"></TD></TR><TR><TD HEIGHT="5"></TD></TR></TABLE></FONT></TD><TD ALIGN="LEFT"><FONT POINT-SIZE="9">no 'by': trigger not given<"##))
        #expect(!legend.contains("by user"))
        #expect(!legend.contains("internal"))
    }
}
