/// Writes `Sources/LifecycleCompiler/Checking/Catalog/UIKitCatalog.swift` from Apple's symbol
/// graphs: UIKit's, and those of the frameworks whose types UIKit's callbacks name but UIKit
/// does not import (CloudKit's `CKShare.Metadata`, Intents' `INIntent`).
///
/// Every callback `CatalogSelection` picks is written as Swift imports it (the declaration's
/// fragments, with each type from another framework under its Swift name), with Apple's iOS
/// availability and deprecation message verbatim and the Objective-C selector of its precise
/// identifier; then `CatalogOverlay` is applied, and `CallbackNotes` adds this project's
/// comments and skeleton bodies. No I/O: the executable `lifecycle-catalog` reads and writes.
public struct CatalogGenerator {
    /// The SDK the graphs come from, as the catalog names it: `iOS 26.2`.
    public var sdk: String
    let uikit: SymbolGraph
    let frameworks: [SymbolGraph]

    /// - Parameter graphs: UIKit's graph and those of the frameworks to import for types UIKit
    ///   only declares forward.
    public init(sdk: String, graphs: [SymbolGraph]) throws(CatalogError) {
        guard let uikit = graphs.first(where: { $0.module == "UIKit" }) else {
            throw CatalogError("no UIKit symbol graph among \(graphs.map(\.module))")
        }
        self.sdk = sdk
        self.uikit = uikit
        frameworks = graphs.filter { $0.module != "UIKit" }.sorted { $0.module < $1.module }
    }

    /// The generated file, what the maintainer should know, and the symbols read, by module
    /// (what `SymbolGraph.sample(keeping:)` keeps for the sync test).
    public struct Output {
        public var file: String
        public var report: [String]
        public var consulted: [String: Set<String>]
        /// Callbacks from Apple's graph (the overlay's not counted), and properties.
        public var callbackCount: Int
        public var propertyCount: Int
    }

    /// One callback or property of the catalog.
    struct Entry {
        var owner: String
        var isProperty = false
        /// From `func` or `var`, as Swift declares it.
        var declaration: String
        /// Swift's selector, or the property's name.
        var selector: String
        var objcSelector: String?
        var availability: SymbolGraph.AvailabilityItem?
        /// Comments saying where overlay facts come from.
        var overlay: [String] = []
        var fromOverlay = false

        var key: String { "\(owner).\(selector)" }
    }

    public func generate() throws(CatalogError) -> Output {
        var report: [String] = []
        var consulted: [String: Set<String>] = [:]
        var frameworkTypes: [String: String] = [:]
        let types = frameworkTypeIndex()

        // The declaration from `func`/`var` on, each type named in another framework spelt as
        // Swift knows it there (`CKShareMetadata` is `CKShare.Metadata`).
        func declaration(of symbol: SymbolGraph.Symbol) throws(CatalogError) -> String {
            guard let start = symbol.declaration.firstIndex(where: { $0.kind == "keyword" && ($0.spelling == "func" || $0.spelling == "var") }) else {
                throw CatalogError("\(symbol.identifier): no 'func' or 'var' in its declaration")
            }
            var text = ""
            for fragment in symbol.declaration[start...] {
                if fragment.kind == "typeIdentifier", let id = fragment.preciseIdentifier, let type = types[id] {
                    text += type.swiftName
                    frameworkTypes[String(type.swiftName.prefix { $0 != "." })] = type.module
                    consulted[type.module, default: []].insert(id)
                } else {
                    text += fragment.spelling
                }
            }
            if symbol.kind == "swift.property", let accessors = text.firstRange(of: " {") { text = String(text[..<accessors.lowerBound]) }
            return text
        }
        func iOS(_ symbol: SymbolGraph.Symbol) -> SymbolGraph.AvailabilityItem? { symbol.availability.first { $0.domain == "iOS" } }
        func read(_ symbol: SymbolGraph.Symbol) {
            consulted["UIKit", default: []].insert(symbol.identifier)
        }

        var entries: [Entry] = []
        // The view controller: the groups, in order.
        let byIdentifier = Dictionary(uikit.symbols.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        var groupStarts: [Int: CatalogSelection.Group] = [:]
        for group in CatalogSelection.viewControllerGroups {
            groupStarts[entries.count] = group
            for member in group.members {
                let kind = member.owner == "UIViewController" ? "cs" : "pl"
                let identifier = "c:objc(\(kind))\(member.owner)(im)\(member.selector)"
                guard let symbol = byIdentifier[identifier] else {
                    throw CatalogError("the view controller's '\(member.selector)' (\(identifier)) is not in UIKit's symbol graph: update CatalogSelection")
                }
                read(symbol)
                entries.append(Entry(owner: "UIViewController", declaration: try declaration(of: symbol), selector: symbol.title,
                                     objcSelector: symbol.objcSelector, availability: iOS(symbol)))
            }
        }
        // The delegate protocols, whole: one callback per Objective-C selector (Swift also sees
        // an `async` form of those with a completion handler, listed as unlisted).
        var asyncForms: [SymbolGraph.Symbol] = []
        for owner in CatalogSelection.delegateProtocols {
            var seen: Set<String> = []
            let members = uikit.symbols.filter { $0.pathComponents.count == 2 && $0.pathComponents[0] == owner.name }
            guard !members.isEmpty else { throw CatalogError("no '\(owner.name)' in UIKit's symbol graph") }
            for symbol in members {
                read(symbol)
                switch symbol.kind {
                case "swift.method" where symbol.objcSelector != nil:
                    let isAsync = symbol.declaration.contains { $0.kind == "keyword" && $0.spelling == "async" }
                    guard !isAsync else { asyncForms.append(symbol); continue }
                    guard seen.insert(symbol.identifier).inserted else { continue }
                    entries.append(Entry(owner: owner.name, declaration: try declaration(of: symbol), selector: symbol.title,
                                         objcSelector: symbol.objcSelector, availability: iOS(symbol)))
                case "swift.property" where symbol.identifier.contains("(py)"):
                    entries.append(Entry(owner: owner.name, isProperty: true, declaration: try declaration(of: symbol),
                                         selector: symbol.title, availability: iOS(symbol)))
                default:
                    continue // `static func main()`: what `@main` calls, not a callback
                }
            }
            if let lone = asyncForms.first(where: { $0.pathComponents[0] == owner.name && !seen.contains($0.identifier) }) {
                throw CatalogError("'\(owner.name).\(lone.title)' (\(lone.identifier)) has only an async form: CatalogGenerator does not write one yet")
            }
        }
        let callbackCount = entries.filter { !$0.isProperty }.count
        let propertyCount = entries.count - callbackCount

        // The overlay: deprecations, then callbacks newer than the SDK.
        for deprecation in CatalogOverlay.deprecations {
            guard let index = entries.firstIndex(where: { $0.owner == deprecation.owner && $0.selector == deprecation.selector }) else {
                throw CatalogError("overlay: no '\(deprecation.owner).\(deprecation.selector)' to deprecate")
            }
            if let availability = entries[index].availability, availability.deprecated != nil || availability.isUnconditionallyDeprecated {
                report.append("overlay: the SDK already deprecates '\(deprecation.owner).\(deprecation.selector)'; remove the entry")
                continue
            }
            var availability = entries[index].availability ?? SymbolGraph.AvailabilityItem(domain: "iOS")
            availability.deprecated = deprecation.deprecated
            availability.renamed = deprecation.renamed
            entries[index].availability = availability
            entries[index].overlay.append("Overlay: deprecated in iOS \(deprecation.deprecated) (\(deprecation.source)).")
        }
        for addition in CatalogOverlay.additions {
            if entries.contains(where: { $0.owner == addition.owner && $0.selector == addition.selector }) {
                report.append("overlay: the SDK already has '\(addition.owner).\(addition.selector)'; remove the entry")
                continue
            }
            guard let last = entries.lastIndex(where: { $0.owner == addition.owner }) else {
                throw CatalogError("overlay: no '\(addition.owner)' to add '\(addition.selector)' to")
            }
            entries.insert(Entry(owner: addition.owner, declaration: addition.declaration, selector: addition.selector,
                                 objcSelector: addition.objcSelector,
                                 availability: SymbolGraph.AvailabilityItem(domain: "iOS", introduced: addition.introduced),
                                 overlay: ["Overlay: new in iOS \(addition.introduced) (\(addition.source))."], fromOverlay: true),
                           at: last + 1)
        }

        let sceneReplacements = try self.sceneReplacements(entries, report: &report)

        // This project's notes.
        var notes = CallbackNotes.notes
        var written: [(entry: Entry, note: CallbackNotes.Note?)] = []
        for entry in entries {
            let note = notes.removeValue(forKey: entry.key)
            if note == nil { report.append("no note for '\(entry.key)': add one to CallbackNotes") }
            written.append((entry, note))
        }
        guard notes.isEmpty else {
            throw CatalogError("CallbackNotes has notes for callbacks the catalog does not have: \(notes.keys.sorted().joined(separator: ", "))")
        }

        // Real methods a spec may still name: the other Objective-C methods of the view
        // controller and its superclass, and the `async` forms of delegate callbacks.
        let catalogued = Set(entries.map(\.selector))
        var unlisted: [(selector: String, owner: String, signature: String)] = []
        var unlistedSeen = catalogued
        let candidates = CatalogSelection.unlistedOwners.flatMap { owner in
            uikit.symbols.filter { $0.pathComponents.count == 2 && $0.pathComponents[0] == owner && $0.kind == "swift.method" }
        } + asyncForms
        for symbol in candidates {
            read(symbol)
            guard symbol.identifier.hasPrefix("c:"), unlistedSeen.insert(symbol.title).inserted else { continue }
            unlisted.append((symbol.title, symbol.pathComponents[0], try declaration(of: symbol)))
        }

        let file = try CatalogWriter(sdk: sdk, modules: [uikit.module] + frameworks.map(\.module), entries: written,
                                     groupStarts: groupStarts, sceneReplacements: sceneReplacements,
                                     frameworks: frameworkTypes, unlisted: unlisted).file()
        return Output(file: file, report: report, consulted: consulted, callbackCount: callbackCount, propertyCount: propertyCount)
    }

    /// Types declared in the framework graphs, by precise identifier: their Swift name (the
    /// path, `CKShare.Metadata`) and module.
    func frameworkTypeIndex() -> [String: (swiftName: String, module: String)] {
        var index: [String: (swiftName: String, module: String)] = [:]
        let typeKinds: Set<String> = ["swift.class", "swift.struct", "swift.enum", "swift.protocol", "swift.typealias"]
        for graph in frameworks {
            for symbol in graph.symbols where typeKinds.contains(symbol.kind) && index[symbol.identifier] == nil {
                index[symbol.identifier] = (symbol.pathComponents.joined(separator: "."), graph.module)
            }
        }
        return index
    }

    /// App-delegate callback → scene callback, where Apple's deprecation message says "Use
    /// UIScene lifecycle and SELECTOR from UISceneDelegate …" (the selector checked against
    /// the scene delegates' callbacks, Apple's `scene(_:didUpdate)` read as `scene(_:didUpdate:)`),
    /// plus the overlay's.
    func sceneReplacements(_ entries: [Entry], report: inout [String]) throws(CatalogError) -> [(app: String, scene: String, source: String?)] {
        let prefix = "Use UIScene lifecycle and "
        let sceneSelectors = entries.filter { $0.owner == "UISceneDelegate" || $0.owner == "UIWindowSceneDelegate" }.map(\.selector)
        var result: [String: (scene: String, source: String?)] = [:]
        for entry in entries where entry.owner == "UIApplicationDelegate" {
            guard let message = entry.availability?.message, message.hasPrefix(prefix),
                  let from = message.firstRange(of: " from UI") else { continue }
            let written = String(message[message.index(message.startIndex, offsetBy: prefix.count)..<from.lowerBound])
            let candidates = [written, written.hasSuffix(")") && !written.hasSuffix(":)") ? String(written.dropLast()) + ":)" : written]
            guard let selector = candidates.first(where: sceneSelectors.contains) else {
                throw CatalogError("'\(entry.selector)': Apple's message names '\(written)', which no scene delegate callback is")
            }
            if selector != written { report.append("'\(entry.selector)': Apple's message says '\(written)', read as '\(selector)'") }
            result[entry.selector] = (selector, nil)
        }
        for replacement in CatalogOverlay.sceneReplacements {
            guard entries.contains(where: { $0.owner == "UIApplicationDelegate" && $0.selector == replacement.appSelector }),
                  sceneSelectors.contains(replacement.sceneSelector) else {
                throw CatalogError("overlay: '\(replacement.appSelector)' → '\(replacement.sceneSelector)' names a callback the catalog does not have")
            }
            if result[replacement.appSelector] != nil {
                report.append("overlay: Apple's message already gives the scene callback of '\(replacement.appSelector)'; remove the entry")
                continue
            }
            result[replacement.appSelector] = (replacement.sceneSelector, replacement.source)
        }
        return result.sorted { $0.key < $1.key }.map { ($0.key, $0.value.scene, $0.value.source) }
    }
}
