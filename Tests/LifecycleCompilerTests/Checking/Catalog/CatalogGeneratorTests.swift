import CatalogGeneration
import Foundation
import Testing
@testable import LifecycleCompiler

/// The committed catalog is what `lifecycle-catalog` writes: regenerated here from the trimmed
/// sample of Apple's symbol graphs it keeps (`Fixtures/SymbolGraphs`, written by
/// `--write-sample`), with today's selection, overlay and notes, it is the same file byte for
/// byte. And the catalog says what Apple's graphs say.
@Suite struct CatalogGeneratorTests {
    static let catalogFile = Repository.root.appendingPathComponent("Sources/LifecycleCompiler/Checking/Catalog/UIKitCatalog.swift")

    static func sampleGraphs() throws -> [SymbolGraph] {
        let folder = Repository.fixtures.appendingPathComponent("SymbolGraphs")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".symbols.json") }.sorted().map { name in
            try SymbolGraph(bytes: Array(Data(contentsOf: folder.appendingPathComponent(name))), name: name)
        }
    }

    static func regenerated() throws -> CatalogGenerator.Output {
        try CatalogGenerator(sdk: UIKitCatalog.sdk, graphs: sampleGraphs()).generate()
    }

    @Test("the committed catalog is what the generator writes from the sample (run lifecycle-catalog after changing it)")
    func committedCatalogIsGenerated() throws {
        let output = try Self.regenerated()
        GoldenFile.check(output.file, against: Self.catalogFile)
        #expect(output.report == ["'application(_:didUpdate:)': Apple's message says 'scene(_:didUpdate)', read as 'scene(_:didUpdate:)'"])
    }

    @Test("the sample holds what the generator reads, and nothing more")
    func sampleIsMinimal() throws {
        let graphs = try Self.sampleGraphs()
        let output = try Self.regenerated()
        for graph in graphs {
            let kept = output.consulted[graph.module] ?? []
            #expect(Set(graph.symbols.map(\.identifier)) == kept, "\(graph.module): the sample should be rewritten with --write-sample")
        }
        let bytes = try FileManager.default.contentsOfDirectory(atPath: Repository.fixtures.appendingPathComponent("SymbolGraphs").path)
            .map { try Data(contentsOf: Repository.fixtures.appendingPathComponent("SymbolGraphs/\($0)")).count }.reduce(0, +)
        #expect(bytes < 300_000)
    }

    /// The four owners' 101 Swift-visible callbacks of the iOS 26.2 SDK (99 methods, 2 `window`
    /// properties), and the overlay's one newer callback.
    @Test("every Swift-visible callback of the four owners is in the catalog, each with its Objective-C selector")
    func everyCallbackIsCatalogued() throws {
        let output = try Self.regenerated()
        #expect(output.callbackCount == 99)
        #expect(output.propertyCount == 2)
        let model = try #require(Compiler.compile(path: "Probe.lifecycle", source: "import UIKit\n").model)
        let owners = ["UIApplicationDelegate", "UISceneDelegate", "UIWindowSceneDelegate", "UIViewController"]
        let methods = model.types.filter { owners.contains($0.name) }.flatMap(\.methods)
        let properties = model.types.filter { owners.contains($0.name) }.flatMap(\.properties)
        #expect(methods.count == 99 + CatalogOverlay.additions.count)
        #expect(properties.count == 2)
        for method in methods {
            let selector = try #require(method.objcSelector, "\(method.selector) has no Objective-C selector")
            #expect(selector.filter { $0 == ":" }.count == method.parameters.count, "\(method.selector): \(selector)")
            #expect(method.availability != nil, "\(method.selector) has no availability")
        }
        let launch = try #require(methods.first { $0.selector == "application(_:didFinishLaunchingWithOptions:)" })
        #expect(launch.objcSelector == "application:didFinishLaunchingWithOptions:")
    }

    @Test("Apple's availability and message, verbatim: scene(_:restoreInteractionStateWith:) is iOS 13.0, not 17.0")
    func applesAvailability() throws {
        let model = try #require(Compiler.compile(path: "Probe.lifecycle", source: "import UIKit\n").model)
        func method(_ owner: String, _ selector: String) throws -> Method {
            try #require(model.types.first { $0.name == owner }?.methods.first { $0.selector == selector }, "\(owner).\(selector)")
        }
        #expect(try method("UISceneDelegate", "scene(_:restoreInteractionStateWith:)").availability?.introduced == PlatformVersion("13.0"))
        let active = try method("UIApplicationDelegate", "applicationDidBecomeActive(_:)").availability
        #expect(active?.message == "Use UIScene lifecycle and sceneDidBecomeActive(_:) from UISceneDelegate or the UIApplication.didBecomeActiveNotification instead.")
        #expect(active?.deprecated == PlatformVersion("26.0"))
        // The overlay: iOS 27 moves the supported orientations to the window scene delegate.
        let orientations = try method("UIApplicationDelegate", "application(_:supportedInterfaceOrientationsFor:)").availability
        #expect(orientations?.deprecated == PlatformVersion("27.0"))
        #expect(orientations?.renamed == "UIWindowSceneDelegate.supportedInterfaceOrientations(for:)")
        let scene = try method("UIWindowSceneDelegate", "supportedInterfaceOrientations(for:)")
        #expect(scene.availability?.introduced == PlatformVersion("27.0"))
        #expect(scene.objcSelector == "supportedInterfaceOrientationsForWindowScene:")
    }

    @Test("a spec for iOS 15 that restores interaction state checks clean (the catalog said iOS 17.0)")
    func restoreInteractionStateOnIOS15() {
        let spec = """
        import UIKit
        platform iOS 15.0
        machine Scene {
            delegate SceneDelegate: UIResponder, UIWindowSceneDelegate
            initial state Connected
            final state Restored
            Connected -> Restored on restore by system calls scene(_:restoreInteractionStateWith:)
        }
        """
        let compilation = Compiler.compile(path: "Restore.lifecycle", source: spec)
        #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics.sorted().map(\.message))")
    }

    @Test("the scene replacements come from Apple's messages, plus the overlay's")
    func sceneReplacements() {
        #expect(Checker.sceneReplacements["applicationDidBecomeActive(_:)"] == "sceneDidBecomeActive(_:)")
        #expect(Checker.sceneReplacements["application(_:didUpdate:)"] == "scene(_:didUpdate:)")
        #expect(Checker.sceneReplacements["application(_:open:options:)"] == "scene(_:openURLContexts:)")
        #expect(Checker.sceneReplacements["applicationDidEnterBackground(_:)"] == "sceneDidEnterBackground(_:)")
        #expect(Checker.sceneReplacements["applicationWillTerminate(_:)"] == nil)
        #expect(Checker.sceneReplacements.count == 11)
    }

    @Test("a callback Apple drops from the view controller stops the generator, by name")
    func missingViewControllerCallbackFails() throws {
        var graphs = try Self.sampleGraphs()
        let index = try #require(graphs.firstIndex { $0.module == "UIKit" })
        graphs[index].symbols.removeAll { $0.identifier == "c:objc(cs)UIViewController(im)viewIsAppearing:" }
        #expect(throws: CatalogError.self) { try CatalogGenerator(sdk: "iOS 26.2", graphs: graphs).generate() }
        do {
            _ = try CatalogGenerator(sdk: "iOS 26.2", graphs: graphs).generate()
        } catch {
            #expect(error.description.contains("viewIsAppearing:"))
        }
    }
}
