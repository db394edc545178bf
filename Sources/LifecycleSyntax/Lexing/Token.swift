/// What a token is. The token's text is never copied: read it from the source by range.
public enum TokenKind: Equatable, Sendable {
    case endOfFile
    case identifier
    case keyword(Keyword)
    /// A `"..."` literal, quotes included in the range.
    case string
    case leftBrace, rightBrace, leftParen, rightParen, colon, comma, arrow
    /// `@available` or `@objc`, the attributes the language has (before a `func` or `var` of a
    /// protocol or class). Any other `@` is an unknown byte.
    case attribute
    /// `.`, between an instance and its event in a system step (`Root.load`).
    case period
    /// A run of bytes that starts no token. The lexer has already reported it.
    case unknown

    /// How the kind is named in "expected …" messages.
    public var description: String {
        switch self {
        case .endOfFile: "end of file"
        case .identifier: "identifier"
        case .keyword(let keyword): "'\(keyword.text)'"
        case .string: "string literal"
        case .leftBrace: "'{'"
        case .rightBrace: "'}'"
        case .leftParen: "'('"
        case .rightParen: "')'"
        case .colon: "':'"
        case .comma: "','"
        case .arrow: "'->'"
        case .attribute: "attribute"
        case .period: "'.'"
        case .unknown: "unexpected text"
        }
    }
}

/// A token: a kind and a byte range in its file.
public struct Token: Equatable, Sendable {
    public var kind: TokenKind
    public var start: Int
    public var end: Int

    public init(_ kind: TokenKind, start: Int, end: Int) {
        self.kind = kind
        self.start = start
        self.end = end
    }
}
