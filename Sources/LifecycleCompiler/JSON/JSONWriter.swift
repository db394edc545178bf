/// A minimal JSON writer: pretty-printed with two-space indentation, keys in call order.
public final class JSONWriter {
    public private(set) var output = ""
    private var indent = 0
    private var needsComma = [false]
    private var afterKey = false

    public init() {}

    private func beginValue() {
        if afterKey {
            afterKey = false
            return
        }
        if needsComma[needsComma.count - 1] { output += "," }
        if indent > 0 { output += "\n" + String(repeating: "  ", count: indent) }
        needsComma[needsComma.count - 1] = true
    }

    private func open(_ bracket: String, _ close: String, _ body: () -> Void) {
        beginValue()
        output += bracket
        indent += 1
        needsComma.append(false)
        body()
        let hadItems = needsComma.removeLast()
        indent -= 1
        if hadItems { output += "\n" + String(repeating: "  ", count: indent) }
        output += close
    }

    public func array(_ body: () -> Void) { open("[", "]", body) }
    public func object(_ body: () -> Void) { open("{", "}", body) }

    public func key(_ name: String) {
        beginValue()
        output += JSONWriter.quoted(name) + ": "
        afterKey = true
    }

    public func field(_ name: String, _ value: String) { key(name); string(value) }
    public func field(_ name: String, _ value: Int) { key(name); number(value) }
    public func field(_ name: String, _ value: String?) {
        key(name)
        if let value { string(value) } else { null() }
    }

    public func string(_ value: String) { beginValue(); output += JSONWriter.quoted(value) }
    public func number(_ value: Int) { beginValue(); output += String(value) }
    public func null() { beginValue(); output += "null" }
    public func bool(_ value: Bool) { beginValue(); output += value ? "true" : "false" }

    /// A JSON string literal (`StringLiteral.json`): quotes, backslashes and control characters
    /// escaped, and so are the invisible characters that a consumer might drop or a terminal
    /// might obey, `VisibleText`'s hidden set (some JSON readers, Foundation's among them,
    /// silently drop a U+FEFF written raw).
    public static func quoted(_ text: String) -> String { StringLiteral.json(text) }
}
