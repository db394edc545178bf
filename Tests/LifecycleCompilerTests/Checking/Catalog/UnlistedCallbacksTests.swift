import LifecycleCompiler
@testable import LifecycleChecking
import Testing

/// Each catalog's `unlisted` holds only what the catalog lacks: an entry the catalog has gained
/// would never be consulted (the catalog is searched first) and would only mislead a reader.
@Suite struct UnlistedCallbacksTests {
    @Test("no unlisted callback of a module is in its catalog", arguments: BuiltInModules.names)
    func unlistedCallbacksAreNotInTheCatalog(_ module: String) throws {
        let catalog = try #require(BuiltInModules.named(module))
        let compilation = Compiler.compile(path: "Probe.lifecycle", source: "import \(module)\n")
        let model = try #require(compilation.model)
        let catalogued = Set(model.types.filter { $0.origin == module }.flatMap { type in type.methods.map(\.selector) })
        let listedTwice = catalog.unlisted.keys.filter(catalogued.contains).sorted()
        #expect(listedTwice.isEmpty, "in \(module)'s unlisted and in its catalog: \(listedTwice)")
    }

    @Test("every unlisted callback belongs to a catalogued type", arguments: BuiltInModules.names)
    func unlistedOwnersAreCatalogued(_ module: String) throws {
        let catalog = try #require(BuiltInModules.named(module))
        let compilation = Compiler.compile(path: "Probe.lifecycle", source: "import \(module)\n")
        let model = try #require(compilation.model)
        let types = Set(model.types.map(\.name))
        for (selector, entry) in catalog.unlisted.sorted(by: { $0.key < $1.key }) {
            #expect(types.contains(entry.owner), "'\(selector)' belongs to '\(entry.owner)', which the \(module) catalog lacks")
        }
    }

    @Test("UIKit's unlisted view-controller method gets the extension to declare it")
    func unlistedUIKitCallbackIsExplained() throws {
        #expect(UIKitCatalog.unlisted["prepare(for:sender:)"] != nil)
        #expect(UIKitCatalog.unlisted["updateContentUnavailableConfiguration(using:)"] == nil, "it is a catalogued callback now")
    }
}
