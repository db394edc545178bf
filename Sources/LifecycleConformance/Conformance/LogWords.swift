import LifecycleSyntax

/// The words of a log line: runs of identifier characters in Swift's sense, the lexer's one
/// classification (`Lexer+ByteClass`): ASCII letters, digits and `_`, and the non-ASCII scalars
/// Unicode calls identifier characters (letters, marks, digits, connector punctuation). Every
/// other character separates words, ASCII or not: an arrow, a bullet, a no-break space, an
/// emoji or a zero-width space right before a callback's name leaves the name a word of its own
/// (`→applicationWillEnterForeground(_:)`, `•sceneDidBecomeActive`).
///
/// A non-ASCII scalar that cannot start an identifier (a combining mark, a non-ASCII digit)
/// only continues a word, and variation selectors (the `U+FE0F` of `❤️`) never belong to one:
/// they dress the emoji before them. Bytes that are not UTF-8 separate.
///
/// ASCII is decided by the byte table alone; only a byte from 0x80 up is decoded, and only
/// where a word could start or continue, so a log of ASCII lines never decodes anything.
enum LogWords {
    /// Whether the ASCII byte `byte` is a word character (a letter, a digit or `_`).
    @inline(__always) static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        Lexer.isIdentifierBody(byte)
    }

    /// The length of the word character at `position` when it is one (as the first character
    /// of a word when `starting`), or 0. `position` holds a byte from 0x80 up.
    static func nonASCIIWordLength(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int, starting: Bool) -> Int {
        guard let (scalar, length) = scalar(in: bytes, at: position) else { return 0 }
        if isVariationSelector(scalar) { return 0 }
        return (starting ? Lexer.isIdentifierHead(scalar) : Lexer.isIdentifierBody(scalar)) ? length : 0
    }

    /// `U+FE00`–`U+FE0F` and `U+E0100`–`U+E01EF`.
    static func isVariationSelector(_ scalar: Unicode.Scalar) -> Bool {
        (0xFE00...0xFE0F).contains(scalar.value) || (0xE0100...0xE01EF).contains(scalar.value)
    }

    /// Where the word that starts at `start` (a word character) ends.
    @inline(__always) static func end(of bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let count = bytes.count
        var position = start
        while position < count {
            let byte = bytes[position]
            if byte < 0x80 {
                guard isASCIIWordByte(byte) else { return position }
                position += 1
            } else {
                let length = nonASCIIWordLength(bytes, at: position, starting: position == start)
                guard length > 0 else { return position }
                position += length
            }
        }
        return position
    }

    /// Whether the character at `position` continues a word.
    static func isWordCharacter(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
        let byte = bytes[position]
        return byte < 0x80 ? isASCIIWordByte(byte) : nonASCIIWordLength(bytes, at: position, starting: false) > 0
    }

    /// The next word at or after `position`, or nil.
    static func next(in bytes: UnsafeBufferPointer<UInt8>, from position: Int) -> Range<Int>? {
        let count = bytes.count
        var position = position
        while position < count {
            let byte = bytes[position]
            if byte < 0x80 {
                if isASCIIWordByte(byte) { return position..<end(of: bytes, from: position) }
                position += 1
            } else if nonASCIIWordLength(bytes, at: position, starting: true) > 0 {
                return position..<end(of: bytes, from: position)
            } else {
                position += max(1, scalar(in: bytes, at: position)?.length ?? 1)
            }
        }
        return nil
    }

    /// Whether `text` is one word, as a log line would hold it (`--instance Root=RootViewController`).
    static func isWord(_ text: String) -> Bool {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { mutable in
            let bytes = UnsafeBufferPointer(mutable)
            return !bytes.isEmpty && next(in: bytes, from: 0) == 0..<bytes.count
        }
    }

    /// The scalar whose UTF-8 encoding starts at `position` and its length, or nil where the
    /// bytes are not UTF-8 (overlong forms, surrogates and values past U+10FFFF included).
    static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> (scalar: Unicode.Scalar, length: Int)? {
        let first = UInt32(bytes[position])
        if first < 0x80 { return (Unicode.Scalar(UInt8(first)), 1) }
        var value: UInt32
        let length: Int
        switch first {
        case 0xC2...0xDF: value = first & 0x1F; length = 2
        case 0xE0...0xEF: value = first & 0x0F; length = 3
        case 0xF0...0xF4: value = first & 0x07; length = 4
        default: return nil
        }
        guard position + length <= bytes.count else { return nil }
        for index in 1..<length {
            let byte = UInt32(bytes[position + index])
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | (byte & 0x3F)
        }
        if (length == 3 && value < 0x800) || (length == 4 && (value < 0x10000 || value > 0x10FFFF)) { return nil }
        guard let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}
