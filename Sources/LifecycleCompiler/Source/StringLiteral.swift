/// Quoted string literals for the formats that share C's escapes: Swift and `.lifecycle`
/// (`\u{202E}`), and JSON (`\u202e`).
///
/// Both write `\\`, `\"`, `\n`, `\r` and `\t`, and spell every other character of
/// `VisibleText`'s hidden set as an escape, so that a generated file, an imported spec or a
/// JSON document never holds one raw; everything else is written as it is.
enum StringLiteral {
    /// A Swift (or `.lifecycle`) string literal for `text`: `"a\u{202E}b"`.
    static func swift(_ text: String) -> String { "\"" + swiftContents(text) + "\"" }

    /// `text` escaped for the inside of a Swift (or `.lifecycle`) string literal.
    static func swiftContents(_ text: String) -> String { escaped(text, hidden: VisibleText.escape) }

    /// A JSON string literal for `text` (RFC 8259): hidden characters as `\u202e`, and those
    /// beyond U+FFFF as their two UTF-16 halves, `\udb40\udc01`.
    static func json(_ text: String) -> String { "\"" + escaped(text, hidden: jsonEscape) + "\"" }

    /// `text` with the shared escapes, and each hidden character spelt by `hidden`.
    private static func escaped(_ text: String, hidden: (Unicode.Scalar) -> String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if VisibleText.isHidden(scalar) {
                    result += hidden(scalar)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// `\u202e`, or a surrogate pair for a character beyond U+FFFF.
    private static func jsonEscape(_ scalar: Unicode.Scalar) -> String {
        func unit(_ value: UInt32) -> String {
            let hex = String(value, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
        guard scalar.value > 0xFFFF else { return unit(scalar.value) }
        let offset = scalar.value - 0x10000
        return unit(0xD800 + (offset >> 10)) + unit(0xDC00 + (offset & 0x3FF))
    }
}
