import LifecycleSource

/// One token of Swift source, as produced by `SwiftLexer`.
///
/// Offsets are byte offsets into the buffer given to the lexer (not relative to the lexed range).
package struct SwiftToken: Sendable {
    /// The coarse category of a token.
    package enum Kind: Sendable, Equatable {
        /// An identifier or keyword (`func`, `class`, `_`, `` `default` ``); `text` holds the name without backticks.
        case identifier
        /// A single punctuation/operator byte (`{`, `(`, `<`, `.`, `=`, ...); `byte` holds it.
        case punctuation
        /// The two-byte arrow `->`.
        case arrow
        /// A complete string literal (any flavour, including its interpolations).
        case string
        /// A number literal.
        case number
        /// A `#keyword` such as `#selector` or `#available`; `text` holds it with the `#`.
        case pound
        /// A compiler-control line (`#if`, `#elseif`, `#else`, `#endif`; `text` holds the keyword
        /// with its `#`), produced only when the lexer is asked to keep them.
        case directive
    }

    package var kind: Kind
    package var start: Int
    package var end: Int
    /// First byte of the token (meaningful for `.punctuation`).
    var byte: UInt8
    /// Identifier name (without backticks) or pound keyword; empty for other kinds.
    package var text: String
    /// Whether the identifier is backtick-escaped (and so never a keyword).
    var escaped: Bool
    /// Whether whitespace or a comment precedes the token.
    var spaceBefore: Bool
    /// Whether a line break (or a `//` comment, or a skipped `#if` line) precedes the token.
    var newlineBefore: Bool

    /// Whether the token is the punctuation byte `c`.
    package func isPunct(_ c: UInt8) -> Bool { kind == .punctuation && byte == c }

    /// Whether the token is one of the punctuation bytes of `set` (`"{};"`).
    package func isPunct(oneOf set: StaticString) -> Bool {
        kind == .punctuation && UnsafeBufferPointer(start: set.utf8Start, count: set.utf8CodeUnitCount).contains(byte)
    }

    /// Whether the token is the unescaped identifier or keyword `word`.
    package func isKeyword(_ word: String) -> Bool { kind == .identifier && !escaped && text == word }
}

/// A linear-time, non-recursive Swift tokenizer that skips comments (including nested block comments),
/// treats every kind of string literal (`"…"`, `"""…"""`, raw `#"…"#`, interpolations with nested strings
/// and parentheses) and every regex literal (`/…/`, `#/…/#`, extended delimiters) as a single token,
/// and drops compiler-control lines (`#if`, `#elseif`, `#else`, `#endif`) so that code in every
/// branch is seen — or, with `keepDirectives`, keeps each as one `.directive` token (its condition
/// skipped) for a caller that follows the branches (`SwiftSourceScanner`).
///
/// It never traps: all indexing is bounds-checked against the lexed range.
package struct SwiftLexer {
    private let bytes: [UInt8]
    /// The lexed range, `lower..<upper`.
    private let lower: Int
    private let upper: Int
    private let keepDirectives: Bool

    /// Creates a lexer over `bytes[range]`; the range is clamped to the buffer.
    package init(bytes: [UInt8], range: Range<Int>, keepDirectives: Bool = false) {
        self.keepDirectives = keepDirectives
        self.bytes = bytes
        lower = max(0, min(range.lowerBound, bytes.count))
        upper = max(lower, min(range.upperBound, bytes.count))
    }

    /// Whether the byte may continue a Swift identifier: what may continue a spec's
    /// (`Lexer.isIdentifierBody`), `$`, or any byte of a non-ASCII character.
    static func isIdentifierBody(_ c: UInt8) -> Bool {
        Lexer.isIdentifierBody(c) || c == UInt8(ascii: "$") || c >= 0x80
    }

    /// Whether the byte is an ASCII digit.
    static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }

    /// The closing bracket of `(`, `[` or `{`.
    static func closer(of opener: UInt8) -> UInt8 {
        opener == UInt8(ascii: "(") ? UInt8(ascii: ")") : opener == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")
    }

    /// The opening bracket of `)`, `]` or `}`.
    static func opener(of closer: UInt8) -> UInt8 {
        closer == UInt8(ascii: ")") ? UInt8(ascii: "(") : closer == UInt8(ascii: "]") ? UInt8(ascii: "[") : UInt8(ascii: "{")
    }

    /// Whether the byte may start a Swift identifier: what may start a spec's
    /// (`Lexer.isIdentifierHead`), `$`, or any byte of a non-ASCII character.
    static func isIdentifierHead(_ c: UInt8) -> Bool {
        Lexer.isIdentifierHead(c) || c == UInt8(ascii: "$") || c >= 0x80
    }

    private func at(_ i: Int) -> UInt8 { i >= lower && i < upper ? bytes[i] : 0 }

    /// Tokenizes the whole range.
    package func tokenize() -> [SwiftToken] {
        var tokens: [SwiftToken] = []
        var i = lower
        var space = false
        var newline = false
        // A regex scan that finds no end reads to the end of its line (or, for a multi-line
        // `#/`, of the file). So that no input makes that quadratic, a `/` before the point a
        // failed scan reached opens no regex, nor does a multi-line `#/` after one failed.
        var noRegexBefore = 0
        var multilineRegexFailed = false
        func text(_ s: Int, _ e: Int) -> String { String(decoding: bytes[s..<e], as: UTF8.self) }
        while i < upper {
            let c = bytes[i]
            // Whitespace.
            if c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || c == UInt8(ascii: "\u{0B}")
                || c == UInt8(ascii: "\u{0C}") || c == 0 {
                space = true; i += 1; continue
            }
            if LineEnd.isLineEndByte(c) { space = true; newline = true; i += 1; continue }
            // Comments.
            if c == UInt8(ascii: "/") && at(i + 1) == UInt8(ascii: "/") {
                i = skipLine(from: i); space = true; newline = true; continue
            }
            if c == UInt8(ascii: "/") && at(i + 1) == UInt8(ascii: "*") {
                i = skipBlockComment(from: i); space = true; continue
            }
            let start = i
            func push(_ kind: SwiftToken.Kind, _ end: Int, _ t: String = "", escaped: Bool = false) {
                tokens.append(SwiftToken(kind: kind, start: start, end: end, byte: c, text: t,
                                         escaped: escaped, spaceBefore: space, newlineBefore: newline))
                space = false; newline = false
                i = end
            }
            // Strings (plain, multi-line, raw).
            if c == UInt8(ascii: "\"") || (c == UInt8(ascii: "#") && stringOpens(at: i)) {
                push(.string, skipString(from: i)); continue
            }
            // Regex literals: `#/…/#` (any number of `#`), and a bare `/…/` where an expression starts.
            if c == UInt8(ascii: "#") && i >= noRegexBefore,
               let end = extendedRegexEnd(from: i, noRegexBefore: &noRegexBefore, multilineFailed: &multilineRegexFailed) {
                push(.string, end); continue
            }
            if c == UInt8(ascii: "/") && i >= noRegexBefore,
               Self.regexMayStart(after: tokens.last, tokens.count > 1 ? tokens[tokens.count - 2] : nil),
               let end = bareRegexEnd(from: i, noRegexBefore: &noRegexBefore) {
                push(.string, end); continue
            }
            // Pound keywords and compiler-control lines.
            if c == UInt8(ascii: "#") && Self.isIdentifierHead(at(i + 1)) {
                var e = i + 1
                while e < upper && Self.isIdentifierBody(bytes[e]) { e += 1 }
                let word = text(i + 1, e)
                switch word {
                case "if", "elseif", "else", "endif":
                    // A condition is one line: the compiler rejects one that goes on to the next.
                    let lineEnd = word.hasPrefix("e") && word != "elseif" ? e : skipLine(from: e)
                    if keepDirectives {
                        newline = true
                        push(.directive, lineEnd, "#" + word)
                    } else {
                        i = lineEnd
                    }
                    space = true; newline = true
                default:
                    push(.pound, e, "#" + word)
                }
                continue
            }
            // Backtick-escaped identifiers.
            if c == UInt8(ascii: "`") {
                var e = i + 1
                while e < upper && bytes[e] != UInt8(ascii: "`") && !LineEnd.isLineEndByte(bytes[e]) { e += 1 }
                if e < upper && bytes[e] == UInt8(ascii: "`") && e > i + 1 {
                    push(.identifier, e + 1, text(i + 1, e), escaped: true)
                } else {
                    push(.punctuation, i + 1)
                }
                continue
            }
            if Self.isIdentifierHead(c) {
                var e = i + 1
                while e < upper && Self.isIdentifierBody(bytes[e]) { e += 1 }
                push(.identifier, e, text(i, e)); continue
            }
            if Self.isDigit(c) {
                var e = i + 1
                while e < upper && (Self.isIdentifierBody(bytes[e]) || (bytes[e] == UInt8(ascii: ".") && Self.isDigit(at(e + 1)))) {
                    e += 1
                }
                push(.number, e); continue
            }
            if c == UInt8(ascii: "-") && at(i + 1) == UInt8(ascii: ">") {
                push(.arrow, i + 2); continue
            }
            push(.punctuation, i + 1)
        }
        return tokens
    }

    /// Keywords after which a `/` begins an expression rather than dividing.
    private static let expressionKeywords: Set<String> = [
        "return", "case", "in", "where", "if", "guard", "while", "try", "await", "throw", "else", "switch",
        "repeat", "is", "as", "some", "any", "yield",
    ]

    /// Whether a `/` after `previous` stands where an expression may start, so that it can open a
    /// regex literal: at the start, after an opening bracket, a separator, an operator or an
    /// expression keyword (`try?` and a ternary's `?` included); never after a value (`a / b`, `f() / 2`).
    static func regexMayStart(after previous: SwiftToken?, _ beforePrevious: SwiftToken?) -> Bool {
        guard let previous else { return true }
        switch previous.kind {
        case .identifier: return !previous.escaped && expressionKeywords.contains(previous.text)
        case .arrow, .directive: return true
        case .string, .number, .pound: return false
        case .punctuation:
            switch previous.byte {
            case UInt8(ascii: "?"), UInt8(ascii: "!"):
                return previous.spaceBefore || beforePrevious?.isKeyword("try") == true
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "`"), UInt8(ascii: "."): return false
            default: return true
            }
        }
    }

    /// The end of a bare regex literal `/…/` starting at `i`, or nil when the `/` is an operator:
    /// a bare regex does not start with a space and ends on the same line at an unescaped `/`.
    private func bareRegexEnd(from i: Int, noRegexBefore: inout Int) -> Int? {
        let first = at(i + 1)
        if first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") || first == UInt8(ascii: "\n") || first == UInt8(ascii: "\r")
            || first == UInt8(ascii: "=") || i + 1 >= upper {
            return nil
        }
        var j = i + 1
        var inClass = 0
        defer { if j >= upper { noRegexBefore = upper } }
        while j < upper {
            switch bytes[j] {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                noRegexBefore = j
                return nil
            case UInt8(ascii: "\\"): j += 2; continue  // an escaped character
            case UInt8(ascii: "["): inClass += 1
            case UInt8(ascii: "]"): if inClass > 0 { inClass -= 1 }
            case UInt8(ascii: "/"):
                if inClass == 0 { return bytes[j - 1] == UInt8(ascii: " ") ? nil : j + 1 }
            default: break
            }
            j += 1
        }
        return nil
    }

    /// The end of an extended regex literal (`#/…/#`, `##/…/##`, or the multi-line form whose
    /// `#/` ends its line) starting at `i`, or nil when the `#`s open no regex.
    private func extendedRegexEnd(from i: Int, noRegexBefore: inout Int, multilineFailed: inout Bool) -> Int? {
        let h = hashes(at: i)
        guard at(i + h) == UInt8(ascii: "/") else { return nil }
        var j = i + h + 1
        var k = j
        while k < upper && (bytes[k] == UInt8(ascii: " ") || bytes[k] == UInt8(ascii: "\t")) { k += 1 }
        let multiline = k >= upper || bytes[k] == UInt8(ascii: "\n") || bytes[k] == UInt8(ascii: "\r")
        if multiline && multilineFailed { return nil }
        while j < upper {
            let c = bytes[j]
            if (c == UInt8(ascii: "\n") || c == UInt8(ascii: "\r")) && !multiline {
                noRegexBefore = j
                return nil
            }
            if c == UInt8(ascii: "\\") { j += 2; continue }
            if c == UInt8(ascii: "/") && hashes(at: j + 1) >= h { return j + 1 + h }
            j += 1
        }
        if multiline { multilineFailed = true } else { noRegexBefore = upper }
        return nil
    }

    /// Index of the line end (`LineEnd`) ending the line that contains `i` (or `hi`).
    private func skipLine(from i: Int) -> Int {
        var j = i
        while j < upper && !LineEnd.isLineEndByte(bytes[j]) { j += 1 }
        return j
    }

    /// Skips a (possibly nested) block comment starting at `i` (`/*`); returns the index after it.
    private func skipBlockComment(from i: Int) -> Int {
        var depth = 0
        var j = i
        while j < upper {
            if bytes[j] == UInt8(ascii: "/") && at(j + 1) == UInt8(ascii: "*") { depth += 1; j += 2; continue }
            if bytes[j] == UInt8(ascii: "*") && at(j + 1) == UInt8(ascii: "/") {
                depth -= 1; j += 2
                if depth == 0 { return j }
                continue
            }
            j += 1
        }
        return upper
    }

    /// Whether `#…#"` at `i` opens a raw string.
    private func stringOpens(at i: Int) -> Bool {
        var j = i
        while j < upper && bytes[j] == UInt8(ascii: "#") { j += 1 }
        return j < upper && bytes[j] == UInt8(ascii: "\"")
    }

    /// Number of consecutive `#` bytes starting at `i`.
    private func hashes(at i: Int) -> Int {
        var j = i
        while j < upper && bytes[j] == UInt8(ascii: "#") { j += 1 }
        return j - i
    }

    private enum Frame {
        case string(hashes: Int, multiline: Bool)
        case interpolation(depth: Int)
    }

    /// Opens a string literal at `i` (`#`* `"` or `"""`); returns its frame and the index after the delimiter.
    private func openString(at i: Int) -> (Frame, Int) {
        let h = hashes(at: i)
        let q = i + h  // the quote
        if at(q + 1) == UInt8(ascii: "\"") && at(q + 2) == UInt8(ascii: "\"") {
            return (.string(hashes: h, multiline: true), q + 3)
        }
        return (.string(hashes: h, multiline: false), q + 1)
    }

    /// Skips a complete string literal starting at `i`; returns the index after it (or `hi` if unterminated).
    /// Uses an explicit stack for nested interpolations, so depth is bounded only by memory.
    private func skipString(from i: Int) -> Int {
        walkString(from: i) { _ in }
    }

    /// The interpolations (`\(…)`, `\#(…)` in a raw string) of the string literal starting at
    /// `i`, each the bytes between its parentheses; those nested in them are not listed. One pass.
    func interpolations(ofStringAt i: Int) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        _ = walkString(from: i) { ranges.append($0) }
        return ranges
    }

    /// `skipString`, telling `interpolation` each interpolation of the literal itself as it closes.
    @inline(__always)
    private func walkString(from i: Int, interpolation: (Range<Int>) -> Void) -> Int {
        var stack: [Frame] = []
        var opened = 0  // where the literal's own interpolation being read started
        let (first, next) = openString(at: i)
        stack.append(first)
        var j = next
        while j < upper, let top = stack.last {
            let c = bytes[j]
            switch top {
            case .string(let h, let multi):
                if c == UInt8(ascii: "\\") {
                    let n = min(hashes(at: j + 1), h)
                    if n == h {
                        let k = j + 1 + h
                        if at(k) == UInt8(ascii: "(") {  // \(  or \#(
                            stack.append(.interpolation(depth: 0)); j = k + 1
                            if stack.count == 2 { opened = j }
                        } else {
                            j = k + 1  // escaped character
                        }
                    } else {
                        j += 1
                    }
                } else if c == UInt8(ascii: "\"") {
                    if multi {
                        if at(j + 1) == UInt8(ascii: "\"") && at(j + 2) == UInt8(ascii: "\"") && hashes(at: j + 3) >= h {
                            stack.removeLast(); j += 3 + h
                        } else {
                            j += 1
                        }
                    } else if hashes(at: j + 1) >= h {
                        stack.removeLast(); j += 1 + h
                    } else {
                        j += 1
                    }
                } else if LineEnd.isLineEndByte(c) && !multi {
                    stack.removeLast()  // unterminated single-line string: stop at the line break
                } else {
                    j += 1
                }
            case .interpolation(let depth):
                if c == UInt8(ascii: "(") {
                    stack[stack.count - 1] = .interpolation(depth: depth + 1); j += 1
                } else if c == UInt8(ascii: ")") {
                    if depth == 0 {
                        if stack.count == 2 { interpolation(opened..<j) }
                        stack.removeLast()
                    } else {
                        stack[stack.count - 1] = .interpolation(depth: depth - 1)
                    }
                    j += 1
                } else if c == UInt8(ascii: "\"") || (c == UInt8(ascii: "#") && stringOpens(at: j)) {
                    let (f, n) = openString(at: j)
                    stack.append(f); j = n
                } else if c == UInt8(ascii: "/") && at(j + 1) == UInt8(ascii: "/") {
                    j = skipLine(from: j)
                } else if c == UInt8(ascii: "/") && at(j + 1) == UInt8(ascii: "*") {
                    j = skipBlockComment(from: j)
                } else {
                    j += 1
                }
            }
        }
        return min(j, upper)
    }
}

extension Array where Element == SwiftToken {
    /// Source text of `self[range]`, tokens joined by a single space wherever the source had whitespace or a
    /// comment between them; no leading or trailing space.
    func joinedText(_ range: Range<Int>, bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        for k in range where k >= 0 && k < count {
            let t = self[k]
            if k != range.lowerBound && t.spaceBefore { out.append(UInt8(ascii: " ")) }
            let s = Swift.max(0, Swift.min(t.start, bytes.count))
            let e = Swift.max(s, Swift.min(t.end, bytes.count))
            out.append(contentsOf: bytes[s..<e])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
