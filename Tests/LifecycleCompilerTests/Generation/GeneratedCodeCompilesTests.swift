import Foundation
import Testing
import LifecycleCompiler

/// The generated Swift type-checks: UIKit examples against a stand-in module written from
/// Apple's documented signatures (`Fixtures/UIKitStandIn`), the others against the standard
/// library alone. Every golden DOT file renders with `dot` and no warnings.
@Suite(.serialized) struct GeneratedCodeCompilesTests {
    /// Builds the UIKit stand-in module once per run into a temporary folder.
    static let standInFolder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-uikit-\(getpid())")

    static let standIn: Result<URL, Error> = {
        Result {
            let folder = standInFolder
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // Removed when the test process exits.
            atexit { try? FileManager.default.removeItem(at: GeneratedCodeCompilesTests.standInFolder) }
            // CloudKit and Intents first: UIKit's stand-in imports them, as its delegate protocols
            // name `CKShare.Metadata` and `INIntent`; SwiftUI's imports UIKit's.
            for module in ["CloudKit", "Intents", "UIKit", "SwiftUI"] {
                let source = Repository.fixtures.appendingPathComponent("UIKitStandIn/\(module).swift")
                let result = try Shell.run("/usr/bin/env", ["swiftc", "-swift-version", "6", "-parse-as-library", "-emit-module",
                                                            "-module-name", module, "-I", folder.path, "-emit-module-path",
                                                            folder.appendingPathComponent("\(module).swiftmodule").path, source.path])
                guard result.status == 0 else { throw StandInError(message: result.stderr) }
            }
            return folder
        }
    }()

    struct StandInError: Error { var message: String }

    /// Type-checks Swift source; returns the compiler's errors (empty when it compiles).
    static func typecheck(_ source: String, name: String) throws -> String {
        let module = try standIn.get()
        let file = module.appendingPathComponent(name)
        try source.write(to: file, atomically: true, encoding: .utf8)
        let result = try Shell.run("/usr/bin/env", ["swiftc", "-swift-version", "6", "-parse-as-library", "-typecheck",
                                                    "-I", module.path, file.path])
        return result.status == 0 ? "" : result.stdout + result.stderr
    }

    /// The modules the stand-in declares (`Fixtures/UIKitStandIn`).
    static let standInModules: Set<String> = ["CloudKit", "Intents", "UIKit", "SwiftUI"]

    static var swiftFiles: [String] {
        let golden = ((try? FileManager.default.contentsOfDirectory(atPath: Repository.fixtures.appendingPathComponent("Golden").path)) ?? [])
            .filter { $0.hasSuffix(".swift") }.map { "Tests/LifecycleCompilerTests/Fixtures/Golden/\($0)" }
        let examples = ((try? FileManager.default.contentsOfDirectory(atPath: Repository.examples.path)) ?? [])
            .filter { $0.hasSuffix(".swift") }.map { "Examples/\($0)" }
        return (golden + examples).sorted()
    }

    @Test("generated Swift type-checks", arguments: swiftFiles)
    func compiles(_ path: String) throws {
        let source = try String(contentsOf: Repository.root.appendingPathComponent(path), encoding: .utf8)
        // The stand-in has UIKit, SwiftUI, CloudKit and Intents; a file importing another of
        // Apple's frameworks (AppKit, CoreBluetooth, Foundation's URLSession delegates) is
        // checked against the real SDK alone (`RealSDKTests`).
        let imports = source.split(separator: "\n").filter { $0.hasPrefix("import ") }.map { String($0.dropFirst("import ".count)) }
        if let missing = imports.first(where: { !Self.standInModules.contains($0) }) {
            print("\(path) imports \(missing), which the stand-in lacks: RealSDKTests type-checks it against Apple's SDK")
            return
        }
        let errors = try Self.typecheck(source, name: (path as NSString).lastPathComponent)
        #expect(errors.isEmpty, "\(path) does not type-check:\n\(errors)")
    }

    /// A spec whose three machines require every callback of the UIKit catalog (one delegate
    /// per owner, its name after `prefix`), for `platform` if given, and how many callbacks
    /// that is.
    static func everyCallbackSpec(platform: String? = nil, prefix: String = "") throws -> (spec: String, count: Int) {
        let catalog = Compiler.compile(path: "Probe.lifecycle", source: "import UIKit\n")
        let model = try #require(catalog.model)
        var spec = "import UIKit\n" + (platform.map { "platform iOS \($0)\n" } ?? "")
        var count = 0
        for (name, adopted) in [("App", "UIResponder, UIApplicationDelegate"), ("Scene", "UIResponder, UIWindowSceneDelegate"),
                                ("Screen", "UIViewController")] {
            let owners = adopted.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { $0 != "UIResponder" } + (name == "Scene" ? ["UISceneDelegate"] : [])
            spec += "machine \(name) {\n    delegate \(prefix)\(name)Delegate: \(adopted)\n    initial state A\n    final state B\n    A -> B on go\n"
            for type in model.types where owners.contains(type.name) {
                for method in type.methods {
                    spec += "    require \(method.selector)\n"
                    count += 1
                }
            }
            spec += "}\n"
        }
        return (spec, count)
    }

    /// The Swift generated for `everyCallbackSpec(platform:prefix:)`.
    static func everyCallbackSwift(platform: String? = nil, prefix: String = "") throws -> String {
        let compilation = Compiler.compile(path: "Everything.lifecycle", source: try everyCallbackSpec(platform: platform, prefix: prefix).spec)
        let everything = try #require(compilation.model, "\(compilation.diagnostics)")
        return String(decoding: SwiftGenerator(model: everything).body(), as: UTF8.self)
    }

    /// Every callback of the UIKit catalog, generated into one delegate per type, type-checks
    /// against the stand-in: the catalog's signatures, `returns` and `body` values are right.
    @Test("every UIKit catalog callback generates Swift that type-checks")
    func everyCatalogCallbackCompiles() throws {
        // The SDK's 100 callbacks of the four owners (updateContentUnavailableConfiguration(using:)
        // since issue 39), and the overlay's one newer than it.
        #expect(try Self.everyCallbackSpec().count == 101)
        let swift = try Self.everyCallbackSwift()
        #expect(swift.contains("import UIKit\nimport CloudKit\nimport Intents\n"))
        #expect(swift.contains("completionHandler(.noData)"))
        let errors = try Self.typecheck(swift, name: "EveryCallback.swift")
        #expect(errors.isEmpty, "the generated delegates do not type-check:\n\(errors)\n\(swift)")
    }

    /// A spec for iOS 15 whose callbacks are newer (iOS 26, and the overlay's iOS 27).
    static let newerCallbacksSpec = """
    import UIKit
    platform iOS 15.0
    machine Scene {
        delegate NewerSceneDelegate: UIResponder, UIWindowSceneDelegate
        initial state Connected
        final state Gone
        Connected -> Connected on resize by system calls windowScene(_:didUpdateEffectiveGeometry:), supportedInterfaceOrientations(for:)
        Connected -> Gone on close by user calls sceneDidDisconnect(_:)
    }
    machine Screen {
        delegate NewerScreenController: UIViewController
        initial state Shown
        Shown -> Shown on update by system calls updateProperties(), viewIsAppearing(_:)
    }
    """

    static func newerCallbacksSwift() throws -> String {
        let model = try #require(Compiler.compile(path: "Newer.lifecycle", source: newerCallbacksSpec).model)
        return String(decoding: SwiftGenerator(model: model).body(), as: UTF8.self)
    }

    /// Checked against the real SDK at iOS 15 by `RealSDKTests`, whose probe shows the error
    /// the attribute prevents.
    @Test("a callback newer than the spec's platform is generated @available from its version")
    func newerCallbacksAreMarkedAvailable() throws {
        let swift = try Self.newerCallbacksSwift()
        #expect(swift.contains("    @available(iOS 26.0, *)\n    func windowScene(_ windowScene: UIWindowScene, didUpdateEffectiveGeometry"))
        #expect(swift.contains("    @available(iOS 27.0, *)\n    func supportedInterfaceOrientations(`for` windowScene: UIWindowScene)"))
        #expect(swift.contains("    @available(iOS 26.0, *)\n    override func updateProperties()"))
        // iOS 13 is older than the platform: no attribute.
        #expect(!swift.contains("@available(iOS 13.0, *)"))
        let errors = try Self.typecheck(swift, name: "NewerCallbacks.swift")
        #expect(errors.isEmpty, "\(errors)\n\(swift)")
    }

    /// The hand-written delegates README's `check --impl` example reads are real Swift.
    @Test("Examples/Delegates type-check")
    func exampleDelegatesCompile() throws {
        let folder = Repository.examples.appendingPathComponent("Delegates")
        let app = try String(contentsOf: folder.appendingPathComponent("AppDelegate.swift"), encoding: .utf8)
        let scene = try String(contentsOf: folder.appendingPathComponent("SceneDelegate.swift"), encoding: .utf8)
        let errors = try Self.typecheck(app + "\n" + scene.replacingOccurrences(of: "import UIKit\n", with: ""), name: "Delegates.swift")
        #expect(errors.isEmpty, "Examples/Delegates do not type-check:\n\(errors)")
    }

    @Test("the stand-in rejects what real UIKit rejects, so passing means something")
    func standInIsStrict() throws {
        let wrongOverride = """
        import UIKit
        class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            override func sceneDidBecomeActive(_ scene: UIScene) {}
        }
        """
        #expect(try !Self.typecheck(wrongOverride, name: "WrongOverride.swift").isEmpty)
        let missingOverride = """
        import UIKit
        class ViewController: UIViewController {
            func viewDidLoad() {}
        }
        """
        #expect(try !Self.typecheck(missingOverride, name: "MissingOverride.swift").isEmpty)
    }

    static var dotFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: Repository.fixtures.appendingPathComponent("Golden").path)) ?? [])
            .filter { $0.hasSuffix(".dot") }.sorted()
    }

    @Test("golden DOT renders with no warnings", arguments: dotFiles)
    func renders(_ name: String) throws {
        guard let dot = try GraphvizRequirement.dot() else { return }
        let file = Repository.fixtures.appendingPathComponent("Golden/\(name)")
        let result = try Shell.run(dot, ["-Tsvg", file.path, "-o", "/dev/null"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "dot warned on \(name):\n\(result.stderr)")
    }
}
