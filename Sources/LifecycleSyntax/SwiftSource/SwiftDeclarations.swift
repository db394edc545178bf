// What `SwiftSourceScanner` reads of a Swift file's declarations: types and extensions with
// their inheritance clauses, their members with attributes, modifiers, effects and full
// signatures, type aliases, imports, and the `#if` clause each declaration is compiled under.

/// An attribute as written before a declaration: `@objc(sceneDidEnterBackground:)`, `@MainActor`.
public struct SwiftAttribute: Equatable, Sendable {
    /// The name without `@` (`objc`, `available`, `MainActor`, `UIApplicationDelegateAdaptor`).
    public var name: String
    /// What is between its parentheses, tokens joined by one space where the source had
    /// whitespace; nil without parentheses.
    public var arguments: String?

    public init(name: String, arguments: String? = nil) {
        self.name = name
        self.arguments = arguments
    }
}

/// The declaration modifiers written before a declaration's keyword.
public struct SwiftModifiers: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let `override` = SwiftModifiers(rawValue: 1 << 0)
    public static let `static` = SwiftModifiers(rawValue: 1 << 1)
    /// `class func`, `class var`.
    public static let `class` = SwiftModifiers(rawValue: 1 << 2)
    public static let final = SwiftModifiers(rawValue: 1 << 3)
    public static let mutating = SwiftModifiers(rawValue: 1 << 4)
    public static let nonmutating = SwiftModifiers(rawValue: 1 << 5)
    public static let nonisolated = SwiftModifiers(rawValue: 1 << 6)
    public static let dynamic = SwiftModifiers(rawValue: 1 << 7)
    public static let optional = SwiftModifiers(rawValue: 1 << 8)
    public static let required = SwiftModifiers(rawValue: 1 << 9)
    public static let convenience = SwiftModifiers(rawValue: 1 << 10)
    public static let lazy = SwiftModifiers(rawValue: 1 << 11)
    public static let weak = SwiftModifiers(rawValue: 1 << 12)
    public static let unowned = SwiftModifiers(rawValue: 1 << 13)
    public static let indirect = SwiftModifiers(rawValue: 1 << 14)
    public static let distributed = SwiftModifiers(rawValue: 1 << 15)
    public static let consuming = SwiftModifiers(rawValue: 1 << 16)
    public static let borrowing = SwiftModifiers(rawValue: 1 << 17)
    public static let prefix = SwiftModifiers(rawValue: 1 << 18)
    public static let postfix = SwiftModifiers(rawValue: 1 << 19)
    public static let infix = SwiftModifiers(rawValue: 1 << 20)
    public static let isolated = SwiftModifiers(rawValue: 1 << 21)
    public static let `private` = SwiftModifiers(rawValue: 1 << 22)
    public static let `fileprivate` = SwiftModifiers(rawValue: 1 << 23)
    public static let `internal` = SwiftModifiers(rawValue: 1 << 24)
    public static let `package` = SwiftModifiers(rawValue: 1 << 25)
    public static let `public` = SwiftModifiers(rawValue: 1 << 26)
    public static let open = SwiftModifiers(rawValue: 1 << 27)
    public static let __consuming = SwiftModifiers(rawValue: 1 << 28)
    public static let __setter_access = SwiftModifiers(rawValue: 1 << 29)

    /// Each modifier with its Swift spelling, in the order of the bits.
    public static let spellings: [(SwiftModifiers, String)] = [
        (.override, "override"), (.static, "static"), (.class, "class"), (.final, "final"), (.mutating, "mutating"),
        (.nonmutating, "nonmutating"), (.nonisolated, "nonisolated"), (.dynamic, "dynamic"), (.optional, "optional"),
        (.required, "required"), (.convenience, "convenience"), (.lazy, "lazy"), (.weak, "weak"), (.unowned, "unowned"),
        (.indirect, "indirect"), (.distributed, "distributed"), (.consuming, "consuming"), (.borrowing, "borrowing"),
        (.prefix, "prefix"), (.postfix, "postfix"), (.infix, "infix"), (.isolated, "isolated"), (.private, "private"),
        (.fileprivate, "fileprivate"), (.internal, "internal"), (.package, "package"), (.public, "public"), (.open, "open"),
        (.__consuming, "__consuming"),
    ]

    /// The modifier spelt `word`, if it is one.
    static func named(_ word: String) -> SwiftModifiers? {
        switch word {
        case "override": .override
        case "static": .static
        case "class": .class
        case "final": .final
        case "mutating": .mutating
        case "nonmutating": .nonmutating
        case "nonisolated": .nonisolated
        case "dynamic": .dynamic
        case "optional": .optional
        case "required": .required
        case "convenience": .convenience
        case "lazy": .lazy
        case "weak": .weak
        case "unowned": .unowned
        case "indirect": .indirect
        case "distributed": .distributed
        case "consuming": .consuming
        case "borrowing": .borrowing
        case "prefix": .prefix
        case "postfix": .postfix
        case "infix": .infix
        case "isolated": .isolated
        case "private": .private
        case "fileprivate": .fileprivate
        case "internal": .internal
        case "package": .package
        case "public": .public
        case "open": .open
        case "__consuming": .__consuming
        default: nil
        }
    }

    /// The modifiers written, in their bits' order (`["override", "public"]`).
    public var words: [String] { Self.spellings.filter { contains($0.0) }.map(\.1) }
}

/// A method declared directly in a type body (instance or `static`/`class`), or an operator.
public struct ScannedMethod: Equatable, Sendable {
    /// The name before the parameter clause, without backticks (an operator's characters for an operator).
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
    /// `async` (or `reasync`), `throws` (or `rethrows`, or a typed `throws(E)`), and a generic parameter clause.
    public var isAsync = false
    public var isThrowing = false
    public var isGeneric = false
    /// The error type of a typed `throws(E)`.
    public var thrownType: String? = nil
    /// The `#if` condition the declaration is compiled under (`DEBUG`, `!DEBUG && os(iOS)`),
    /// from the directives around it; nil when it always is.
    public var condition: String? = nil
    /// The attributes written before it, in order.
    public var attributes: [SwiftAttribute] = []
    /// Every modifier written before `func`.
    public var modifiers: SwiftModifiers = []
    /// The generic parameter clause as written (`<T: View>`), if any.
    public var genericParameters: String? = nil
    /// The innermost `#if` clause it is in (an index into `SwiftFileScan.ifClauses`), if any.
    public var clause: Int? = nil
    /// Byte offset of its first attribute or modifier (`offset` when there is none).
    public var declarationStart: Int

    /// Creates a method; `selector` is derived from `baseName` and the parameter labels.
    public init(baseName: String, parameters: [SwiftParameter], returnType: String? = nil,
                isOverride: Bool = false, offset: Int = 0, signatureEnd: Int? = nil) {
        self.baseName = baseName
        self.parameters = parameters
        self.returnType = returnType
        self.isOverride = isOverride
        self.offset = offset
        self.declarationStart = offset
        self.signatureEnd = signatureEnd ?? offset
        self.selector = SwiftParameterList.selector(base: baseName, parameters: parameters)
        if isOverride { modifiers.insert(.override) }
    }

    /// Whether other types can call it (it is neither `private` nor `fileprivate`).
    public var isVisibleToOtherTypes: Bool { access != "private" && access != "fileprivate" }

    /// A type method: `static func` or `class func`.
    public var isStatic: Bool { modifiers.contains(.static) || modifiers.contains(.class) }

    /// The first attribute named `name`.
    public func attribute(_ name: String) -> SwiftAttribute? { attributes.first { $0.name == name } }

    /// The Objective-C selector `@objc(…)` gives it, if it names one.
    public var explicitObjCSelector: String? {
        guard let arguments = attribute("objc")?.arguments else { return nil }
        let selector = arguments.filter { $0 != " " }
        return selector.isEmpty ? nil : selector
    }

    /// `@available(*, unavailable)` (or `unavailable` for any platform): it cannot be called.
    public var isUnavailable: Bool {
        attributes.contains { $0.name == "available" && ($0.arguments ?? "").split(separator: ",").contains { $0.trimmingSpaces == "unavailable" } }
    }
}

/// A `var` or `let` declared directly in a type body; one per name of a declaration that binds several.
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
    /// The type annotation as written, if any (`type` may be inferred instead).
    public var annotatedType: String? = nil
    /// `static var`, `class var`.
    public var isStatic = false
    /// `let` rather than `var`.
    public var isLet = false
    public var attributes: [SwiftAttribute] = []
    public var modifiers: SwiftModifiers = []
    /// The innermost `#if` clause it is in, if any.
    public var clause: Int? = nil
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
    /// The module (`CloudKit` for `import struct CloudKit.CKShare`).
    public var module: String = ""
    /// Byte offset of its first attribute or of `import`, and just past its last token.
    public var offset: Int = 0
    /// Byte offset of the `import` keyword.
    public var keywordOffset: Int = 0
    public var end: Int = 0
    /// The innermost `#if` clause it is in, if any.
    public var clause: Int? = nil

    /// The memberwise initializer, for the stages after this one (inlinable, as that one was).
    @inlinable package init(text: String, condition: String? = nil, module: String = "", offset: Int = 0, keywordOffset: Int = 0, end: Int = 0, clause: Int? = nil) {
        self.text = text
        self.condition = condition
        self.module = module
        self.offset = offset
        self.keywordOffset = keywordOffset
        self.end = end
        self.clause = clause
    }
}

/// A type (or extension) declaration with a body.
public struct ScannedType: Equatable, Sendable {
    /// The declaration keyword.
    public enum Kind: String, Sendable {
        case `class`, `extension`, `struct`, `enum`, `actor`, `protocol`
    }

    /// The declaration keyword.
    public var kind: Kind
    /// The declared name; for extensions, the last component (`extension Foo.Bar` → `"Bar"`).
    public var name: String
    /// Methods declared directly in the body, in source order (instance and type methods;
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
    /// The inheritance clause's entries as written, tokens joined by one space where the source
    /// had whitespace (`UIKit.UIResponder`, `@unchecked Sendable`, `Collection<Int>`).
    public var inheritedTypes: [String] = []
    /// The attributes written before the declaration.
    public var attributes: [SwiftAttribute] = []
    public var modifiers: SwiftModifiers = []
    /// For an extension, the extended type as written (`Foo.Bar`); for a type, its name.
    public var extendedType: String = ""
    /// The generic parameter clause as written, if any.
    public var genericParameters: String? = nil
    /// Properties declared directly in the body, in source order (read only when asked:
    /// `scanFile(readingProperties:)`).
    public var properties: [ScannedProperty] = []
    /// The `#if` condition the declaration is compiled under, if any.
    public var condition: String? = nil
    /// The innermost `#if` clause it is in, if any.
    public var clause: Int? = nil
    /// The type whose body it is declared in (an index into `SwiftFileScan.types`), if any.
    public var parent: Int? = nil

    /// Creates a scanned type.
    public init(kind: Kind, name: String, methods: [ScannedMethod], declarationOffset: Int, bodyOpen: Int, bodyClose: Int) {
        self.kind = kind
        self.name = name
        self.methods = methods
        self.declarationOffset = declarationOffset
        self.bodyOpen = bodyOpen
        self.bodyClose = bodyClose
        self.extendedType = name
    }

    /// Whether an attribute named `name` is written before it (`"main"`).
    public func hasAttribute(_ name: String) -> Bool { attributes.contains { $0.name == name } }

    /// The instance methods (no `static` or `class` ones).
    public var instanceMethods: [ScannedMethod] { methods.filter { !$0.isStatic } }
}

/// `typealias Name = Type`, declared anywhere in a file.
public struct ScannedTypealias: Equatable, Sendable {
    public var name: String
    /// The aliased type as written (whitespace collapsed).
    public var type: String
    /// The generic parameter clause, if any (such an alias is not applied to parameter types).
    public var genericParameters: String? = nil
    /// Byte offset of `typealias`.
    public var offset: Int = 0

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
    /// Every `#if` clause of the file, in source order, and the blocks they make up.
    public var ifClauses: [SwiftIfClause] = []
    public var ifRegions: [SwiftIfRegion] = []

    /// The clauses around `clause`, outermost first, `clause` last.
    public func clausePath(_ clause: Int?) -> [Int] {
        var path: [Int] = []
        var next = clause
        while let index = next, index >= 0, index < ifClauses.count, path.count <= CompilationCondition.maximumDepth {
            path.append(index)
            next = ifRegions[ifClauses[index].region].parentClause
        }
        return path.reversed()
    }

    /// The condition under which code in `clause` is compiled: each enclosing clause's
    /// condition, and the negation of the clauses before it in its block; nil outside any `#if`.
    ///
    /// Bounded: past `CompilationCondition.maximumDepth` enclosing blocks, or as many clauses
    /// before it in one block, the condition is `.invalid` (never decided, so never a pass).
    public func condition(ofClause clause: Int?, in bytes: [UInt8]) -> CompilationCondition? {
        guard clause != nil else { return nil }
        let path = clausePath(clause)
        let tooComplex = CompilationCondition.invalid("(#if nested or chained too deeply to be read)")
        guard path.count <= CompilationCondition.maximumDepth else { return tooComplex }
        var parts: [CompilationCondition] = []
        for index in path {
            let region = ifRegions[ifClauses[index].region]
            // The clauses are in increasing order: where this one is, found by halving.
            var low = 0, high = region.clauses.count
            while low < high {
                let middle = (low + high) / 2
                if region.clauses[middle] < index { low = middle + 1 } else { high = middle }
            }
            let position = low
            guard position < region.clauses.count, region.clauses[position] == index,
                  position <= CompilationCondition.maximumDepth else { return tooComplex }
            for earlier in region.clauses.prefix(position) {
                if let range = ifClauses[earlier].condition { parts.append(.not(CompilationCondition.parse(bytes, range))) }
            }
            if let range = ifClauses[index].condition { parts.append(CompilationCondition.parse(bytes, range)) }
        }
        return CompilationCondition.all(parts)
    }
}
