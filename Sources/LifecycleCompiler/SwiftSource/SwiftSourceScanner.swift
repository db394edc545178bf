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
    /// The body's braces and what is between them (`{` … `}` included); nil without a body
    /// (a protocol requirement) or when the body is never closed.
    public var body: Range<Int>? = nil
    /// The access modifier written (`private`, `fileprivate`, `internal`, `public`, `open`,
    /// `package`), if any.
    public var access: String? = nil
    /// `async`, `throws` (or `rethrows`), and a generic parameter clause.
    public var isAsync = false
    public var isThrowing = false
    public var isGeneric = false
    /// The `#if` condition the declaration is compiled under (`DEBUG`, `!DEBUG && os(iOS)`),
    /// from the directives around it; nil when it always is.
    public var condition: String? = nil

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

    /// Whether other types can call it (it is neither `private` nor `fileprivate`).
    public var isVisibleToOtherTypes: Bool { access != "private" && access != "fileprivate" }
}

/// A `var` or `let` declared directly in a type body (instance properties only).
public struct ScannedProperty: Equatable, Sendable {
    public var name: String
    /// The type: as annotated, else as plainly inferred from the initial value (`= 0` is
    /// `Int`, `= Store()` is `Store`); nil when neither says.
    public var type: String?
    /// Whether code outside the type may assign it: a `var` that is stored or has a setter,
    /// whose setter is neither `private` nor `fileprivate`.
    public var isSettable: Bool
    /// The access modifier written, if any.
    public var access: String?
    /// Byte offset of the `var` or `let` keyword.
    public var offset: Int
    /// Whether it can be assigned at all (a `var` that is stored or has a setter), whatever
    /// the access of its setter: what a forwarder needs once that access is widened.
    public var hasSetter = false
    /// The setter's own access (`private(set)`), if written.
    public var setterAccess: String? = nil

    public init(name: String, type: String?, isSettable: Bool, access: String?, offset: Int) {
        self.name = name
        self.type = type
        self.isSettable = isSettable
        self.access = access
        self.offset = offset
    }

    /// Whether other types can read it.
    public var isVisibleToOtherTypes: Bool { access != "private" && access != "fileprivate" }
}

/// `import Module` at the top level of a file.
public struct ScannedImport: Equatable, Sendable {
    /// The declaration as written, from `import` to the end of its line: `import UIKit`.
    public var text: String
    /// The `#if` condition around it, if any.
    public var condition: String?
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
    /// The names of the inheritance clause, each without module or generic arguments
    /// (`class AppDelegate: UIResponder, UIApplicationDelegate` → `["UIResponder", "UIApplicationDelegate"]`).
    public var inherited: [String] = []
    /// The attributes written before the declaration, without `@` or arguments (`["main"]`).
    public var attributes: [String] = []
    /// Instance properties declared directly in the body, in source order (read only when
    /// asked: `scanFile(readingProperties:)`).
    public var properties: [ScannedProperty] = []
    /// The `#if` condition the declaration is compiled under, if any.
    public var condition: String? = nil

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
    /// The file's imports, in source order.
    public var imports: [ScannedImport] = []
    /// The classes a top-level `UIApplicationMain(…, NSStringFromClass(AppDelegate.self))` call
    /// (or one naming the class in a string) starts the app with.
    public var applicationMainClasses: [String] = []
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
    /// - Parameter readingProperties: also read each type's instance properties
    ///   (`ScannedType.properties`, which only `migrate` needs; what it costs `check --impl`
    ///   otherwise: Performance.md, "`check --impl` and the scene life cycle").
    public func scanFile(readingProperties: Bool = false) -> SwiftFileScan {
        let tokens = SwiftLexer(bytes: bytes, range: 0..<bytes.count, keepDirectives: true).tokenize()
        let match = Self.matchBrackets(tokens)
        var types: [ScannedType] = []
        var aliases: [ScannedTypealias] = []
        var imports: [ScannedImport] = []
        var mainClasses: [String] = []
        var bodyOwner: [Int: Int] = [:]  // token index of a body '{' -> index in `types`
        var braces: [Int] = []  // per open '{': owning type index, or -1
        var branches = BranchStates<[Int]>()
        var conditions = CompilationConditions(bytes: bytes)
        var i = 0
        while i < tokens.count {
            let t = tokens[i]
            if t.kind == .directive {
                branches.follow(t.text, &braces)
                conditions.follow(t)
            } else if t.isPunct(UInt8(ascii: "{")) {
                braces.append(bodyOwner[i] ?? -1)
            } else if t.isPunct(UInt8(ascii: "}")) {
                if let top = braces.popLast(), top >= 0 { types[top].bodyClose = t.start }
            } else if t.kind == .identifier && !t.escaped && !(i > 0 && tokens[i - 1].isPunct(UInt8(ascii: "."))) {
                switch t.text {
                case "class", "struct", "enum", "actor", "protocol", "extension":
                    if var decl = typeDeclaration(at: i, tokens, match) {
                        decl.type.condition = conditions.current
                        types.append(decl.type)
                        bodyOwner[decl.bodyToken] = types.count - 1
                    }
                case "func":
                    let (method, resume) = function(at: i, tokens, match)
                    if var method, let top = braces.last, top >= 0 {
                        method.condition = conditions.current
                        types[top].methods.append(method)
                    }
                    // Resuming after the parameter clause keeps the scan linear; the clause holds no members.
                    if resume > i { i = resume; continue }
                case "var", "let":
                    if readingProperties, let top = braces.last, top >= 0, let property = property(at: i, tokens, match) {
                        types[top].properties.append(property)
                    }
                case "typealias":
                    if let alias = typealiasDeclaration(at: i, tokens) { aliases.append(alias) }
                case "import":
                    if braces.isEmpty, i + 1 < tokens.count, tokens[i + 1].kind == .identifier, !tokens[i + 1].newlineBefore {
                        var end = i + 1
                        while end < tokens.count && !tokens[end].newlineBefore && !tokens[end].isPunct(UInt8(ascii: ";")) { end += 1 }
                        imports.append(ScannedImport(text: tokens.joinedText(i..<end, bytes: bytes), condition: conditions.current))
                    }
                case "UIApplicationMain":
                    if let name = Self.applicationMainClass(at: i, tokens, match, bytes: bytes) { mainClasses.append(name) }
                default:
                    break
                }
            }
            i += 1
        }
        return SwiftFileScan(types: types, typealiases: aliases, imports: imports, applicationMainClasses: mainClasses)
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
        var inherited: [String] = []
        var inInheritance = false
        var angle = 0
        while j < t.count {
            let tok = t[j]
            if tok.isPunct(UInt8(ascii: "{")) {
                var type = ScannedType(kind: kind, name: name, methods: [], declarationOffset: t[i].start,
                                       bodyOpen: tok.start, bodyClose: bytes.count)
                type.inherited = inherited.filter { !$0.isEmpty }
                type.attributes = Self.head(before: i, t, match).attributes
                return (type, j)
            }
            // The inheritance clause: the last name of each entry (`UIKit.UIResponder`), generic
            // arguments and attributes (`@preconcurrency P`) left out.
            if tok.isPunct(UInt8(ascii: ":")) && angle == 0 && !inInheritance {
                inInheritance = true
                inherited.append("")
            } else if inInheritance {
                if tok.isPunct(UInt8(ascii: "<")) { angle += 1 }
                else if tok.isPunct(UInt8(ascii: ">")) { angle = max(0, angle - 1) }
                else if tok.isPunct(UInt8(ascii: ",")) && angle == 0 { inherited.append("") }
                else if tok.isKeyword("where") { inInheritance = false }
                else if tok.kind == .identifier && angle == 0 && !(j > 0 && t[j - 1].isPunct(UInt8(ascii: "@"))) {
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

    /// What precedes a declaration keyword: its modifiers and attributes. Read for every
    /// `func`, `var` and `let`, so it allocates nothing for the usual few modifiers.
    struct DeclarationHead {
        var isOverride = false
        /// `static` or `class`.
        var isTypeMember = false
        /// `private`, `fileprivate`, `internal`, `package`, `public` or `open`.
        var access: String?
        /// `private(set)` or `fileprivate(set)`: the setter's access.
        var setterAccess: String?
        /// Attribute names without `@` or arguments.
        var attributes: [String] = []
    }

    /// Modifiers and attributes before the keyword at token `i`, scanned backwards.
    static func head(before i: Int, _ t: [SwiftToken], _ match: [Int]) -> DeclarationHead {
        var head = DeclarationHead()
        var j = i - 1
        while j >= 0 {
            var tok = t[j]
            var argument: String?
            if tok.isPunct(UInt8(ascii: ")")) {
                let open = match[j]
                guard open > 0, t[open - 1].kind == .identifier else { break }
                if open + 2 == j, t[open + 1].kind == .identifier { argument = t[open + 1].text }
                j = open - 1
                tok = t[j]
            }
            guard tok.kind == .identifier, !tok.escaped else { break }
            if j > 0 && t[j - 1].isPunct(UInt8(ascii: "@")) {  // @attribute
                head.attributes.insert(tok.text, at: 0)
                j -= 2
                continue
            }
            guard modifiers.contains(tok.text) else { break }
            switch tok.text {
            case "override": head.isOverride = true
            case "static", "class": head.isTypeMember = true
            case "private", "fileprivate", "internal", "package", "public", "open":
                if argument == "set" { head.setterAccess = tok.text } else { head.access = tok.text }
            default: break
            }
            j -= 1
        }
        return head
    }

    /// Parses the function declared by the `func` token at `i`. Returns the method (nil for type methods,
    /// operators and malformed signatures) and the token index to resume scanning at (after the parameter
    /// clause when there is one; parameter clauses never contain member declarations).
    private func function(at i: Int, _ t: [SwiftToken], _ match: [Int]) -> (ScannedMethod?, Int) {
        let head = Self.head(before: i, t, match)
        let isOverride = head.isOverride
        let isTypeMethod = head.isTypeMember
        // Name.
        var k = i + 1
        guard k < t.count, t[k].kind == .identifier else { return (nil, i + 1) }
        let baseName = t[k].text
        k += 1
        // Generic parameter clause.
        var isGeneric = false
        if k < t.count && t[k].isPunct(UInt8(ascii: "<")) {
            isGeneric = true
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
        var isAsync = false, isThrowing = false
        k = close + 1
        while k < t.count, t[k].kind == .identifier, !t[k].escaped,
              ["async", "throws", "rethrows", "reasync"].contains(t[k].text) {
            if t[k].text == "async" || t[k].text == "reasync" { isAsync = true } else { isThrowing = true }
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
        var method = ScannedMethod(baseName: baseName, parameters: parameters, returnType: returnType,
                                   isOverride: isOverride, offset: t[i].start, signatureEnd: t[max(i, min(k, t.count) - 1)].end)
        method.access = head.access
        method.isAsync = isAsync
        method.isThrowing = isThrowing
        method.isGeneric = isGeneric
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

    /// The instance property declared by the `var` or `let` token at `i` (nil for a static one,
    /// a tuple pattern or a malformed declaration).
    private func property(at i: Int, _ t: [SwiftToken], _ match: [Int]) -> ScannedProperty? {
        let head = Self.head(before: i, t, match)
        guard !head.isTypeMember,
              i + 1 < t.count, t[i + 1].kind == .identifier else { return nil }
        let name = t[i + 1].text
        var k = i + 2
        var type: String?
        if k < t.count && t[k].isPunct(UInt8(ascii: ":")) {
            let start = k + 1
            k = typeEnd(from: start, t)
            if k > start { type = t.joinedText(start..<k, bytes: bytes) }
        }
        var stored = true
        var hasSetter = true
        if k < t.count && t[k].isPunct(UInt8(ascii: "=")) {
            if type == nil { type = Self.inferredType(from: k + 1, t, bytes: bytes) }
        } else if k < t.count && t[k].isPunct(UInt8(ascii: "{")) && !t[k].newlineBefore {
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
        }
        let setterAccess = head.setterAccess
        let access = head.access
        let settable = t[i].text == "var" && (stored || hasSetter)
            && ![setterAccess, access].contains("private") && ![setterAccess, access].contains("fileprivate")
        var property = ScannedProperty(name: name, type: type, isSettable: settable, access: access, offset: t[i].start)
        property.hasSetter = t[i].text == "var" && (stored || hasSetter)
        property.setterAccess = setterAccess
        return property
    }

    /// The type an initial value plainly has: a literal's (`0`, `1.5`, `"…"`, `true`), a type's
    /// initializer call (`Store()`, `Store(url: u)`, `[Note]()`) or shared instance
    /// (`Analytics.shared`, `UserDefaults.standard`); nil otherwise.
    static func inferredType(from k: Int, _ t: [SwiftToken], bytes: [UInt8]) -> String? {
        guard k < t.count else { return nil }
        let first = t[k]
        let endsHere = { (index: Int) in index >= t.count || t[index].newlineBefore || t[index].isPunct(oneOf: ";{}") }
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

/// The `#if` condition in effect at each point of a file: each open `#if` contributes its
/// current clause's condition, and the negation of the clauses before it (`#else` of
/// `#if DEBUG` is `!DEBUG`). So a declaration moved elsewhere can be wrapped in the same
/// condition. At most `BranchStates.maximumDepth` nested `#if`s are followed.
struct CompilationConditions {
    /// Per open `#if`: the byte ranges of its earlier clauses' conditions and of the current
    /// one (nil in `#else`). Kept as ranges: most directives sit inside function bodies, where
    /// no declaration asks for the condition, so its text is made only when asked.
    private var frames: [(earlier: [Range<Int>], current: Range<Int>?)] = []
    private var ignored = 0
    private let bytes: [UInt8]

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func follow(_ directive: SwiftToken) {
        let keywordEnd = min(directive.start + directive.text.utf8.count, directive.end)
        let condition = keywordEnd..<max(keywordEnd, min(directive.end, bytes.count))
        switch directive.text {
        case "#if":
            if frames.count >= BranchStates<[Int]>.maximumDepth { ignored += 1 } else { frames.append(([], condition)) }
        case "#elseif", "#else":
            guard ignored == 0, let top = frames.indices.last else { return }
            if let current = frames[top].current { frames[top].earlier.append(current) }
            frames[top].current = directive.text == "#else" ? nil : condition
        case "#endif":
            if ignored > 0 { ignored -= 1 } else if !frames.isEmpty { frames.removeLast() }
        default:
            break
        }
    }

    /// The conjunction of every open clause's condition; nil outside any `#if`.
    var current: String? {
        guard !frames.isEmpty else { return nil }
        var parts: [String] = []
        var clauses: [String] = []  // the current clauses, ungrouped, for a condition of one part
        for frame in frames {
            parts += frame.earlier.map { Self.negated(Self.condition(bytes[$0])) }
            if let current = frame.current {
                let text = Self.condition(bytes[current])
                parts.append(Self.grouped(text))
                clauses.append(text)
            }
        }
        if parts.count == 1, let only = clauses.first, clauses.count == 1 { return only }
        return parts.isEmpty ? nil : parts.joined(separator: " && ")
    }

    /// A directive's condition: its text with comments removed and whitespace collapsed.
    static func condition(_ text: ArraySlice<UInt8>) -> String {
        var out: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            if byte == UInt8(ascii: "/"), index + 1 < text.endIndex, text[index + 1] == UInt8(ascii: "/") || text[index + 1] == UInt8(ascii: "*") {
                break
            }
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
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
