import LifecycleSource

/// How a class's scanned methods relate to one expected method.
public enum ImplementationMatch: Equatable, Sendable {
    /// A method with the expected selector, parameter types and return type exists (the first one found).
    case implemented(ScannedMethod)
    /// No exact match, but these methods look like attempts at it (see `ImplementationMatcher`).
    case nearMiss([NearMiss])
    /// Nothing resembling the expected method.
    case missing
}

/// A declaration the author plausibly meant as the expected method, and the one thing that differs.
public struct NearMiss: Equatable, Sendable {
    public enum Difference: Equatable, Sendable {
        /// Parameter `index` has argument label `written` instead of `expected` (`nil`: `_`).
        case label(index: Int, written: String?, expected: String?)
        /// Parameter `index` (named `name`) has type `written` instead of `expected`.
        case parameterType(index: Int, name: String, written: String, expected: String)
        /// The return type differs (`nil`: none).
        case returnType(written: String?, expected: String?)
        /// The base name is misspelled.
        case baseName(written: String, expected: String)
        /// The same signature, in a form UIKit does not call: `static`/`class`, `@nonobjc`,
        /// `async`, `throws`, `@available(*, unavailable)` (the trait as Swift writes it).
        case trait(String)
        /// `@objc(…)` gives it another Objective-C selector than the one UIKit calls.
        case objcSelector(written: String, expected: String)
    }

    public var method: ScannedMethod
    public var difference: Difference

    public init(method: ScannedMethod, difference: Difference) {
        self.method = method
        self.difference = difference
    }

    /// Whether the near miss has the callback's very signature, in a form UIKit does not call.
    public var isUncalledForm: Bool {
        switch difference {
        case .trait, .objcSelector: true
        default: false
        }
    }

    /// The near miss in words: "'sceneDidEnterBackground(scene:)' nearly matches
    /// 'sceneDidEnterBackground(_:)', but its first argument label is 'scene', not '_'", or
    /// "'sceneDidEnterBackground(_:)' as declared here is 'async'".
    public func described(expecting expected: String) -> String {
        switch difference {
        case .trait(let trait):
            return "'\(method.selector)' as declared here " + (trait == "throws" ? "throws" : "is '\(trait)'")
        case .objcSelector(let written, let expected):
            return "'\(method.selector)' as declared here has the Objective-C selector '\(written)', not '\(expected)'"
        default:
            return "'\(method.selector)' nearly matches '\(expected)', but \(explanation)"
        }
    }

    /// The difference in words, for a note: "its argument label is 'scene', not '_'".
    public var explanation: String {
        func label(_ l: String?) -> String { "'\(l ?? "_")'" }
        switch difference {
        case .label(let index, let written, let expected):
            return "its \(ordinal(index)) argument label is \(label(written)), not \(label(expected))"
        case .parameterType(_, let name, let written, let expected):
            return "parameter '\(name)' has type '\(written)', not '\(expected)'"
        case .returnType(let written, let expected):
            return "it returns '\(written ?? "Void")', not '\(expected ?? "Void")'"
        case .baseName(let written, let expected):
            return "it is named '\(written)', not '\(expected)'"
        case .trait(let trait):
            return trait == "throws" ? "it throws" : "it is '\(trait)'"
        case .objcSelector(let written, let expected):
            return "its Objective-C selector is '\(written)', not '\(expected)'"
        }
    }

    private func ordinal(_ index: Int) -> String {
        switch index {
        case 0: "first"
        case 1: "second"
        case 2: "third"
        case 3: "fourth"
        default: "\(index + 1)th"
        }
    }
}

/// Compares an expected method with the methods a class implements.
///
/// - Exact: same selector, same parameter types after `SwiftTypeText.normalized` (with the type aliases
///   in scope), and the same return type (no return clause, `Void` and `()` are the same), in a form
///   UIKit calls: an instance method, not `@nonobjc` nor unavailable, `async` and `throws` only as the
///   expected method is, and with its Objective-C selector if `@objc(…)` names one. Default values,
///   parameter names, `override` and other attributes are ignored — check `isOverride` on the
///   returned method yourself.
/// - Near miss (when nothing is exact), in source order — a declaration the author plausibly meant:
///   - the same selector with another parameter type (`UIWindowScene` for `UIScene`) or return type;
///   - the same base name and parameter types with exactly one argument label off
///     (`sceneDidEnterBackground(scene:)`);
///   - the same labels and parameter types with the base name misspelled by at most 2 edits,
///     ignoring case (`sceneDidDisconnected(_:)`).
///   Never a method whose selector is in `known` (another real callback of the delegate's protocols:
///   `application(_:open:options:)` is no attempt at `application(_:willFinishLaunchingWithOptions:)`).
/// - Otherwise missing.
public enum ImplementationMatcher {
    /// Matches `expected` against `methods` (typically `SwiftSourceScanner.methods(ofClass:)`).
    /// - Parameters:
    ///   - aliases: type aliases in scope (name → aliased type).
    ///   - known: selectors of every callback the delegate's protocols and superclasses declare.
    public static func match(_ expected: ScannedMethod, in methods: [ScannedMethod],
                             aliases: [String: String] = [:], known: Set<String> = [],
                             objcSelector: String? = nil) -> ImplementationMatch {
        if let first = exactMatches(expected, in: methods, aliases: aliases, objcSelector: objcSelector).first {
            return .implemented(methods[first])
        }
        let near = nearMisses(expected, in: methods, aliases: aliases, known: known, objcSelector: objcSelector)
        return near.isEmpty ? .missing : .nearMiss(near)
    }

    /// The indices of every method that implements `expected` (see the type's comment), in order.
    /// - Parameter objcSelector: the Objective-C selector UIKit calls, if known.
    public static func exactMatches(_ expected: ScannedMethod, in methods: [ScannedMethod], aliases: [String: String] = [:],
                                    objcSelector: String? = nil) -> [Int] {
        var found: [Int] = []
        var expectedTypes: [String]?
        for (index, m) in methods.enumerated() where m.selector == expected.selector {
            let wanted = expectedTypes ?? expected.parameters.map { SwiftTypeText.normalized($0.type, aliases: aliases) }
            expectedTypes = wanted
            if m.parameters.map({ SwiftTypeText.normalized($0.type, aliases: aliases) }) == wanted
                && SwiftTypeText.sameReturnType(m.returnType, expected.returnType, aliases: aliases)
                && uncalledTrait(m, expected: expected, objcSelector: objcSelector) == nil {
                found.append(index)
            }
        }
        return found
    }

    /// Why UIKit does not call `m`, which has `expected`'s selector and types: the form it is
    /// declared in; nil when it calls it.
    static func uncalledTrait(_ m: ScannedMethod, expected: ScannedMethod, objcSelector: String?) -> NearMiss.Difference? {
        if m.modifiers.contains(.static) { return .trait("static") }
        if m.modifiers.contains(.class) { return .trait("class") }
        if m.attribute("nonobjc") != nil { return .trait("@nonobjc") }
        if m.isUnavailable { return .trait("@available(*, unavailable)") }
        if m.isAsync && !expected.isAsync { return .trait("async") }
        if m.isThrowing && !expected.isThrowing { return .trait("throws") }
        if let written = m.explicitObjCSelector, let objcSelector, written != objcSelector {
            return .objcSelector(written: written, expected: objcSelector)
        }
        return nil
    }

    /// The methods plausibly meant as `expected` (see the type's comment), in source order.
    public static func nearMisses(_ expected: ScannedMethod, in methods: [ScannedMethod], aliases: [String: String] = [:],
                                  known: Set<String> = [], objcSelector: String? = nil) -> [NearMiss] {
        let expectedTypes = expected.parameters.map { SwiftTypeText.normalized($0.type, aliases: aliases) }
        func types(_ m: ScannedMethod) -> [String] { m.parameters.map { SwiftTypeText.normalized($0.type, aliases: aliases) } }
        var near: [NearMiss] = []
        for m in methods where m.parameters.count == expected.parameters.count {
            if m.selector != expected.selector && known.contains(m.selector) { continue }
            let written = types(m)
            if m.selector == expected.selector {
                if written == expectedTypes && SwiftTypeText.sameReturnType(m.returnType, expected.returnType, aliases: aliases) {
                    if let trait = uncalledTrait(m, expected: expected, objcSelector: objcSelector) {
                        near.append(NearMiss(method: m, difference: trait))
                    }
                    continue
                }
                if let index = written.indices.first(where: { written[$0] != expectedTypes[$0] }) {
                    near.append(NearMiss(method: m, difference: .parameterType(
                        index: index, name: m.parameters[index].name,
                        written: m.parameters[index].type, expected: expected.parameters[index].type)))
                } else {
                    near.append(NearMiss(method: m, difference: .returnType(written: m.returnType, expected: expected.returnType)))
                }
                continue
            }
            guard written == expectedTypes else { continue }
            let labelsOff = m.parameters.indices.filter { m.parameters[$0].label != expected.parameters[$0].label }
            if m.baseName == expected.baseName {
                if labelsOff.count == 1, let index = labelsOff.first {
                    near.append(NearMiss(method: m, difference: .label(
                        index: index, written: m.parameters[index].label, expected: expected.parameters[index].label)))
                }
            } else if labelsOff.isEmpty
                        && editDistance(m.baseName.lowercased(), expected.baseName.lowercased(), limit: 2) <= 2 {
                near.append(NearMiss(method: m, difference: .baseName(written: m.baseName, expected: expected.baseName)))
            }
        }
        return near
    }

    /// Builds the expected method from a Swift declaration such as
    /// `"func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey : Any]? = nil) -> Bool"`
    /// (modifiers/attributes allowed, no body needed). Returns nil if it does not parse.
    /// The result's `offset` is the `func` keyword's offset within `declaration`.
    public static func expected(_ declaration: String) -> ScannedMethod? {
        let prefix = "protocol __Expected {\n"
        let source = prefix + declaration + "\n}"
        guard let type = SwiftSourceScanner(source: source).scan().first, type.methods.count == 1,
              var m = type.methods.first else { return nil }
        m.offset -= prefix.utf8.count
        m.signatureEnd -= prefix.utf8.count
        return m
    }

    /// Edit distance, or `limit + 1` once it is known to exceed `limit`; very long names are
    /// compared for equality only.
    static func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
        if a.unicodeScalars.count > 200 || b.unicodeScalars.count > 200 { return a == b ? 0 : limit + 1 }
        return Suggestions.editDistance(a, b, limit: limit)
    }
}
