import Testing
@testable import LifecycleCompiler

/// The lexer's byte-class table is written out by hand: check every entry against the
/// definitions it stands for.
@Suite struct LexerByteClassTests {
    @Test func everyByteHasTheClassesItsDefinitionGives() {
        for value in 0...255 {
            let c = UInt8(value)
            let isLetter = (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
                || c == UInt8(ascii: "_")
            let isDigit = c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")
            let isWhitespace = c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || c == UInt8(ascii: "\n") || c == UInt8(ascii: "\r")
            let isPlainString = c != 0 && c < 0x80 && c != UInt8(ascii: "\"") && c != UInt8(ascii: "\\")
                && c != UInt8(ascii: "\n") && c != UInt8(ascii: "\r")
            let bits = Lexer.byteClass(c)
            #expect(bits & 0xF0 == 0x40, "byte \(value)")
            #expect((bits & Lexer.identifierBodyBit != 0) == (isLetter || isDigit), "byte \(value)")
            #expect((bits & Lexer.identifierBodyBit != 0) == Lexer.isIdentifierBody(c), "byte \(value)")
            #expect((bits & Lexer.identifierHeadBit != 0) == isLetter, "byte \(value)")
            #expect((bits & Lexer.identifierHeadBit != 0) == Lexer.isIdentifierHead(c), "byte \(value)")
            #expect((bits & Lexer.whitespaceBit != 0) == isWhitespace, "byte \(value)")
            #expect((bits & Lexer.plainStringBit != 0) == isPlainString, "byte \(value)")
        }
        #expect(Lexer.byteClasses.utf8CodeUnitCount == 256)
    }
}
