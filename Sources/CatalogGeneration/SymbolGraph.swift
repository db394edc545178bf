import LifecycleCompiler

/// What went wrong while generating the catalog, in a sentence for the maintainer.
public struct CatalogError: Error, CustomStringConvertible, Sendable {
    public var description: String

    public init(_ description: String) { self.description = description }
}

/// One symbol-graph file, as `swift-symbolgraph-extract` writes it (format 0.6): the module's
/// symbols with their Swift declarations and availability. Only what the generator reads is
/// kept, plus each symbol's JSON for `sample(keeping:)`.
public struct SymbolGraph: Sendable {
    /// A piece of a declaration: `keyword` `func`, `typeIdentifier` `UIScene` (with the
    /// precise identifier of the type it names), `text` `(`.
    public struct Fragment: Sendable, Equatable {
        public var kind: String
        public var spelling: String
        public var preciseIdentifier: String?
    }

    /// One `availability` item of a symbol.
    public struct AvailabilityItem: Sendable, Equatable {
        public var domain: String
        public var introduced: String?
        public var deprecated: String?
        public var obsoleted: String?
        public var message: String?
        public var renamed: String?
        public var isUnconditionallyDeprecated = false
        public var isUnconditionallyUnavailable = false
    }

    public struct Symbol: Sendable {
        /// The precise identifier: `c:objc(pl)UISceneDelegate(im)sceneDidBecomeActive:` for an
        /// Objective-C method (the selector after `(im)`), `s:…` for a Swift one.
        public var identifier: String
        /// `swift.method`, `swift.property`, `swift.class`, …
        public var kind: String
        /// The owner's name then the symbol's: `["UISceneDelegate", "sceneDidBecomeActive(_:)"]`.
        public var pathComponents: [String]
        /// The Swift name: `sceneDidBecomeActive(_:)`, `window`.
        public var title: String
        /// The declaration as Swift imports it, in fragments.
        public var declaration: [Fragment]
        public var availability: [AvailabilityItem]
        /// The symbol's JSON, for writing a trimmed sample.
        var json: JSONValue

        /// The Objective-C selector the precise identifier names, for an instance method.
        public var objcSelector: String? {
            guard identifier.hasPrefix("c:"), let marker = identifier.firstRange(of: "(im)") else { return nil }
            return String(identifier[marker.upperBound...])
        }
    }

    /// A relationship between two symbols: `requirementOf` (a protocol's required member),
    /// `optionalRequirementOf`, `conformsTo` (a protocol refining another, or `Sendable`), …
    public struct Relationship: Sendable, Equatable {
        public var kind: String
        public var source: String
        public var target: String
    }

    /// `module.name`: `UIKit`, `CloudKit`.
    public var module: String
    public var symbols: [Symbol]
    public var relationships: [Relationship]
    /// The top-level members of the file other than `symbols`, kept for `sample(keeping:)`.
    var header: [(String, JSONValue)]

    /// Reads a `.symbols.json` file's bytes.
    public init(bytes: [UInt8], name: String) throws(CatalogError) {
        let root: JSONValue
        switch JSONValue.parse(bytes) {
        case .success(let value): root = value
        case .failure(let error): throw CatalogError("\(name): not JSON (\(error.message) at byte \(error.offset))")
        }
        guard case .object(let members) = root, let module = root["module"]?["name"]?.string,
              let symbols = root["symbols"]?.array else {
            throw CatalogError("\(name): not a symbol graph (no 'module.name' or 'symbols')")
        }
        self.module = module
        header = members.filter { $0.0 != "symbols" && $0.0 != "relationships" }
        self.symbols = []
        relationships = (root["relationships"]?.array ?? []).compactMap { json in
            guard let kind = json["kind"]?.string, let source = json["source"]?.string, let target = json["target"]?.string else { return nil }
            return Relationship(kind: kind, source: source, target: target)
        }
        for (index, json) in symbols.enumerated() {
            guard let identifier = json["identifier"]?["precise"]?.string, let kind = json["kind"]?["identifier"]?.string,
                  let path = json["pathComponents"]?.array?.compactMap(\.string) else {
                throw CatalogError("\(name): symbol \(index) has no precise identifier, kind or path")
            }
            let fragments = (json["declarationFragments"]?.array ?? []).compactMap { fragment -> Fragment? in
                guard let kind = fragment["kind"]?.string, let spelling = fragment["spelling"]?.string else { return nil }
                return Fragment(kind: kind, spelling: spelling, preciseIdentifier: fragment["preciseIdentifier"]?.string)
            }
            let availability = (json["availability"]?.array ?? []).compactMap { item -> AvailabilityItem? in
                guard let domain = item["domain"]?.string else { return nil }
                return AvailabilityItem(domain: domain, introduced: Self.version(item["introduced"]),
                                        deprecated: Self.version(item["deprecated"]), obsoleted: Self.version(item["obsoleted"]),
                                        message: item["message"]?.string, renamed: item["renamed"]?.string,
                                        isUnconditionallyDeprecated: item["isUnconditionallyDeprecated"]?.bool ?? false,
                                        isUnconditionallyUnavailable: item["isUnconditionallyUnavailable"]?.bool ?? false)
            }
            self.symbols.append(Symbol(identifier: identifier, kind: kind, pathComponents: path,
                                       title: json["names"]?["title"]?.string ?? path.last ?? "",
                                       declaration: fragments, availability: availability, json: json))
        }
    }

    /// `{"major": 13, "minor": 0}` as `13.0` (`13.2.1` with a patch), as Swift writes versions.
    static func version(_ value: JSONValue?) -> String? {
        guard let value, let major = value["major"]?.int else { return nil }
        var text = "\(major).\(value["minor"]?.int ?? 0)"
        if let patch = value["patch"]?.int, patch != 0 { text += ".\(patch)" }
        return text
    }

    /// The file trimmed to the symbols with these identifiers, each reduced to what the
    /// generator reads, one symbol a line: the checked-in sample the sync test regenerates
    /// the catalog from (a few hundred KB instead of 26 MB).
    public func sample(keeping identifiers: Set<String>) -> String {
        let kept = ["kind", "identifier", "pathComponents", "names", "declarationFragments", "availability"]
        var lines: [String] = []
        for symbol in symbols where identifiers.contains(symbol.identifier) {
            guard case .object(let members) = symbol.json else { continue }
            let trimmed = members.filter { kept.contains($0.0) }.map { key, value -> (String, JSONValue) in
                guard key == "names" else { return (key, value) }
                return (key, .object([("title", .string(symbol.title))]))
            }
            lines.append(JSONValue.object(trimmed).serialized())
        }
        // The relationships among kept symbols, and those of kept symbols to types of other
        // modules (`Sendable`).
        let declared = Set(symbols.map(\.identifier))
        let related = relationships.filter { identifiers.contains($0.source) && (identifiers.contains($0.target) || !declared.contains($0.target)) }
            .filter { Self.sampledRelationships.contains($0.kind) }
            .map { JSONValue.object([("kind", .string($0.kind)), ("source", .string($0.source)), ("target", .string($0.target))]).serialized() }
        let head = header.map { JSONValue.object([$0]).serialized().dropFirst().dropLast() }.joined(separator: ",")
        return "{" + head + ",\"symbols\":[\n" + lines.joined(separator: ",\n") + "\n],\"relationships\":["
            + (related.isEmpty ? "" : "\n" + related.joined(separator: ",\n") + "\n") + "]}\n"
    }

    /// The relationships the generator reads.
    static let sampledRelationships: Set<String> = ["conformsTo", "requirementOf", "inheritsFrom"]

    /// The precise identifier of Swift's `Sendable`.
    static let sendable = "s:s8SendableP"

    /// How Swift isolates a protocol or class: `mainActor` when its declaration says
    /// `@MainActor`, `sendable` when it conforms to `Sendable`, else nil.
    public func isolation(of symbol: Symbol) -> String? {
        // `@MainActor` is two fragments, `@` and `MainActor` (whose precise identifier is `s:ScM`).
        if symbol.declaration.contains(where: { $0.kind == "attribute" && ($0.preciseIdentifier == "s:ScM" || $0.spelling.hasSuffix("MainActor")) }) {
            return "mainActor"
        }
        if relationships.contains(where: { $0.kind == "conformsTo" && $0.source == symbol.identifier && $0.target == Self.sendable }) {
            return "sendable"
        }
        return nil
    }
}
