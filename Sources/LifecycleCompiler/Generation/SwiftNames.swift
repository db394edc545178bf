/// Safe Swift identifiers: names that are Swift keywords get backticks.
public enum SwiftNames {
    /// Keywords that can't be used as identifiers without backticks (in declarations and
    /// expressions).
    static let reserved: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private", "precedencegroup",
        "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case",
        "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
        "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "Type", "Protocol", "_",
    ]

    /// `name`, or `` `name` `` when it is reserved.
    public static func identifier(_ name: String) -> String {
        reserved.contains(name) ? "`\(name)`" : name
    }
}
