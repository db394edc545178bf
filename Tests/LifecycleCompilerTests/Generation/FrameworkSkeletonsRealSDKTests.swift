import Foundation
import Testing
import LifecycleCompiler
@testable import LifecycleChecking

/// Every callback of every generated catalog besides UIKit's (whose skeleton `RealSDKTests`
/// checks), generated into one delegate per protocol or class, type-checks against Apple's real
/// SDK — iOS 26.2, or macOS 15.5 for AppKit — in Swift 5 and Swift 6 language modes: the
/// catalogs' signatures, the `import`s, `final`, `@MainActor` and `nonisolated` are right.
///
/// Runs where `IOSTypecheck` finds the tool and its SDK; elsewhere it says it skipped.
@Suite(.serialized) struct FrameworkSkeletonsRealSDKTests {
    /// The modules checked here: every catalog generated from the SDK but UIKit's.
    static let modules = BuiltInModules.names.filter { !["UIKit", "SwiftUI"].contains($0) }

    /// A spec importing `module` whose one machine per protocol or class of the module requires
    /// every callback of it (an overload by its Objective-C selector), and how many that is.
    static func everyCallbackSpec(_ module: String) throws -> (spec: String, count: Int) {
        let header = "import \(module)\n" + (module == "AppKit" ? "platform macOS 13\n" : "")
        let model = try #require(Compiler.compile(path: "Probe.lifecycle", source: header).model)
        var spec = header
        var count = 0
        for type in model.types where type.origin == module && type.name != "NSObject" && !type.methods.isEmpty {
            let adopted = type.kind == .protocol ? "NSObject, \(type.name)" : type.name
            spec += "machine \(type.name)Machine {\n    delegate \(type.name)Handler: \(adopted)\n    initial state A\n    final state B\n    A -> B on go\n"
            for method in type.methods {
                spec += "    require \(method.reference)\n"
                count += 1
            }
            spec += "}\n"
        }
        return (spec, count)
    }

    /// The Swift generated for `everyCallbackSpec(module)`.
    static func everyCallbackSwift(_ module: String) throws -> (swift: String, count: Int) {
        let (spec, count) = try everyCallbackSpec(module)
        let compilation = Compiler.compile(path: "\(module).lifecycle", source: spec)
        let model = try #require(compilation.model, "\(compilation.diagnostics)")
        #expect(compilation.diagnostics.errorCount == 0, "\(compilation.diagnostics.all)")
        return (String(decoding: SwiftGenerator(model: model).body(), as: UTF8.self), count)
    }

    @Test("the URLSession download delegate of issue 39 checks with 'import Foundation' alone")
    func theDownloaderChecks() throws {
        let spec = """
        import Foundation
        machine Download {
            delegate EpisodeDownloader: NSObject, URLSessionDownloadDelegate
            initial state Idle
            final state Done
            Idle -> Done on finish by system calls urlSession(_:downloadTask:didFinishDownloadingTo:)
        }
        """
        let compilation = Compiler.compile(path: "Downloads.lifecycle", source: spec)
        #expect(compilation.diagnostics.all.isEmpty, "\(compilation.diagnostics.all)")
        let model = try #require(compilation.model)
        let swift = String(decoding: SwiftGenerator(model: model).body(), as: UTF8.self)
        #expect(swift.hasPrefix("import Foundation\n"))
        #expect(swift.contains("final class EpisodeDownloader: NSObject, URLSessionDownloadDelegate {"))
        // Foundation's protocol is imported, never declared again.
        #expect(!swift.contains("protocol URLSessionDownloadDelegate"))
    }

    @Test("every framework's every callback has a catalog entry and generates", arguments: modules)
    func everyCallbackGenerates(_ module: String) throws {
        let (swift, count) = try Self.everyCallbackSwift(module)
        #expect(swift.hasPrefix("import \(module)\n") || module == "BackgroundTasks")
        #expect(!swift.contains("protocol "), "a framework's protocol is declared again:\n\(swift)")
        print("\(module): \(count) callbacks")
    }

    @Test("every framework's every callback type-checks against the real SDK in Swift 5 and 6 modes")
    func everyCallbackTypeChecks() throws {
        guard IOSTypecheck.isAvailable(for: "the frameworks' skeletons") else { return }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-frameworks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var ios: [URL] = []
        var macos: [URL] = []
        for module in Self.modules {
            let (swift, count) = try Self.everyCallbackSwift(module)
            guard count > 0 else { continue }
            let file = scratch.appendingPathComponent("Every\(module).swift")
            try swift.write(to: file, atomically: true, encoding: .utf8)
            if module == "AppKit" { macos.append(file) } else { ios.append(file) }
        }
        #expect(!ios.isEmpty && !macos.isEmpty)
        for version in [5, 6] {
            let iosResult = try IOSTypecheck.typecheck(ios, swiftVersion: version)
            #expect(iosResult.succeeded, "iOS, Swift \(version):\n\(iosResult.output)")
            let macResult = try IOSTypecheck.typecheck(macos, target: "arm64-apple-macos13.0", platform: "macos", swiftVersion: version)
            #expect(macResult.succeeded, "macOS 13, Swift \(version):\n\(macResult.output)")
        }
    }
}
