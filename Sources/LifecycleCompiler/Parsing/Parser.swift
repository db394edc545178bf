/// Builds a `FileSyntax` from tokens by recursive descent, one method per grammar rule
/// (`Grammar/lifecycle.ebnf`).
///
/// The parser never fails: it returns a tree and diagnostics. After an error it skips to the
/// start of the next declaration or member (`synchronize…`), so one mistake gives one error.
/// Every loop consumes a token per iteration or ends; state nesting is capped at
/// `maximumNesting` so recursion depth is bounded whatever the input.
public struct Parser {
    /// The deepest `state { … }` nesting accepted; deeper bodies are reported and skipped.
    public static let maximumNesting = 128

    var lexer: Lexer
    /// The current token (the next one to consume).
    var token: Token
    /// Where the most recently consumed token ended.
    var previousEnd = 0
    var diagnostics = Diagnostics()
    var nesting = 0
    let source: SourceFile
    /// The machine whose body is being parsed: members are appended to it as they are met.
    var machine = MachineDecl(name: NameSyntax(range: SourceRange(file: FileID(0), start: 0, end: 0)),
                              description: nil, range: SourceRange(file: FileID(0), start: 0, end: 0))
    /// Whether a machine's arrays were given room up front already (`reserveMembers()`).
    var reservedMembers = false
    /// The index in `machine.states` of the state whose body is being parsed; -1 outside any.
    var enclosingState: Int32 = -1
    /// State and event names (`FileSyntax.names`), and those waiting to be interned
    /// (`Parser+Names`).
    var names: NameTable
    var pendingNames: [PendingName] = []
    /// Callback spellings (`FileSyntax.callbackSpellings`), and a buffer to assemble one in.
    var callbackSpellings = NameTable()
    var spellingBuffer: [UInt8] = []

    /// `diagnosticLimit`: how many diagnostics to keep (`Diagnostics.limit`; 0 keeps all).
    public init(_ file: SourceFile, diagnosticLimit: Int = 0) {
        self.source = file
        diagnostics = Diagnostics(limit: diagnosticLimit)
        // About one state or event name per 256 bytes of a spec (186 bytes in the generated
        // benchmark specs): room for that many from the start saves most of the rehashing,
        // without clearing a table much larger than the names need.
        names = NameTable(capacity: file.count / 256)
        lexer = Lexer(file)
        lexer.diagnostics = Diagnostics(limit: diagnosticLimit)
        token = lexer.next()
    }

    /// Parses a whole file.
    public static func parse(_ file: SourceFile, diagnosticLimit: Int = 0) -> (syntax: FileSyntax, diagnostics: Diagnostics) {
        var parser = Parser(file, diagnosticLimit: diagnosticLimit)
        let syntax = parser.file()
        var diagnostics = parser.lexer.diagnostics
        diagnostics.append(contentsOf: parser.diagnostics)
        return (syntax, diagnostics)
    }

    // MARK: - Helpers

    mutating func advance() {
        previousEnd = token.end
        token = lexer.next()
    }

    func at(_ kind: TokenKind) -> Bool { token.kind == kind }

    func at(_ keyword: Keyword) -> Bool { token.kind == .keyword(keyword) }

    /// Consumes the current token if it has `kind`.
    mutating func consume(if kind: TokenKind) -> Token? {
        guard token.kind == kind else { return nil }
        let consumed = token
        advance()
        return consumed
    }

    /// Whether the current token is the identifier `word` (a contextual keyword).
    func atWord(_ word: String) -> Bool {
        token.kind == .identifier && text(token) == word
    }

    func text(_ token: Token) -> String { lexer.text(of: token) }

    func range(_ token: Token) -> SourceRange { SourceRange(file: source.id, start: token.start, end: token.end) }

    func range(from start: Int) -> SourceRange { SourceRange(file: source.id, start: start, end: max(start, previousEnd)) }

    /// Where a missing token should have been: just after the previous one.
    var missingRange: SourceRange { SourceRange(file: source.id, start: previousEnd, end: previousEnd) }

    /// Records an error unless the current token is junk the lexer already reported.
    mutating func report(_ diagnostic: Diagnostic) {
        if token.kind == .unknown { return }
        diagnostics.append(diagnostic)
    }

    /// What the current token is, for "found …" wording.
    var found: String {
        switch token.kind {
        case .identifier, .keyword: "'\(text(token))'"
        default: token.kind.description
        }
    }

    /// Consumes an identifier, or reports `diagnostic` and returns nil.
    mutating func expectName(_ diagnostic: (_ found: String, _ at: SourceRange) -> Diagnostic) -> NameSyntax? {
        guard token.kind == .identifier, !(token.end - token.start == 1 && source.bytes[token.start] == UInt8(ascii: "_")) else {
            report(diagnostic(found, token.kind == .endOfFile ? missingRange : range(token)))
            return nil
        }
        let name = NameSyntax(range: range(token))
        advance()
        return name
    }

    /// Consumes a string literal if there is one.
    mutating func optionalString() -> StringSyntax? {
        guard token.kind == .string else { return nil }
        let literal = StringSyntax(range: range(token))
        advance()
        return literal
    }

    /// Whether the token after the current one is an identifier.
    func nextIsIdentifier() -> Bool {
        var copy = lexer
        return copy.next().kind == .identifier
    }

    /// Whether the token after the current one is `->` (lookahead by copying the lexer).
    func nextIsArrow() -> Bool {
        var copy = lexer
        return copy.next().kind == .arrow
    }

    // MARK: - Recovery

    /// Skips to the next top-level declaration keyword.
    mutating func synchronizeDeclaration() {
        while true {
            switch token.kind {
            case .endOfFile, .keyword(.import), .keyword(.machine), .keyword(.protocol), .keyword(.class):
                return
            case .identifier where atSystemDeclaration:
                return
            case .leftBrace:
                skipBlock()
            default:
                advance()
            }
        }
    }

    /// Skips to the next member of a machine or state body: a member keyword, a transition
    /// (`Name ->`), a closing `}` or a declaration keyword. Braced blocks on the way are skipped
    /// whole, so that their contents don't leak into the enclosing body.
    mutating func synchronizeMember() {
        while true {
            switch token.kind {
            case .endOfFile, .rightBrace,
                 .keyword(.import), .keyword(.machine), .keyword(.protocol), .keyword(.class),
                 .keyword(.delegate), .keyword(.state), .keyword(.initial), .keyword(.final), .keyword(.require):
                return
            case .identifier where nextIsArrow():
                return
            case .leftBrace:
                skipBlock()
            default:
                advance()
            }
        }
    }

    /// Skips a balanced `{ … }` block starting at the current `{`, without recursion.
    mutating func skipBlock() {
        var depth = 0
        repeat {
            switch token.kind {
            case .leftBrace: depth += 1
            case .rightBrace: depth -= 1
            case .endOfFile: return
            default: break
            }
            advance()
        } while depth > 0
    }
}
