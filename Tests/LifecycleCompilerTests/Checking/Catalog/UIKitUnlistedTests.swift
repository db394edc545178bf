@testable import LifecycleCompiler
import Testing

/// `UIKitUnlisted` holds only what the catalog lacks: an entry the catalog has gained would
/// never be consulted (the catalog is searched first) and would only mislead a reader.
@Suite struct UIKitUnlistedTests {
    @Test("no unlisted UIKit callback is in the catalog")
    func unlistedCallbacksAreNotInTheCatalog() throws {
        let compilation = Compiler.compile(path: "Probe.lifecycle", source: "import UIKit\n")
        let model = try #require(compilation.model)
        let catalogued = Set(model.types.flatMap { type in type.methods.map(\.selector) })
        #expect(catalogued.count >= 60)
        let listedTwice = UIKitUnlisted.callbacks.keys.filter(catalogued.contains).sorted()
        #expect(listedTwice.isEmpty, "in UIKitUnlisted and in the catalog: \(listedTwice)")
    }

    @Test("every unlisted UIKit callback belongs to a catalogued type")
    func unlistedOwnersAreCatalogued() throws {
        let compilation = Compiler.compile(path: "Probe.lifecycle", source: "import UIKit\n")
        let model = try #require(compilation.model)
        let types = Set(model.types.map(\.name))
        for (selector, entry) in UIKitUnlisted.callbacks.sorted(by: { $0.key < $1.key }) {
            #expect(types.contains(entry.owner), "'\(selector)' belongs to '\(entry.owner)', which the catalog lacks")
        }
    }
}
