/// The Language Server Protocol's kinds as Swift enums, with the numbers and names the
/// protocol gives them.

/// The semantic token types the server reports, in the order of its legend.
public enum SemanticTokenType: String, CaseIterable, Sendable {
    case keyword, string, comment, type, enumMember, event, method, namespace, `class`, number, decorator

    /// The type's number in the legend.
    public var index: Int { SemanticTokenType.allCases.firstIndex(of: self)! }
}
