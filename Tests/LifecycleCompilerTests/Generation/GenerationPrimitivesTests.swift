import Testing
@testable import LifecycleCompiler

/// The byte-level helpers the generators write with: DOT escaping, decimal numbers, SHA-256.
@Suite struct GenerationPrimitivesTests {
    @Test func dotQuotingEscapesBothLayers() {
        #expect(DotQuoting.quoted("plain") == #""plain""#)
        #expect(DotQuoting.quoted(#"a\b"c"#) == #""a\\b\"c""#)
        #expect(DotQuoting.quoted("") == #""""#)
        #expect(DotQuoting.quoted("화면 \u{1F600}") == "\"화면 \u{1F600}\"")
    }

    @Test func dotQuotingTurnsLineBreaksIntoOneNewline() {
        #expect(DotQuoting.quoted("a\nb") == #""a\nb""#)
        #expect(DotQuoting.quoted("a\r\nb") == #""a\nb""#)
        #expect(DotQuoting.quoted("a\r\r\nb") == #""a\n\nb""#)
        #expect(DotQuoting.quoted("a\rb") == #""a\nb""#)
        #expect(DotQuoting.quoted("a\u{85}b\u{2028}c\u{2029}d") == #""a\nb\nc\nd""#)
        // Other scalars that share lead bytes with the line separators are kept.
        #expect(DotQuoting.quoted("\u{A9}\u{2020}\u{202A}") == "\"\u{A9}\u{2020}\u{202A}\"")
    }

    @Test func dotQuotingReplacesControlCharacters() {
        #expect(DotQuoting.quoted("a\tb\u{0}c\u{7F}d\u{1B}") == #""a b c d ""#)
    }

    @Test func dotLabelJoinsEscapedLines() {
        #expect(DotQuoting.label(["tap", #"f("x")"#]) == #""tap\nf(\"x\")""#)
        #expect(DotQuoting.label([]) == #""""#)
    }

    @Test func printerWritesDecimalNumbers() {
        var printer = Printer()
        for number in [0, 7, 9, 10, 11, 99, 100, 101, 1_000_000, 4_294_967_296, Int.max] {
            printer.write(number)
            printer.write(" ")
        }
        #expect(printer.text == "0 7 9 10 11 99 100 101 1000000 4294967296 \(Int.max) ")
    }

    @Test func sha256MatchesKnownDigests() {
        #expect(SHA256.hex(Array("".utf8)) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let long = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(SHA256.hex(long) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        // 55, 56, 63, 64 and 65 bytes straddle the padding boundaries.
        #expect(SHA256.hex([UInt8](repeating: 0x61, count: 55)) == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
        #expect(SHA256.hex([UInt8](repeating: 0x61, count: 56)) == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
        #expect(SHA256.hex([UInt8](repeating: 0x61, count: 64)) == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
        #expect(SHA256.hex([UInt8](repeating: 0x61, count: 65)) == "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0")
        #expect(SHA256.hex(ArraySlice(Array("xabc".utf8)).dropFirst()) == SHA256.hex(Array("abc".utf8)))
    }
}
