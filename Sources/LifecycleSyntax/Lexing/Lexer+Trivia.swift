import LifecycleSource

/// Whitespace and comments: `//` to the end of the line and nesting `/* … */`.
///
/// `next()` skips the whitespace before a token inline; only at a `/`, which may open a
/// comment, does it call out to `skipCommentsAndWhitespace()`.
extension Lexer {
    /// Skips spaces, tabs and line breaks (not comments) before the next token.
    ///
    /// Between two tokens there is mostly a space or a line break and its indentation, which
    /// this loop skips by one byte-class bit per byte. `position` is stored once, after the
    /// loop, which keeps the loop to a load, a test and an increment.
    @inline(__always)
    mutating func skipWhitespace() {
        // A local offset (kept in a register); the sentinel zero byte after the end has no
        // class bits, so it stops the loop.
        var offset = position
        while Lexer.byteClass(base[offset]) & Lexer.whitespaceBit != 0 { offset &+= 1 }
        position = offset
    }

    /// Skips comments and the whitespace between them, from a `/` that may open a comment.
    @inline(never)
    mutating func skipCommentsAndWhitespace() {
        while true {
            var offset = position
            while Lexer.byteClass(base[offset]) & Lexer.whitespaceBit != 0 { offset &+= 1 }
            position = offset
            let c = base[offset]
            if c == UInt8(ascii: "/") && peekNext == UInt8(ascii: "/") {
                skipLineComment()
            } else if c == UInt8(ascii: "/") && peekNext == UInt8(ascii: "*") {
                skipBlockComment()
            } else {
                return
            }
        }
    }

    /// Skips `//` up to (not including) the end of the line: LF, CR LF or a lone CR (`LineEnd`).
    mutating func skipLineComment() {
        while !isAtEnd && !LineEnd.isLineEndByte(current) { position += 1 }
    }

    /// Skips a nesting block comment; an unterminated one is reported at its opening `/*`.
    mutating func skipBlockComment() {
        let start = position
        var depth = 0
        while !isAtEnd {
            if current == UInt8(ascii: "/") && peekNext == UInt8(ascii: "*") {
                depth += 1
                position += 2
            } else if current == UInt8(ascii: "*") && peekNext == UInt8(ascii: "/") {
                depth -= 1
                position += 2
                if depth == 0 { return }
            } else {
                position += 1
            }
        }
        report(.unterminatedBlockComment(at: range(start, start + 2)))
    }
}
