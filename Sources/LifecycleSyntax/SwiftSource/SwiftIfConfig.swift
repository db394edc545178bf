// `#if` as the compiler reads it: the blocks of a file (`SwiftIfRegion`, `SwiftIfClause`), each
// clause's condition as an expression (`CompilationCondition`), and whether code under it is
// compiled in the app's build (`SwiftBuildConfiguration`, `Truth`).

/// One clause of a `#if` block: `#if COND`, `#elseif COND` or `#else`.
public struct SwiftIfClause: Equatable, Sendable {
    public enum Kind: String, Sendable { case `if` = "#if", elseif = "#elseif", `else` = "#else" }

    public var kind: Kind
    /// Byte offset of the directive's `#`.
    public var offset: Int
    /// The condition's bytes (up to the end of the directive's line, comments included); nil for `#else`.
    public var condition: Range<Int>?
    /// Index of its block in `SwiftFileScan.ifRegions`.
    public var region: Int
}

/// A `#if` … `#endif` block.
public struct SwiftIfRegion: Equatable, Sendable {
    /// Indices of its clauses in `SwiftFileScan.ifClauses`, in order (the clauses of blocks
    /// nested in them come between).
    public var clauses: [Int]
    /// Byte offset of the `#endif`'s `#`; nil when the block is never closed.
    public var end: Int?
    /// The clause the block itself is in, if any.
    public var parentClause: Int?
}

/// A `#if` condition as an expression.
public indirect enum CompilationCondition: Equatable, Sendable, CustomStringConvertible {
    case literal(Bool)
    /// A custom flag (`DEBUG`, set with `-D DEBUG`).
    case flag(String)
    /// A platform condition: `os(iOS)`, `canImport(UIKit)`, `swift(>=5.9)` (the arguments as written, without whitespace).
    case call(String, String)
    case not(CompilationCondition)
    case and(CompilationCondition, CompilationCondition)
    case or(CompilationCondition, CompilationCondition)
    /// Text the compiler would reject (said as written).
    case invalid(String)

    /// How deep `!`, `&&`, `||` and parentheses may nest before a condition is called invalid.
    public static let maximumDepth = 64

    /// The condition as Swift writes it, parenthesised only where needed.
    public var description: String { text(precedence: 0) }

    private func text(precedence: Int) -> String {
        switch self {
        case .literal(let value): return value ? "true" : "false"
        case .flag(let name): return name
        case .call(let name, let arguments): return "\(name)(\(arguments))"
        case .invalid(let text): return text
        case .not(let operand): return "!" + operand.text(precedence: 3)
        case .and(let a, let b):
            let inner = a.text(precedence: 2) + " && " + b.text(precedence: 2)
            return precedence > 2 ? "(" + inner + ")" : inner
        case .or(let a, let b):
            let inner = a.text(precedence: 1) + " || " + b.text(precedence: 1)
            return precedence > 1 ? "(" + inner + ")" : inner
        }
    }

    /// Parses the condition of a directive: `bytes[range]`, up to a comment.
    public static func parse(_ bytes: [UInt8], _ range: Range<Int>) -> CompilationCondition {
        let tokens = SwiftLexer(bytes: bytes, range: range).tokenize()
        var parser = ConditionParser(tokens: tokens, bytes: bytes)
        guard !tokens.isEmpty, let condition = parser.disjunction(depth: 0), parser.index == tokens.count else {
            return .invalid(tokens.joinedText(0..<tokens.count, bytes: bytes))
        }
        return condition
    }

    /// The conjunction of `conditions` (nil when there are none).
    static func all(_ conditions: [CompilationCondition]) -> CompilationCondition? {
        guard var result = conditions.first else { return nil }
        for next in conditions.dropFirst() { result = .and(result, next) }
        return result
    }

    /// The disjunction of `conditions` (nil when there are none).
    package static func any(_ conditions: [CompilationCondition]) -> CompilationCondition? {
        guard var result = conditions.first else { return nil }
        for next in conditions.dropFirst() { result = .or(result, next) }
        return result
    }
}

/// Recursive descent over a condition's tokens, its depth capped by `CompilationCondition.maximumDepth`.
private struct ConditionParser {
    let tokens: [SwiftToken]
    let bytes: [UInt8]
    var index = 0

    func isPunct(_ offset: Int, _ c: UInt8) -> Bool { index + offset < tokens.count && tokens[index + offset].isPunct(c) }

    /// Whether `&&` or `||` (two bytes with nothing between) starts here.
    func isOperator(_ c: UInt8) -> Bool {
        isPunct(0, c) && isPunct(1, c) && tokens[index + 1].start == tokens[index].end
    }

    mutating func disjunction(depth: Int) -> CompilationCondition? {
        guard depth < CompilationCondition.maximumDepth, var result = conjunction(depth: depth + 1) else { return nil }
        while isOperator(UInt8(ascii: "|")) {
            index += 2
            guard let next = conjunction(depth: depth + 1) else { return nil }
            result = .or(result, next)
        }
        return result
    }

    mutating func conjunction(depth: Int) -> CompilationCondition? {
        guard depth < CompilationCondition.maximumDepth, var result = unary(depth: depth + 1) else { return nil }
        while isOperator(UInt8(ascii: "&")) {
            index += 2
            guard let next = unary(depth: depth + 1) else { return nil }
            result = .and(result, next)
        }
        return result
    }

    mutating func unary(depth: Int) -> CompilationCondition? {
        guard depth < CompilationCondition.maximumDepth, index < tokens.count else { return nil }
        if isPunct(0, UInt8(ascii: "!")) {
            index += 1
            return unary(depth: depth + 1).map { .not($0) }
        }
        if isPunct(0, UInt8(ascii: "(")) {
            index += 1
            guard let inner = disjunction(depth: depth + 1), isPunct(0, UInt8(ascii: ")")) else { return nil }
            index += 1
            return inner
        }
        let token = tokens[index]
        guard token.kind == .identifier else { return nil }
        index += 1
        if !token.escaped && (token.text == "true" || token.text == "false") { return .literal(token.text == "true") }
        guard isPunct(0, UInt8(ascii: "(")) else { return .flag(token.text) }
        // A platform condition's arguments: everything up to the matching parenthesis.
        let open = index
        var depth = 0
        while index < tokens.count {
            if tokens[index].isPunct(UInt8(ascii: "(")) { depth += 1 }
            if tokens[index].isPunct(UInt8(ascii: ")")) { depth -= 1; if depth == 0 { break } }
            index += 1
        }
        guard index < tokens.count else { return nil }
        var arguments: [UInt8] = []
        for k in (open + 1)..<index {
            arguments += bytes[tokens[k].start..<tokens[k].end]
        }
        index += 1
        return .call(token.text, String(decoding: arguments, as: UTF8.self))
    }
}

/// A three-valued truth: what a condition is in every build of the app, in none, or in some.
public enum Truth: Equatable, Sendable {
    case `true`, `false`, unknown

    public static prefix func ! (value: Truth) -> Truth {
        switch value {
        case .true: .false
        case .false: .true
        case .unknown: .unknown
        }
    }

    public static func && (a: Truth, b: Truth) -> Truth {
        if a == .false || b == .false { return .false }
        return a == .true && b == .true ? .true : .unknown
    }

    public static func || (a: Truth, b: Truth) -> Truth {
        if a == .true || b == .true { return .true }
        return a == .false && b == .false ? .false : .unknown
    }
}

/// What `check --impl` knows about the build the app's Swift is compiled in, for `#if`.
///
/// By default (`iOSApp`), that of an iOS app built with any toolchain the App Store accepts:
/// `os(iOS)`, the ObjC runtime, 64-bit little-endian; the SDK's frameworks can be imported,
/// AppKit cannot; `compiler(>=6.0)` holds, `swift(>=5)` holds (Swift 5 or 6 language mode), and
/// later versions may or may not. What depends on how the app is built — custom flags such as
/// `DEBUG`, `targetEnvironment(simulator)` and `(macCatalyst)`, `arch(…)`, another module,
/// `hasFeature(…)` — is unknown unless set: code under such a condition may not be compiled.
public struct SwiftBuildConfiguration: Sendable {
    /// `os(…)`: the operating system (Mac Catalyst builds are `iOS` too).
    public var operatingSystem: String = "iOS"
    /// Custom flags known to be set (`-D DEBUG`) or not.
    public var flags: [String: Bool] = [:]
    /// Whether a flag not in `flags` is unset (the build's full set of flags is known) or unknown.
    public var unlistedFlagsAreUnset = false
    /// `canImport(…)`: modules known to be importable or not; others are unknown unless `unlistedModulesAreMissing`.
    public var modules: [String: Bool] = SwiftBuildConfiguration.iOSModules
    public var unlistedModulesAreMissing = false
    /// `targetEnvironment(…)`, `arch(…)`, `hasFeature(…)`, `hasAttribute(…)` known values (others unknown).
    public var targetEnvironments: [String: Bool] = [:]
    public var architectures: [String: Bool] = ["arm": false, "i386": false, "powerpc64": false, "s390x": false]
    public var features: [String: Bool] = [:]
    public var attributes: [String: Bool] = [:]
    /// Whether unlisted `targetEnvironment`s, `arch`s, features and attributes are false rather than unknown.
    public var unlistedPlatformFactsAreFalse = false
    /// The language modes and compiler versions the app may be built with (inclusive; `[6, 0]` is 6.0).
    public var languageVersions: (lowest: [Int], highest: [Int]?) = ([5, 0], nil)
    public var compilerVersions: (lowest: [Int], highest: [Int]?) = ([6, 0], nil)

    public init() {}

    /// An iOS app's build, as described above.
    public static let iOSApp = SwiftBuildConfiguration()

    /// The iOS SDK frameworks an app's `canImport` most often asks about.
    public static let iOSModules: [String: Bool] = {
        var modules: [String: Bool] = [:]
        for name in ["Swift", "Foundation", "UIKit", "SwiftUI", "Combine", "CoreData", "CoreGraphics", "CoreLocation", "CoreImage",
                     "AVFoundation", "AVKit", "MapKit", "WebKit", "UserNotifications", "CloudKit", "StoreKit", "Photos", "PhotosUI",
                     "SafariServices", "QuartzCore", "Dispatch", "os", "OSLog", "Darwin", "ObjectiveC", "BackgroundTasks",
                     "WidgetKit", "ActivityKit", "AppIntents", "Intents", "LinkPresentation", "UniformTypeIdentifiers",
                     "CoreSpotlight", "MessageUI", "ARKit", "RealityKit", "Vision", "VisionKit", "CoreML", "HealthKit",
                     "GameKit", "SpriteKit", "SceneKit", "Metal", "MetalKit", "AuthenticationServices", "LocalAuthentication",
                     "Network", "CryptoKit", "Security", "SwiftData", "Observation", "TipKit", "CoreMotion", "Contacts",
                     "ContactsUI", "EventKit", "EventKitUI", "PDFKit", "QuickLook", "MediaPlayer", "CoreTelephony",
                     "CoreBluetooth", "CoreNFC", "NaturalLanguage", "Speech", "CallKit", "PushKit", "CarPlay", "Accessibility"] {
            modules[name] = true
        }
        for name in ["AppKit", "Cocoa", "WatchKit", "Glibc", "Musl", "WinSDK", "Android", "TVUIKit"] { modules[name] = false }
        return modules
    }()

    /// The value of `condition` in the builds this configuration describes.
    public func evaluate(_ condition: CompilationCondition) -> Truth {
        evaluate(condition, depth: 0)
    }

    private func evaluate(_ condition: CompilationCondition, depth: Int) -> Truth {
        guard depth <= CompilationCondition.maximumDepth + 2 else { return .unknown }
        switch condition {
        case .literal(let value): return value ? .true : .false
        case .flag(let name):
            if let value = flags[name] { return value ? .true : .false }
            return unlistedFlagsAreUnset ? .false : .unknown
        case .not(let operand): return !evaluate(operand, depth: depth + 1)
        case .and(let a, let b): return evaluate(a, depth: depth + 1) && evaluate(b, depth: depth + 1)
        case .or(let a, let b): return evaluate(a, depth: depth + 1) || evaluate(b, depth: depth + 1)
        case .invalid: return .unknown
        case .call(let name, let arguments): return platformCondition(name, arguments)
        }
    }

    private func known(_ table: [String: Bool], _ key: String, unlistedFalse: Bool) -> Truth {
        if let value = table[key] { return value ? .true : .false }
        return unlistedFalse ? .false : .unknown
    }

    private func platformCondition(_ name: String, _ arguments: String) -> Truth {
        switch name {
        case "os":
            return arguments == operatingSystem ? .true : .false
        case "canImport":
            // `canImport(Module, _version: 1.2)`: a versioned check is unknown.
            if arguments.contains(",") { return modules[String(arguments.prefix { $0 != "," })] == false ? .false : .unknown }
            let module = arguments.split(separator: ".").first.map(String.init) ?? arguments
            return known(modules, module, unlistedFalse: unlistedModulesAreMissing)
        case "targetEnvironment": return known(targetEnvironments, arguments, unlistedFalse: unlistedPlatformFactsAreFalse)
        case "arch": return known(architectures, arguments, unlistedFalse: unlistedPlatformFactsAreFalse)
        case "hasFeature": return known(features, arguments, unlistedFalse: unlistedPlatformFactsAreFalse)
        case "hasAttribute": return known(attributes, arguments, unlistedFalse: unlistedPlatformFactsAreFalse)
        case "_runtime": return arguments == "_ObjC" ? .true : .false
        case "_endian": return arguments == "little" ? .true : .false
        case "_pointerBitWidth": return arguments == "_64" ? .true : .false
        case "_hasAtomicBitWidth": return ["_8", "_16", "_32", "_64", "_128"].contains(arguments) ? .true : .false
        case "swift": return compare(arguments, within: languageVersions)
        case "compiler": return compare(arguments, within: compilerVersions)
        default: return .unknown
        }
    }

    /// `>=5.9` or `<6` against a range of versions.
    private func compare(_ arguments: String, within range: (lowest: [Int], highest: [Int]?)) -> Truth {
        var text = Substring(arguments)
        let atLeast: Bool
        if text.hasPrefix(">=") { atLeast = true; text = text.dropFirst(2) }
        else if text.hasPrefix("<") { atLeast = false; text = text.dropFirst() }
        else { return .unknown }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard !parts.isEmpty, parts.count <= 5, parts.allSatisfy({ $0 != nil }) else { return .unknown }
        let version = parts.map { $0! }
        let lowestAtLeast = Self.compare(range.lowest, version) >= 0
        let highestBelow = range.highest.map { Self.compare($0, version) < 0 } ?? false
        let holds: Truth = lowestAtLeast ? .true : highestBelow ? .false : .unknown
        return atLeast ? holds : !holds
    }

    /// -1, 0 or 1 as version `a` is below, equal to or above `b` (missing components are 0).
    static func compare(_ a: [Int], _ b: [Int]) -> Int {
        for index in 0..<max(a.count, b.count) {
            let x = index < a.count ? a[index] : 0, y = index < b.count ? b[index] : 0
            if x != y { return x < y ? -1 : 1 }
        }
        return 0
    }

    /// The atoms of `condition` this configuration does not decide, as written (`DEBUG`,
    /// `targetEnvironment(macCatalyst)`), in order, each once.
    public func unknownAtoms(of condition: CompilationCondition) -> [String] {
        var found: [String] = []
        var work = [condition]
        while let next = work.popLast(), found.count < 64 {
            switch next {
            case .literal: break
            case .not(let operand): work.append(operand)
            case .and(let a, let b), .or(let a, let b): work.append(b); work.append(a)
            case .flag, .call, .invalid:
                if evaluate(next) == .unknown, !found.contains(next.description) { found.append(next.description) }
            }
        }
        return found
    }

    /// Whether `condition` holds in every build: each atom this configuration does not decide
    /// is tried both ways (up to 12 of them; past that, the answer is no).
    public func alwaysHolds(_ condition: CompilationCondition) -> Bool {
        switch evaluate(condition) {
        case .true: return true
        case .false: return false
        case .unknown: break
        }
        let atoms = unknownAtoms(of: condition)
        guard !atoms.isEmpty, atoms.count <= 12 else { return false }
        for assignment in 0..<(1 << atoms.count) {
            var values: [String: Bool] = [:]
            for (index, atom) in atoms.enumerated() { values[atom] = assignment & (1 << index) != 0 }
            if substituted(condition, values) != .true { return false }
        }
        return true
    }

    private func substituted(_ condition: CompilationCondition, _ values: [String: Bool], depth: Int = 0) -> Truth {
        guard depth <= CompilationCondition.maximumDepth + 2 else { return .unknown }
        switch condition {
        case .not(let operand): return !substituted(operand, values, depth: depth + 1)
        case .and(let a, let b): return substituted(a, values, depth: depth + 1) && substituted(b, values, depth: depth + 1)
        case .or(let a, let b): return substituted(a, values, depth: depth + 1) || substituted(b, values, depth: depth + 1)
        default:
            if let value = values[condition.description] { return value ? .true : .false }
            return evaluate(condition)
        }
    }
}
