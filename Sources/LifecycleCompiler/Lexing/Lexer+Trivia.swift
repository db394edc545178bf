/// Whitespace and comments: `//` to the end of the line and nesting `/* … */`.
extension Lexer {
    /// Skips whitespace and comments before the next token.
    mutating func skipTrivia() {
        while true {
            // Runs of whitespace with a local offset (kept in a register); the sentinel zero
            // byte after the end stops the inner loop.
            var offset = position
            var c = base[offset]
            while c == UInt8(ascii: " ") || c == UInt8(ascii: "\n") || c == UInt8(ascii: "\t") || c == UInt8(ascii: "\r") {
                offset += 1
                c = base[offset]
            }
            position = offset
            if c == UInt8(ascii: "/") && peekNext == UInt8(ascii: "/") {
                skipLineComment()
            } else if c == UInt8(ascii: "/") && peekNext == UInt8(ascii: "*") {
                skipBlockComment()
            } else {
                return
            }
        }
    }

    /// Skips `//` up to (not including) the end of the line.
    mutating func skipLineComment() {
        while !isAtEnd && current != UInt8(ascii: "\n") { position += 1 }
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
