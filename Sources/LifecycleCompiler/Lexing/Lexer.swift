/// Turns the bytes of a source file into tokens, one at a time, on demand.
///
/// The lexer is a cursor over UTF-8 bytes: a value type, so copying it gives lookahead. It
/// never fails: problems (an unterminated string, a stray byte, invalid UTF-8) are recorded in
/// `diagnostics` and lexing goes on. The parser asks for Swift text (parameter clauses and
/// types in `protocol`/`class` blocks) through `scanSwiftParameters()` and `scanSwiftType()`,
/// which keep that text as one balanced range instead of tokens.
public struct Lexer {
    let file: SourceFile
    /// The file's bytes followed by one zero byte, so `byte(at: count)` is always readable.
    let base: UnsafePointer<UInt8>
    let count: Int
    /// Offset of the next byte to read.
    public internal(set) var position = 0
    public internal(set) var diagnostics = Diagnostics()

    public init(_ file: SourceFile) {
        self.file = file
        self.base = UnsafePointer(file.storage.baseAddress!)
        self.count = file.count
        // A UTF-8 byte order mark, as some editors write, is not part of the text.
        if count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF { position = 3 }
    }

    @inline(__always) func byte(at offset: Int) -> UInt8 { base[offset] }
    @inline(__always) var current: UInt8 { base[position] }
    @inline(__always) var peekNext: UInt8 { position < count ? base[position + 1] : 0 }
    @inline(__always) var isAtEnd: Bool { position >= count }

    func range(_ start: Int, _ end: Int) -> SourceRange {
        SourceRange(file: file.id, start: start, end: end)
    }

    mutating func report(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

    // MARK: - Tokens

    /// Skips whitespace and comments and returns the next token (`.endOfFile` at the end).
    public mutating func next() -> Token {
        skipTrivia()
        let start = position
        if isAtEnd { return Token(.endOfFile, start: count, end: count) }
        let c = current
        switch c {
        case UInt8(ascii: "{"): position += 1; return Token(.leftBrace, start: start, end: position)
        case UInt8(ascii: "}"): position += 1; return Token(.rightBrace, start: start, end: position)
        case UInt8(ascii: "("): position += 1; return Token(.leftParen, start: start, end: position)
        case UInt8(ascii: ")"): position += 1; return Token(.rightParen, start: start, end: position)
        case UInt8(ascii: ":"): position += 1; return Token(.colon, start: start, end: position)
        case UInt8(ascii: ","): position += 1; return Token(.comma, start: start, end: position)
        case UInt8(ascii: "-") where peekNext == UInt8(ascii: ">"):
            position += 2
            return Token(.arrow, start: start, end: position)
        case UInt8(ascii: "\""):
            lexString()
            return Token(.string, start: start, end: position)
        default:
            if Lexer.isIdentifierHead(c) {
                lexIdentifierTail()
                return identifierOrKeyword(start: start)
            }
            if c >= 0x80, let (scalar, length) = decodeScalar(at: position), Lexer.isIdentifierHead(scalar) {
                position += length
                lexIdentifierTail()
                return Token(.identifier, start: start, end: position)
            }
            lexUnknown()
            return Token(.unknown, start: start, end: position)
        }
    }

    // MARK: - Identifiers and keywords

    @inline(__always) static func isIdentifierHead(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
            || c == UInt8(ascii: "_")
    }

    @inline(__always) static func isIdentifierBody(_ c: UInt8) -> Bool {
        isIdentifierHead(c) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
    }

    static func isIdentifierHead(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isXIDStart
    }

    static func isIdentifierBody(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isXIDContinue
    }

    /// Advances over the rest of an identifier (ASCII fast path, then Unicode letters).
    mutating func lexIdentifierTail() {
        while true {
            let c = current
            if Lexer.isIdentifierBody(c) {
                position += 1
            } else if c >= 0x80, let (scalar, length) = decodeScalar(at: position), Lexer.isIdentifierBody(scalar) {
                position += length
            } else {
                return
            }
        }
    }

    func identifierOrKeyword(start: Int) -> Token {
        if let keyword = Lexer.keyword(base + start, length: position - start) {
            return Token(.keyword(keyword), start: start, end: position)
        }
        return Token(.identifier, start: start, end: position)
    }

    private static let keywordBytes: [(Keyword, [UInt8])] = Keyword.allCases.map { ($0, Array($0.text.utf8)) }

    /// The keyword spelled by `length` bytes at `pointer`, if any.
    static func keyword(_ pointer: UnsafePointer<UInt8>, length: Int) -> Keyword? {
        guard length >= 2 && length <= 8 else { return nil }
        let first = pointer[0]
        // Every keyword starts with a lowercase letter in this set.
        switch first {
        case UInt8(ascii: "b"), UInt8(ascii: "c"), UInt8(ascii: "d"), UInt8(ascii: "f"), UInt8(ascii: "i"),
             UInt8(ascii: "m"), UInt8(ascii: "o"), UInt8(ascii: "p"), UInt8(ascii: "r"), UInt8(ascii: "s"),
             UInt8(ascii: "v"):
            break
        default:
            return nil
        }
        for (keyword, bytes) in keywordBytes where bytes.count == length && bytes[0] == first {
            var index = 1
            while index < length && bytes[index] == pointer[index] { index += 1 }
            if index == length { return keyword }
        }
        return nil
    }

    /// The text of a token (for identifiers and error messages).
    public func text(of token: Token) -> String {
        file.text(range(token.start, token.end))
    }

    // MARK: - Unknown bytes

    /// Consumes a run of bytes that start no token and reports it once.
    mutating func lexUnknown() {
        let start = position
        var problem: Diagnostic?
        while !isAtEnd {
            let c = current
            if c == UInt8(ascii: " ") || c == UInt8(ascii: "\n") || c == UInt8(ascii: "\t") || c == UInt8(ascii: "\r") {
                break
            }
            if position > start && startsToken(c) { break }
            if c == 0 {
                problem = problem ?? .nulByte(at: range(position, position + 1))
                position += 1
            } else if c >= 0x80 {
                if let (scalar, length) = decodeScalar(at: position) {
                    if position > start && Lexer.isIdentifierHead(scalar) { break }
                    problem = problem ?? .unexpectedCharacter(String(scalar), at: range(position, position + length))
                    position += length
                } else {
                    problem = problem ?? .invalidUTF8(byte: c, at: range(position, position + 1))
                    position += 1
                }
            } else {
                problem = problem ?? .unexpectedCharacter(String(UnicodeScalar(c)), at: range(position, position + 1))
                position += 1
            }
        }
        if position == start { position += 1 }
        if let problem { report(problem) }
    }

    /// Whether an ASCII byte can begin a token.
    func startsToken(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: ":"),
             UInt8(ascii: ","), UInt8(ascii: "\""), UInt8(ascii: "/"):
            return true
        case UInt8(ascii: "-"):
            return peekNext == UInt8(ascii: ">")
        default:
            return Lexer.isIdentifierHead(c)
        }
    }

    // MARK: - UTF-8

    /// Decodes the scalar starting at `offset`, or nil if the bytes there are not valid UTF-8.
    func decodeScalar(at offset: Int) -> (Unicode.Scalar, Int)? {
        let b0 = UInt32(byte(at: offset))
        if b0 < 0x80 { return (Unicode.Scalar(UInt8(b0)), 1) }
        func continuation(_ i: Int) -> UInt32? {
            guard offset + i < count else { return nil }
            let b = UInt32(byte(at: offset + i))
            return b & 0xC0 == 0x80 ? b & 0x3F : nil
        }
        var value: UInt32
        var length: Int
        switch b0 {
        case 0xC2...0xDF: value = b0 & 0x1F; length = 2
        case 0xE0...0xEF: value = b0 & 0x0F; length = 3
        case 0xF0...0xF4: value = b0 & 0x07; length = 4
        default: return nil
        }
        for i in 1..<length {
            guard let bits = continuation(i) else { return nil }
            value = value << 6 | bits
        }
        // Reject overlong forms, surrogates and values past U+10FFFF.
        if (length == 3 && value < 0x800) || (length == 4 && (value < 0x10000 || value > 0x10FFFF)) { return nil }
        guard let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}
