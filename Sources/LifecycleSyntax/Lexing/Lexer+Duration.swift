import LifecycleSource

/// Durations (`5s`, `1.5s`, `250ms`, `2min`) after `after` and `within` (issue 43). The
/// language has no number tokens, so the parser asks for a duration where the grammar has one,
/// as it asks for a platform's version.
extension Lexer {
    /// Scans a duration after the current token: blanks, then digits, dots and ASCII letters on
    /// the same line (`5s`, `1.5min`, and mistakes such as `5sec` or `s`, which the checker
    /// words). The range is empty when the next character starts none of those.
    public mutating func scanDuration() -> SourceRange {
        while !isAtEnd, current == UInt8(ascii: " ") || current == UInt8(ascii: "\t") { position += 1 }
        let start = position
        guard !isAtEnd, current >= UInt8(ascii: "0"), current <= UInt8(ascii: "9") else { return range(start, start) }
        while !isAtEnd {
            let c = current
            let isDigit = c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")
            let isLetter = (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z")
            guard isDigit || isLetter || c == UInt8(ascii: ".") else { break }
            position += 1
        }
        return range(start, position)
    }
}
