import LifecycleSource

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
    /// What the parser decided about the file, when asked for (`parse(_:recordingIndex:)`):
    /// where it read Swift text or a version instead of tokens, and which identifiers it took
    /// as contextual keywords; the `TokenIndex` is built from them.
    var decisions: TokenIndex.Decisions?

    /// `diagnosticLimit`: how many diagnostics to keep (`Diagnostics.limit`; 0 keeps all).
    public init(_ file: SourceFile, diagnosticLimit: Int = 0, recordingIndex: Bool = false) {
        self.source = file
        diagnostics = Diagnostics(limit: diagnosticLimit)
        // About one state or event name per 256 bytes of a spec (186 bytes in the generated
        // benchmark specs): room for that many from the start saves most of the rehashing,
        // without clearing a table much larger than the names need.
        names = NameTable(capacity: file.count / 256)
        lexer = Lexer(file)
        lexer.diagnostics = Diagnostics(limit: diagnosticLimit)
        token = lexer.next()
        if recordingIndex { decisions = TokenIndex.Decisions() }
    }

    /// Parses a whole file.
    public static func parse(_ file: SourceFile, diagnosticLimit: Int = 0) -> (syntax: FileSyntax, diagnostics: Diagnostics) {
        let parsed = parse(file, diagnosticLimit: diagnosticLimit, recordingIndex: false)
        return (parsed.syntax, parsed.diagnostics)
    }

    /// Parses a whole file and, when asked, records its `TokenIndex` (the formatter, the
    /// language server); without it the index is nil and nothing is recorded.
    public static func parse(_ file: SourceFile, diagnosticLimit: Int = 0, recordingIndex: Bool)
        -> (syntax: FileSyntax, diagnostics: Diagnostics, index: TokenIndex?) {
        var parser = Parser(file, diagnosticLimit: diagnosticLimit, recordingIndex: recordingIndex)
        let syntax = parser.file()
        var diagnostics = parser.lexer.diagnostics
        diagnostics.append(contentsOf: parser.diagnostics)
        return (syntax, diagnostics, parser.decisions.map { TokenIndex(file, decisions: $0) })
    }

    // MARK: - Helpers

    mutating func advance() {
        previousEnd = token.end
        token = lexer.next()
    }

    /// After Swift text or a version the lexer scanned in place of tokens (`text`, recorded as
    /// `kind`; from the current token on when `replacingCurrent`, as a clause that opens at the
    /// current `(`): the next token.
    mutating func resume(after text: SourceRange, as kind: TokenIndex.Kind, replacingCurrent: Bool = false, end: Int? = nil) {
        if decisions != nil {
            decisions!.scanned(kind, start: replacingCurrent ? token.start : text.startOffset, end: text.endOffset)
        }
        previousEnd = end ?? text.endOffset
        token = lexer.next()
    }

    /// The current token (or `token`, one consumed just before it), an identifier, is the
    /// contextual keyword `word` here.
    mutating func markKeyword(_ word: ContextualKeyword, _ token: Token? = nil) {
        if decisions != nil { decisions!.keywords.append((start: (token ?? self.token).start, word: word)) }
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
    func at(_ word: ContextualKeyword) -> Bool { isWord(word, token) }

    /// Whether `token` is the identifier `word` (ASCII, compared without a `String`).
    func isWord(_ word: ContextualKeyword, _ token: Token) -> Bool {
        let text = word.staticText
        guard token.kind == .identifier, token.end - token.start == text.utf8CodeUnitCount else { return false }
        let bytes = text.utf8Start
        for i in 0..<text.utf8CodeUnitCount where source.bytes[token.start + i] != bytes[i] { return false }
        return true
    }

    /// The reserved words that start a member of a machine's body, for did-you-mean.
    static let memberKeywords = KeywordTable.statementWords(in: .machineBody).compactMap { entry -> String? in
        if case .reserved = entry.word { return entry.text } else { return nil }
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
        case .identifier, .keyword, .attribute: "'\(text(token))'"
        default: token.kind.description
        }
    }

    /// Consumes an identifier, or reports `diagnostic`, skips to `recovery` (if given) and returns nil.
    mutating func expectName(_ diagnostic: (_ found: String, _ at: SourceRange) -> Diagnostic,
                             orSkipTo recovery: RecoveryPoint? = nil) -> NameSyntax? {
        guard token.kind == .identifier, !(token.end - token.start == 1 && source.bytes[token.start] == UInt8(ascii: "_")) else {
            report(diagnostic(found, token.kind == .endOfFile ? missingRange : range(token)))
            if let recovery { synchronize(to: recovery) }
            return nil
        }
        let name = NameSyntax(range: range(token))
        advance()
        return name
    }

    /// Consumes the keyword that starts a declaration and the name after it, and returns where
    /// the declaration starts and its name; or reports "expected `what` name", skips to
    /// `recovery` and returns nil.
    mutating func keywordAndName(_ what: String, orSkipTo recovery: RecoveryPoint) -> (start: Int, name: NameSyntax)? {
        let start = token.start
        advance()
        guard let name = expectName({ .expectedName(what, found: $0, at: $1) }, orSkipTo: recovery) else { return nil }
        return (start, name)
    }

    /// `keyword IDENT STRING? '{'` up to the brace: the head of a machine or a system. Reports
    /// what stands instead of the brace and skips to the next declaration.
    mutating func declarationHead(_ keyword: String) -> (start: Int, name: NameSyntax, description: StringSyntax?)? {
        guard let head = keywordAndName(keyword, orSkipTo: .declaration) else { return nil }
        let description = optionalString()
        guard token.kind == .leftBrace else {
            report(.expectedBody("\(keyword) '\(source.text(head.name.range))'", found: found, at: missingRange))
            synchronize(to: .declaration)
            return nil
        }
        return (head.start, head.name, description)
    }

    /// After `by`: `user` or `system`, or nil after reporting what stands there instead (with
    /// a did-you-mean) and skipping to `recovery`. Consumes the word it accepts.
    mutating func trigger(orSkipTo recovery: RecoveryPoint) -> TransitionDecl.Trigger? {
        let word = token.kind == .identifier ? text(token) : ""
        guard let trigger = TransitionDecl.Trigger(rawValue: word) else {
            let suggestion = word.isEmpty ? nil : Suggestions.bestMatch(for: word, in: TransitionDecl.Trigger.allCases.map(\.rawValue))
            report(.expectedTrigger(found: found, suggestion: suggestion,
                                    at: token.kind == .identifier ? range(token) : missingRange))
            synchronize(to: recovery)
            return nil
        }
        markKeyword(trigger == .user ? .user : .system)
        advance()
        return trigger
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

    /// Where error recovery may resume parsing.
    enum RecoveryPoint {
        /// A top-level declaration: `import`, `machine`, `protocol`, `class`, `system Name`.
        case declaration
        /// A member of a machine or state body: a member keyword, a transition (`Name ->`), a
        /// closing `}`, or a declaration keyword.
        case member
        /// A member of a system body: `instance`, `on`, a closing `}`, or the start of a
        /// declaration.
        case systemMember
        /// A member of a protocol or class body: `func`, `var`, an attribute, a closing `}`, or
        /// a declaration keyword.
        case typeMember
    }

    /// Reports `diagnostic` (if any) at the current token, skips that token, then skips to the
    /// next `point`: the recovery from a token that starts nothing here.
    mutating func skip(to point: RecoveryPoint, reporting diagnostic: Diagnostic? = nil) {
        if let diagnostic { report(diagnostic) }
        advance()
        synchronize(to: point)
    }

    /// Skips to the next `point`. Braced blocks on the way are skipped whole, so that their
    /// contents don't leak into the enclosing body.
    mutating func synchronize(to point: RecoveryPoint) {
        while !isAt(point) {
            if token.kind == .leftBrace { skipBlock() } else { advance() }
        }
    }

    /// Whether the current token is a `point` (or the end of the file).
    func isAt(_ point: RecoveryPoint) -> Bool {
        switch token.kind {
        case .endOfFile, .keyword(.import), .keyword(.machine), .keyword(.protocol), .keyword(.class):
            return true
        default:
            break
        }
        switch point {
        case .declaration:
            return token.kind == .identifier && atSystemDeclaration
        case .typeMember:
            switch token.kind {
            case .rightBrace, .keyword(.func), .keyword(.var), .attribute: return true
            default: return false
            }
        case .member:
            switch token.kind {
            case .rightBrace, .keyword(.delegate), .keyword(.state), .keyword(.initial), .keyword(.final), .keyword(.require):
                return true
            case .identifier:
                return nextIsArrow() || ((at(ContextualKeyword.scenePhase) || at(ContextualKeyword.appState)) && nextIsIdentifier())
            default:
                return false
            }
        case .systemMember:
            switch token.kind {
            case .rightBrace, .keyword(.on):
                return true
            case .identifier:
                return (at(ContextualKeyword.instance) && nextIsIdentifier()) || atSystemDeclaration
            default:
                return false
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
