import LifecycleModel

/// A module a spec imports by name (`import CoreBluetooth`): one framework's delegate callbacks,
/// written in the `.lifecycle` language, and what the checker and the Swift generator need to
/// know about them beside the declarations.
///
/// Every catalog but SwiftUI's is generated from Apple's symbol graphs by `lifecycle-catalog`
/// (`Sources/CatalogGenerator/README.md`); SwiftUI's is kept by hand in the same form. A catalog
/// is an `enum` whose members are constants, so a spec that imports UIKit alone never builds
/// Foundation's tables nor parses its source: `BuiltInModules.all` lists the types, not values.
package protocol BuiltInCatalog {
    /// The name a spec and Swift import: `CoreBluetooth`.
    static var module: String { get }
    /// How messages name the framework that calls the callbacks: `Core Bluetooth`.
    static var framework: String { get }
    /// The SDK the declarations come from: `iOS 26.2`, `macOS 15.5`.
    static var sdk: String { get }
    /// The declarations, as `.lifecycle` source the checker parses like a spec file.
    static var source: String { get }
    /// The protocols and classes the source declares, sorted: what `import` brings into scope,
    /// for a message that says which import a name needs.
    static var types: [String] { get }
    /// Types of other frameworks that callbacks name (`CKShare` → `CloudKit`): a generated file
    /// that implements such a callback imports the framework.
    static var frameworks: [String: String] { get }
    /// The protocol requirements that are not `optional`, as `Protocol.objcSelector`: a class
    /// adopting the protocol implements them whether or not the spec calls them.
    static var required: Set<String> { get }
    /// How Swift isolates each protocol and class that is isolated or `Sendable` (others are
    /// neither): what the generated class must be to conform in Swift 6 language mode.
    static var isolation: [String: TypeIsolation] { get }
    /// Real methods the catalog leaves out (the `async` forms of callbacks, other methods of a
    /// catalogued class), by Swift selector: a spec naming one is told how to declare it.
    static var unlisted: [String: (owner: String, signature: String)] { get }
    /// The modules an `import` of this one also brings, as in Swift (`AVFoundation` re-exports `AVFAudio`).
    static var reexports: [String] { get }
}

extension BuiltInCatalog {
    /// The file name diagnostics use for the catalog: `<CoreBluetooth>`.
    package static var fileName: String { "<\(module)>" }
}

/// The modules `import NAME` knows.
package enum BuiltInModules {
    /// Every built-in catalog, in the order messages list them.
    package static let all: [any BuiltInCatalog.Type] = [
        UIKitCatalog.self, SwiftUICatalog.self, AppKitCatalog.self, FoundationCatalog.self,
        AVFAudioCatalog.self, AVFoundationCatalog.self, BackgroundTasksCatalog.self, CoreBluetoothCatalog.self,
        CoreLocationCatalog.self, UserNotificationsCatalog.self, WatchConnectivityCatalog.self, WebKitCatalog.self,
    ]

    /// The modules' names, in `all`'s order.
    static let names: [String] = all.map { $0.module }

    /// The catalog of module `name`.
    /// UIKit's catalog: the language server's default document and hover, the Swift generator's
    /// table of which framework declares a callback's types.
    package static var uiKit: any BuiltInCatalog.Type { UIKitCatalog.self }
    /// SwiftUI's catalog (the language server's hover over `import SwiftUI`).
    package static var swiftUI: any BuiltInCatalog.Type { SwiftUICatalog.self }

    package static func named(_ name: String) -> (any BuiltInCatalog.Type)? {
        all.first { $0.module == name }
    }

    /// Whether `origin` (a type's) is a built-in module rather than a spec file.
    package static func isModule(_ origin: String?) -> Bool {
        guard let origin else { return false }
        return named(origin) != nil
    }

    /// How messages name the framework that calls a type's callbacks: `Core Bluetooth` for
    /// `CoreBluetooth`'s, nil for a spec's own.
    package static func framework(of origin: String?) -> String? {
        origin.flatMap(named).map { $0.framework }
    }

    /// The built-in modules that declare a protocol or class `name` (only consulted on the error
    /// path and by the generator, never while checking a correct spec).
    package static func modules(declaring name: String) -> [String] {
        all.filter { $0.types.contains(name) }.map { $0.module }
    }
}
