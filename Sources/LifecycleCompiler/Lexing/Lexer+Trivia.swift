/// Whitespace and comments: `//` to the end of the line and nesting `/* … */`.
extension Lexer {
    /// Skips whitespace and comments before the next token.
    mutating func skipTrivia() {
        while true {
            let c = current
            if c == UInt8(ascii: " ") || c == UInt8(ascii: "\n") || c == UInt8(ascii: "\t") || c == UInt8(ascii: "\r") {
                position += 1
            } else if c == UInt8(ascii: "/") && peekNext == UInt8(ascii: "/") {
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
