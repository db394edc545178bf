/// Quoted string literals for Swift and `.lifecycle` (`\u{202E}`); JSON's, with the same
/// escapes spelt `\u202e`, are `JSONWriter.quote`'s.
///
/// They write `\\`, `\"`, `\n`, `\r` and `\t`, and spell every other character of
/// `VisibleText`'s hidden set as an escape, so that a generated file, an imported spec or a
/// JSON document never holds one raw; everything else is written as it is.
package enum StringLiteral {
    /// A Swift (or `.lifecycle`) string literal for `text`: `"a\u{202E}b"`.
    package static func swift(_ text: String) -> String { "\"" + swiftContents(text) + "\"" }

    /// `text` escaped for the inside of a Swift (or `.lifecycle`) string literal.
    package static func swiftContents(_ text: String) -> String { escaped(text, hidden: VisibleText.escape) }

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
}
