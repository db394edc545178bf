/// The characters `lifecycle` never writes as they are, to a terminal or a generated file,
/// and the visible escape it writes instead: `\u{202E}`.
///
/// A spec's descriptions and names may hold anything. Written raw, C0 and C1 controls can
/// retitle or clear a terminal (ESC, BEL, and U+009B, a one-character CSI), bidirectional
/// controls make a line read differently from what it holds (the "Trojan Source" trick), and
/// invisible characters hide text from a reader. This is the one set every output uses:
/// `Diagnostic.oneLine` and `DiagnosticRenderer.printable` (diagnostics), `QueryFormatter`
/// (trace and simulate), `DocComment` (Swift and DOT comments), `StringLiteral` (Swift,
/// `.lifecycle` and JSON string literals), `ExportText` (Mermaid, PlantUML, SCXML, Markdown);
/// `DotQuoting` tests the same characters on UTF-8 bytes.
public enum VisibleText {
    /// C0 controls but the tab, DEL, C1 controls (U+0080…U+009F, NEL and CSI among them), the
    /// Arabic letter mark U+061C, the zero-width space U+200B, the marks U+200E and U+200F,
    /// the line and paragraph separators U+2028 and U+2029, the embeddings and overrides
    /// U+202A…U+202E, the word joiner and invisible operators U+2060…U+2064, the isolates
    /// U+2066…U+2069, the deprecated format characters U+206A…U+206F, the byte-order mark
    /// U+FEFF, the interlinear annotations U+FFF9…U+FFFB, the noncharacters U+FFFE and U+FFFF,
    /// and the tags U+E0000…U+E007F (invisible, now used to smuggle hidden text).
    ///
    /// The zero-width joiners U+200C and U+200D are not hidden: emoji sequences (👩‍👩‍👧) and
    /// several scripts need them.
    @inlinable @inline(__always)
    public static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x7F { return value < 0x20 && value != 0x09 }
        switch value {
        case 0x7F...0x9F, 0x061C, 0x200B, 0x200E, 0x200F, 0x2028...0x202E, 0x2060...0x2064, 0x2066...0x206F,
             0xFEFF, 0xFFF9...0xFFFB, 0xFFFE, 0xFFFF, 0xE0000...0xE007F:
            return true
        default:
            return false
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
