/// Quoting for Graphviz DOT.
///
/// A quoted DOT string may hold anything but an unescaped `"`; then, in labels and tooltips,
/// Graphviz reads the text again as an escString where `\N`, `\G`, `\l`, `\n` and friends are
/// special. So user text is escaped once for both layers: backslashes first (so that no user
/// backslash can start an escString sequence), then quotes, and line breaks become `\n`.
/// Control characters (which `dot` rejects or drops) become spaces.
///
/// The work is done on UTF-8 bytes straight into the output buffer: the characters that need
/// escaping are ASCII, or the line separators U+0085, U+2028 and U+2029, whose encodings are
/// recognised by their bytes, so no `String` is built per label.
public enum DotQuoting {
    /// A DOT string literal for `text`, quotes included.
    public static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Label lines joined with DOT's centered line break (each line escaped).
    public static func label(_ lines: [String]) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        for (index, line) in lines.enumerated() {
            if index > 0 { bytes.append(contentsOf: #"\n"#.utf8) }
            appendEscaped(line, to: &bytes)
        }
        bytes.append(UInt8(ascii: "\""))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text` as a DOT string literal, quotes included.
    public static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        appendEscaped(text, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends the inside of a DOT string literal for `text`: escaped, without quotes.
    public static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendEscaped($0, to: &bytes) }
    }

    private static let lineBreak = Array(#"\n"#.utf8)
    private static let backslash = Array(#"\\"#.utf8)
    private static let quote = Array(#"\""#.utf8)
    private static let space = Array(" ".utf8)
    private static let nothing: [UInt8] = []

    static func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        var runStart = 0
        var index = 0
        var previousWasCR = false
        // Copies the bytes since the last escape, then `replacement`, and skips `length` bytes.
        func replace(_ length: Int, with replacement: [UInt8]) {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            bytes.append(contentsOf: replacement)
            index += length
            runStart = index
        }
        while index < utf8.count {
            let byte = utf8[index]
            let wasCR = previousWasCR
            previousWasCR = byte == 0x0D
            switch byte {
            case 0x0A where wasCR: replace(1, with: nothing)
            case 0x5C: replace(1, with: backslash)
            case 0x22: replace(1, with: quote)
            case 0x0A, 0x0D: replace(1, with: lineBreak)
            case 0x00..<0x20, 0x7F: replace(1, with: space)
            // U+0085 NEXT LINE is C2 85.
            case 0xC2 where index + 1 < utf8.count && utf8[index + 1] == 0x85: replace(2, with: lineBreak)
            // U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR are E2 80 A8 and E2 80 A9.
            case 0xE2 where index + 2 < utf8.count && utf8[index + 1] == 0x80 && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                replace(3, with: lineBreak)
            default: index += 1
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
    }
}
