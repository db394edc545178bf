import CatalogGeneration
import Foundation
import Testing
import LifecycleCompiler
@testable import LifecycleChecking

/// The committed catalogs are what `lifecycle-catalog` writes: regenerated here from the trimmed
/// sample of Apple's symbol graphs it keeps (`Fixtures/SymbolGraphs/<platform>`, written by
/// `--write-sample`), with today's selection, overlay and notes, each is the same file byte for
/// byte. And the catalogs say what Apple's graphs say.
@Suite struct CatalogGeneratorTests {
    static let catalogFolder = Repository.root.appendingPathComponent("Sources/LifecycleChecking/Checking/Catalog")
    static let catalogFile = catalogFolder.appendingPathComponent("UIKitCatalog.swift")

    /// The sample graphs of a platform (`iOS`, `macOS`).
    static func sampleGraphs(_ platform: String = "iOS") throws -> [SymbolGraph] {
        let folder = Repository.fixtures.appendingPathComponent("SymbolGraphs/\(platform)")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".symbols.json") }.sorted().map { name in
            try SymbolGraph(bytes: Array(Data(contentsOf: folder.appendingPathComponent(name))), name: name)
        }
    }

    static func regenerated(_ module: String = "UIKit") throws -> CatalogGenerator.Output {
        let definition = try #require(CatalogSelection.catalog(module))
        let catalog = try #require(BuiltInModules.named(module))
        return try CatalogGenerator(sdk: catalog.sdk, definition: definition, graphs: sampleGraphs(definition.platform)).generate()
    }

    /// Every generated catalog (SwiftUI's is kept by hand).
    static let generatedModules = CatalogSelection.catalogs.map(\.module)

    @Test("every committed catalog is what the generator writes from the sample (run lifecycle-catalog after changing it)",
          arguments: generatedModules)
    func committedCatalogIsGenerated(_ module: String) throws {
        let output = try Self.regenerated(module)
        GoldenFile.check(output.file, against: Self.catalogFolder.appendingPathComponent("\(module)Catalog.swift"))
        // Every callback has this project's note; UIKit's one message read leniently is said.
        #expect(output.report == (module == "UIKit" ? ["'application(_:didUpdate:)': Apple's message says 'scene(_:didUpdate)', read as 'scene(_:didUpdate:)'"] : []))
    }

    @Test("every generated catalog is a built-in module, and every built-in module but SwiftUI is generated")
    func catalogsAreModules() {
        #expect(Set(Self.generatedModules + ["SwiftUI"]) == Set(BuiltInModules.names))
    }

    @Test("the sample holds what the generator reads, and nothing more", arguments: ["iOS", "macOS"])
    func sampleIsMinimal(_ platform: String) throws {
        let graphs = try Self.sampleGraphs(platform)
        var consulted: [String: Set<String>] = [:]
        for definition in CatalogSelection.catalogs where definition.platform == platform {
            for (module, kept) in try Self.regenerated(definition.module).consulted { consulted[module, default: []].formUnion(kept) }
        }
        for graph in graphs {
            #expect(Set(graph.symbols.map(\.identifier)) == consulted[graph.module] ?? [], "\(graph.module): the sample should be rewritten with --write-sample")
        }
        let folder = Repository.fixtures.appendingPathComponent("SymbolGraphs/\(platform)")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            #expect(try Data(contentsOf: folder.appendingPathComponent(name)).count < 300_000, "\(name) is larger than a sample should be")
        }
    }

    /// The Swift-visible delegate callbacks of each framework's protocols in the iOS 26.2 and
    /// macOS 15.5 SDKs (one per Objective-C selector; `async` forms are unlisted), by owner.
    static let expectedCounts: [String: [String: Int]] = [
        "UIKit": ["UIViewController": 29, "UIApplicationDelegate": 53, "UISceneDelegate": 13, "UIWindowSceneDelegate": 5],
        "AppKit": ["NSViewController": 10, "NSApplicationDelegate": 45, "NSWindowDelegate": 53],
        "Foundation": ["URLSessionDelegate": 3, "URLSessionTaskDelegate": 11, "URLSessionDataDelegate": 5, "URLSessionDownloadDelegate": 3,
                       "URLSessionStreamDelegate": 4, "URLSessionWebSocketDelegate": 2],
        "AVFAudio": ["AVAudioPlayerDelegate": 4, "AVAudioRecorderDelegate": 4],
        "AVFoundation": ["AVCapturePhotoCaptureDelegate": 10, "AVCaptureFileOutputRecordingDelegate": 5,
                         "AVCaptureVideoDataOutputSampleBufferDelegate": 2, "AVCaptureAudioDataOutputSampleBufferDelegate": 1,
                         "AVCaptureMetadataOutputObjectsDelegate": 1, "AVCaptureDepthDataOutputDelegate": 2,
                         "AVCaptureDataOutputSynchronizerDelegate": 1],
        "BackgroundTasks": [:],
        "CoreBluetooth": ["CBCentralManagerDelegate": 9, "CBPeripheralDelegate": 15, "CBPeripheralManagerDelegate": 12],
        "CoreLocation": ["CLLocationManagerDelegate": 19],
        "UserNotifications": ["UNUserNotificationCenterDelegate": 3],
        "WatchConnectivity": ["WCSessionDelegate": 14],
        "WebKit": ["WKNavigationDelegate": 15, "WKUIDelegate": 19],
    ]

    @Test("every Swift-visible callback of the catalogued protocols and classes is in the catalog, each with its Objective-C selector",
          arguments: generatedModules)
    func everyCallbackIsCatalogued(_ module: String) throws {
        let output = try Self.regenerated(module)
        let expected = try #require(Self.expectedCounts[module])
        #expect(Dictionary(uniqueKeysWithValues: output.callbacksByOwner.map { ($0.owner, $0.count) }) == expected)
        let model = try #require(Compiler.compile(path: "Probe.lifecycle", source: "import \(module)\n").model)
        let additions = CatalogOverlay.additions.filter { expected[$0.owner] != nil }.count
        let methods = model.types.filter { expected[$0.name] != nil }.flatMap(\.methods)
        #expect(methods.count == expected.values.reduce(0, +) + additions)
        for method in methods {
            let selector = try #require(method.objcSelector, "\(method.selector) has no Objective-C selector")
            #expect(selector.filter { $0 == ":" }.count == method.parameters.count, "\(method.selector): \(selector)")
        }
        // Apple's availability wherever the SDK gives it: every iOS callback; AppKit's headers leave
        // twenty of macOS 10.0's old callbacks unannotated (`applicationShouldTerminate(_:)`).
        let unannotated = methods.filter { $0.availability == nil }.map(\.selector)
        #expect(unannotated.count == (module == "AppKit" ? 20 : 0), "\(unannotated)")
    }

    @Test("UIKit's two window properties, and the view controller's content-unavailable callback (issue 39)")
    func uikitSpecifics() throws {
        let output = try Self.regenerated()
        #expect(output.propertyCount == 2)
        let model = try #require(Compiler.compile(path: "Probe.lifecycle", source: "import UIKit\n").model)
        let controller = try #require(model.types.first { $0.name == "UIViewController" })
        let update = try #require(controller.methods.first { $0.selector == "updateContentUnavailableConfiguration(using:)" })
        #expect(update.availability?.introduced == PlatformVersion("17.0"))
        #expect(update.objcSelector == "_bridgedUpdateContentUnavailableConfigurationUsingState:")
        let launch = try #require(model.types.flatMap(\.methods).first { $0.selector == "application(_:didFinishLaunchingWithOptions:)" })
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

    @Test("what Swift 6 needs is read from the graphs: isolation, Sendable, required members, refined protocols")
    func isolationAndRequirements() throws {
        #expect(UIKitCatalog.isolation["UIApplicationDelegate"] == .mainActor)
        #expect(UIKitCatalog.isolation["UIViewController"] == .mainActor)
        // AppKit's protocols are not `@MainActor` in the macOS 15.5 SDK; every member of them is.
        #expect(AppKitCatalog.isolation["NSApplicationDelegate"] == .mainActor)
        #expect(AppKitCatalog.isolation["NSViewController"] == .mainActor)
        #expect(WebKitCatalog.isolation["WKNavigationDelegate"] == .mainActor)
        #expect(FoundationCatalog.isolation["URLSessionDelegate"] == .sendable)
        #expect(CoreBluetoothCatalog.isolation["CBPeripheralDelegate"] == nil)
        #expect(FoundationCatalog.required == ["URLSessionDownloadDelegate.URLSession:downloadTask:didFinishDownloadingToURL:"])
        #expect(CoreBluetoothCatalog.required.contains("CBCentralManagerDelegate.centralManagerDidUpdateState:"))
        let model = try #require(Compiler.compile(path: "Probe.lifecycle", source: "import Foundation\n").model)
        let data = try #require(model.types.first { $0.name == "URLSessionDataDelegate" })
        #expect(data.parents.map { model.types[$0].name } == ["URLSessionTaskDelegate"])
        #expect(AVFoundationCatalog.reexports == ["AVFAudio"])
    }

    @Test("overloads Swift names alike are both catalogued, each named by its Objective-C selector")
    func overloadsAreKept() throws {
        let model = try #require(Compiler.compile(path: "Probe.lifecycle", source: "import CoreBluetooth\n").model)
        let peripheral = try #require(model.types.first { $0.name == "CBPeripheralDelegate" })
        let updates = peripheral.methods.filter { $0.selector == "peripheral(_:didUpdateValueFor:error:)" }
        #expect(updates.map(\.reference) == ["peripheral:didUpdateValueForCharacteristic:error:", "peripheral:didUpdateValueForDescriptor:error:"])
        #expect(updates.allSatisfy { $0.isOverloaded })
        #expect(peripheral.methods.filter(\.isOverloaded).count == 4)
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

    @Test("a protocol Apple renames stops the generator, by name")
    func missingProtocolFails() throws {
        var graphs = try Self.sampleGraphs()
        let index = try #require(graphs.firstIndex { $0.module == "CoreBluetooth" })
        graphs[index].symbols.removeAll { $0.pathComponents == ["CBPeripheralDelegate"] }
        let definition = try #require(CatalogSelection.catalog("CoreBluetooth"))
        do {
            _ = try CatalogGenerator(sdk: "iOS 26.2", definition: definition, graphs: graphs).generate()
            Issue.record("the generator went on without CBPeripheralDelegate")
        } catch {
            #expect(error.description.contains("CBPeripheralDelegate"))
        }
    }
}
