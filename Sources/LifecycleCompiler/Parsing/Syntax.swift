/// The syntax tree: what the file says, before any name is resolved.
///
/// Every node knows its range. Names are ranges into the source (read them with
/// `SourceFile.text(_:)`); string literals are decoded once, by the parser.

/// A name as written: an identifier's range.
public struct NameSyntax: Sendable, Equatable {
    public var range: SourceRange
}

/// A string literal: its range (quotes included) and decoded value.
public struct StringSyntax: Sendable, Equatable {
    public var range: SourceRange
    public var value: String
}

/// One parsed `.lifecycle` file.
public struct FileSyntax: Sendable {
    public var file: SourceFile
    public var imports: [ImportDecl] = []
    public var machines: [MachineDecl] = []
    public var protocols: [TypeDecl] = []
    public var classes: [TypeDecl] = []
    /// Every declaration in source order, as indices into the arrays above.
    public var order: [DeclarationIndex] = []

    public enum DeclarationIndex: Sendable, Equatable {
        case `import`(Int), machine(Int), `protocol`(Int), `class`(Int)
    }
}

/// `import UIKit` or `import "Other.lifecycle"`.
public struct ImportDecl: Sendable {
    public enum Target: Sendable {
        case module(NameSyntax)
        case file(StringSyntax)
    }
    public var target: Target
    public var range: SourceRange
}

/// `machine Name "description" { … }`.
public struct MachineDecl: Sendable {
    public var name: NameSyntax
    public var description: StringSyntax?
    public var members: [MemberSyntax]
    public var range: SourceRange
}

/// What a machine or composite-state body holds.
public enum MemberSyntax: Sendable {
    case delegate(DelegateDecl)
    case state(StateDecl)
    case transition(TransitionDecl)
    case require(RequireDecl)
}

/// `delegate SceneDelegate: UIResponder, UIWindowSceneDelegate`.
public struct DelegateDecl: Sendable {
    public var name: NameSyntax
    public var adopted: [NameSyntax]
    public var range: SourceRange
}

/// `initial state Name "description" { … }`.
public struct StateDecl: Sendable {
    public enum Modifier: Sendable { case none, initial, final }
    public var modifier: Modifier
    public var modifierRange: SourceRange?
    public var name: NameSyntax
    public var description: StringSyntax?
    /// Nil when the state has no body; an empty array for `{ }`.
    public var members: [MemberSyntax]?
    public var range: SourceRange
}

/// `A -> B on event by user calls f(_:), g "description"`.
public struct TransitionDecl: Sendable {
    public enum Trigger: String, Sendable { case user, system }
    public var source: NameSyntax
    public var target: NameSyntax
    public var event: NameSyntax?
    public var trigger: Trigger?
    public var triggerRange: SourceRange?
    public var callbacks: [CallbackRef]
    public var description: StringSyntax?
    public var range: SourceRange
}

/// A Swift method reference: `name`, `name()` or `name(_:label:)`.
public struct CallbackRef: Sendable, Equatable {
    public var baseName: NameSyntax
    /// Nil for a bare name; otherwise the argument labels as a selector spells them, each
    /// followed by `:` (`_:reason:`, empty for `name()`). One `String`, inline when it is
    /// short (up to 15 bytes), rather than an array of labels for every reference.
    public var labels: String?
    public var range: SourceRange
}

/// `require callback "reason"`.
public struct RequireDecl: Sendable {
    public var callback: CallbackRef
    public var reason: StringSyntax?
    public var range: SourceRange
}

/// A `protocol` or `class` block declaring callback signatures.
public struct TypeDecl: Sendable {
    public enum Kind: String, Sendable { case `protocol`, `class` }
    public var kind: Kind
    public var name: NameSyntax
    public var parents: [NameSyntax]
    public var functions: [FuncDecl]
    public var variables: [VarDecl]
    /// The members in source order.
    public var memberOrder: [Member]
    public var range: SourceRange

    public enum Member: Sendable, Equatable { case function(Int), variable(Int) }
}

/// `func name(params) async throws -> Type returns "expr" body "stmt"`.
public struct FuncDecl: Sendable {
    public var name: NameSyntax
    /// The parameter clause, parentheses included, as written.
    public var parameters: SourceRange
    public var parametersComplete: Bool
    public var isAsync: Bool
    public var isThrowing: Bool
    public var returnType: SourceRange?
    public var returns: StringSyntax?
    public var body: StringSyntax?
    public var range: SourceRange
}

/// `var name: Type { get set }`.
public struct VarDecl: Sendable {
    public var name: NameSyntax
    public var type: SourceRange
    public var range: SourceRange
}
