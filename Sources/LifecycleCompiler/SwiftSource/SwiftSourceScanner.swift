/// An instance method declared directly in a type body.
public struct ScannedMethod: Equatable, Sendable {
    /// The name before the parameter clause, without backticks.
    public var baseName: String
    /// The parameters as declared.
    public var parameters: [SwiftParameter]
    /// The return type as written (whitespace collapsed), or `nil` if there is no `->` clause.
    public var returnType: String?
    /// Whether the declaration has the `override` modifier.
    public var isOverride: Bool
    /// Byte offset of the `func` keyword.
    public var offset: Int
    /// Byte offset just past the signature: the parameter clause's `)`, its effects, or the return
    /// type. `offset..<signatureEnd` is what a fix-it replaces with the right signature.
    public var signatureEnd: Int
    /// Selector-style name: `"scene(_:willConnectTo:options:)"`, `"viewDidLoad()"`.
    public var selector: String

    /// Creates a method; `selector` is derived from `baseName` and the parameter labels.
    public init(baseName: String, parameters: [SwiftParameter], returnType: String? = nil,
                isOverride: Bool = false, offset: Int = 0, signatureEnd: Int? = nil) {
        self.baseName = baseName
        self.parameters = parameters
        self.returnType = returnType
        self.isOverride = isOverride
        self.offset = offset
        self.signatureEnd = signatureEnd ?? offset
        self.selector = SwiftParameterList.selector(base: baseName, parameters: parameters)
    }
}

/// A type (or extension) declaration with a body.
public struct ScannedType: Equatable, Sendable {
    /// The declaration keyword.
    public enum Kind: Sendable {
        case `class`, `extension`, `struct`, `enum`, `actor`, `protocol`
    }

    /// The declaration keyword.
    public var kind: Kind
    /// The declared name; for extensions, the last component (`extension Foo.Bar` → `"Bar"`).
    public var name: String
    /// Instance methods declared directly in the body, in source order (no `static`/`class func`,
    /// nothing from nested types, local functions or closures). For protocols these are the requirements.
    public var methods: [ScannedMethod]
    /// Byte offset of the declaration keyword (`class`, `extension`, ...).
    public var declarationOffset: Int
    /// Byte offset of the body's `{`.
    public var bodyOpen: Int
    /// Byte offset of the matching `}`, or the buffer length if the body is never closed.
    public var bodyClose: Int

    /// Creates a scanned type.
    public init(kind: Kind, name: String, methods: [ScannedMethod], declarationOffset: Int, bodyOpen: Int, bodyClose: Int) {
        self.kind = kind
        self.name = name
        self.methods = methods
        self.declarationOffset = declarationOffset
        self.bodyOpen = bodyOpen
        self.bodyClose = bodyClose
    }
}

/// `typealias Name = Type`, declared anywhere in a file (generic aliases are left out).
public struct ScannedTypealias: Equatable, Sendable {
    public var name: String
    /// The aliased type as written (whitespace collapsed).
    public var type: String

    public init(name: String, type: String) {
        self.name = name
        self.type = type
    }
}

/// What one file declares: its types and its type aliases, in source order.
public struct SwiftFileScan: Equatable, Sendable {
    public var types: [ScannedType]
    public var typealiases: [ScannedTypealias]
}

/// Finds the types a Swift source file declares and the instance methods declared directly in them.
///
/// Comments, string and regex literals of every kind are skipped. Code in every `#if`/`#elseif`/`#else`
/// branch counts; braces are followed branch by branch, so that two alternative declaration headers
/// sharing one body (`#if … func f(a: A) { #else func f(b: B) { #endif … }`) open one scope, not two.
/// Works in one linear pass over the tokens with explicit stacks; never traps, recurses or hangs on
/// malformed input. Offsets are byte offsets into `bytes`.
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

    /// The types and the type aliases the file declares.
    public func scanFile() -> SwiftFileScan {
        let tokens = SwiftLexer(bytes: bytes, range: 0..<bytes.count, keepDirectives: true).tokenize()
        let match = Self.matchBrackets(tokens)
        var types: [ScannedType] = []
        var aliases: [ScannedTypealias] = []
        var bodyOwner: [Int: Int] = [:]  // token index of a body '{' -> index in `types`
        var braces: [Int] = []  // per open '{': owning type index, or -1
        var branches = BranchStates<[Int]>()
        var i = 0
        while i < tokens.count {
            let t = tokens[i]
            if t.kind == .directive {
                branches.follow(t.text, &braces)
            } else if t.isPunct(UInt8(ascii: "{")) {
                braces.append(bodyOwner[i] ?? -1)
            } else if t.isPunct(UInt8(ascii: "}")) {
                if let top = braces.popLast(), top >= 0 { types[top].bodyClose = t.start }
            } else if t.kind == .identifier && !t.escaped && !(i > 0 && tokens[i - 1].isPunct(UInt8(ascii: "."))) {
                switch t.text {
                case "class", "struct", "enum", "actor", "protocol", "extension":
                    if let decl = typeDeclaration(at: i, tokens) {
                        types.append(decl.type)
                        bodyOwner[decl.bodyToken] = types.count - 1
                    }
                case "func":
                    let (method, resume) = function(at: i, tokens, match)
                    if let method, let top = braces.last, top >= 0 { types[top].methods.append(method) }
                    // Resuming after the parameter clause keeps the scan linear; the clause holds no members.
                    if resume > i { i = resume; continue }
                case "typealias":
                    if let alias = typealiasDeclaration(at: i, tokens) { aliases.append(alias) }
                default:
                    break
                }
            }
            i += 1
        }
        return SwiftFileScan(types: types, typealiases: aliases)
    }

    /// Instance methods implemented by class `name`: those declared directly in every `class name` body
    /// and every `extension name` (or `extension Outer.name`) body in the file, at any nesting depth,
    /// in source order.
    public func methods(ofClass name: String) -> [ScannedMethod] {
        Self.methods(ofClass: name, in: scan())
    }

    /// Same as `methods(ofClass:)`, over an existing scan result.
    public static func methods(ofClass name: String, in types: [ScannedType]) -> [ScannedMethod] {
        types.filter { ($0.kind == .class || $0.kind == .extension) && $0.name == name }.flatMap(\.methods)
    }

    // MARK: - Internals

    /// Words that can follow `class` as a modifier (`class func`) — never a type name.
    private static let notTypeNames: Set<String> = [
        "func", "var", "let", "subscript", "init", "deinit", "typealias", "case", "override", "final",
        "static", "class", "public", "private", "fileprivate", "internal", "open", "package", "required",
        "convenience", "nonisolated", "dynamic", "mutating", "nonmutating", "struct", "enum", "protocol",
        "extension", "actor", "import", "where", "in", "return",
    ]

    /// Declaration modifiers that may precede `func`.
    private static let modifiers: Set<String> = [
        "override", "public", "private", "fileprivate", "internal", "open", "package", "final", "nonisolated",
        "mutating", "nonmutating", "dynamic", "optional", "required", "convenience", "static", "class", "lazy",
        "indirect", "distributed", "isolated", "consuming", "borrowing", "__consuming", "prefix", "postfix",
        "infix", "weak", "unowned",
    ]

    /// Words that end the search for a type body.
    private static let declarationStarts: Set<String> = [
        "func", "var", "let", "class", "struct", "enum", "actor", "protocol", "extension", "init", "deinit",
        "subscript", "typealias", "import", "case",
    ]

    /// Pairs `(`/`)`, `[`/`]`, `{`/`}` with one stack, following `#if` branches as `scan()` does;
    /// an unmatched closer is ignored. Result: partner token index, or -1.
    static func matchBrackets(_ tokens: [SwiftToken]) -> [Int] {
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

    private func typeDeclaration(at i: Int, _ t: [SwiftToken]) -> (type: ScannedType, bodyToken: Int)? {
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
        guard j < t.count, t[j].kind == .identifier else { return nil }
        if !t[j].escaped && Self.notTypeNames.contains(t[j].text) { return nil }
        if kind == .actor && t[j].newlineBefore { return nil }  // `actor` is a contextual keyword
        var name = t[j].text
        if kind == .extension {
            while j + 2 < t.count && t[j + 1].isPunct(UInt8(ascii: ".")) && t[j + 2].kind == .identifier {
                j += 2
                name = t[j].text
            }
        }
        j += 1
        while j < t.count {
            let tok = t[j]
            if tok.isPunct(UInt8(ascii: "{")) {
                return (ScannedType(kind: kind, name: name, methods: [], declarationOffset: t[i].start,
                                    bodyOpen: tok.start, bodyClose: bytes.count), j)
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

    /// Parses the function declared by the `func` token at `i`. Returns the method (nil for type methods,
    /// operators and malformed signatures) and the token index to resume scanning at (after the parameter
    /// clause when there is one; parameter clauses never contain member declarations).
    private func function(at i: Int, _ t: [SwiftToken], _ match: [Int]) -> (ScannedMethod?, Int) {
        // Modifiers and attributes before `func`, scanned backwards.
        var isOverride = false
        var isTypeMethod = false
        var j = i - 1
        while j >= 0 {
            var tok = t[j]
            if tok.isPunct(UInt8(ascii: ")")) {
                let open = match[j]
                guard open > 0, t[open - 1].kind == .identifier else { break }
                j = open - 1
                tok = t[j]
            }
            guard tok.kind == .identifier, !tok.escaped else { break }
            if j > 0 && t[j - 1].isPunct(UInt8(ascii: "@")) {  // @attribute
                j -= 2
                continue
            }
            guard Self.modifiers.contains(tok.text) else { break }
            if tok.text == "override" { isOverride = true }
            if tok.text == "static" || tok.text == "class" { isTypeMethod = true }
            j -= 1
        }
        // Name.
        var k = i + 1
        guard k < t.count, t[k].kind == .identifier else { return (nil, i + 1) }
        let baseName = t[k].text
        k += 1
        // Generic parameter clause.
        if k < t.count && t[k].isPunct(UInt8(ascii: "<")) {
            var depth = 0
            while k < t.count {
                let tok = t[k]
                if tok.isPunct(UInt8(ascii: "<")) { depth += 1 }
                else if tok.isPunct(UInt8(ascii: ">")) { depth -= 1; if depth == 0 { k += 1; break } }
                else if tok.isPunct(oneOf: "{};(") { return (nil, k) }
                k += 1
            }
        }
        guard k < t.count, t[k].isPunct(UInt8(ascii: "(")) else { return (nil, k) }
        let close = match[k]
        guard close > k else { return (nil, k + 1) }
        let resume = close + 1
        guard !isTypeMethod else { return (nil, resume) }
        let parameters: [SwiftParameter]
        switch SwiftParameterList.parse(tokens: t[k...close].filter { $0.kind != .directive }, bytes: bytes,
                                        endOffset: t[close].end) {
        case .success(let p): parameters = p
        case .failure: return (nil, resume)
        }
        // Effects: async, throws, throws(E), rethrows, reasync.
        k = close + 1
        while k < t.count, t[k].kind == .identifier, !t[k].escaped,
              ["async", "throws", "rethrows", "reasync"].contains(t[k].text) {
            k += 1
            if t[k - 1].text == "throws", k < t.count, t[k].isPunct(UInt8(ascii: "(")), match[k] > k { k = match[k] + 1 }
        }
        // Return type.
        var returnType: String?
        if k < t.count && t[k].kind == .arrow {
            k += 1
            let start = k
            k = typeEnd(from: start, t)
            if k > start { returnType = t.joinedText(start..<k, bytes: bytes) }
        }
        let method = ScannedMethod(baseName: baseName, parameters: parameters, returnType: returnType,
                                   isOverride: isOverride, offset: t[i].start, signatureEnd: t[max(i, min(k, t.count) - 1)].end)
        return (method, max(resume, min(k, t.count)))
    }

    /// The token index just past a type that starts at `start`: the type ends at a depth-0 `{`, `}`,
    /// `;`, `=`, `where`, compiler-control line, unmatched closer, or a line break that no `->`, `.` or
    /// `&` continues.
    private func typeEnd(from start: Int, _ t: [SwiftToken]) -> Int {
        var k = start
        var stack: [UInt8] = []
        scanType: while k < t.count {
            let tok = t[k]
            if tok.kind == .directive { break scanType }
            if stack.isEmpty && k > start {
                if tok.isPunct(oneOf: "{};=") || tok.isKeyword("where") { break scanType }
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

    /// `typealias Name = Type` at token `i`; nil for a generic alias or a malformed one.
    private func typealiasDeclaration(at i: Int, _ t: [SwiftToken]) -> ScannedTypealias? {
        guard i + 3 < t.count, t[i + 1].kind == .identifier, t[i + 2].isPunct(UInt8(ascii: "=")) else { return nil }
        let start = i + 3
        let end = typeEnd(from: start, t)
        guard end > start else { return nil }
        return ScannedTypealias(name: t[i + 1].text, type: t.joinedText(start..<end, bytes: bytes))
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
