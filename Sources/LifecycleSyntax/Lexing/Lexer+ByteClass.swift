/// The one classification of identifier bytes, whitespace and string text: a 256-entry table
/// of byte classes, so that each hot loop tests one bit of one table entry per byte instead of
/// a chain of comparisons. The lexer, the SwiftSource scanner and the language server all
/// classify bytes through it.
extension Lexer {
    /// The byte is an ASCII letter, digit or `_`.
    @usableFromInline package static let identifierBodyBit: UInt8 = 0x01
    /// The byte is an ASCII letter or `_`.
    @usableFromInline static let identifierHeadBit: UInt8 = 0x02
    /// The byte is a space, tab, line feed or carriage return.
    static let whitespaceBit: UInt8 = 0x04
    /// Inside a string literal the byte needs no attention: ASCII other than NUL, `"`, `\`,
    /// line feed and carriage return.
    static let plainStringBit: UInt8 = 0x08

    /// One character per byte value, 16 to a row; each is `@` (0x40) plus the byte's class
    /// bits, so the table is a string literal in read-only data with no initialiser to run.
    /// `@` has no bits: NUL (which is also the sentinel after the last byte, so every loop
    /// over a class stops at the end of the file), `"`, `\` and every byte from 0x80 up.
    /// `D` is a line break, `H` plain string text, `I` a digit, `K` a letter or `_`, `L` a
    /// space or tab. `LexerByteClassTests` checks every entry against the definitions above.
    @usableFromInline @inline(__always) static var byteClasses: StaticString {
        """
        @HHHHHHHHLDHHDHH\
        HHHHHHHHHHHHHHHH\
        LH@HHHHHHHHHHHHH\
        IIIIIIIIIIHHHHHH\
        HKKKKKKKKKKKKKKK\
        KKKKKKKKKKKH@HHK\
        HKKKKKKKKKKKKKKK\
        KKKKKKKKKKKHHHHH\
        @@@@@@@@@@@@@@@@\
        @@@@@@@@@@@@@@@@\
        @@@@@@@@@@@@@@@@\
        @@@@@@@@@@@@@@@@\
        @@@@@@@@@@@@@@@@\
        @@@@@@@@@@@@@@@@\
        @@@@@@@@@@@@@@@@\
        @@@@@@@@@@@@@@@@
        """
    }

    /// The class bits of byte `c` (the table has exactly 256 entries, so any byte indexes it).
    // Inlinable: the Swift reader and the log scanner, in other targets, test bytes with these.
    @inlinable @inline(__always) package static func byteClass(_ c: UInt8) -> UInt8 {
        byteClasses.utf8Start[Int(c)]
    }

    /// Whether the byte may start an identifier: an ASCII letter or `_`.
    @inlinable @inline(__always) package static func isIdentifierHead(_ c: UInt8) -> Bool {
        byteClass(c) & identifierHeadBit != 0
    }

    /// Whether the byte may continue an identifier: an ASCII letter, digit or `_`.
    @inlinable @inline(__always) package static func isIdentifierBody(_ c: UInt8) -> Bool {
        byteClass(c) & identifierBodyBit != 0
    }

    /// Whether a non-ASCII scalar may start an identifier (Unicode's XID_Start).
    package static func isIdentifierHead(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isXIDStart
    }

    /// Whether a non-ASCII scalar may continue an identifier (Unicode's XID_Continue).
    package static func isIdentifierBody(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isXIDContinue
    }
}
