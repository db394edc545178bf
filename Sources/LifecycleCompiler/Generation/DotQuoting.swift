/// Quoting for Graphviz DOT.
///
/// A quoted DOT string may hold anything but an unescaped `"`; then, in labels and tooltips,
/// Graphviz reads the text again as an escString where `\N`, `\G`, `\l`, `\n` and friends are
/// special. So user text is escaped once for both layers: backslashes first (so that no user
/// backslash can start an escString sequence), then quotes, and line breaks become `\n`.
/// Control characters (which `dot` rejects or drops) become spaces.
public enum DotQuoting {
    /// A DOT string literal for `text`, quotes included.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value == 0x0A && previousWasCR {
                previousWasCR = false
                continue
            }
            previousWasCR = value == 0x0D
            switch value {
            case 0x5C: result += "\\\\"
            case 0x22: result += "\\\""
            case 0x0A, 0x0D, 0x2028, 0x2029, 0x85: result += "\\n"
            case 0x00..<0x20, 0x7F: result += " "
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// Label lines joined with DOT's centered line break (each line escaped).
    public static func label(_ lines: [String]) -> String {
        let inner = lines.map { String(quoted($0).dropFirst().dropLast()) }.joined(separator: "\\n")
        return "\"" + inner + "\""
    }
}
