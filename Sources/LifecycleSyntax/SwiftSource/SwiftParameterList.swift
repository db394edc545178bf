/// One parameter of a Swift function declaration.
public struct SwiftParameter: Equatable, Sendable {
    /// The argument label; `nil` when the label is `_` (or when the single name is `_`).
    public var label: String?
    /// The parameter (local) name; `_` when the declaration writes `_: T`.
    public var name: String
    /// The type as written, trimmed, with each run of whitespace/comments collapsed to one space.
    public var type: String
    /// The default value as written (same spacing rule as `type`), or `nil`.
    public var defaultValue: String?

    /// Creates a parameter.
    public init(label: String?, name: String, type: String, defaultValue: String? = nil) {
        self.label = label
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
    }
}

/// The first syntax problem found in a piece of Swift text.
public struct SwiftSyntaxProblem: Equatable, Sendable, Error {
    /// Byte offset into the buffer that was given to the parser (absolute, not relative to the range).
    public var offset: Int
    /// Lowercase message without a final period, worded like the Swift compiler.
    public var message: String

    /// Creates a problem.
    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }
}

/// Parser for a Swift parameter clause such as
/// `(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey : Any]? = nil)`.
///
/// Rules:
/// - `x: T` has label `x`; `_ x: T` has no label; `a b: T` has label `a` and name `b`;
///   leading parameter attributes such as `@ViewBuilder` are skipped.
/// - Parameters are split at depth-0 commas; depth counts `()`, `[]`, `{}` and generic `<>`. A `<` opens
///   a generic argument list only when it directly follows an identifier with no space (`Set<X>`); `->`
///   is never a `>`. String literals and comments are skipped.
/// - The type ends at a depth-0 `=`; the default value follows it.
/// - One trailing comma before `)` is accepted (Swift 6.1+).
/// - Never traps, and uses an explicit bracket stack (no recursion).
public enum SwiftParameterList {
    /// Parses the parameter clause in `bytes[range]`; the range must include the outer parentheses
    /// (surrounding whitespace and comments are allowed). Returns the parameters or the first problem.
    public static func parse(_ bytes: [UInt8], range: Range<Int>) -> Result<[SwiftParameter], SwiftSyntaxProblem> {
        let tokens = SwiftLexer(bytes: bytes, range: range).tokenize()
        return parse(tokens: tokens, bytes: bytes, endOffset: max(0, min(range.upperBound, bytes.count)))
    }

    /// Convenience: parses a parameter clause given as a string; offsets are UTF-8 offsets into it.
    public static func parse(_ text: String) -> Result<[SwiftParameter], SwiftSyntaxProblem> {
        let bytes = Array(text.utf8)
        return parse(bytes, range: 0..<bytes.count)
    }

    /// Selector-style labels, e.g. `["_", "willConnectTo", "options"]`.
    static func selector(base: String, parameters: [SwiftParameter]) -> String {
        base + "(" + parameters.map { ($0.label ?? "_") + ":" }.joined() + ")"
    }

    static func parse(tokens t: [SwiftToken], bytes: [UInt8], endOffset: Int) -> Result<[SwiftParameter], SwiftSyntaxProblem> {
        func fail(_ k: Int, _ message: String) -> Result<[SwiftParameter], SwiftSyntaxProblem> {
            .failure(SwiftSyntaxProblem(offset: k < t.count ? t[k].start : endOffset, message: message))
        }
        func describe(_ k: Int) -> String {
            guard k < t.count else { return "end of input" }
            let tok = t[k]
            return "'" + (tok.kind == .identifier ? tok.text : t.joinedText(k..<(k + 1), bytes: bytes)) + "'"
        }
        guard let first = t.first, first.isPunct(UInt8(ascii: "(")) else {
            return fail(0, "expected '(' in argument list of function declaration")
        }
        var params: [SwiftParameter] = []
        var k = 1
        if k < t.count && t[k].isPunct(UInt8(ascii: ")")) {
            if k + 1 < t.count { return fail(k + 1, "extraneous \(describe(k + 1)) after parameter list") }
            return .success([])
        }
        while true {
            // Parameter attributes (`@ViewBuilder`, `@_implicitSelfCapture`).
            while k + 1 < t.count && t[k].isPunct(UInt8(ascii: "@")) && t[k + 1].kind == .identifier {
                k += 2
                if k < t.count && t[k].isPunct(UInt8(ascii: "(")) && !t[k].spaceBefore {
                    // Skip balanced attribute arguments.
                    var depth = 0
                    while k < t.count {
                        if t[k].isPunct(UInt8(ascii: "(")) {
                            depth += 1
                        } else if t[k].isPunct(UInt8(ascii: ")")) {
                            depth -= 1
                            if depth == 0 { k += 1; break }
                        }
                        k += 1
                    }
                }
            }
            guard k < t.count else { return fail(k, "expected ')' in parameter list") }
            guard t[k].kind == .identifier else {
                return fail(k, "expected parameter name followed by ':'")
            }
            let firstName = t[k].text
            var label: String?
            var name: String
            if k + 1 < t.count && t[k + 1].kind == .identifier {
                label = firstName == "_" && !t[k].escaped ? nil : firstName
                name = t[k + 1].text
                k += 2
            } else {
                label = firstName == "_" && !t[k].escaped ? nil : firstName
                name = firstName
                k += 1
            }
            guard k < t.count, t[k].isPunct(UInt8(ascii: ":")) else {
                return fail(k, "expected ':' after parameter name '\(name)'")
            }
            k += 1
            // Type, then optional default value; each ends at a depth-0 ',' or the closing ')'.
            var typeRange = k..<k
            var defaultRange: Range<Int>? = nil
            var stack: [UInt8] = []
            var segmentStart = k
            var inDefault = false
            var closed = false
            while k < t.count {
                let tok = t[k]
                if tok.kind == .punctuation {
                    switch tok.byte {
                    case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                        stack.append(tok.byte)
                    case UInt8(ascii: "<"):
                        if k > segmentStart && !tok.spaceBefore && t[k - 1].kind == .identifier { stack.append(UInt8(ascii: "<")) }
                    case UInt8(ascii: ">"):
                        if stack.last == UInt8(ascii: "<") { stack.removeLast() }
                    case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                        while stack.last == UInt8(ascii: "<") { stack.removeLast() }
                        if let open = stack.last {
                            let expected = SwiftLexer.closer(of: open)
                            guard expected == tok.byte else {
                                return fail(k, "expected '\(Character(Unicode.Scalar(expected)))' to match '\(Character(Unicode.Scalar(open)))'")
                            }
                            stack.removeLast()
                        } else if tok.byte == UInt8(ascii: ")") {
                            closed = true
                        } else {
                            return fail(k, "unexpected '\(Character(Unicode.Scalar(tok.byte)))' in parameter list")
                        }
                    case UInt8(ascii: ","):
                        if stack.isEmpty { closed = true }
                    case UInt8(ascii: "="):
                        if stack.isEmpty && !inDefault {
                            typeRange = segmentStart..<k
                            inDefault = true
                            segmentStart = k + 1
                        }
                    default:
                        break
                    }
                }
                if closed { break }
                k += 1
            }
            guard closed else {
                return fail(k, stack.isEmpty || stack.last == UInt8(ascii: "(") || stack.last == UInt8(ascii: "<")
                            ? "expected ')' in parameter list"
                            : "expected '\(stack.last == UInt8(ascii: "[") ? "]" : "}")' in parameter list")
            }
            if inDefault { defaultRange = segmentStart..<k } else { typeRange = segmentStart..<k }
            if typeRange.isEmpty {
                return fail(typeRange.lowerBound, "expected parameter type following ':'")
            }
            if let d = defaultRange, d.isEmpty {
                return fail(d.lowerBound, "expected default argument value following '='")
            }
            params.append(SwiftParameter(label: label, name: name,
                                         type: t.joinedText(typeRange, bytes: bytes),
                                         defaultValue: defaultRange.map { t.joinedText($0, bytes: bytes) }))
            // k is at ',' or the closing ')'.
            if t[k].isPunct(UInt8(ascii: ",")) {
                k += 1
                if k < t.count && t[k].isPunct(UInt8(ascii: ")")) {  // trailing comma
                    if k + 1 < t.count { return fail(k + 1, "extraneous \(describe(k + 1)) after parameter list") }
                    return .success(params)
                }
                continue
            }
            if k + 1 < t.count { return fail(k + 1, "extraneous \(describe(k + 1)) after parameter list") }
            return .success(params)
        }
    }
}
