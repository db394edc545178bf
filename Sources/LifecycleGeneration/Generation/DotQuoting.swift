/// Quoting for Graphviz DOT.
///
/// A quoted DOT string may hold anything but an unescaped `"`; then, in labels and tooltips,
/// Graphviz reads the text again as an escString where `\N`, `\G`, `\l`, `\n` and friends are
/// special, and decodes HTML entities (`&amp;`, `&#1;`). So user text is escaped once for all
/// three layers: backslashes first (so that no user backslash can start an escString
/// sequence), then quotes, `&` as `&amp;`, line breaks as `\n`, and the characters
/// `VisibleText` hides as visible `\u{…}` text; long strings are written in pieces
/// (`appendEscaped(_:to:)` has the details).
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

    /// Label lines joined with DOT's centered line break (each line escaped); the lines from
    /// `leftAligned` on are left-justified instead (each ended by `\l`).
    public static func label(_ lines: [String], leftAligned: Int? = nil) -> String {
        let leftAligned = leftAligned ?? lines.count
        var buffer = ByteBuffer()
        buffer.append(UInt8(ascii: "\""))
        var pieceStart = buffer.count
        for (index, line) in lines.enumerated() {
            if index > 0 {
                // Lines under `pieceLength` each still add up (`appendEscaped` splits one line).
                if buffer.count - pieceStart >= pieceLength {
                    buffer.append(#"" + ""#)
                    pieceStart = buffer.count
                }
                // A left-justified line is ended by its own `\l`.
                if index <= leftAligned { buffer.append(#"\n"#) }
            }
            appendEscaped(line, to: &buffer)
            if index >= leftAligned { buffer.append(#"\l"#) }
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
    /// characters, `"`, `&`, `\`) and the lead bytes of the hidden characters and line
    /// separators beyond ASCII (C2: U+0080…U+009F; D8: U+061C; E2: U+200B, U+200E, U+200F,
    /// U+2028…U+202E, U+2060…U+206F; EF: U+FEFF, U+FFF9…U+FFFF; F3: the tags U+E0000…U+E007F);
    /// `0` for every other byte, which is copied
    /// as it is. A literal, so reading it costs no reference counting (a `static let` array
    /// was retained and released once per string).
    private static var mayNeedEscaping: StaticString {
        // One line each for 0x00…0x3F, 0x40…0x7F, 0x80…0xBF, 0xC0…0xFF.
        """
        1111111111111111111111111111111100100010000000000000000000000000\
        0000000000000000000000000000100000000000000000000000000000000001\
        0000000000000000000000000000000000000000000000000000000000000000\
        0010000000000000000000001000000000100000000000010001000000000000
        """
    }

    /// The longest piece of a quoted string written in one: Graphviz 2.43 rejects a quoted
    /// string longer than 16,384 bytes ("longer than 16384?"), so longer text is written as
    /// `"…" + "…"`, which DOT joins back into one string. Well under the limit, so that a
    /// caller's own text around a piece (an edge label's other lines) stays under it too.
    public static let pieceLength = 4_096

    /// Escapes text for a quoted DOT string, in place in the output:
    ///
    /// - `\` → `\\` and `"` → `\"` (the string and escString layers), line breaks (LF, CR,
    ///   CRLF, U+0085, U+2028, U+2029) → `\n`;
    /// - `&` → `&amp;`: Graphviz decodes HTML entities in labels and tooltips, so `&#1;` would
    ///   put a raw U+0001 in the SVG (which XML parsers reject) and `&#x202E;` a bidi override;
    /// - tab → space; every other hidden character (`VisibleText.isHidden`: controls, bidi
    ///   controls, invisible characters, tags) → a visible `\\u{202E}`, shown as `\u{202E}`;
    /// - every `pieceLength` bytes or so, at a character boundary, `" + "`.
    ///
    /// Runs of bytes that need no escaping are copied whole: a plain name is one scan and one copy.
    static func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to buffer: inout ByteBuffer) {
        let mayNeedEscaping = Self.mayNeedEscaping.utf8Start
        var runStart = 0
        var index = 0
        var previousWasCR = false
        // Where the current piece of the string began in `buffer`.
        var pieceStart = buffer.count
        // Copies the bytes since the last escape, then `replacement`, and skips `length` bytes.
        func replace(_ length: Int, with replacement: StaticString) {
            buffer.append(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            buffer.append(replacement)
            index += length
            runStart = index
        }
        // Ends the piece before `index` (a character boundary, between escapes).
        func split() {
            buffer.append(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            buffer.append(#"" + ""#)
            runStart = index
            pieceStart = buffer.count
        }
        // Escapes the hidden character of `length` bytes at `index`.
        func hide(_ length: Int) {
            var value: UInt32 = 0
            for offset in 0..<length {
                let byte = UInt32(utf8[index + offset])
                value = offset == 0 ? byte & (length == 1 ? 0x7F : length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07) : value << 6 | byte & 0x3F
            }
            buffer.append(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            buffer.append(#"\\u{"#)
            buffer.append(String(value, radix: 16, uppercase: true))
            buffer.append("}")
            index += length
            runStart = index
        }
        while index < utf8.count {
            let byte = utf8[index]
            if buffer.count + (index - runStart) - pieceStart >= pieceLength && byte & 0xC0 != 0x80 { split() }
            guard mayNeedEscaping[Int(byte)] == UInt8(ascii: "1") else {
                previousWasCR = false
                index += 1
                continue
            }
            let wasCR = previousWasCR
            previousWasCR = byte == 0x0D
            let second = index + 1 < utf8.count ? utf8[index + 1] : 0
            let third = index + 2 < utf8.count ? utf8[index + 2] : 0
            switch byte {
            case 0x0A where wasCR: replace(1, with: "")
            case 0x5C: replace(1, with: #"\\"#)
            case 0x22: replace(1, with: #"\""#)
            case 0x26: replace(1, with: "&amp;")
            case 0x0A, 0x0D: replace(1, with: #"\n"#)
            case 0x09: replace(1, with: " ")
            case 0x00..<0x20, 0x7F: hide(1)
            // U+0085 NEXT LINE is C2 85; the other C1 controls are C2 80…9F.
            case 0xC2 where second == 0x85: replace(2, with: #"\n"#)
            case 0xC2 where (0x80...0x9F).contains(second): hide(2)
            // U+061C ARABIC LETTER MARK is D8 9C.
            case 0xD8 where second == 0x9C: hide(2)
            // U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR are E2 80 A8 and E2 80 A9.
            case 0xE2 where second == 0x80 && (third == 0xA8 || third == 0xA9): replace(3, with: #"\n"#)
            // U+200B, U+200E, U+200F (E2 80 8B, 8E, 8F); U+202A…U+202E (E2 80 AA…AE);
            // U+2060…U+2064 and U+2066…U+206F (E2 81 A0…A4, A6…AF).
            case 0xE2 where second == 0x80 && (third == 0x8B || third == 0x8E || third == 0x8F || (0xAA...0xAE).contains(third)),
                 0xE2 where second == 0x81 && (0xA0...0xAF).contains(third) && third != 0xA5:
                hide(3)
            // U+FEFF is EF BB BF; U+FFF9…U+FFFF are EF BF B9…BF.
            case 0xEF where second == 0xBB && third == 0xBF,
                 0xEF where second == 0xBF && third >= 0xB9 && third != 0xBC && third != 0xBD:
                hide(3)
            // The tags U+E0000…U+E007F are F3 A0 80 80…F3 A0 81 BF.
            case 0xF3 where second == 0xA0 && (third == 0x80 || third == 0x81) && index + 3 < utf8.count: hide(4)
            default: index += 1
            }
        }
        buffer.append(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
    }
}
