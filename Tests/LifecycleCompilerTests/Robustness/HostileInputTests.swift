import Testing
import LifecycleCompiler

/// Inputs written to break the compiler: each must give a located error (id and line:col),
/// `hasErrors` (the command line's exit status 1), and finish quickly, without deep recursion.
/// Serialized: the timing checks compare runs, so the tests must not compete for the CPU.
/// Absolute time limits are generous (they catch hangs, not slowness); the N-vs-2N ratios
/// catch superlinear work.
@Suite(.serialized) struct HostileInputTests {
    /// Compiles raw bytes (not necessarily UTF-8) with no imports available.
    static func compile(_ bytes: [UInt8], path: String = "hostile.lifecycle") -> Compilation {
        let files = SourceFiles()
        let root = files.add(path: path, bytes: bytes)
        return Compiler.compile(root, files: files, loader: { _, _ in .failure(LoadFailure("no imports in this test")) })
    }

    static func compile(_ text: String) -> Compilation { compile(Array(text.utf8)) }

    /// `(id, line, column)` of every diagnostic, in order.
    static func located(_ compilation: Compilation) -> [Located] {
        var tables: [FileID: LineTable] = [:]  // one per file: building one per diagnostic is quadratic
        return compilation.diagnostics.all.map { diagnostic in
            let file = compilation.files[diagnostic.range.file]
            let table = tables[file.id] ?? LineTable(file.bytes)
            tables[file.id] = table
            let at = file.lineColumn(of: diagnostic.range.startOffset, table: table)
            return Located(id: diagnostic.id, line: at.line, column: at.column)
        }
    }

    struct Located: Equatable, CustomStringConvertible {
        var id: String
        var line: Int
        var column: Int
        var description: String { "\(id)@\(line):\(column)" }
    }

    /// Runs `body` and returns how long it took, in seconds.
    static func seconds(_ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        let duration = clock.measure(body)
        return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    // MARK: - Encoding

    @Test func invalidUTF8IsReportedWhereItIs() {
        var bytes = Array("machine M {\n  initial state A \"caf".utf8) + [0xE9] + Array("\"\n  A -> A on ".utf8)
        bytes += [0xFF, 0xFE] + Array(" \n}\n".utf8)
        let compilation = Self.compile(bytes)
        #expect(compilation.diagnostics.hasErrors)
        #expect(Self.located(compilation) == [Located(id: "invalidUTF8", line: 2, column: 23),
                                               Located(id: "invalidUTF8", line: 3, column: 13)])
        #expect(compilation.diagnostics.all.first?.message == "invalid UTF-8 byte 0xE9; source files must be UTF-8")
    }

    @Test func truncatedSequenceAtEndOfFile() {
        let compilation = Self.compile(Array("machine M {\n  initial state A\n  A -> A on x\n}\n".utf8) + [0xE3, 0x81])
        #expect(Self.located(compilation) == [Located(id: "invalidUTF8", line: 5, column: 1)])
    }

    /// A column counts characters, and an invalid byte counts as one character
    /// (TextWidth.characterCount's contract). Stray continuation bytes are not counted, so
    /// everything after them on the line is reported too far left, and the header's column
    /// disagrees with the caret the renderer draws.
    @Test func columnsAfterStrayContinuationBytes() {
        let bytes = Array("machine M {\n  initial state A\n  A -> A on x ".utf8) + [0x80, 0x80] + Array(" @\n}\n".utf8)
        let located = Self.located(Self.compile(bytes))
        #expect(located.first == Located(id: "invalidUTF8", line: 3, column: 15))
                #expect(located.last == Located(id: "unexpectedCharacter", line: 3, column: 18))
    }

    /// Editors on Windows write a UTF-8 byte order mark; it is valid UTF-8 and Swift accepts it.
    @Test func byteOrderMarkIsAccepted() {
        let compilation = Self.compile([0xEF, 0xBB, 0xBF] + Array("machine M {\n  initial state A\n  A -> A on x\n}\n".utf8))
                #expect(compilation.diagnostics.isEmpty, "\(Self.located(compilation))")
    }

    @Test func nulBytesAreReported() {
        let bytes = Array("machine M {\n  initial state A".utf8) + [0] + Array("\n  A -> A on x \"a".utf8) + [0] + Array("b\"\n}\n".utf8)
        let compilation = Self.compile(bytes)
        #expect(compilation.diagnostics.hasErrors)
        #expect(Self.located(compilation) == [Located(id: "nulByte", line: 2, column: 18),
                                               Located(id: "nulByte", line: 3, column: 17)])
    }

    @Test func binaryJunkGivesLocatedErrorsAndPrintableOutput() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let bytes: [UInt8] = (0..<65_536).map { _ in
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return UInt8(truncatingIfNeeded: state)
        }
        var compilation: Compilation?
        let elapsed = Self.seconds { compilation = Self.compile(bytes) }
        guard let compilation else { return }
        #expect(elapsed < 30)
        #expect(compilation.diagnostics.hasErrors)
        for diagnostic in compilation.diagnostics.all {
            #expect(diagnostic.range.endOffset <= bytes.count)
        }
        // The rendered text never passes raw control bytes through to the terminal.
        let rendered = DiagnosticRenderer(files: compilation.files, limit: 0).render(compilation.diagnostics)
        let controls = rendered.unicodeScalars.filter { $0.value < 0x20 && $0 != "\n" && $0 != "\t" || $0.value == 0x7F }
        #expect(controls.isEmpty, "control characters in rendered output: \(controls.map(\.value))")
    }

    // MARK: - Size

    @Test func twentyMegabyteLine() {
        let head = "machine M { initial state A /* "
        let padding = 20 << 20
        var bytes = Array(head.utf8)
        bytes += [UInt8](repeating: UInt8(ascii: " "), count: padding)
        bytes += Array("*/ @ }\n".utf8)
        var compilation: Compilation?
        let elapsed = Self.seconds { compilation = Self.compile(bytes) }
        guard let compilation else { return }
        #expect(elapsed < 30)
        #expect(Self.located(compilation) == [Located(id: "unexpectedCharacter", line: 1, column: head.count + padding + 4)])
        // Rendered as a window around the caret, not 20 MB of text.
        let rendered = DiagnosticRenderer(files: compilation.files).render(compilation.diagnostics)
        #expect(rendered.utf8.count < 2_000)
        #expect(rendered.contains("…"))
    }

    @Test func fiveMegabyteIdentifier() {
        let name = String(repeating: "q", count: 5 << 20)
        let compilation = Self.compile("machine M {\n  initial state A\n  A -> \(name) on x\n}\n")
        #expect(Self.located(compilation) == [Located(id: "unknownState", line: 3, column: 8)])
    }

    /// A near miss of a 5 MB state name: the did-you-mean search must not compute an edit
    /// distance over millions of characters (that is quadratic: hours).
    @Test func fiveMegabyteNearMissIdentifier() {
        let name = String(repeating: "a", count: 5 << 20)
        var compilation: Compilation?
        let elapsed = Self.seconds {
            compilation = Self.compile("machine M {\n  initial state \(name)\n  \(name) -> \(name)b on x\n}\n")
        }
        #expect(elapsed < 30)
        #expect(compilation.map(Self.located) == [Located(id: "unknownState", line: 3, column: 3 + name.count + 4)])
    }

    @Test func hundredThousandNestedStates() {
        let depth = 100_000
        var text = "machine M {\ninitial state A\n"
        for i in 0..<depth { text += "state S\(i) {\n" }
        text += String(repeating: "}\n", count: depth) + "}\n"
        let compilation = Self.compile(text)
        // S128 is on line 131; its '{' is at column 12.
        #expect(Self.located(compilation) == [Located(id: "nestingTooDeep", line: 131, column: 12)])
        #expect(compilation.diagnostics.all.first?.message == "states are nested more than 128 levels deep; this body is skipped")
    }

    @Test func hundredThousandNestedCommentsAndBrackets() {
        let n = 100_000
        // Nested block comments, all closed: nothing to report.
        let comments = Self.compile(String(repeating: "/*", count: n) + String(repeating: "*/", count: n)
            + "\nmachine M {\n  initial state A\n  A -> A on x\n}\n")
        #expect(comments.diagnostics.isEmpty)
        // One '*/' short: unterminated, reported at the first '/*'.
        let open = Self.compile(String(repeating: "/*", count: n) + String(repeating: "*/", count: n - 1))
        #expect(Self.located(open) == [Located(id: "unterminatedBlockComment", line: 1, column: 1)])
        // Deeply nested Swift brackets in a type: balanced text, kept without recursion.
        let type = Self.compile("protocol P {\n  func f() -> " + String(repeating: "[", count: n) + "Int"
            + String(repeating: "]", count: n) + "\n}\n")
        #expect(type.diagnostics.isEmpty)
        let unbalanced = Self.compile("protocol P {\n  func f() -> " + String(repeating: "[", count: n) + "Int\n}\n")
        #expect(unbalanced.diagnostics.hasErrors)
        #expect(Self.located(unbalanced).allSatisfy { $0.line >= 2 })
    }

    // MARK: - Many errors

    /// Stray characters: one lexer error each; 4× the errors take about 4× the time.
    @Test func manyLexerErrorsScaleLinearly() {
        func source(_ n: Int) -> String { String(repeating: "@\n", count: n) }
        let small = source(50_000), large = source(200_000)
        #expect(Self.compile(large).diagnostics.errorCount == 200_000)
        let scaling = Scaling.ratio(small: { _ = Self.compile(small) }, large: { _ = Self.compile(large) })
        #expect(scaling.ratio < 7, "50k errors: \(scaling.small)s, 200k errors: \(scaling.large)s")
    }

    /// Unknown states: one checker error each, with a did-you-mean search. Also renders them
    /// with the default cap.
    @Test func manyCheckerErrorsScaleLinearly() {
        func source(_ n: Int) -> String {
            var text = "machine M {\n  initial state A\n  state B\n"
            for i in 0..<n { text += "  A -> Missing\(i) on e\(i)\n" }
            return text + "}\n"
        }
        let small = source(20_000), large = source(80_000)
        let scaling = Scaling.ratio(small: { _ = Self.compile(small) }, large: { _ = Self.compile(large) })
        #expect(scaling.ratio < 7, "20k errors: \(scaling.small)s, 80k errors: \(scaling.large)s")
        let compilation: Compilation? = Self.compile(large)
        guard let compilation else { return }
        #expect(compilation.diagnostics.errorCount == 80_000)
        #expect(Self.located(compilation).prefix(1) == [Located(id: "unknownState", line: 4, column: 8)])
        let rendered = DiagnosticRenderer(files: compilation.files, limit: 50).render(compilation.diagnostics)
        #expect(rendered.hasSuffix("note: 79950 errors not shown; use '--error-limit 0' to show every diagnostic\n"))
    }

    // MARK: - Nothing at all

    @Test func emptyFileHasNoDiagnostics() {
        #expect(Self.compile([UInt8]()).diagnostics.isEmpty)
        #expect(Self.compile("  \n\t\n// only a comment\n/* and /* a nested */ block */\n").diagnostics.isEmpty)
    }
}
