/// The characters `lifecycle` never writes as they are, to a terminal or a generated file,
/// and the visible escape it writes instead: `\u{202E}`.
///
/// A spec's descriptions and names may hold anything. Written raw, C0 and C1 controls can
/// retitle or clear a terminal (ESC, BEL, and U+009B, a one-character CSI), and bidirectional
/// controls make a line read differently from what it holds (the "Trojan Source" trick).
/// Each output has one helper built on this set: `Diagnostic.oneLine` and
/// `DiagnosticRenderer.printable` (diagnostics), `QueryFormatter` (trace and simulate),
/// `DotQuoting` (DOT labels and tooltips, on bytes), `DocComment` (Swift and DOT comments).
/// JSON has its own escapes (`\u202E`).
public enum VisibleText {
    /// C0 controls but the tab, DEL, C1 controls (U+0080…U+009F, NEL and CSI among them), the
    /// Arabic letter mark U+061C, the marks U+200E and U+200F, the embeddings and overrides
    /// U+202A…U+202E, the isolates U+2066…U+2069, the line and paragraph separators U+2028
    /// and U+2029, and the invisible U+FEFF.
    @inline(__always)
    public static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x7F { return value < 0x20 && value != 0x09 }
        switch value {
        case 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069, 0xFEFF: return true
        default: return false
        }
    }

    /// `\u{202E}`: the Swift escape for `scalar`, hexadecimal in capitals.
    public static func escape(_ scalar: Unicode.Scalar) -> String {
        "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    }

    /// `text` with every hidden character escaped; line feeds kept when `keepLineFeeds`.
    public static func escaped(_ text: String, keepLineFeeds: Bool = false) -> String {
        func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
            isHidden(scalar) && !(keepLineFeeds && scalar == "\n")
        }
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                result.append(contentsOf: escape(scalar).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}
