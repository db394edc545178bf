import Foundation
import Testing
@testable import LifecycleCompiler

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
            // name `CKShare.Metadata` and `INIntent`.
            for module in ["CloudKit", "Intents", "UIKit"] {
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
        let errors = try Self.typecheck(source, name: (path as NSString).lastPathComponent)
        #expect(errors.isEmpty, "\(path) does not type-check:\n\(errors)")
    }

    /// A spec whose three machines require every callback of the UIKit catalog (one delegate
    /// per owner), and how many callbacks that is.
    static func everyCallbackSpec() throws -> (spec: String, count: Int) {
        let catalog = Compiler.compile(path: "Probe.lifecycle", source: "import UIKit\n")
        let model = try #require(catalog.model)
        var spec = "import UIKit\n"
        var count = 0
        for (name, adopted) in [("App", "UIResponder, UIApplicationDelegate"), ("Scene", "UIResponder, UIWindowSceneDelegate"),
                                ("Screen", "UIViewController")] {
            let owners = adopted.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { $0 != "UIResponder" } + (name == "Scene" ? ["UISceneDelegate"] : [])
            spec += "machine \(name) {\n    delegate \(name)Delegate: \(adopted)\n    initial state A\n    final state B\n    A -> B on go\n"
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

    /// The Swift generated for `everyCallbackSpec()`.
    static func everyCallbackSwift() throws -> String {
        let compilation = Compiler.compile(path: "Everything.lifecycle", source: try everyCallbackSpec().spec)
        let everything = try #require(compilation.model, "\(compilation.diagnostics)")
        return String(decoding: SwiftGenerator(model: everything).body(), as: UTF8.self)
    }

    /// Every callback of the UIKit catalog, generated into one delegate per type, type-checks
    /// against the stand-in: the catalog's signatures, `returns` and `body` values are right.
    @Test("every UIKit catalog callback generates Swift that type-checks")
    func everyCatalogCallbackCompiles() throws {
        // The SDK's 99 callbacks of the four owners, and the overlay's one newer than it.
        #expect(try Self.everyCallbackSpec().count == 100)
        let swift = try Self.everyCallbackSwift()
        #expect(swift.contains("import UIKit\nimport CloudKit\nimport Intents\n"))
        #expect(swift.contains("completionHandler(.noData)"))
        let errors = try Self.typecheck(swift, name: "EveryCallback.swift")
        #expect(errors.isEmpty, "the generated delegates do not type-check:\n\(errors)\n\(swift)")
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
