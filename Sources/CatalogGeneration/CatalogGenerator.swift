/// Writes one module's catalog, `Sources/LifecycleChecking/Checking/Catalog/<Module>Catalog.swift`,
/// from Apple's symbol graphs: the module's own, and those of the frameworks whose types its
/// callbacks name but the module only declares forward (UIKit's CloudKit `CKShare.Metadata`,
/// Intents' `INIntent`).
///
/// Every callback `CatalogSelection` picks is written as Swift imports it (the declaration's
/// fragments, with each type from another framework under its Swift name), with Apple's
/// availability and deprecation message verbatim and the Objective-C selector of its precise
/// identifier; then `CatalogOverlay` is applied, and `CallbackNotes` adds this project's comments
/// and skeleton bodies. Beside the declarations it records what Swift 6 needs to know (each
/// protocol's and class's isolation, read from the graph), which protocol requirements are not
/// optional, and the real methods it leaves out. No I/O: the executable `lifecycle-catalog`
/// reads and writes.
public struct CatalogGenerator {
    /// The SDK the graphs come from, as the catalog names it: `iOS 26.2`.
    public var sdk: String
    public var definition: CatalogDefinition
    let primary: SymbolGraph
    let frameworks: [SymbolGraph]

    /// - Parameter graphs: the module's graph and those of `definition.importGraphs` (others are ignored).
    public init(sdk: String, definition: CatalogDefinition, graphs: [SymbolGraph]) throws(CatalogError) {
        guard let primary = graphs.first(where: { $0.module == definition.graph }) else {
            throw CatalogError("no \(definition.graph) symbol graph among \(graphs.map(\.module))")
        }
        self.sdk = sdk
        self.definition = definition
        self.primary = primary
        frameworks = graphs.filter { definition.importGraphs.contains($0.module) }.sorted { $0.module < $1.module }
        let missing = definition.importGraphs.filter { name in !frameworks.contains { $0.module == name } }
        guard missing.isEmpty else {
            throw CatalogError("\(definition.module) needs the symbol graphs of \(missing.joined(separator: ", ")) too")
        }
    }

    /// UIKit's catalog (the generator's first form).
    public init(sdk: String, graphs: [SymbolGraph]) throws(CatalogError) {
        try self.init(sdk: sdk, definition: CatalogSelection.uikit, graphs: graphs)
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
        /// Callbacks per owner (protocol or class), from Apple's graph.
        public var callbacksByOwner: [(owner: String, count: Int)]
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
        /// A protocol requirement that is not `optional`.
        var isRequired = false
        /// Another callback of the owner has the same Swift selector (`CBPeripheralDelegate`'s
        /// `peripheral(_:didUpdateValueFor:error:)`, for a characteristic and a descriptor).
        var isOverloaded = false

        /// How notes name it: `Owner.selector`, or `Owner.objcSelector` for an overload.
        var key: String { "\(owner).\(isOverloaded ? objcSelector ?? selector : selector)" }
    }

    public func generate() throws(CatalogError) -> Output {
        var report: [String] = []
        var consulted: [String: Set<String>] = [:]
        var frameworkTypes: [String: String] = [:]
        let types = frameworkTypeIndex()
        let module = primary.module
        let platform = definition.platform

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
        func availability(_ symbol: SymbolGraph.Symbol) -> SymbolGraph.AvailabilityItem? {
            symbol.availability.first { $0.domain == platform }
        }
        func read(_ symbol: SymbolGraph.Symbol) {
            consulted[module, default: []].insert(symbol.identifier)
        }

        let byIdentifier = Dictionary(primary.symbols.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        // Types by Swift name: Objective-C identifiers keep the Objective-C name
        // (`c:objc(pl)NSURLSessionDelegate` is `URLSessionDelegate`).
        var typeByName: [String: SymbolGraph.Symbol] = [:]
        for symbol in primary.symbols where symbol.pathComponents.count == 1 && (symbol.kind == "swift.protocol" || symbol.kind == "swift.class") {
            if typeByName[symbol.pathComponents[0]] == nil { typeByName[symbol.pathComponents[0]] = symbol }
        }
        var isolation: [String: String] = [:]
        @discardableResult
        func declaredType(_ name: String) throws(CatalogError) -> SymbolGraph.Symbol {
            guard let symbol = typeByName[name] else { throw CatalogError("no '\(name)' in \(module)'s symbol graph") }
            read(symbol)
            if isolation[name] == nil, let value = primary.isolation(of: symbol) { isolation[name] = value }
            return symbol
        }

        var entries: [Entry] = []
        // The class callbacks: the groups, in order.
        var groupStarts: [Int: CatalogSelection.Group] = [:]
        if let classCallbacks = definition.classCallbacks {
            for base in classCallbacks.bases + [classCallbacks.name] { try declaredType(base) }
            // A class is isolated as its superclass is (`NSViewController` inherits `NSResponder`'s
            // `@MainActor`); its `Sendable` conformance says nothing more.
            var inherited: String?
            for name in classCallbacks.bases + [classCallbacks.name] {
                if isolation[name] == "mainActor" { inherited = "mainActor" }
                isolation[name] = inherited
            }
            for group in classCallbacks.groups {
                groupStarts[entries.count] = group
                for member in group.members {
                    // A protocol the class adopts (`UIContentContainer`) is read for its identifier only.
                    let owner = member.owner == classCallbacks.name ? try declaredType(member.owner) : typeByName[member.owner]
                    if let owner { read(owner) }
                    let identifier = "\(owner?.identifier ?? member.owner)(im)\(member.selector)"
                    // A method of UIKit's Swift overlay keeps its class's Objective-C name after a
                    // module prefix: `c:@CM@UIKit@@objc(cs)UIViewController(im)_bridgedUpdate…`.
                    let overlaid = "@objc(cs)\(member.owner)(im)\(member.selector)"
                    guard let symbol = byIdentifier[identifier]
                        ?? primary.symbols.first(where: { $0.identifier.hasPrefix("c:@CM@") && $0.identifier.hasSuffix(overlaid) }) else {
                        throw CatalogError("\(classCallbacks.name)'s '\(member.selector)' (\(identifier)) is not in \(module)'s symbol graph: update CatalogSelection")
                    }
                    read(symbol)
                    entries.append(Entry(owner: classCallbacks.name, declaration: try declaration(of: symbol), selector: symbol.title,
                                         objcSelector: symbol.objcSelector, availability: availability(symbol)))
                }
            }
        }
        // Declared classes and their superclasses among the catalog's classes (`BGAppRefreshTask:
        // BGTask`, `NSWindowController: NSResponder`), whose isolation they inherit.
        var superclasses: [String: String] = [:]
        let classes = definition.declaredClasses + (definition.classCallbacks.map { $0.bases + [$0.name] } ?? [])
        for name in definition.declaredClasses {
            let symbol = try declaredType(name)
            let parent = primary.relationships.first { $0.kind == "inheritsFrom" && $0.source == symbol.identifier }?.target
            if let parent, let named = classes.first(where: { typeByName[$0]?.identifier == parent }) {
                superclasses[name] = named
                if isolation[named] == "mainActor" { isolation[name] = "mainActor" }
            }
            if isolation[name] != "mainActor" { isolation[name] = nil }
        }

        // The delegate protocols, whole: one callback per Objective-C selector (Swift also sees
        // an `async` form of those with a completion handler, listed as unlisted).
        var asyncForms: [SymbolGraph.Symbol] = []
        var parents: [String: [String]] = [:]
        var protocolIDs: [String: String] = [:]
        for owner in definition.protocols { protocolIDs[try declaredType(owner.name).identifier] = owner.name }
        let refinements = primary.relationships.filter { $0.kind == "conformsTo" && protocolIDs[$0.source] != nil && protocolIDs[$0.target] != nil }
        for owner in definition.protocols {
            // The protocols it refines directly: the graph lists every ancestor
            // (`URLSessionDataDelegate` conforms to `URLSessionTaskDelegate` and `URLSessionDelegate`).
            let identifier = typeByName[owner.name]!.identifier
            let all = refinements.filter { $0.source == identifier }.map(\.target)
            let direct = all.filter { ancestor in !all.contains { other in refinements.contains { $0.source == other && $0.target == ancestor } } }
            parents[owner.name] = direct.compactMap { protocolIDs[$0] }
            var seen: Set<String> = []
            let members = primary.symbols.filter { $0.pathComponents.count == 2 && $0.pathComponents[0] == owner.name }
            guard !members.isEmpty else { throw CatalogError("no members of '\(owner.name)' in \(module)'s symbol graph") }
            let required = Set(primary.relationships.filter { $0.kind == "requirementOf" }.map(\.source))
            let first = entries.count
            for symbol in members {
                read(symbol)
                switch symbol.kind {
                case "swift.method" where symbol.objcSelector != nil:
                    let isAsync = symbol.declaration.contains { $0.kind == "keyword" && $0.spelling == "async" }
                    guard !isAsync else { asyncForms.append(symbol); continue }
                    guard seen.insert(symbol.identifier).inserted else { continue }
                    entries.append(Entry(owner: owner.name, declaration: try declaration(of: symbol), selector: symbol.title,
                                         objcSelector: symbol.objcSelector, availability: availability(symbol),
                                         isRequired: required.contains(symbol.identifier)))
                case "swift.property" where symbol.identifier.contains("(py)"):
                    entries.append(Entry(owner: owner.name, isProperty: true, declaration: try declaration(of: symbol),
                                         selector: symbol.title, availability: availability(symbol),
                                         isRequired: required.contains(symbol.identifier)))
                default:
                    continue // `static func main()`: what `@main` calls, not a callback
                }
            }
            // A protocol whose every member is `@MainActor` (AppKit's, in the macOS 15 SDK) is
            // implemented by a `@MainActor` class as one that says so itself.
            let isMainActor = { (symbol: SymbolGraph.Symbol) in
                symbol.declaration.contains { $0.kind == "attribute" && ($0.preciseIdentifier == "s:ScM" || $0.spelling.hasSuffix("MainActor")) }
            }
            let requirements = members.filter { $0.identifier.hasPrefix("c:") }  // not `static func main()` of an extension
            if isolation[owner.name] == nil, !requirements.isEmpty, requirements.allSatisfy(isMainActor) { isolation[owner.name] = "mainActor" }
            // Overloads: callbacks of one protocol that Swift names alike.
            var counts: [String: Int] = [:]
            for entry in entries[first...] where !entry.isProperty { counts[entry.selector, default: 0] += 1 }
            for index in first..<entries.count where !entries[index].isProperty && counts[entries[index].selector]! > 1 {
                entries[index].isOverloaded = true
            }
            if let lone = asyncForms.first(where: { $0.pathComponents[0] == owner.name && !seen.contains($0.identifier) }) {
                throw CatalogError("'\(owner.name).\(lone.title)' (\(lone.identifier)) has only an async form: CatalogGenerator does not write one yet")
            }
        }
        let callbackCount = entries.filter { !$0.isProperty }.count
        let propertyCount = entries.count - callbackCount
        var callbacksByOwner: [(owner: String, count: Int)] = []
        for entry in entries where !entry.isProperty {
            if callbacksByOwner.last?.owner == entry.owner { callbacksByOwner[callbacksByOwner.count - 1].count += 1 } else {
                callbacksByOwner.append((entry.owner, 1))
            }
        }

        // The overlay: deprecations, then callbacks newer than the SDK (those of this catalog's owners).
        let owners = Set(entries.map(\.owner))
        for deprecation in CatalogOverlay.deprecations where owners.contains(deprecation.owner) {
            guard let index = entries.firstIndex(where: { $0.owner == deprecation.owner && $0.selector == deprecation.selector }) else {
                throw CatalogError("overlay: no '\(deprecation.owner).\(deprecation.selector)' to deprecate")
            }
            if let availability = entries[index].availability, availability.deprecated != nil || availability.isUnconditionallyDeprecated {
                report.append("overlay: the SDK already deprecates '\(deprecation.owner).\(deprecation.selector)'; remove the entry")
                continue
            }
            var availability = entries[index].availability ?? SymbolGraph.AvailabilityItem(domain: platform)
            availability.deprecated = deprecation.deprecated
            availability.renamed = deprecation.renamed
            entries[index].availability = availability
            entries[index].overlay.append("Overlay: deprecated in \(platform) \(deprecation.deprecated) (\(deprecation.source)).")
        }
        for addition in CatalogOverlay.additions where owners.contains(addition.owner) {
            if entries.contains(where: { $0.owner == addition.owner && $0.selector == addition.selector }) {
                report.append("overlay: the SDK already has '\(addition.owner).\(addition.selector)'; remove the entry")
                continue
            }
            let last = entries.lastIndex(where: { $0.owner == addition.owner })!
            entries.insert(Entry(owner: addition.owner, declaration: addition.declaration, selector: addition.selector,
                                 objcSelector: addition.objcSelector,
                                 availability: SymbolGraph.AvailabilityItem(domain: platform, introduced: addition.introduced),
                                 overlay: ["Overlay: new in \(platform) \(addition.introduced) (\(addition.source))."], fromOverlay: true),
                           at: last + 1)
        }

        let sceneReplacements = module == "UIKit" ? try self.sceneReplacements(entries, report: &report) : []

        // This project's notes.
        var notes = CallbackNotes.notes.filter { owners.contains(String($0.key.prefix { $0 != "." })) }
        var written: [(entry: Entry, note: CallbackNotes.Note?)] = []
        for entry in entries {
            let note = notes.removeValue(forKey: entry.key)
            if note == nil { report.append("no note for '\(entry.key)': add one to CallbackNotes") }
            written.append((entry, note))
        }
        guard notes.isEmpty else {
            throw CatalogError("CallbackNotes has notes for callbacks the catalog does not have: \(notes.keys.sorted().joined(separator: ", "))")
        }

        // Real methods a spec may still name: the other Objective-C methods of the class and its
        // superclasses, and the `async` forms of delegate callbacks.
        let catalogued = Set(entries.map(\.selector))
        var unlisted: [(selector: String, owner: String, signature: String)] = []
        var unlistedSeen = catalogued
        let candidates = definition.unlistedOwners.flatMap { owner in
            primary.symbols.filter { $0.pathComponents.count == 2 && $0.pathComponents[0] == owner && $0.kind == "swift.method" }
        } + asyncForms
        for symbol in candidates {
            read(symbol)
            guard symbol.identifier.hasPrefix("c:"), unlistedSeen.insert(symbol.title).inserted else { continue }
            unlisted.append((symbol.title, symbol.pathComponents[0], try declaration(of: symbol)))
        }

        let file = try CatalogWriter(sdk: sdk, definition: definition, modules: [module] + frameworks.map(\.module), entries: written,
                                     groupStarts: groupStarts, parents: parents, superclasses: superclasses, isolation: isolation,
                                     sceneReplacements: sceneReplacements, frameworks: frameworkTypes, unlisted: unlisted).file()
        return Output(file: file, report: report, consulted: consulted, callbackCount: callbackCount, propertyCount: propertyCount,
                      callbacksByOwner: callbacksByOwner)
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
