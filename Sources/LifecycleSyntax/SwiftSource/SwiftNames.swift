/// Safe Swift identifiers: names that are Swift keywords get backticks.
public enum SwiftNames {
    /// Keywords that can't be used as identifiers without backticks (in declarations and
    /// expressions).
    package static let reserved: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private", "precedencegroup",
        "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case",
        "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
        "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "Type", "Protocol", "_",
    ]

    /// Words that can't be an argument label in a call without backticks. Every other keyword
    /// can (`super.f(in: x)`), as swiftc 6.3 confirms word by word; `KeywordNamesTests`
    /// type-checks the escaped output.
    static let reservedInCallLabels: Set<String> = ["inout", "_"]

    /// `name`, or `` `name` `` when it is reserved.
    public static func identifier(_ name: String) -> String {
        reserved.contains(name) ? "`\(name)`" : name
    }

    /// An argument label in a call (`label: value`), escaped only where Swift requires it.
    public static func argumentLabel(_ label: String) -> String {
        reservedInCallLabels.contains(label) ? "`\(label)`" : label
    }
}
