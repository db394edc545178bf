import LifecycleSource

/// User text written into XML: the one escaper of XML attribute values and character data, for
/// every stage that writes XML (the SCXML export, the sequence diagram's SVG and its DOT labels,
/// the `<string>` values `migrate` adds to an Info.plist).
public enum XMLText {
    /// An attribute value or character data: the five XML specials are entities, line breaks
    /// `&#10;` (a raw one in an attribute would be read back as a space), hidden characters spelled
    /// out (`\u{202E}`, `ExportText`).
    public static func escaped(_ text: String) -> String {
        ExportText.escape(text, lineBreak: "&#10;") { scalar, out in
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.unicodeScalars.append(scalar)
            }
        }
    }
}
