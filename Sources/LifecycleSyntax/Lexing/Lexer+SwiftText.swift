import LifecycleSource

/// Swift text inside `protocol` and `class` blocks: parameter clauses and types are kept as
/// balanced source ranges, not tokens, so that generated code reproduces them exactly.
extension Lexer {
    /// The result of scanning a piece of Swift text.
    public struct SwiftText: Sendable {
        /// The text's range (for parameters: from `(` through `)`).
        public var range: SourceRange
        /// Whether the brackets balanced; if not, a diagnostic has been reported.
        public var isComplete: Bool
    }

    /// Scans a version such as `15.0` after the current token (`platform iOS 15.0`): blanks, then
    /// digits and dots on the same line. The range is empty when there is none.
    public mutating func scanVersion() -> SourceRange {
        while !isAtEnd, current == UInt8(ascii: " ") || current == UInt8(ascii: "\t") { position += 1 }
        let start = position
        while !isAtEnd, (current >= UInt8(ascii: "0") && current <= UInt8(ascii: "9")) || current == UInt8(ascii: ".") {
            position += 1
        }
        return range(start, position)
    }

    /// Scans a parameter clause whose `(` (at `openParen`) the lexer has just returned.
    ///
    /// Balances `() [] {} <>` (the `>` of `->` does not close a `<`), skipping string literals
    /// and comments. An unclosed clause stops at a line that starts with `func`, `var` or a
    /// closing `}`, so that the rest of the block still parses, and is reported once.
    public mutating func scanSwiftParameters(openParen: Int) -> SwiftText {
        position = openParen + 1
        var stack: [UInt8] = [UInt8(ascii: "(")]
        var lineStart = true
        while !isAtEnd {
            let c = current
            if lineStart {
                if c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || LineEnd.isLineEndByte(c) {
                    position += 1
                    continue
                }
                if stack.count == 1 && (c == UInt8(ascii: "}") || startsWord(Keyword.func.staticText) || startsWord(Keyword.var.staticText)) {
                    break
                }
                lineStart = false
            }
            switch c {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                lineStart = true
                position += 1
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "<"):
                stack.append(c)
                position += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                if Lexer.close(c, in: &stack) {
                    position += 1
                    if stack.isEmpty {
                        return SwiftText(range: range(openParen, position), isComplete: true)
                    }
                } else {
                    report(.unbalancedSwiftText(String(UnicodeScalar(c)), at: range(position, position + 1))
                        .note("to match this '('", at: range(openParen, openParen + 1)))
                    position += 1
                    return SwiftText(range: range(openParen, position), isComplete: false)
                }
            case UInt8(ascii: ">"):
                if stack.last == UInt8(ascii: "<") { stack.removeLast() }
                position += 1
            case UInt8(ascii: "-") where peekNext == UInt8(ascii: ">"):
                position += 2
            case UInt8(ascii: "\""):
                skipSwiftString()
            case UInt8(ascii: "/") where peekNext == UInt8(ascii: "/"):
                skipLineComment()
            case UInt8(ascii: "/") where peekNext == UInt8(ascii: "*"):
                skipBlockComment()
            default:
                // Printable ASCII, nearly every byte, needs no check.
                if c < 0x20 || c >= 0x7F { reportControlCharacter(c) }
                position += 1
            }
        }
        var end = position
        while end > openParen + 1, Lexer.isSpace(byte(at: end - 1)) { end -= 1 }
        report(.unclosedParameterList(at: range(end, end))
            .note("to match this '('", at: range(openParen, openParen + 1)))
        return SwiftText(range: range(openParen, end), isComplete: false)
    }

    /// Scans a Swift type from the current position (after `->` or a var's `:`).
    ///
    /// The type ends, outside brackets, at a newline, `{`, `}`, a comment, or the contextual
    /// word `returns` or `body`. Leading and trailing blanks are not part of it.
    public mutating func scanSwiftType() -> SwiftText {
        while !isAtEnd, Lexer.isSpace(current) || current == UInt8(ascii: "\n") { position += 1 }
        let start = position
        var stack: [UInt8] = []
        var complete = true
        scan: while !isAtEnd {
            let c = current
            switch c {
            case UInt8(ascii: "\n") where stack.isEmpty, UInt8(ascii: "\r") where stack.isEmpty:
                break scan
            case UInt8(ascii: "{") where stack.isEmpty, UInt8(ascii: "}") where stack.isEmpty:
                break scan
            case UInt8(ascii: "/") where peekNext == UInt8(ascii: "/") || peekNext == UInt8(ascii: "*"):
                if stack.isEmpty { break scan }
                if peekNext == UInt8(ascii: "/") { skipLineComment() } else { skipBlockComment() }
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "<"), UInt8(ascii: "{"):
                stack.append(c)
                position += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                guard Lexer.close(c, in: &stack) else {
                    report(.unbalancedSwiftText(String(UnicodeScalar(c)), at: range(position, position + 1)))
                    complete = false
                    break scan
                }
                position += 1
            case UInt8(ascii: ">"):
                if stack.last == UInt8(ascii: "<") { stack.removeLast() }
                position += 1
            case UInt8(ascii: "-") where peekNext == UInt8(ascii: ">"):
                position += 2
            case UInt8(ascii: "r") where stack.isEmpty && startsWord(Keyword.returns.staticText),
                 UInt8(ascii: "b") where stack.isEmpty && startsWord(ContextualKeyword.body.staticText):
                break scan
            case UInt8(ascii: "\""):
                // No Swift type holds a string, and one copied into the generated code (where
                // it may be unterminated) would swallow the rest of the declaration.
                let quote = position
                skipSwiftString()
                report(.stringInSwiftType(at: range(quote, position)))
                complete = false
            default:
                // Step over a whole identifier so that a word ending in "returns" is not split.
                if Lexer.isIdentifierBody(c) && hiddenScalarLength(at: position) == nil {
                    while Lexer.isIdentifierBody(current) && hiddenScalarLength(at: position) == nil { position += 1 }
                } else {
                    if (c < 0x20 || c >= 0x7F) && reportControlCharacter(c) { complete = false }
                    position += 1
                }
            }
        }
        if complete && !stack.isEmpty {
            report(.unbalancedSwiftType(at: range(start, position)))
            complete = false
        }
        var end = position
        while end > start, Lexer.isSpace(byte(at: end - 1)) || byte(at: end - 1) == UInt8(ascii: "\n") { end -= 1 }
        return SwiftText(range: range(start, end), isComplete: complete)
    }

    /// Skips a Swift string literal (single-line, with escapes) starting at its quote.
    mutating func skipSwiftString() {
        position += 1
        while !isAtEnd && current != UInt8(ascii: "\"") && !LineEnd.isLineEndByte(current) {
            position += current == UInt8(ascii: "\\") ? 2 : 1
        }
        // A backslash as the file's last byte steps past the end: come back to the sentinel
        // before reading `current` again.
        position = min(position, count)
        if current == UInt8(ascii: "\"") { position += 1 }
    }

    /// Whether the identifier `word` starts at the current position (as a whole word).
    func startsWord(_ word: StaticString) -> Bool {
        let length = word.utf8CodeUnitCount
        guard position + length <= count else { return false }
        let pointer = word.utf8Start
        for i in 0..<length where byte(at: position + i) != pointer[i] { return false }
        if position > 0 && Lexer.isIdentifierBody(byte(at: position - 1)) { return false }
        return !Lexer.isIdentifierBody(byte(at: position + length))
    }

    /// Closes `closer` (`)`, `]` or `}`) against the open brackets in `stack`: angle brackets
    /// never hold a closing bracket of another kind, so open `<`s on top are dropped; then the
    /// matching opener is popped. Returns false, leaving the other opener, if it does not match.
    static func close(_ closer: UInt8, in stack: inout [UInt8]) -> Bool {
        let opener = switch closer {
        case UInt8(ascii: ")"): UInt8(ascii: "(")
        case UInt8(ascii: "]"): UInt8(ascii: "[")
        default: UInt8(ascii: "{")
        }
        while let top = stack.last, top == UInt8(ascii: "<"), opener != top { stack.removeLast() }
        guard stack.last == opener else { return false }
        stack.removeLast()
        return true
    }

    /// Reports a control character (other than a tab or a line break) or another hidden
    /// character (`VisibleText.isHidden`: C1 controls, bidi overrides and isolates, …) in Swift
    /// text, where it would be copied into generated code that no longer compiles or reads as
    /// something else. Returns whether it did.
    @discardableResult
    mutating func reportControlCharacter(_ c: UInt8) -> Bool {
        if c >= 0x80 {
            guard let length = hiddenScalarLength(at: position), let (scalar, _) = decodeScalar(at: position) else {
                return false
            }
            report(.unexpectedCharacter(String(scalar), at: range(position, position + length)))
            return true
        }
        guard (c < 0x20 && c != UInt8(ascii: "\t") && c != UInt8(ascii: "\n") && c != UInt8(ascii: "\r")) || c == 0x7F else {
            return false
        }
        report(c == 0 ? .nulByte(at: range(position, position + 1))
                      : .unexpectedCharacter(String(UnicodeScalar(c)), at: range(position, position + 1)))
        return true
    }

    /// The length in bytes of the scalar at `offset` when it is a multi-byte hidden character,
    /// else nil (ASCII controls are `reportControlCharacter`'s own test).
    func hiddenScalarLength(at offset: Int) -> Int? {
        guard byte(at: offset) >= 0xC0, let (scalar, length) = decodeScalar(at: offset),
              VisibleText.isHidden(scalar) else { return nil }
        return length
    }

    @inline(__always) static func isSpace(_ c: UInt8) -> Bool {
        c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || c == UInt8(ascii: "\r")
    }
}
