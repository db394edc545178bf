/// Reads the declarations of a Swift source file: its types and extensions (with their
/// inheritance clauses, attributes and modifiers), the methods and properties declared directly
/// in them (attributes, modifiers, effects, full signatures), type aliases, imports, and every
/// `#if` block with the clause each declaration is compiled under.
///
/// Comments, string literals of every kind (raw, multi-line, interpolated) and regex literals
/// are never read as code (`SwiftLexer`). Code in every `#if`/`#elseif`/`#else` branch is read,
/// and each declaration records its clause, so that a caller decides what a build compiles
/// (`SwiftBuildConfiguration`); braces are followed branch by branch, so that two alternative
/// declaration headers sharing one body (`#if … func f(a: A) { #else func f(b: B) { #endif … }`)
/// open one scope, not two. Works in one linear pass over the tokens with explicit stacks; never
/// traps, recurses or hangs on malformed input. Offsets are byte offsets into `bytes`.
/// `SwiftSyntaxReferenceTests` compares what it reads with the Swift compiler's own parser.
public struct SwiftSourceScanner: Sendable {
    /// The source bytes (UTF-8).
    public let bytes: [UInt8]

    /// Creates a scanner over UTF-8 source bytes.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Creates a scanner over source text.
    public init(source: String) {
        self.bytes = Array(source.utf8)
    }

    /// All type and extension declarations that have a body, in source order of their keywords
    /// (an outer type comes before the types nested in it).
    public func scan() -> [ScannedType] {
        scanFile().types
    }

    /// An open `{`: the type whose body it is (-1 for any other brace), and the innermost type
    /// body it is in.
    struct Brace {
        var owner: Int
        var innermostType: Int
    }

    /// The types and the type aliases the file declares.
    /// - Parameter readingProperties: also read each type's properties
    ///   (`ScannedType.properties`, which only `migrate` and the tests need; what it costs `check --impl`
    ///   otherwise: Performance.md, "`check --impl` and the scene life cycle").
    public func scanFile(readingProperties: Bool = false) -> SwiftFileScan {
        let tokens = SwiftLexer(bytes: bytes, range: 0..<bytes.count, keepDirectives: true).tokenize()
        let match = Self.matchBrackets(tokens)
        var scan = SwiftFileScan(types: [], typealiases: [])
        var bodyOwner: [Int: Int] = [:]  // token index of a body '{' -> index in `types`
        var braces: [Brace] = []
        var branches = BranchStates<[Brace]>()
        var clauses = ClauseTracker()
        var i = 0
        while i < tokens.count {
            let t = tokens[i]
            if t.kind == .directive {
                branches.follow(t.text, &braces)
                clauses.follow(t, bytes: bytes, into: &scan)
            } else if t.isPunct(UInt8(ascii: "{")) {
                let owner = bodyOwner[i] ?? -1
                braces.append(Brace(owner: owner, innermostType: owner >= 0 ? owner : braces.last?.innermostType ?? -1))
            } else if t.isPunct(UInt8(ascii: "}")) {
                if let top = braces.popLast(), top.owner >= 0 { scan.types[top.owner].bodyClose = t.start }
            } else if t.kind == .identifier && !t.escaped && !(i > 0 && tokens[i - 1].isPunct(UInt8(ascii: "."))) {
                let member = braces.last.map { $0.owner } ?? -1  // the type whose body directly holds this, or -1
                switch t.text {
                case "class", "struct", "enum", "actor", "protocol", "extension":
                    if var decl = typeDeclaration(at: i, tokens, match) {
                        decl.type.clause = clauses.current
                        decl.type.condition = clauses.conditionText(scan, bytes: bytes)
                        let parent = braces.last?.innermostType ?? -1
                        decl.type.parent = parent >= 0 ? parent : nil
                        scan.types.append(decl.type)
                        bodyOwner[decl.bodyToken] = scan.types.count - 1
                    }
                case "func":
                    let (method, resume) = function(at: i, tokens, match)
                    if var method, member >= 0 {
                        method.clause = clauses.current
                        method.condition = clauses.conditionText(scan, bytes: bytes)
                        scan.types[member].methods.append(method)
                    }
                    // Resuming after the parameter clause keeps the scan linear; the clause holds no members.
                    if resume > i { i = resume; continue }
                case "var", "let":
                    if readingProperties, member >= 0 {
                        for var property in properties(at: i, tokens, match) {
                            property.clause = clauses.current
                            scan.types[member].properties.append(property)
                        }
                    }
                case "typealias":
                    if let alias = typealiasDeclaration(at: i, tokens) { scan.typealiases.append(alias) }
                case "import":
                    if braces.isEmpty, var imported = importDeclaration(at: i, tokens, match) {
                        imported.clause = clauses.current
                        imported.condition = clauses.conditionText(scan, bytes: bytes)
                        scan.imports.append(imported)
                    }
                case "UIApplicationMain":
                    if let name = Self.applicationMainClass(at: i, tokens, match, bytes: bytes) { scan.applicationMainClasses.append(name) }
                default:
                    break
                }
            }
            i += 1
        }
        return scan
    }

    /// Instance methods implemented by class `name`: those declared directly in every `class name` body
    /// and every `extension name` (or `extension Outer.name`) body in the file, at any nesting depth,
    /// in source order.
    public func methods(ofClass name: String) -> [ScannedMethod] {
        Self.methods(ofClass: name, in: scan())
    }

    /// Same as `methods(ofClass:)`, over an existing scan result.
    public static func methods(ofClass name: String, in types: [ScannedType]) -> [ScannedMethod] {
        types.filter { ($0.kind == .class || $0.kind == .extension) && $0.name == name }.flatMap(\.instanceMethods)
    }

    // MARK: - Internals

    /// Words that can follow `class` as a modifier (`class func`) — never a type name.
    private static let notTypeNames: Set<String> = [
        "func", "var", "let", "subscript", "init", "deinit", "typealias", "case", "override", "final",
        "static", "class", "public", "private", "fileprivate", "internal", "open", "package", "required",
        "convenience", "nonisolated", "dynamic", "mutating", "nonmutating", "struct", "enum", "protocol",
        "extension", "actor", "import", "where", "in", "return",
    ]

    /// Words that end the search for a type body.
    private static let declarationStarts: Set<String> = [
        "func", "var", "let", "class", "struct", "enum", "actor", "protocol", "extension", "init", "deinit",
        "subscript", "typealias", "import", "case",
    ]

    /// Pairs `(`/`)`, `[`/`]`, `{`/`}` with one stack, following `#if` branches as `scan()` does;
    /// an unmatched closer is ignored. Result: partner token index, or -1.
    package static func matchBrackets(_ tokens: [SwiftToken]) -> [Int] {
        var match = [Int](repeating: -1, count: tokens.count)
        var stack: [Int] = []
        var branches = BranchStates<[Int]>()
        for (k, t) in tokens.enumerated() where t.kind == .punctuation || t.kind == .directive {
            if t.kind == .directive {
                branches.follow(t.text, &stack)
                continue
            }
            switch t.byte {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                stack.append(k)
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                let opener = SwiftLexer.opener(of: t.byte)
                if let top = stack.last, tokens[top].byte == opener {
                    stack.removeLast()
                    match[top] = k
                    match[k] = top
                }
            default:
                break
            }
        }
        return match
    }

    private func typeDeclaration(at i: Int, _ t: [SwiftToken], _ match: [Int]) -> (type: ScannedType, bodyToken: Int)? {
        let kind: ScannedType.Kind
        switch t[i].text {
        case "class": kind = .class
        case "struct": kind = .struct
        case "enum": kind = .enum
        case "actor": kind = .actor
        case "protocol": kind = .protocol
        default: kind = .extension
        }
        var j = i + 1
        guard j < t.count else { return nil }
        let sugar = kind == .extension && (t[j].isPunct(UInt8(ascii: "[")) || t[j].isPunct(UInt8(ascii: "(")))
        guard t[j].kind == .identifier || sugar else { return nil }
        if !t[j].escaped && Self.notTypeNames.contains(t[j].text) { return nil }
        if kind == .actor && t[j].newlineBefore { return nil }  // `actor` is a contextual keyword
        var name = t[j].text
        let nameStart = j
        var genericParameters: String?
        if kind == .extension {
            // The extended type: `Foo.Bar`, `Array<Int>`, `[String: Int]`, `Banner?`, up to its
            // inheritance clause, `where` clause or body; its name is its last name outside brackets.
            var depth = 0
            while j < t.count {
                let tok = t[j]
                if tok.kind == .directive { return nil }
                if depth == 0 && (tok.isPunct(oneOf: "{:;}") || tok.isKeyword("where")) { break }
                if tok.isPunct(oneOf: "([<") { depth += 1 } else if tok.isPunct(oneOf: ")]>") { depth -= 1; if depth < 0 { return nil } }
                if depth == 0 && tok.kind == .identifier && !sugar { name = tok.text }
                j += 1
            }
            guard j > nameStart else { return nil }
            if sugar { name = t.joinedText(nameStart..<j, bytes: bytes) }
        } else {
            j += 1
            if j < t.count, t[j].isPunct(UInt8(ascii: "<")), let close = Self.angleClose(from: j, t) {
                genericParameters = t.joinedText(j..<(close + 1), bytes: bytes)
                j = close + 1
            }
        }
        let extended = t.joinedText(nameStart..<j, bytes: bytes)
        var inherited: [String] = []
        var entries: [Range<Int>] = []
        var inInheritance = false
        var sawWhere = false  // a `where` clause's requirements are no inheritance clause
        var angle = 0
        var entryStart = j
        while j < t.count {
            let tok = t[j]
            if tok.isPunct(UInt8(ascii: "{")) {
                if inInheritance && entryStart < j { entries.append(entryStart..<j) }
                var type = ScannedType(kind: kind, name: name, methods: [], declarationOffset: t[i].start,
                                       bodyOpen: tok.start, bodyClose: bytes.count)
                type.inherited = inherited.filter { !$0.isEmpty }
                type.inheritedTypes = entries.map { t.joinedText($0, bytes: bytes) }.filter { !$0.isEmpty }
                let head = Self.head(before: i, t, match, bytes: bytes)
                type.attributes = head.attributes
                type.modifiers = head.modifiers
                type.extendedType = extended
                type.genericParameters = genericParameters
                return (type, j)
            }
            if tok.kind == .directive { return nil }
            // The inheritance clause: the last name of each entry (`UIKit.UIResponder`), generic
            // arguments and attributes (`@preconcurrency P`) left out.
            if tok.isKeyword("where") && angle == 0 { sawWhere = true }
            if tok.isPunct(UInt8(ascii: ":")) && angle == 0 && !inInheritance && !sawWhere {
                inInheritance = true
                inherited.append("")
                entryStart = j + 1
            } else if inInheritance {
                if tok.isPunct(UInt8(ascii: "<")) { angle += 1 }
                else if tok.isPunct(UInt8(ascii: ">")) { angle = max(0, angle - 1) }
                else if tok.isPunct(UInt8(ascii: "(")) && match[j] > j { j = match[j] }  // `@unchecked`, `@retroactive` arguments
                else if tok.isPunct(UInt8(ascii: ",")) && angle == 0 {
                    entries.append(entryStart..<j)
                    entryStart = j + 1
                    inherited.append("")
                } else if tok.isKeyword("where") && angle == 0 {
                    entries.append(entryStart..<j)
                    inInheritance = false
                } else if tok.kind == .identifier && angle == 0 && !(j > 0 && t[j - 1].isPunct(UInt8(ascii: "@")))
                            && !(tok.isKeyword("any") || tok.isKeyword("some")) {
                    inherited[inherited.count - 1] = tok.text
                }
            } else if tok.isPunct(UInt8(ascii: "<")) {
                angle += 1
            } else if tok.isPunct(UInt8(ascii: ">")) {
                angle = max(0, angle - 1)
            }
            if tok.isPunct(UInt8(ascii: "}")) || tok.isPunct(UInt8(ascii: ";")) { return nil }
            if tok.kind == .identifier && !tok.escaped && Self.declarationStarts.contains(tok.text)
                && !(tok.text == "class" && j > 0 && (t[j - 1].isPunct(UInt8(ascii: ":")) || t[j - 1].isPunct(UInt8(ascii: ",")))) {
                return nil
            }
            j += 1
        }
        return nil
    }

    /// The `>` closing the generic clause `<` at `open`, nested ones counted; nil when a bracket,
    /// `{`, `;` or `=` comes first.
    /// Looked for at most 512 tokens: generic clauses are short, and a `<` that opens none then
    /// costs a bounded scan.
    static func angleClose(from open: Int, _ t: [SwiftToken]) -> Int? {
        var depth = 0
        var k = open
        while k < t.count && k < open + 512 {
            let tok = t[k]
            if tok.isPunct(UInt8(ascii: "<")) { depth += 1 }
            else if tok.isPunct(UInt8(ascii: ">")) { depth -= 1; if depth == 0 { return k } }
            else if tok.isPunct(oneOf: "{};=") || tok.kind == .directive { return nil }
            k += 1
        }
        return nil
    }

    /// What precedes a declaration keyword: its modifiers and attributes. Read for every
    /// `func`, `var` and `let`, so it allocates nothing for the usual few modifiers.
    struct DeclarationHead {
        var modifiers: SwiftModifiers = []
        /// `private`, `fileprivate`, `internal`, `package`, `public` or `open`.
        var access: String?
        /// `private(set)` or `fileprivate(set)`: the setter's access.
        var setterAccess: String?
        var attributes: [SwiftAttribute] = []
        /// The token index of its first attribute or modifier (the keyword's when there is none).
        var first = 0

        var isOverride: Bool { modifiers.contains(.override) }
        /// `static` or `class`.
        var isTypeMember: Bool { modifiers.contains(.static) || modifiers.contains(.class) }
    }

    /// Modifiers and attributes before the keyword at token `i`, scanned backwards. A modifier's
    /// word that ends an expression on the same line (`case open`, `State.open`) is not one.
    static func head(before i: Int, _ t: [SwiftToken], _ match: [Int], bytes: [UInt8]) -> DeclarationHead {
        var (head, stop, first) = head(before: i, t, match, bytes: bytes, limit: 0)
        if stop >= 0, first < i, !t[first].newlineBefore, !t[stop].isPunct(oneOf: "{};"), t[stop].kind != .directive {
            // What shares its line with the token that stopped the scan belongs to that line's code.
            var boundary = first
            while boundary < i && !t[boundary].newlineBefore { boundary += 1 }
            (head, _, first) = self.head(before: i, t, match, bytes: bytes, limit: boundary)
        }
        head.first = first
        return head
    }

    /// The head read back to token `limit`, the token that stopped the scan (-1: none), and the head's first token.
    private static func head(before i: Int, _ t: [SwiftToken], _ match: [Int], bytes: [UInt8],
                             limit: Int) -> (DeclarationHead, stop: Int, first: Int) {
        var head = DeclarationHead()
        var j = i - 1
        var first = i
        while j >= limit {
            var tok = t[j]
            var arguments: Range<Int>?
            var start = j
            if tok.isPunct(UInt8(ascii: ")")) {
                let open = match[j]
                guard open > limit, t[open - 1].kind == .identifier || t[open - 1].isPunct(UInt8(ascii: ">")) else { break }
                arguments = (open + 1)..<j
                start = open - 1
                tok = t[start]
            }
            // An attribute named by a type: `@IntentParameterDependency<Intent>(\.$server)`,
            // `@FocusState<Field?>.Binding`, `@SwiftUI.State`: names, dots and generic arguments
            // written together back to the `@`.
            let nameEnd = start
            if tok.isPunct(UInt8(ascii: ">")) || tok.kind == .identifier {
                var k = start
                while k > limit {
                    if t[k].isPunct(UInt8(ascii: ">")) {
                        var depth = 0
                        var open = k
                        while open > limit && open > k - 512 {
                            if t[open].isPunct(UInt8(ascii: ">")) { depth += 1 } else if t[open].isPunct(UInt8(ascii: "<")) { depth -= 1; if depth == 0 { break } }
                            open -= 1
                        }
                        guard depth == 0, open > limit, t[open - 1].kind == .identifier, t[open - 1].end == t[open].start else { break }
                        k = open - 1
                        continue
                    }
                    guard t[k].kind == .identifier else { break }
                    if k - 2 > limit, t[k - 1].isPunct(UInt8(ascii: ".")), t[k - 1].end == t[k].start,
                       t[k - 2].end == t[k - 1].start, t[k - 2].kind == .identifier || t[k - 2].isPunct(UInt8(ascii: ">")) {
                        k -= 2
                        continue
                    }
                    break
                }
                if k > limit, t[k].kind == .identifier, t[k - 1].isPunct(UInt8(ascii: "@")), t[k - 1].end == t[k].start {
                    start = k
                    tok = t[k]
                } else if tok.kind != .identifier {
                    break
                }
            }
            guard tok.kind == .identifier else { break }
            if start > limit && t[start - 1].isPunct(UInt8(ascii: "@")) && t[start - 1].end == tok.start {  // @attribute
                let name = nameEnd > start ? t.joinedText(start..<(nameEnd + 1), bytes: bytes) : tok.text
                head.attributes.insert(SwiftAttribute(name: name, arguments: arguments.map { t.joinedText($0, bytes: bytes) }), at: 0)
                j = start - 2
                first = start - 1
                continue
            }
            guard !tok.escaped, let modifier = SwiftModifiers.named(tok.text) else { break }
            let isSetter = arguments.map { $0.count == 1 && t[$0.lowerBound].isKeyword("set") } ?? false
            switch tok.text {
            case "private", "fileprivate", "internal", "package", "public", "open":
                if isSetter { head.setterAccess = tok.text; head.modifiers.insert(.__setter_access) } else { head.access = tok.text }
                if !isSetter { head.modifiers.insert(modifier) }
            default:
                head.modifiers.insert(modifier)
            }
            j = start - 1
            first = start
        }
        return (head, j >= limit ? j : -1, first)
    }

    /// Operator characters of a `func` named by an operator (`static func ==`).
    private static func isOperatorByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"), UInt8(ascii: "*"),
             UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "^"),
             UInt8(ascii: "~"), UInt8(ascii: "?"), UInt8(ascii: "."):
            return true
        default:
            return false
        }
    }

    /// Parses the function declared by the `func` token at `i`. Returns the method (nil for malformed
    /// signatures) and the token index to resume scanning at (after the parameter clause when there
    /// is one; parameter clauses never contain member declarations).
    private func function(at i: Int, _ t: [SwiftToken], _ match: [Int]) -> (ScannedMethod?, Int) {
        // Name: an identifier, or an operator's characters written together.
        var k = i + 1
        guard k < t.count else { return (nil, i + 1) }
        var baseName: String
        if t[k].kind == .identifier {
            baseName = t[k].text
            k += 1
        } else if t[k].kind == .punctuation && Self.isOperatorByte(t[k].byte) || t[k].kind == .arrow {
            var name: [UInt8] = []
            repeat {
                name += bytes[t[k].start..<t[k].end]
                k += 1
            } while k < t.count && !t[k].spaceBefore && (t[k].kind == .arrow || t[k].kind == .punctuation && Self.isOperatorByte(t[k].byte))
                && !(t[k].isPunct(UInt8(ascii: "<")) && k + 1 < t.count && t[k + 1].kind == .identifier && !t[k + 1].spaceBefore)
            baseName = String(decoding: name, as: UTF8.self)
        } else {
            return (nil, i + 1)
        }
        // Generic parameter clause.
        var genericParameters: String?
        if k < t.count && t[k].isPunct(UInt8(ascii: "<")) {
            guard let close = Self.angleClose(from: k, t) else { return (nil, k) }
            genericParameters = t.joinedText(k..<(close + 1), bytes: bytes)
            k = close + 1
        }
        guard k < t.count, t[k].isPunct(UInt8(ascii: "(")) else { return (nil, k) }
        let close = match[k]
        guard close > k else { return (nil, k + 1) }
        let resume = close + 1
        var parameters: [SwiftParameter]
        switch SwiftParameterList.parse(tokens: t[k...close].filter { $0.kind != .directive }, bytes: bytes,
                                        endOffset: t[close].end) {
        case .success(let p): parameters = p
        case .failure: return (nil, resume)
        }
        // An operator's parameters have no argument labels: `==(_:_:)`.
        if t[i + 1].kind != .identifier {
            for index in parameters.indices { parameters[index].label = nil }
        }
        // Effects: async, throws, throws(E), rethrows, reasync.
        var isAsync = false, isThrowing = false
        var thrownType: String?
        k = close + 1
        while k < t.count, t[k].kind == .identifier, !t[k].escaped,
              ["async", "throws", "rethrows", "reasync"].contains(t[k].text) {
            if t[k].text == "async" || t[k].text == "reasync" { isAsync = true } else { isThrowing = true }
            k += 1
            if t[k - 1].text == "throws", k < t.count, t[k].isPunct(UInt8(ascii: "(")), match[k] > k {
                thrownType = t.joinedText((k + 1)..<match[k], bytes: bytes)
                k = match[k] + 1
            }
        }
        // Return type.
        var returnType: String?
        if k < t.count && t[k].kind == .arrow {
            k += 1
            let start = k
            k = typeEnd(from: start, t)
            if k > start { returnType = t.joinedText(start..<k, bytes: bytes) }
        }
        let head = Self.head(before: i, t, match, bytes: bytes)
        var method = ScannedMethod(baseName: baseName, parameters: parameters, returnType: returnType,
                                   isOverride: head.isOverride, offset: t[i].start, signatureEnd: t[max(i, min(k, t.count) - 1)].end)
        method.access = head.access
        method.declarationStart = t[max(0, min(head.first, i))].start
        method.modifiers = head.modifiers
        method.attributes = head.attributes
        method.isAsync = isAsync
        method.isThrowing = isThrowing
        method.thrownType = thrownType
        method.isGeneric = genericParameters != nil
        method.genericParameters = genericParameters
        // The body: after a `where` clause, if any.
        var open = k
        if open < t.count && t[open].isKeyword("where") {
            while open < t.count && !t[open].isPunct(oneOf: "{};") && t[open].kind != .directive { open += 1 }
        }
        if open < t.count, t[open].isPunct(UInt8(ascii: "{")), match[open] > open {
            method.body = t[open].start..<t[match[open]].end
        }
        return (method, max(resume, min(k, t.count)))
    }

    /// The properties declared by the `var` or `let` token at `i`, one per name bound
    /// (`var a = 0, b: Int`); none for a tuple pattern or a malformed declaration.
    private func properties(at i: Int, _ t: [SwiftToken], _ match: [Int]) -> [ScannedProperty] {
        let head = Self.head(before: i, t, match, bytes: bytes)
        var found: [ScannedProperty] = []
        var k = i + 1
        while k < t.count, t[k].kind == .identifier {
            guard var property = property(named: k, keyword: i, head: head, t, match, next: &k) else { break }
            property.isStatic = head.isTypeMember
            property.isLet = t[i].text == "let"
            property.attributes = head.attributes
            property.modifiers = head.modifiers
            found.append(property)
            // Another binding follows a ',' on the same declaration.
            guard k < t.count, t[k].isPunct(UInt8(ascii: ",")), k + 1 < t.count else { break }
            k += 1
        }
        return found
    }

    /// The binding whose name is token `n`; `next` is left at the token after it.
    private func property(named n: Int, keyword i: Int, head: DeclarationHead, _ t: [SwiftToken], _ match: [Int],
                          next: inout Int) -> ScannedProperty? {
        let name = t[n].text
        var k = n + 1
        var type: String?
        if k < t.count && t[k].isPunct(UInt8(ascii: ":")) {
            let start = k + 1
            k = typeEnd(from: start, t)
            if k > start { type = t.joinedText(start..<k, bytes: bytes) }
        }
        let annotated = type
        var stored = true
        var hasSetter = true
        if k < t.count && t[k].isPunct(UInt8(ascii: "=")) {
            if type == nil { type = Self.inferredType(from: k + 1, t, bytes: bytes) }
            k = expressionEnd(from: k + 1, t, match)
        }
        if k < t.count && t[k].isPunct(UInt8(ascii: "{")) && !t[k].newlineBefore {
            // Observers keep a property stored; otherwise it is computed, settable with a `set`.
            let close = match[k] > k ? match[k] : t.count
            let first = k + 1 < close ? t[k + 1] : nil
            if let first, first.isKeyword("willSet") || first.isKeyword("didSet") {
                stored = true
            } else {
                stored = false
                var depth = 0
                hasSetter = false
                for index in (k + 1)..<close {
                    if t[index].isPunct(oneOf: "({[") { depth += 1 } else if t[index].isPunct(oneOf: ")}]") { depth -= 1 }
                    if depth == 0 && t[index].isKeyword("set") { hasSetter = true }
                }
            }
            k = close + 1
        }
        next = k
        let setterAccess = head.setterAccess
        let access = head.access
        let settable = t[i].text == "var" && (stored || hasSetter)
            && ![setterAccess, access].contains("private") && ![setterAccess, access].contains("fileprivate")
        var property = ScannedProperty(name: name, type: type, isSettable: settable, access: access, offset: t[i].start)
        property.annotatedType = annotated
        property.hasSetter = t[i].text == "var" && (stored || hasSetter)
        property.setterAccess = setterAccess
        return property
    }

    /// The token index just past an initial value starting at `start`: at a depth-0 `,`, `;`, `}`,
    /// `{` of an accessor block on the same line after a complete value is impossible here (values
    /// do not end in `{`), compiler-control line, or a line break that no operator continues.
    private func expressionEnd(from start: Int, _ t: [SwiftToken], _ match: [Int]) -> Int {
        var k = start
        while k < t.count {
            let tok = t[k]
            if tok.kind == .directive { return k }
            if k > start && tok.newlineBefore && !SwiftStatements.continues(t, at: k) { return k }
            if tok.isPunct(oneOf: ",;})]") { return k }
            if tok.isPunct(oneOf: "([{") {
                guard match[k] > k else { return t.count }
                k = match[k] + 1
                continue
            }
            // A type's generic arguments (`PassthroughSubject<Void, Never>()`): their commas part no bindings.
            if tok.isPunct(UInt8(ascii: "<")) && !tok.spaceBefore && k > start && t[k - 1].kind == .identifier
                && t[k - 1].text.unicodeScalars.first?.properties.isUppercase == true, let close = Self.angleClose(from: k, t) {
                k = close + 1
                continue
            }
            k += 1
        }
        return k
    }

    /// The `import` declaration at token `i` (at the top level of the file).
    private func importDeclaration(at i: Int, _ t: [SwiftToken], _ match: [Int]) -> ScannedImport? {
        guard i + 1 < t.count, t[i + 1].kind == .identifier, !t[i + 1].newlineBefore else { return nil }
        var end = i + 1
        while end < t.count && !t[end].newlineBefore && !t[end].isPunct(UInt8(ascii: ";")) && t[end].kind != .directive { end += 1 }
        // `import struct CloudKit.CKShare`: the module is the path's first name.
        var path = i + 1
        let kinds: Set<String> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]
        if kinds.contains(t[path].text), path + 1 < end, t[path + 1].kind == .identifier { path += 1 }
        var start = i
        while start >= 2, t[start - 1].kind == .identifier, t[start - 2].isPunct(UInt8(ascii: "@")), t[start - 1].start == t[start - 2].end,
              !t[start].newlineBefore || start == i {
            start -= 2
        }
        var imported = ScannedImport(text: t.joinedText(i..<end, bytes: bytes), condition: nil)
        imported.module = t[path].text
        imported.offset = t[start].start
        imported.keywordOffset = t[i].start
        imported.end = t[end - 1].end
        return imported
    }

    /// The type an initial value plainly has: a literal's (`0`, `1.5`, `"…"`, `true`), a type's
    /// initializer call (`Store()`, `Store(url: u)`, `[Note]()`) or shared instance
    /// (`Analytics.shared`, `UserDefaults.standard`); nil otherwise.
    static func inferredType(from k: Int, _ t: [SwiftToken], bytes: [UInt8]) -> String? {
        guard k < t.count else { return nil }
        let first = t[k]
        let endsHere = { (index: Int) in index >= t.count || t[index].newlineBefore || t[index].isPunct(oneOf: ";{},") }
        switch first.kind {
        case .number:
            guard endsHere(k + 1) else { return nil }
            let text = String(decoding: bytes[first.start..<first.end], as: UTF8.self)
            return text.contains(".") || (text.contains("e") && !text.hasPrefix("0x")) ? "Double" : "Int"
        case .string:
            guard endsHere(k + 1), bytes[first.start] == UInt8(ascii: "\"") else { return nil }
            return "String"
        case .identifier:
            if first.text == "true" || first.text == "false" { return endsHere(k + 1) ? "Bool" : nil }
            // `Name(.Name)*` (with generic arguments) then `(`, the name capitalised.
            guard let initial = first.text.unicodeScalars.first, initial.properties.isUppercase else { return nil }
            var j = k + 1
            while j + 1 < t.count && t[j].isPunct(UInt8(ascii: ".")) && t[j + 1].kind == .identifier
                    && t[j + 1].text.unicodeScalars.first?.properties.isUppercase == true { j += 2 }
            if j < t.count && t[j].isPunct(UInt8(ascii: "<")) && !t[j].spaceBefore {
                var depth = 0
                while j < t.count {
                    if t[j].isPunct(UInt8(ascii: "<")) { depth += 1 }
                    if t[j].isPunct(UInt8(ascii: ">")) { depth -= 1; if depth == 0 { j += 1; break } }
                    if t[j].isPunct(oneOf: "(){};=") { return nil }
                    j += 1
                }
            }
            // A type's shared instance: `Analytics.shared`, `UserDefaults.standard`.
            if j == k + 1, j + 2 <= t.count, t[j].isPunct(UInt8(ascii: ".")), j + 1 < t.count,
               ["shared", "default", "standard", "current", "main"].contains(t[j + 1].text), endsHere(j + 2) {
                return first.text
            }
            guard j < t.count, t[j].isPunct(UInt8(ascii: "(")), !t[j].spaceBefore else { return nil }
            return t.joinedText(k..<j, bytes: bytes)
        case .punctuation:
            // `[Note]()`, `[String: Int]()`.
            guard first.isPunct(UInt8(ascii: "[")) else { return nil }
            var depth = 0
            var j = k
            while j < t.count {
                if t[j].isPunct(UInt8(ascii: "[")) { depth += 1 }
                if t[j].isPunct(UInt8(ascii: "]")) { depth -= 1; if depth == 0 { break } }
                if t[j].isPunct(oneOf: "(){};=") || t[j].newlineBefore && j > k { return nil }
                j += 1
            }
            guard j + 2 < t.count, t[j + 1].isPunct(UInt8(ascii: "(")), t[j + 2].isPunct(UInt8(ascii: ")")),
                  endsHere(j + 3) else { return nil }
            return t.joinedText(k..<(j + 1), bytes: bytes)
        default:
            return nil
        }
    }

    /// The class `UIApplicationMain(argc, argv, nil, NSStringFromClass(AppDelegate.self))` names
    /// (the call's last argument: `NSStringFromClass(X.self)`, `"X"` or `"Module.X"`).
    static func applicationMainClass(at i: Int, _ t: [SwiftToken], _ match: [Int], bytes: [UInt8]) -> String? {
        guard i + 1 < t.count, t[i + 1].isPunct(UInt8(ascii: "(")), match[i + 1] > i + 1 else { return nil }
        let close = match[i + 1]
        // The last argument starts after the last depth-1 comma.
        var start = i + 2
        var k = i + 2
        while k < close {
            if t[k].isPunct(oneOf: "([{"), match[k] > k { k = match[k] + 1; continue }
            if t[k].isPunct(UInt8(ascii: ",")) { start = k + 1 }
            k += 1
        }
        guard start < close else { return nil }
        if t[start].kind == .string {
            let text = String(decoding: bytes[t[start].start..<t[start].end], as: UTF8.self)
            guard text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 3 else { return nil }
            let name = text.dropFirst().dropLast()
            return String(name.split(separator: ".").last ?? name)
        }
        if t[start].isKeyword("NSStringFromClass"), start + 1 < close, t[start + 1].isPunct(UInt8(ascii: "(")) {
            var last: String?
            var j = start + 2
            while j < close {
                if t[j].isKeyword("self") { break }
                if t[j].kind == .identifier { last = t[j].text }
                j += 1
            }
            return last
        }
        return nil
    }

    /// The token index just past a type that starts at `start`: the type ends at a depth-0 `{`, `}`,
    /// `;`, `=`, `where`, compiler-control line, unmatched closer, or a line break that no `->`, `.` or
    /// `&` continues.
    func typeEnd(from start: Int, _ t: [SwiftToken]) -> Int {
        var k = start
        var stack: [UInt8] = []
        scanType: while k < t.count {
            let tok = t[k]
            if tok.kind == .directive { break scanType }
            if stack.isEmpty && k > start {
                if tok.isPunct(oneOf: "{};=,") || tok.isKeyword("where") { break scanType }
                if tok.newlineBefore && !(t[k - 1].kind == .arrow || t[k - 1].isPunct(oneOf: ".&")
                                          || tok.kind == .arrow || tok.isPunct(oneOf: ".&")) {
                    break scanType
                }
            }
            if tok.kind == .punctuation {
                switch tok.byte {
                case UInt8(ascii: "("), UInt8(ascii: "["): stack.append(tok.byte)
                case UInt8(ascii: "<"): if !tok.spaceBefore && k > start && t[k - 1].kind == .identifier { stack.append(UInt8(ascii: "<")) }
                case UInt8(ascii: ">"): if stack.last == UInt8(ascii: "<") { stack.removeLast() }
                case UInt8(ascii: ")"), UInt8(ascii: "]"):
                    while stack.last == UInt8(ascii: "<") { stack.removeLast() }
                    if stack.isEmpty { break scanType }
                    stack.removeLast()
                case UInt8(ascii: "{"), UInt8(ascii: "}"): if !stack.isEmpty { break scanType }
                default: break
                }
            }
            k += 1
        }
        return k
    }

    /// `typealias Name<T> = Type` at token `i`; nil for a malformed one.
    private func typealiasDeclaration(at i: Int, _ t: [SwiftToken]) -> ScannedTypealias? {
        guard i + 2 < t.count, t[i + 1].kind == .identifier else { return nil }
        var k = i + 2
        var genericParameters: String?
        if t[k].isPunct(UInt8(ascii: "<")), let close = Self.angleClose(from: k, t) {
            genericParameters = t.joinedText(k..<(close + 1), bytes: bytes)
            k = close + 1
        }
        guard k + 1 < t.count, t[k].isPunct(UInt8(ascii: "=")) else { return nil }
        let start = k + 1
        let end = typeEnd(from: start, t)
        guard end > start else { return nil }
        var alias = ScannedTypealias(name: t[i + 1].text, type: t.joinedText(start..<end, bytes: bytes))
        alias.genericParameters = genericParameters
        alias.offset = t[i].start
        return alias
    }
}

/// Follows `#if` branches for a stack of open brackets: every branch starts from the stack as it was
/// at `#if`, and after `#endif` the stack is the one the first branch left. Two alternative headers
/// that each open a `{` for one shared body then leave exactly one `{` open. Stacks deeper than
/// `maximumDepth` (64) are not saved: nobody writes such code, and it bounds the cost of each directive.
struct BranchStates<Stack: RangeReplaceableCollection> {
    static var maximumDepth: Int { 64 }

    private var frames: [(start: Stack?, firstEnd: Stack?)] = []

    mutating func follow(_ directive: String, _ stack: inout Stack) {
        switch directive {
        case "#if":
            frames.append((stack.count <= Self.maximumDepth ? stack : nil, nil))
        case "#elseif", "#else":
            guard let top = frames.indices.last, let start = frames[top].start else { return }
            if frames[top].firstEnd == nil { frames[top].firstEnd = stack }
            stack = start
        case "#endif":
            guard let frame = frames.popLast() else { return }
            if let firstEnd = frame.firstEnd { stack = firstEnd }
        default:
            break
        }
    }
}

/// Records a file's `#if` blocks as the scanner meets their directives, and knows the clause
/// each point of the file is in.
struct ClauseTracker {
    /// The clause each open block is in, innermost last.
    private var open: [Int] = []

    /// The innermost clause, if any.
    var current: Int? { open.last }

    mutating func follow(_ directive: SwiftToken, bytes: [UInt8], into scan: inout SwiftFileScan) {
        let keywordEnd = min(directive.start + directive.text.utf8.count, directive.end)
        let condition = keywordEnd..<max(keywordEnd, min(directive.end, bytes.count))
        switch directive.text {
        case "#if":
            let region = scan.ifRegions.count
            scan.ifRegions.append(SwiftIfRegion(clauses: [scan.ifClauses.count], end: nil, parentClause: open.last))
            open.append(scan.ifClauses.count)
            scan.ifClauses.append(SwiftIfClause(kind: .if, offset: directive.start, condition: condition, region: region))
        case "#elseif", "#else":
            guard let top = open.last else { return }
            let region = scan.ifClauses[top].region
            open[open.count - 1] = scan.ifClauses.count
            scan.ifClauses.append(SwiftIfClause(kind: directive.text == "#else" ? .else : .elseif, offset: directive.start,
                                                condition: directive.text == "#else" ? nil : condition, region: region))
            scan.ifRegions[region].clauses.append(scan.ifClauses.count - 1)
        case "#endif":
            guard let top = open.popLast() else { return }
            scan.ifRegions[scan.ifClauses[top].region].end = directive.start
        default:
            break
        }
    }

    /// The condition the current point is compiled under, as `migrate` writes it around a moved
    /// declaration (`DEBUG`, `!DEBUG && os(iOS)`); nil outside any `#if`. Made only for
    /// declarations inside a `#if`, and from at most `BranchStates.maximumDepth` enclosing blocks.
    func conditionText(_ scan: SwiftFileScan, bytes: [UInt8]) -> String? {
        guard !open.isEmpty else { return nil }
        var parts: [String] = []
        var clauses: [String] = []  // the current clauses, ungrouped, for a condition of one part
        for clause in open.suffix(BranchStates<[Int]>.maximumDepth) {
            let region = scan.ifRegions[scan.ifClauses[clause].region]
            for earlier in region.clauses.prefix(BranchStates<[Int]>.maximumDepth) where earlier < clause {
                if let range = scan.ifClauses[earlier].condition { parts.append(ConditionText.negated(ConditionText.condition(bytes[range]))) }
            }
            if let range = scan.ifClauses[clause].condition {
                let text = ConditionText.condition(bytes[range])
                parts.append(ConditionText.grouped(text))
                clauses.append(text)
            }
        }
        if parts.count == 1, let only = clauses.first, clauses.count == 1 { return only }
        return parts.isEmpty ? nil : parts.joined(separator: " && ")
    }
}

/// A `#if` condition as text, for code that writes it back (`migrate`).
enum ConditionText {
    /// A directive's condition: its text with comments removed and whitespace collapsed.
    static func condition(_ text: ArraySlice<UInt8>) -> String {
        var out: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            if byte == UInt8(ascii: "/"), index + 1 < text.endIndex, text[index + 1] == UInt8(ascii: "/") || text[index + 1] == UInt8(ascii: "*") {
                break
            }
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n") {
                if let last = out.last, last != UInt8(ascii: " ") { out.append(UInt8(ascii: " ")) }
            } else {
                out.append(byte)
            }
            index += 1
        }
        while out.last == UInt8(ascii: " ") { out.removeLast() }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether a condition is one operand: a name or a call such as `os(iOS)`, maybe negated.
    static func isSimple(_ condition: String) -> Bool {
        var scalars = Substring(condition)
        if scalars.hasPrefix("!") { scalars = scalars.dropFirst() }
        guard let open = scalars.firstIndex(of: "(") else {
            return !scalars.isEmpty && scalars.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        }
        let name = scalars[..<open]
        let rest = scalars[open...]
        return !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
            && rest.hasSuffix(")") && rest.dropFirst().dropLast().allSatisfy { $0 != "(" && $0 != ")" }
    }

    static func grouped(_ condition: String) -> String { isSimple(condition) ? condition : "(" + condition + ")" }

    static func negated(_ condition: String) -> String {
        if isSimple(condition) { return condition.hasPrefix("!") ? String(condition.dropFirst()) : "!" + condition }
        return "!(" + condition + ")"
    }
}
