import Testing
import LifecycleCompiler

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
        // Other scalars that share lead bytes with the line separators are kept; the bidi
        // embedding U+202A is shown escaped.
        #expect(DotQuoting.quoted("\u{A9}\u{2020}\u{202A}\u{2030}\u{D8}\u{61B}\u{FEFE}") == "\"\u{A9}\u{2020}\\\\u{202A}\u{2030}\u{D8}\u{61B}\u{FEFE}\"")
    }

    @Test func dotQuotingShowsControlCharactersEscaped() {
        #expect(DotQuoting.quoted("a\tb\u{0}c\u{7F}d\u{1B}") == #""a b\\u{0}c\\u{7F}d\\u{1B}""#)
        #expect(DotQuoting.quoted("\u{9B}\u{61C}\u{200F}\u{2066}\u{FEFF}&") == #""\\u{9B}\\u{61C}\\u{200F}\\u{2066}\\u{FEFF}&amp;""#)
    }

    @Test func lineTableEndsLinesAtLoneCR() {
        let bytes: [UInt8] = Array("a\rbb\r\ncc\nd\r".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            let table = LineTable(buffer)
            #expect(table.lineStarts == [0, 2, 6, 9, 11])
            #expect(table.range(ofLine: 2, in: buffer) == 2..<4)
            #expect(table.line(of: 7) == 3)
        }
        // The caret of an error on line 3 of a CR-only file.
        let compilation = Compiler.compile(path: "CR.lifecycle", source: "machine M {\r initial state A\r A -> Nope on go\r}\r")
        let text = DiagnosticRenderer(files: compilation.files).render(compilation.diagnostics)
        #expect(text.hasPrefix("CR.lifecycle:3:7: error: unknown state 'Nope'"), "\(text)")
    }

    @Test func columnsCountCharactersAndTheCaretCountsGlyphs() throws {
        let source = "machine M {\n initial state A \"😀e\u{301}👨\u{200D}👩\u{200D}👧\" A -> Nope on go\n}\n"
        let compilation = Compiler.compile(path: "Wide.lifecycle", source: source)
        let text = DiagnosticRenderer(files: compilation.files).render(compilation.diagnostics)
        // "😀", "é" (e + U+0301) and the family are one character each.
        let column = 1 + " initial state A \"".count + 3 + "\" A -> ".count
        #expect(text.hasPrefix("Wide.lifecycle:2:\(column): error: unknown state 'Nope'"), "\(text)")
        // The caret sits under 'Nope': 😀 and the family take two cells each, é one.
        let lines = text.split(separator: "\n").map(String.init)
        let caret = try #require(lines.first { $0.contains("^") })
        let cellsBefore = " initial state A \"".count + 2 + 1 + 2 + "\" A -> ".count
        #expect(caret.firstIndex(of: "^").map { caret.distance(from: caret.startIndex, to: $0) } == "    2 | ".count + cellsBefore, "\(text)")
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
