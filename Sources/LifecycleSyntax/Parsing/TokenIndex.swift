import LifecycleSource

/// The kind and byte range of every byte of a spec, in order, as the parser read it: tokens,
/// whitespace and comments, Swift text, platform versions and attribute arguments, and the
/// contextual keywords the parser took as keywords.
///
/// It is lossless: its pieces are contiguous, from 0 to the file's size, none empty. The
/// formatter, the language server's semantic tokens, completion and hover read it instead of
/// lexing the file again, so they see the lexer's modes exactly where the parser chose them.
/// The parser records it only when asked (`Parser.parse(_:recordingIndex:)`): `check` does not
/// pay for it.
public struct TokenIndex: Sendable {
    /// What a piece of the file is.
    public enum Kind: Equatable, Sendable {
        /// A UTF-8 byte order mark, which is not part of the text.
        case byteOrderMark
        /// Spaces, tabs and line breaks.
        case whitespace
        /// `//` to the end of the line (the line break excluded).
        case lineComment
        /// `/* … */`, nesting (to the end of the file when unterminated).
        case blockComment
        /// A token as the lexer returned it.
        case token(TokenKind)
        /// An identifier the parser read as a contextual keyword (`platform`, `system Name`,
        /// `instance`, `by user`, …).
        case keyword(ContextualKeyword)
        /// A Swift parameter clause, `(` through `)`.
        case swiftParameters
        /// A Swift type (after `->` or a property's `:`).
        case swiftType
        /// An attribute's arguments (`@available(iOS 13.0, *)`), `(` through `)`: Swift text.
        case attributeArguments
        /// A platform's version (`15.0`), raw text.
        case version

        /// Whitespace, a comment or the byte order mark: what the grammar skips.
        public var isTrivia: Bool {
            switch self {
            case .byteOrderMark, .whitespace, .lineComment, .blockComment: true
            default: false
            }
        }

        /// A keyword, reserved or contextual.
        public var isKeywordLike: Bool {
            switch self {
            case .token(.keyword), .keyword: true
            default: false
            }
        }
    }

    /// One piece: a kind and a byte range.
    public struct Piece: Equatable, Sendable {
        public var kind: Kind
        public var start: Int
        public var end: Int
    }

    public private(set) var pieces: [Piece] = []
    let file: SourceFile

    /// What the parser decided while it read the file: the ranges it had the lexer scan as
    /// Swift text or a version (in order), and the identifiers it read as contextual keywords.
    /// Recorded on paths `check` rarely takes, so that its token loop is the same with or
    /// without an index.
    struct Decisions {
        var scanned: [Piece] = []
        var keywords: [(start: Int, word: ContextualKeyword)] = []

        mutating func scanned(_ kind: Kind, start: Int, end: Int) {
            if end > start { scanned.append(Piece(kind: kind, start: start, end: end)) }
        }
    }

    /// The index of `file` as the parser read it: the lexer's tokens and trivia, except where
    /// the parser's `decisions` say it read Swift text or a version instead, with its
    /// contextual keywords marked. (Lexing is context-free everywhere else, so the tokens are
    /// the ones the parser was given.)
    init(_ file: SourceFile, decisions: Decisions) {
        self.file = file
        pieces.reserveCapacity(file.count / 3)
        let keywords = decisions.keywords.sorted { $0.start < $1.start }
        var nextKeyword = 0
        var nextScanned = 0
        var lexer = Lexer(file)
        while true {
            var ahead = lexer
            let token = ahead.next()
            if nextScanned < decisions.scanned.count, token.start >= decisions.scanned[nextScanned].start || token.kind == .endOfFile {
                let piece = decisions.scanned[nextScanned]
                nextScanned += 1
                guard piece.start >= end else { continue }
                record(piece.kind, start: piece.start, end: piece.end)
                lexer.position = piece.end
                continue
            }
            if token.kind == .endOfFile { break }
            lexer = ahead
            while nextKeyword < keywords.count && keywords[nextKeyword].start < token.start { nextKeyword += 1 }
            if nextKeyword < keywords.count, keywords[nextKeyword].start == token.start, token.kind == .identifier {
                record(.keyword(keywords[nextKeyword].word), start: token.start, end: token.end)
            } else {
                record(.token(token.kind), start: token.start, end: token.end)
            }
        }
        recordTrivia(upTo: file.count)
    }

    /// Where the recorded pieces end.
    var end: Int { pieces.last?.end ?? 0 }

    /// Records what lies between the last piece and `offset`: whitespace and comments, split
    /// by the lexer's own trivia rules (and a byte order mark at the start).
    mutating func recordTrivia(upTo offset: Int) {
        var position = end
        if position == 0 && offset >= 3 && file.bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            pieces.append(Piece(kind: .byteOrderMark, start: 0, end: 3))
            position = 3
        }
        guard position < offset else { return }
        var lexer = Lexer(file)
        lexer.position = position
        while lexer.position < offset {
            let start = lexer.position
            let c = lexer.current
            let kind: Kind
            if Lexer.byteClass(c) & Lexer.whitespaceBit != 0 {
                lexer.skipWhitespace()
                kind = .whitespace
            } else if c == UInt8(ascii: "/") && lexer.peekNext == UInt8(ascii: "/") {
                lexer.skipLineComment()
                kind = .lineComment
            } else if c == UInt8(ascii: "/") && lexer.peekNext == UInt8(ascii: "*") {
                lexer.skipBlockComment()
                kind = .blockComment
            } else {
                // Nothing else is skipped between tokens; kept whole all the same.
                lexer.position += 1
                kind = .token(.unknown)
            }
            let stop = min(lexer.position, offset)
            if kind == .token(.unknown), let last = pieces.last, last.kind == kind, last.end == start {
                pieces[pieces.count - 1].end = stop
            } else {
                pieces.append(Piece(kind: kind, start: start, end: stop))
            }
            lexer.position = stop
        }
    }

    /// Records `kind` over `start..<end`, after the trivia before it.
    mutating func record(_ kind: Kind, start: Int, end: Int) {
        guard end > start, start >= self.end else { return }
        recordTrivia(upTo: start)
        pieces.append(Piece(kind: kind, start: start, end: end))
    }

    // MARK: - Reading

    /// The index of the piece that holds `offset` (the last one at the end of the file).
    public func piece(at offset: Int) -> Int? {
        guard !pieces.isEmpty else { return nil }
        var low = 0, high = pieces.count
        while low < high {
            let mid = (low + high) / 2
            if pieces[mid].end <= offset { low = mid + 1 } else { high = mid }
        }
        return min(low, pieces.count - 1)
    }

    /// The text of a piece.
    public func text(_ piece: Piece) -> String {
        file.text(SourceRange(file: file.id, start: piece.start, end: piece.end))
    }
}
