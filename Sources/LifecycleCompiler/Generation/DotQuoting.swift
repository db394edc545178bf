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
        var buffer = ByteBuffer(capacity: text.utf8.count + 2)
        appendQuoted(text, to: &buffer)
        return buffer.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Label lines joined with DOT's centered line break (each line escaped).
    public static func label(_ lines: [String]) -> String {
        var buffer = ByteBuffer()
        buffer.append(UInt8(ascii: "\""))
        for (index, line) in lines.enumerated() {
            if index > 0 { buffer.append(#"\n"#) }
            appendEscaped(line, to: &buffer)
        }
        buffer.append(UInt8(ascii: "\""))
        return buffer.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Appends `text` as a DOT string literal, quotes included.
    static func appendQuoted(_ text: String, to buffer: inout ByteBuffer) {
        buffer.append(UInt8(ascii: "\""))
        appendEscaped(text, to: &buffer)
        buffer.append(UInt8(ascii: "\""))
    }

    /// Appends the inside of a DOT string literal for `text`: escaped, without quotes.
    static func appendEscaped(_ text: String, to buffer: inout ByteBuffer) {
        var text = text
        text.withUTF8 { appendEscaped($0, to: &buffer) }
    }

    /// Writes `text` as a DOT string literal, quotes included, on the printer's current line.
    static func writeQuoted(_ text: String, to printer: inout Printer) {
        appendQuoted(text, to: &printer.buffer)
    }

    /// Writes the inside of a DOT string literal for `text` on the printer's current line.
    static func writeEscaped(_ text: String, to printer: inout Printer) {
        appendEscaped(text, to: &printer.buffer)
    }

    /// The inside of a DOT string literal for `text`, as bytes to be written many times.
    static func escaped(_ text: String) -> [UInt8] {
        var buffer = ByteBuffer(capacity: text.utf8.count)
        appendEscaped(text, to: &buffer)
        return buffer.bytes
    }

    /// For each byte value, `1` if the byte may need escaping: the ASCII ones that do (control
    /// characters, `"`, `\`) and the lead bytes of U+0085, U+2028 and U+2029 (C2, E2); `0` for
    /// every other byte, which is copied as it is. A literal, so reading it costs no reference
    /// counting (a `static let` array was retained and released once per string).
    private static var mayNeedEscaping: StaticString {
        // One line each for 0x00…0x3F, 0x40…0x7F, 0x80…0xBF, 0xC0…0xFF.
        """
        1111111111111111111111111111111100100000000000000000000000000000\
        0000000000000000000000000000100000000000000000000000000000000001\
        0000000000000000000000000000000000000000000000000000000000000000\
        0010000000000000000000000000000000100000000000000000000000000000
        """
    }

    /// Copies runs of bytes that need no escaping whole: a plain name is one scan and one copy.
    static func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to buffer: inout ByteBuffer) {
        let mayNeedEscaping = Self.mayNeedEscaping.utf8Start
        var runStart = 0
        var index = 0
        var previousWasCR = false
        // Copies the bytes since the last escape, then `replacement`, and skips `length` bytes.
        func replace(_ length: Int, with replacement: StaticString) {
            buffer.append(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            buffer.append(replacement)
            index += length
            runStart = index
        }
        while index < utf8.count {
            let byte = utf8[index]
            guard mayNeedEscaping[Int(byte)] == UInt8(ascii: "1") else {
                previousWasCR = false
                index += 1
                continue
            }
            let wasCR = previousWasCR
            previousWasCR = byte == 0x0D
            switch byte {
            case 0x0A where wasCR: replace(1, with: "")
            case 0x5C: replace(1, with: #"\\"#)
            case 0x22: replace(1, with: #"\""#)
            case 0x0A, 0x0D: replace(1, with: #"\n"#)
            case 0x00..<0x20, 0x7F: replace(1, with: " ")
            // U+0085 NEXT LINE is C2 85.
            case 0xC2 where index + 1 < utf8.count && utf8[index + 1] == 0x85: replace(2, with: #"\n"#)
            // U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR are E2 80 A8 and E2 80 A9.
            case 0xE2 where index + 2 < utf8.count && utf8[index + 1] == 0x80 && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                replace(3, with: #"\n"#)
            default: index += 1
            }
        }
        buffer.append(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
    }
}
