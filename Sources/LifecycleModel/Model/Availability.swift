import LifecycleSource
import LifecycleSyntax

/// A version such as `13.0` or `17.4.1`: up to three numeric components, compared numerically
/// (`13` == `13.0`).
public struct PlatformVersion: Sendable, Comparable, Hashable, CustomStringConvertible {
    public var components: [Int]

    /// Parses `13`, `13.0`, `17.4.1`; nil for anything else (no sign, no empty component, at most
    /// three components of at most 6 digits each).
    public init?(_ text: String) {
        self.init(utf8: text.utf8)
    }

    /// `init(_:)` over UTF-8 bytes, in one pass (the catalog's versions are read on every run).
    init?<Bytes: Sequence<UInt8>>(utf8 bytes: Bytes) {
        var components: [Int] = []
        var value = 0
        var digits = 0
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                guard digits > 0, components.count < 2 else { return nil }
                components.append(value)
                value = 0
                digits = 0
            } else if byte >= 0x30 && byte <= 0x39, digits < 6 {
                value = value * 10 + Int(byte - 0x30)
                digits += 1
            } else {
                return nil
            }
        }
        guard digits > 0 else { return nil }
        components.append(value)
        self.components = components
    }

    private var padded: [Int] { components + Array(repeating: 0, count: 3 - components.count) }

    public static func < (a: PlatformVersion, b: PlatformVersion) -> Bool { a.padded.lexicographicallyPrecedes(b.padded) }
    public static func == (a: PlatformVersion, b: PlatformVersion) -> Bool { a.padded == b.padded }
    public func hash(into hasher: inout Hasher) { hasher.combine(padded) }

    /// `13.0` for `13`, else as written.
    public var description: String {
        components.count == 1 ? "\(components[0]).0" : components.map(String.init).joined(separator: ".")
    }
}

/// A deployment target: `platform iOS 15.0`, or `check --platform "iOS 15.0"`.
public struct Platform: Sendable, Equatable, CustomStringConvertible {
    /// The platform names Swift's `@available` knows.
    public static let names = ["iOS", "iPadOS", "macCatalyst", "macOS", "tvOS", "visionOS", "watchOS"]

    public var name: String
    public var version: PlatformVersion

    public init(name: String, version: PlatformVersion) {
        self.name = name
        self.version = version
    }

    /// Parses `"iOS 15.0"`; nil when the name is not one of `names` or the version is malformed.
    public init?(_ text: String) {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2, Platform.names.contains(String(parts[0])), let version = PlatformVersion(String(parts[1])) else { return nil }
        self.init(name: String(parts[0]), version: version)
    }

    public var description: String { "\(name) \(version)" }
}

/// What `@available(…)` says about a callback, for one platform (the spec's, or iOS).
public struct Availability: Sendable, Equatable {
    /// The platform the arguments name (`iOS`), or `*`.
    public var platform: String
    public var introduced: PlatformVersion?
    /// Deprecated in this version; `isDeprecated` without it means deprecated in every version.
    public var deprecated: PlatformVersion?
    public var isDeprecated: Bool
    public var obsoleted: PlatformVersion?
    public var message: String?
    public var renamed: String?
    /// The attribute as written, `@available(…)` included, for generated comments.
    public var text: String

    public init(platform: String, introduced: PlatformVersion? = nil, deprecated: PlatformVersion? = nil,
                isDeprecated: Bool = false, obsoleted: PlatformVersion? = nil, message: String? = nil,
                renamed: String? = nil, text: String) {
        self.platform = platform
        self.introduced = introduced
        self.deprecated = deprecated
        self.isDeprecated = isDeprecated || deprecated != nil
        self.obsoleted = obsoleted
        self.message = message
        self.renamed = renamed
        self.text = text
    }

    /// What replaces a deprecated callback, in words: the `renamed:` method, else the message.
    public var replacement: String? {
        if let renamed { return "use '\(renamed)' instead" }
        guard var message, !message.isEmpty else { return nil }
        while message.hasSuffix(".") { message.removeLast() }
        if let first = message.first, first.isUppercase,
           message.dropFirst().first.map({ $0.isLowercase || $0 == " " }) ?? true {
            message = first.lowercased() + message.dropFirst()
        }
        return message
    }

    /// `iOS 13.0, *` read straight from the bytes, or nil for anything else (which the general
    /// parser then reads, or reports): most of the catalog's hundred attributes, read on every
    /// run, are this.
    static func shortForm(_ bytes: [UInt8], text: String) -> Availability? {
        var k = 0
        func skipBlanks() { while k < bytes.count && (bytes[k] == 0x20 || bytes[k] == 0x09) { k += 1 } }
        skipBlanks()
        let nameStart = k
        while k < bytes.count && ((bytes[k] | 0x20) >= 0x61 && (bytes[k] | 0x20) <= 0x7A) { k += 1 }
        let nameEnd = k
        guard nameEnd > nameStart, k < bytes.count, bytes[k] == 0x20 else { return nil }
        skipBlanks()
        let versionStart = k
        while k < bytes.count && (bytes[k] == UInt8(ascii: ".") || (0x30...0x39).contains(bytes[k])) { k += 1 }
        guard let version = PlatformVersion(utf8: bytes[versionStart..<k]) else { return nil }
        skipBlanks()
        guard k < bytes.count, bytes[k] == UInt8(ascii: ",") else { return nil }
        k += 1
        skipBlanks()
        guard k < bytes.count, bytes[k] == UInt8(ascii: "*") else { return nil }
        k += 1
        skipBlanks()
        guard k == bytes.count else { return nil }
        return Availability(platform: String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self), introduced: version, text: text)
    }

    /// Parses the arguments of `@available(…)` (the text between the parentheses), Swift's own
    /// forms: `iOS 13.0, *` (short) and `iOS, introduced: 13.0, deprecated: 26.0, message: "…",
    /// renamed: "…"` (long; also `*, deprecated`, `iOS, unavailable`). Returns the availability,
    /// or a problem (message and byte offset within `arguments`).
    public static func parse(arguments: String, text: String) -> Result<Availability, SwiftSyntaxProblem> {
        parse(argumentBytes: Array(arguments.utf8), text: text)
    }

    /// `parse(arguments:text:)` over the arguments' UTF-8 bytes: versions and string literals
    /// are read from the bytes, and a `String` is made only for what is kept.
    package static func parse(argumentBytes bytes: [UInt8], text: String) -> Result<Availability, SwiftSyntaxProblem> {
        shortForm(bytes, text: text).map { .success($0) } ?? parseTokens(bytes, text: text)
    }

    /// Every form, token by token.
    static func parseTokens(_ bytes: [UInt8], text: String) -> Result<Availability, SwiftSyntaxProblem> {
        let tokens = SwiftLexer(bytes: bytes, range: 0..<bytes.count).tokenize()
        func fail(_ k: Int, _ message: String) -> Result<Availability, SwiftSyntaxProblem> {
            .failure(SwiftSyntaxProblem(offset: k < tokens.count ? tokens[k].start : bytes.count, message: message))
        }
        func word(_ k: Int) -> String? { k < tokens.count && tokens[k].kind == .identifier ? tokens[k].text : nil }
        func source(_ k: Int) -> ArraySlice<UInt8> { k < tokens.count ? bytes[tokens[k].start..<tokens[k].end] : [] }
        func isStar(_ k: Int) -> Bool { k < tokens.count && tokens[k].isPunct(0x2A) }
        func isComma(_ k: Int) -> Bool { k < tokens.count && tokens[k].isPunct(0x2C) }
        guard !tokens.isEmpty else { return fail(0, "expected a platform in '@available'") }
        // Short form: platform version (',' platform version)* ',' '*'.
        if let platform = word(0), 1 < tokens.count, tokens[1].kind == .number {
            var result = Availability(platform: platform, text: text)
            var k = 0
            var sawStar = false
            while k < tokens.count {
                if isStar(k) { sawStar = true; k += 1 }
                else if let name = word(k), k + 1 < tokens.count, tokens[k + 1].kind == .number {
                    guard let version = PlatformVersion(utf8: source(k + 1)) else { return fail(k + 1, "expected a version number such as '13.0'") }
                    if name == "iOS" || result.introduced == nil { result.platform = name; result.introduced = version }
                    k += 2
                } else {
                    return fail(k, "expected a platform and a version, such as 'iOS 13.0', in '@available'")
                }
                if k < tokens.count {
                    guard isComma(k) else { return fail(k, "expected ',' in '@available'") }
                    k += 1
                }
            }
            guard sawStar else { return fail(tokens.count, "'@available' with a platform version must end in ', *'") }
            return .success(result)
        }
        // Long form.
        guard isStar(0) || word(0) != nil else { return fail(0, "expected a platform in '@available'") }
        var result = Availability(platform: isStar(0) ? "*" : String(decoding: source(0), as: UTF8.self), text: text)
        var k = 1
        while k < tokens.count {
            guard isComma(k) else { return fail(k, "expected ',' in '@available'") }
            k += 1
            guard let label = word(k) else { return fail(k, "expected an argument such as 'introduced:' in '@available'") }
            k += 1
            switch label {
            case "deprecated" where !(k < tokens.count && tokens[k].isPunct(0x3A)):
                result.isDeprecated = true
                continue
            case "unavailable":
                result.isDeprecated = true
                result.obsoleted = PlatformVersion("0")
                continue
            case "introduced", "deprecated", "obsoleted", "message", "renamed":
                guard k < tokens.count, tokens[k].isPunct(0x3A) else { return fail(k, "expected ':' after '\(label)'") }
                k += 1
                if label == "message" || label == "renamed" {
                    guard k < tokens.count, tokens[k].kind == .string else { return fail(k, "expected a string literal after '\(label):'") }
                    let literal = source(k)
                    let quote = UInt8(ascii: "\"")
                    let value = String(decoding: literal.count >= 2 && literal.first == quote && literal.last == quote
                                       ? literal.dropFirst().dropLast() : literal, as: UTF8.self)
                    if label == "message" { result.message = value } else { result.renamed = value }
                } else {
                    guard k < tokens.count, tokens[k].kind == .number, let version = PlatformVersion(utf8: source(k)) else {
                        return fail(k, "expected a version number such as '13.0' after '\(label):'")
                    }
                    switch label {
                    case "introduced": result.introduced = version
                    case "deprecated": result.deprecated = version; result.isDeprecated = true
                    default: result.obsoleted = version
                    }
                }
                k += 1
            default:
                let suggestion = Suggestions.bestMatch(for: label, in: ["deprecated", "introduced", "message", "obsoleted", "renamed", "unavailable"])
                return fail(k - 1, "unknown argument '\(label)' in '@available'" + Diagnostic.didYouMean(suggestion))
            }
        }
        return .success(result)
    }
}
