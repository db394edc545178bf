import LifecycleSource

/// Turns the bytes of a source file into tokens, one at a time, on demand.
///
/// The lexer is a cursor over UTF-8 bytes: a value type, so copying it gives lookahead. It
/// never fails: problems (an unterminated string, a stray byte, invalid UTF-8) are recorded in
/// `diagnostics` and lexing goes on. The parser asks for Swift text (parameter clauses and
/// types in `protocol`/`class` blocks) through `scanSwiftParameters()` and `scanSwiftType()`,
/// which keep that text as one balanced range instead of tokens.
public struct Lexer {
    let file: SourceFile
    /// The file's bytes followed by `SourceFile.padding` zero bytes, so `byte(at: count)` is
    /// always readable and so is an 8-byte word at any offset up to `count`.
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
    ///
    /// The common tokens (identifiers, keywords, punctuation) are made here without calling
    /// anything, so the function needs no callee-saved registers or stack frame on that path;
    /// everything rarer (comments, strings, Unicode, unknown bytes, the end of the file) is a
    /// tail call to an out-of-line function that returns the token itself.
    public mutating func next() -> Token {
        skipWhitespace()
        if base[position] == UInt8(ascii: "/") { return nextAfterSlash() }
        return token(start: position)
    }

    /// `next()` after whitespace that ends at a `/`, which may open a comment.
    @inline(never)
    mutating func nextAfterSlash() -> Token {
        skipCommentsAndWhitespace()
        return token(start: position)
    }

    /// The token at `start`, where no trivia starts.
    @inline(__always)
    mutating func token(start: Int) -> Token {
        let c = base[start]
        // Identifiers (and keywords) are most tokens, so they are tested first, by one bit of
        // the byte-class table; the end of the file (the sentinel) is no identifier head.
        if Lexer.isIdentifierHead(c) {
            var offset = start &+ 1
            var next = base[offset]
            while Lexer.isIdentifierBody(next) {
                offset &+= 1
                next = base[offset]
            }
            position = offset
            if next >= 0x80 { return unicodeIdentifierOrKeyword(start: start) }
            return identifierOrKeyword(start: start)
        }
        switch c {
        case UInt8(ascii: "{"): position = start &+ 1; return Token(.leftBrace, start: start, end: start &+ 1)
        case UInt8(ascii: "}"): position = start &+ 1; return Token(.rightBrace, start: start, end: start &+ 1)
        case UInt8(ascii: "("): position = start &+ 1; return Token(.leftParen, start: start, end: start &+ 1)
        case UInt8(ascii: ")"): position = start &+ 1; return Token(.rightParen, start: start, end: start &+ 1)
        case UInt8(ascii: ":"): position = start &+ 1; return Token(.colon, start: start, end: start &+ 1)
        case UInt8(ascii: ","): position = start &+ 1; return Token(.comma, start: start, end: start &+ 1)
        // A `-` is before the sentinel, so the byte after it is readable.
        case UInt8(ascii: "-") where base[start &+ 1] == UInt8(ascii: ">"):
            position = start &+ 2
            return Token(.arrow, start: start, end: start &+ 2)
        default:
            position = start
            return otherToken(start: start)
        }
    }

    /// A string literal, a `.`, a Unicode identifier, a run of unknown bytes, or the end of the file.
    @inline(never)
    mutating func otherToken(start: Int) -> Token {
        if start >= count { return Token(.endOfFile, start: count, end: count) }
        let c = base[start]
        // Rare (system steps only), so kept off the hot path in `token(start:)`.
        if c == UInt8(ascii: ".") {
            position = start + 1
            return Token(.period, start: start, end: start + 1)
        }
        if c == UInt8(ascii: "\"") {
            lexString()
            return Token(.string, start: start, end: position)
        }
        if c >= 0x80 && consumeUnicodeIdentifierHead() {
            lexIdentifierTail()
            return Token(.identifier, start: start, end: position)
        }
        // '→' (U+2192, E2 86 92), as diagrams and notes write it: reported once with its
        // fix-it, then read as '->', so that the transition still parses and nothing cascades.
        if c == 0xE2 && start + 2 < count && base[start &+ 1] == 0x86 && base[start &+ 2] == 0x92 {
            position = start &+ 3
            report(.unicodeArrow(at: range(start, position)))
            return Token(.arrow, start: start, end: position)
        }
        if c == UInt8(ascii: "@"), let length = attributeLength(at: start) {
            position = start + length
            return Token(.attribute, start: start, end: position)
        }
        lexUnknown()
        return Token(.unknown, start: start, end: position)
    }

    /// An identifier whose ASCII start ends at a non-ASCII byte: it may go on with Unicode
    /// letters (and is then no keyword, since keywords are ASCII).
    @inline(never)
    mutating func unicodeIdentifierOrKeyword(start: Int) -> Token {
        lexUnicodeIdentifierTail()
        return identifierOrKeyword(start: start)
    }

    // MARK: - Identifiers and keywords

    /// Advances over the rest of an identifier (ASCII fast path, then Unicode letters).
    @inline(__always)
    mutating func lexIdentifierTail() {
        // A local offset keeps the loop in registers; one table bit per byte; the sentinel
        // zero byte (no class bits) ends it. `&+=` because an offset stays below the file's size.
        var offset = position
        while Lexer.isIdentifierBody(base[offset]) { offset &+= 1 }
        position = offset
        if base[offset] >= 0x80 { lexUnicodeIdentifierTail() }
    }

    /// The rest of an identifier that goes on with non-ASCII letters. Kept out of line: Unicode
    /// properties need type metadata set up on entry, which the ASCII path should not pay.
    @inline(never)
    mutating func lexUnicodeIdentifierTail() {
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

    /// Whether a non-ASCII identifier starts at the current position; advances over its first
    /// scalar if so. Out of line for the same reason as `lexUnicodeIdentifierTail()`.
    @inline(never)
    mutating func consumeUnicodeIdentifierHead() -> Bool {
        guard let (scalar, length) = decodeScalar(at: position), Lexer.isIdentifierHead(scalar) else { return false }
        position += length
        return true
    }

    /// The token for the identifier that ends at `position`: a keyword or an identifier.
    ///
    /// Keywords are 2 to 8 ASCII bytes, and 8 bytes are readable from any offset up to `count`
    /// (`SourceFile.padding`), so the identifier's bytes fit in one little-endian word, and one
    /// `switch` on that word (the bytes past the identifier masked off) names the keyword,
    /// without a call or a byte loop. Keywords hold no zero byte, so the masked word also tells
    /// their lengths apart.
    @inline(__always)
    func identifierOrKeyword(start: Int) -> Token {
        let length = position &- start
        // `length - 2 < 7`, as one unsigned comparison: 2...8.
        if UInt(bitPattern: length &- 2) < 7 {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
            if let keyword = Lexer.keyword(word: word & (UInt64.max >> UInt64(64 &- 8 &* length))) {
                return Token(.keyword(keyword), start: start, end: position)
            }
        }
        return Token(.identifier, start: start, end: position)
    }

    /// The keyword whose bytes, read as a little-endian word with zeros after them, are `word`.
    @inline(__always)
    static func keyword(word: UInt64) -> Keyword? {
        switch word {
        case 0x6E6F: .on  // "on"
        case 0x7962: .by  // "by"
        case 0x72_6176: .var  // "var"
        case 0x636E_7566: .func  // "func"
        case 0x65_7461_7473: .state  // "state"
        case 0x6C_616E_6966: .final  // "final"
        case 0x73_6C6C_6163: .calls  // "calls"
        case 0x73_7361_6C63: .class  // "class"
        case 0x7472_6F70_6D69: .import  // "import"
        case 0x65_6E69_6863_616D: .machine  // "machine"
        case 0x6C_6169_7469_6E69: .initial  // "initial"
        case 0x65_7269_7571_6572: .require  // "require"
        case 0x73_6E72_7574_6572: .returns  // "returns"
        case 0x6574_6167_656C_6564: .delegate  // "delegate"
        case 0x6C6F_636F_746F_7270: .protocol  // "protocol"
        default: nil
        }
    }

    /// The text of a token (for identifiers and error messages).
    public func text(of token: Token) -> String {
        file.text(range(token.start, token.end))
    }

    /// Whether the next token is `:`. Looks past whitespace without lexing (a callback's
    /// labels are followed by `:` on the same line); after a comment, lexes a copy.
    func nextTokenIsColon() -> Bool {
        var offset = position
        while true {
            // The sentinel zero after the last byte ends the loop.
            switch base[offset] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                offset += 1
            case UInt8(ascii: "/"):
                var copy = self
                return copy.next().kind == .colon
            case let c:
                return c == UInt8(ascii: ":")
            }
        }
    }

    // MARK: - Unknown bytes

    /// Consumes a run of bytes that start no token and reports it once.
    /// Whether the bytes on both sides of `position` are neither whitespace nor the file's ends,
    /// so that removing the byte there would join what stands around it.
    func separatesWords(at position: Int) -> Bool {
        func isSpace(_ c: UInt8) -> Bool {
            c == UInt8(ascii: " ") || c == UInt8(ascii: "\n") || c == UInt8(ascii: "\t") || c == UInt8(ascii: "\r")
        }
        return position > 0 && !isSpace(byte(at: position - 1)) && position + 1 < count && !isSpace(byte(at: position + 1))
    }

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
                problem = problem ?? .unexpectedCharacter(String(UnicodeScalar(c)), joinsWords: separatesWords(at: position),
                                                          at: range(position, position + 1))
                position += 1
            }
        }
        if position == start { position += 1 }
        if let problem { report(problem) }
    }

    /// The length of the attribute (`@available` or `@objc`, not followed by more of an
    /// identifier) that starts at `start`, or nil.
    func attributeLength(at start: Int) -> Int? {
        for word in KeywordTable.attributes {
            let bytes = word.utf8
            guard start + bytes.count <= count else { continue }
            guard zip(bytes, start...).allSatisfy({ base[$1] == $0 }) else { continue }
            if start + bytes.count >= count || Lexer.byteClass(base[start + bytes.count]) & Lexer.identifierBodyBit == 0 {
                return bytes.count
            }
        }
        return nil
    }

    /// Whether an ASCII byte can begin a token.
    func startsToken(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: ":"),
             UInt8(ascii: ","), UInt8(ascii: "\""), UInt8(ascii: "/"), UInt8(ascii: "."):
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
