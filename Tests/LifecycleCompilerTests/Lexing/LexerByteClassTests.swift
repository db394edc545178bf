import Testing
import LifecycleCompiler
@testable import LifecycleSyntax

/// The lexer's byte-class table is written out by hand: check every entry, and the identifier
/// classification the lexer and the Swift scanner read from it, against the definitions.
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
            #expect(Lexer.isIdentifierBody(c) == (isLetter || isDigit), "byte \(value)")
            #expect(SwiftLexer.isIdentifierBody(c) == (isLetter || isDigit || c == UInt8(ascii: "$") || c >= 0x80), "byte \(value)")
            #expect((bits & Lexer.identifierHeadBit != 0) == isLetter, "byte \(value)")
            #expect(Lexer.isIdentifierHead(c) == isLetter, "byte \(value)")
            #expect(SwiftLexer.isIdentifierHead(c) == (isLetter || c == UInt8(ascii: "$") || c >= 0x80), "byte \(value)")
            #expect((bits & Lexer.whitespaceBit != 0) == isWhitespace, "byte \(value)")
            #expect((bits & Lexer.plainStringBit != 0) == isPlainString, "byte \(value)")
        }
        #expect(Lexer.byteClasses.utf8CodeUnitCount == 256)
    }
}

/// Keywords are recognised by loading 8 bytes as one word, also at the end of the file (where
/// the word reaches into the zero padding after the last byte); near misses stay identifiers.
@Suite struct LexerKeywordTests {
    func kinds(_ text: String) -> [TokenKind] {
        var lexer = Lexer(SourceFile(id: FileID(0), path: "k.lifecycle", bytes: Array(text.utf8)))
        var kinds: [TokenKind] = []
        while true {
            let token = lexer.next()
            if token.kind == .endOfFile { return kinds }
            kinds.append(token.kind)
        }
    }

    @Test func everyKeywordIsRecognisedAnywhere() {
        for keyword in Keyword.allCases {
            let word = keyword.text
            #expect(kinds(word) == [.keyword(keyword)], "\(word) at the end of the file")
            #expect(kinds(word + "         ") == [.keyword(keyword)], "\(word) followed by spaces")
            #expect(kinds(word + "(x)\n// padding") == [.keyword(keyword), .leftParen, .identifier, .rightParen])
            #expect(kinds(word + "x         ") == [.identifier], "\(word)x")
            #expect(kinds(word + "_ ") == [.identifier], "\(word)_")
            #expect(kinds(String(word.dropLast()) + "          ") == [.identifier], "prefix of \(word)")
            #expect(kinds(word.uppercased() + "          ") == [.identifier], "\(word) in capitals")
            #expect(kinds("x" + word + "          ") == [.identifier], "x\(word)")
        }
    }
}
