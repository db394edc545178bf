import LifecycleSource

/// The top-level statements of a function body and the names code refers to: what
/// `migrate` needs to move code from one type to another (which names a body uses, which lines
/// of `didFinishLaunching` set up the window).
///
/// One linear pass over `SwiftLexer`'s tokens with a depth counter, no recursion. Statements
/// are split as Swift splits them in practice: at a line break at depth 0 that no operator,
/// `.`, `,` or `else` continues, and at `;`.
package struct SwiftStatements {
    /// One statement, or a compiler-control line (`#if …`).
    package struct Statement {
        /// Token indices into `tokens`.
        package var tokens: Range<Int>
        /// Whether a `#if` around it (inside the body) makes it conditional.
        package var isConditional: Bool
    }

    let bytes: [UInt8]
    package let tokens: [SwiftToken]
    package private(set) var statements: [Statement] = []

    /// The statements between a body's braces (`body` includes them).
    package init(body: Range<Int>, in bytes: [UInt8]) {
        self.bytes = bytes
        let inner = (body.lowerBound + 1)..<max(body.lowerBound + 1, body.upperBound - 1)
        tokens = SwiftLexer(bytes: bytes, range: inner, keepDirectives: true).tokenize()
        var depth = 0
        var start: Int?
        var conditional = 0
        for k in tokens.indices {
            let token = tokens[k]
            if token.kind == .directive {
                if let open = start { statements.append(Statement(tokens: open..<k, isConditional: conditional > 0)); start = nil }
                statements.append(Statement(tokens: k..<(k + 1), isConditional: conditional > 0))
                if token.text == "#if" { conditional += 1 } else if token.text == "#endif" { conditional = max(0, conditional - 1) }
                continue
            }
            if depth == 0, let open = start, token.newlineBefore, !Self.continues(tokens, at: k) {
                statements.append(Statement(tokens: open..<k, isConditional: conditional > 0))
                start = nil
            }
            if depth == 0 && token.isPunct(UInt8(ascii: ";")) {
                if let open = start { statements.append(Statement(tokens: open..<k, isConditional: conditional > 0)) }
                start = nil
                continue
            }
            if start == nil { start = k }
            if token.isPunct(oneOf: "([{") { depth += 1 } else if token.isPunct(oneOf: ")]}") { depth = max(0, depth - 1) }
        }
        if let open = start { statements.append(Statement(tokens: open..<tokens.count, isConditional: conditional > 0)) }
    }

    /// Whether the token at `k`, first on its line, continues the expression before it.
    static func continues(_ tokens: [SwiftToken], at k: Int) -> Bool {
        let token = tokens[k]
        if token.kind == .arrow || token.isKeyword("else") || token.isKeyword("catch") || token.isKeyword("as") || token.isKeyword("is") {
            return true
        }
        if token.kind == .punctuation && token.isPunct(oneOf: ".=+-*/%&|^<>?:,") { return true }
        guard k > 0 else { return false }
        // A line that ends in a binary operator, `.`, `,` or `=` goes on (not `!` or `?`, which
        // end postfix expressions, nor `>`, which ends generic arguments).
        let previous = tokens[k - 1]
        return previous.kind == .arrow || previous.kind == .punctuation && previous.isPunct(oneOf: ".=+-*/%&|^:,")
    }

    /// The bytes of a statement, from its first token to its last.
    package func range(_ statement: Statement) -> Range<Int> {
        guard let first = statement.tokens.first, let last = statement.tokens.last else { return 0..<0 }
        return tokens[first].start..<tokens[last].end
    }

    /// The first word of a statement (`let`, `if`, `window`, `#if`).
    package func firstWord(_ statement: Statement) -> String? {
        guard let first = statement.tokens.first, tokens[first].kind == .identifier || tokens[first].kind == .directive else { return nil }
        return tokens[first].text
    }

    /// `let name = …` / `var name: T = …`: the names a statement declares (simple patterns).
    package func declaredNames(_ statement: Statement) -> [String] {
        guard let first = statement.tokens.first, tokens[first].isKeyword("let") || tokens[first].isKeyword("var"),
              first + 1 < statement.tokens.upperBound, tokens[first + 1].kind == .identifier else { return [] }
        return [tokens[first + 1].text]
    }

    /// The bytes from the start of the statement's first line to the end of its last line
    /// (its line break included: LF, CR LF or a lone CR, `LineEnd`), or nil when another
    /// statement shares one of those lines.
    package func lines(_ statement: Statement) -> Range<Int>? {
        guard let first = statement.tokens.first, let last = statement.tokens.last else { return nil }
        let (start, end) = bytes.withUnsafeBufferPointer { buffer in
            let end = LineEnd.end(ofLineAt: tokens[last].end, in: buffer)
            return (LineEnd.start(ofLineAt: tokens[first].start, in: buffer), end + LineEnd.length(at: end, in: buffer))
        }
        // Another statement's token on the first or the last line: not a line of its own.
        if first > 0 && tokens[first - 1].end > start { return nil }
        if last + 1 < tokens.count && tokens[last + 1].start < end { return nil }
        return start..<end
    }

    /// Keywords and literals that are never a reference to a declaration.
    static let keywords: Set<String> = [
        "let", "var", "if", "guard", "else", "return", "self", "Self", "super", "true", "false", "nil", "in", "for",
        "while", "repeat", "switch", "case", "default", "break", "continue", "fallthrough", "try", "await", "as", "is",
        "func", "do", "catch", "throw", "throws", "rethrows", "defer", "where", "some", "any", "inout", "async",
        "weak", "unowned", "_", "init", "deinit", "class", "struct", "enum", "protocol", "extension", "import",
        "typealias", "static", "private", "fileprivate", "internal", "public", "open", "lazy", "override", "final",
    ]

    /// The identifiers `tokens[range]` refers to by name: not members after `.` (except
    /// `self.name`, and `strongSelf.name` where `guard let strongSelf = self` made it another
    /// name for `self`), not argument labels, not keywords. Each with its token index.
    static func references(in tokens: [SwiftToken], _ range: Range<Int>) -> [(name: String, index: Int)] {
        let selves = selfAliases(in: tokens, range)
        var found: [(String, Int)] = []
        for k in range where tokens[k].kind == .identifier {
            let token = tokens[k]
            if !token.escaped && keywords.contains(token.text) { continue }
            if k > range.lowerBound && tokens[k - 1].isPunct(UInt8(ascii: ".")) {
                // `self.name` and `self?.name` name a member of `self`; other `x.name` do not.
                let owner = k - 2 >= range.lowerBound && tokens[k - 2].isPunct(UInt8(ascii: "?")) ? k - 3 : k - 2
                guard owner >= range.lowerBound, tokens[owner].isKeyword("self")
                        || tokens[owner].kind == .identifier && selves.contains(tokens[owner].text)
                        && !(owner > range.lowerBound && tokens[owner - 1].isPunct(UInt8(ascii: "."))) else { continue }
            }
            // An argument label: `(label:` or `, label:`, not a ternary's `? a : b`.
            if k + 1 < range.upperBound && tokens[k + 1].isPunct(UInt8(ascii: ":")) && k > range.lowerBound
                && (tokens[k - 1].isPunct(UInt8(ascii: "(")) || tokens[k - 1].isPunct(UInt8(ascii: ","))) {
                continue
            }
            // A closure's parameter, `{ x in`, or a binding, `let x =`, is a declaration.
            if k > range.lowerBound && (tokens[k - 1].isKeyword("let") || tokens[k - 1].isKeyword("var")) { continue }
            // Another name for `self` is not a member.
            if selves.contains(token.text) && !(k > range.lowerBound && tokens[k - 1].isPunct(UInt8(ascii: "."))) { continue }
            found.append((token.text, k))
        }
        return found
    }

    /// Names bound to `self` in `tokens[range]`: `let strongSelf = self`, `guard let this =
    /// self else`, `if let s = self {`, `let x = self!` (what `[weak self]` closures write).
    static func selfAliases(in tokens: [SwiftToken], _ range: Range<Int>) -> Set<String> {
        var names: Set<String> = []
        for k in range where k + 3 < range.upperBound && (tokens[k].isKeyword("let") || tokens[k].isKeyword("var"))
            && tokens[k + 1].kind == .identifier && !tokens[k + 1].isKeyword("self")
            && tokens[k + 2].isPunct(UInt8(ascii: "=")) && tokens[k + 3].isKeyword("self") {
            let next = k + 4
            var end = next
            if end < range.upperBound && tokens[end].isPunct(UInt8(ascii: "!")) { end += 1 }
            // The binding ends there: nothing follows `self` but its statement's end.
            guard end >= range.upperBound || tokens[end].newlineBefore || tokens[end].isKeyword("else")
                    || tokens[end].isPunct(oneOf: ",{;") else { continue }
            names.insert(tokens[k + 1].text)
        }
        return names
    }

    /// The identifiers `bytes[range]` refers to by name (as `references(in:_:)`), those inside
    /// string interpolations (`"\(name)"`) included, each with its byte range.
    package static func references(in bytes: [UInt8], _ range: Range<Int>) -> [(name: String, range: Range<Int>)] {
        var found: [(String, Range<Int>)] = []
        // Interpolations nest (`"\("\(x)")"`); past a few levels they are not read, so that
        // hostile nesting costs no more than a few passes over the text.
        var pending = [(range: range, depth: 0)]
        while let next = pending.popLast() {
            let tokens = SwiftLexer(bytes: bytes, range: next.range).tokenize()
            for (name, index) in references(in: tokens, tokens.indices) { found.append((name, tokens[index].start..<tokens[index].end)) }
            guard next.depth < 4 else { continue }
            let lexer = SwiftLexer(bytes: bytes, range: next.range)
            // String literals only: a regex literal is a `.string` token too, and its `\(` is a paren.
            for token in tokens where token.kind == .string
                && bytes[token.start..<token.end].first(where: { $0 != UInt8(ascii: "#") }) == UInt8(ascii: "\"") {
                pending += lexer.interpolations(ofStringAt: token.start).map { ($0, next.depth + 1) }
            }
        }
        return found.sorted { $0.1.lowerBound < $1.1.lowerBound }
    }

    /// The token indices of `self` used as a value (passed or assigned), not to reach a member
    /// nor to name it again (`guard let strongSelf = self`, `guard let self = self`).
    package static func bareSelf(in tokens: [SwiftToken], _ range: Range<Int>) -> [Int] {
        let selves = selfAliases(in: tokens, range)
        return range.filter { k in
            guard tokens[k].isKeyword("self") else { return false }
            let next = k + 1 < range.upperBound ? tokens[k + 1] : nil
            if let next, next.isPunct(UInt8(ascii: ".")) { return false }
            if let next, next.isPunct(UInt8(ascii: "?")), k + 2 < range.upperBound, tokens[k + 2].isPunct(UInt8(ascii: ".")) { return false }
            // `[weak self]` and `[unowned self]` capture lists, `guard let self`.
            if k > range.lowerBound && (tokens[k - 1].isKeyword("weak") || tokens[k - 1].isKeyword("unowned")
                                        || tokens[k - 1].isKeyword("let") || tokens[k - 1].isKeyword("var")) { return false }
            // `guard let strongSelf = self` and `guard let self = self`: bound, not passed.
            if k >= range.lowerBound + 3 && tokens[k - 1].isPunct(UInt8(ascii: "=")) && tokens[k - 2].kind == .identifier
                && (tokens[k - 3].isKeyword("let") || tokens[k - 3].isKeyword("var"))
                && (tokens[k - 2].isKeyword("self") || selves.contains(tokens[k - 2].text)) { return false }
            return true
        }
    }
}
