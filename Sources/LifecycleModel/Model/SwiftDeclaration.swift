import LifecycleSyntax

/// Swift spellings of model declarations, shared by the Swift generator, `--update` and the
/// `--impl` check's "ready-to-paste" notes.
public enum SwiftDeclaration {
    /// `func name(params) async throws -> Type`, with `override ` for a class method.
    /// - Parameter forProtocol: drop default values, which Swift forbids in requirements.
    public static func signature(_ method: Method, ownerKind: TypeInfo.Kind, forProtocol: Bool = false) -> String {
        var text = ownerKind == .class ? "override func " : "func "
        text += SwiftNames.identifier(method.name)
        text += parameterClause(method.parameters, defaults: !forProtocol)
        if method.isAsync { text += " async" }
        if method.isThrowing { text += " throws" }
        if let returnType = method.returnType { text += " -> " + returnType }
        return text
    }

    /// A parameter clause rebuilt from parsed parameters, on one line: types and default
    /// values exactly as written, names escaped when they are Swift keywords.
    static func parameterClause(_ parameters: [SwiftParameter], defaults: Bool) -> String {
        "(" + parameters.map { parameter in
            let label = parameter.label.map(SwiftNames.identifier) ?? "_"
            let name = SwiftNames.identifier(parameter.name)
            var text = label == name ? label : "\(label) \(name)"
            text += ": " + parameter.type
            if defaults, let value = parameter.defaultValue { text += " = " + value }
            return text
        }.joined(separator: ", ") + ")"
    }

    /// The arguments that forward every parameter to `super`: `(scene, willConnectTo: session)`.
    public static func forwardingArguments(_ method: Method) -> String {
        "(" + method.parameters.map { parameter in
            var value = (parameter.type.hasPrefix("inout ") ? "&" : "") + SwiftNames.identifier(parameter.name)
            // An `@autoclosure` parameter is a closure inside the method: forwarding it to
            // another `@autoclosure` parameter means calling it there.
            if parameter.type.split(whereSeparator: { $0 == " " || $0 == "(" }).contains("@autoclosure") { value += "()" }
            return parameter.label.map { "\(SwiftNames.argumentLabel($0)): \(value)" } ?? value
        }.joined(separator: ", ") + ")"
    }

    /// Whether `method` has a variadic parameter (`_ xs: Int...`): Swift cannot pass its
    /// values on to another variadic call, so an override cannot forward them to `super`.
    public static func hasVariadicParameter(_ method: Method) -> Bool {
        method.parameters.contains { SwiftTypeText.normalized($0.type).hasSuffix("...") }
    }

    /// The statement that ends a generated body: `return <defaultReturn>`, or a bare
    /// `fatalError(…)` when there is no obvious value (`return fatalError(…)` type-checks only
    /// for `Any`: Swift does not convert `Never` to other return types).
    public static func defaultReturnStatement(_ method: Method) -> String? {
        guard let value = defaultReturn(method) else { return nil }
        return method.returns == nil && value.hasPrefix("fatalError(") ? value : "return " + value
    }

    /// The expression a generated body returns: `returns "…"`, else an obvious default.
    public static func defaultReturn(_ method: Method) -> String? {
        if let expression = method.returns { return expression }
        guard let type = method.returnType else { return nil }
        let normalized = SwiftTypeText.normalized(type)
        if normalized.hasSuffix("?") || normalized.hasSuffix("!") { return "nil" }
        switch normalized {
        case "Void", "()": return nil
        case "Bool": return "true"
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64": return "0"
        case "Double", "Float", "CGFloat", "TimeInterval": return "0"
        case "String": return "\"\""
        default:
            if normalized.hasPrefix("[") && normalized.hasSuffix("]") {
                return normalized.contains(":") ? "[:]" : "[]"
            }
            if normalized.hasPrefix("Set<") { return "[]" }
            return "fatalError(\"Implement \(method.selector)\")"
        }
    }
}
