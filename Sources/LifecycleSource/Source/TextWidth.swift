/// Counting characters and terminal cells in UTF-8 text, for columns and caret placement.
public enum TextWidth {
    /// The number of characters (grapheme clusters, what an editor counts as one column:
    /// `é` written e + U+0301 is one, and so is 👨‍👩‍👧) in `bytes` as
    /// `String(decoding:as: UTF8.self)` reads them (each maximal invalid sequence becomes one
    /// U+FFFD), as the README promises columns are counted.
    public static func characterCount(_ bytes: some Collection<UInt8>) -> Int {
        // ASCII is the common case, and a column on a 20 MB line must stay cheap.
        let ascii = bytes.withContiguousStorageIfAvailable { buffer -> Bool in
            for byte in buffer where byte >= 0x80 { return false }
            return true
        } ?? bytes.allSatisfy { $0 < 0x80 }
        if ascii { return bytes.count }
        return String(decoding: bytes, as: UTF8.self).count
    }

    /// The number of terminal cells a character takes: a sequence joined with U+200D (👨‍👩‍👧),
    /// a letter with combining marks or a flag is drawn as one glyph, as wide as its widest
    /// scalar (at most 2).
    public static func cells(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        if scalars.count == 1 { return cells(scalars.first!) }
        return min(2, scalars.reduce(0) { max($0, cells($1)) })
    }

    /// The number of terminal cells `scalar` takes: 2 for East Asian wide characters
    /// (Hangul, CJK, most emoji), 0 for combining marks and zero-width characters, else 1.
    public static func cells(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return 1 }
        switch value {
        case 0x0300...0x036F, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2069, 0xFE00...0xFE0F, 0xFEFF:
            return 0
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// The number of terminal cells `text` takes.
    public static func cells(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + cells($1) }
    }
}
