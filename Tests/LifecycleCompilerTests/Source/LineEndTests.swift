import Testing
import LifecycleCompiler

/// `LineEnd`, the one definition of a line end (LF, CR LF, a lone CR), and the stages that
/// read lines through it: the lexer, the formatter and `LineTable` agree on every file
/// (issue 24, items 1 and 2).
@Suite struct LineEndTests {
    static func lineStarts(_ text: String) -> [Int] {
        Array(text.utf8).withUnsafeBufferPointer(LineEnd.lineStarts)
    }

    @Test("LF, CR LF and a lone CR each end one line")
    func lineStarts() {
        #expect(Self.lineStarts("") == [0])
        #expect(Self.lineStarts("a\nb\r\nc\rd") == [0, 2, 5, 7])
        #expect(Self.lineStarts("\r\r\n\n\r") == [0, 1, 3, 4, 5])
        let bytes = Array("ab\r\ncd\ref".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            #expect(LineEnd.length(at: 2, in: buffer) == 2)
            #expect(LineEnd.length(at: 3, in: buffer) == 1)
            #expect(LineEnd.length(at: 6, in: buffer) == 1)
            #expect(LineEnd.length(at: 0, in: buffer) == 0)
            // Between the CR and the LF of a pair: on the line the CR ends.
            #expect(LineEnd.start(ofLineAt: 3, in: buffer) == 0)
            #expect(LineEnd.end(ofLineAt: 3, in: buffer) == 2)
            #expect(LineEnd.start(ofLineAt: 5, in: buffer) == 4)
            #expect(LineEnd.end(ofLineAt: 4, in: buffer) == 6)
            #expect(LineEnd.start(ofLineAt: 8, in: buffer) == 7)
            #expect(LineEnd.end(ofLineAt: 8, in: buffer) == 9)
            #expect(LineEnd.trimmed(4, after: 0, in: buffer) == 2)
            #expect(LineEnd.trimmed(7, after: 4, in: buffer) == 6)
        }
    }

    /// Item 1's file: `// first` ends at the CR, so the transition after it is code.
    static let crComment = "machine M {\n    initial state A\n    state B\n    A -> B on go // first\r    B -> A on back\n}\n"

    @Test("a '//' comment ends at a lone CR: the lexer sees the code after it (items 1 and 2)")
    func lexerEndsCommentsAtCR() throws {
        let compilation = Compiler.compile(path: "M.lifecycle", source: Self.crComment)
        let model = try #require(compilation.model)
        #expect(model.machines[0].transitions.map { $0.event } == ["go", "back"])
        #expect(!compilation.diagnostics.all.contains { $0.id == "deadEndState" })
        guard case .success(let run) = Simulator.run(["go", "back"], in: model.machines[0]) else {
            Issue.record("'go back' is not accepted")
            return
        }
        #expect(run.steps.count == 2)
    }

    @Test("fmt keeps every token of a CR-only file, and the comment ends where the lexer ends it (item 1)")
    func formatterKeepsCRText() throws {
        let formatted = try #require(Formatter.format(source: Self.crComment).text)
        #expect(formatted.contains("B -> A on back"))
        #expect(formatted.contains("// first\n"))
        let crOnly = Self.crComment.replacingOccurrences(of: "\n", with: "\r")
        let alsoFormatted = try #require(Formatter.format(source: crOnly).text)
        #expect(alsoFormatted == formatted)
        let crlf = Self.crComment.replacingOccurrences(of: "\n", with: "\r\n").replacingOccurrences(of: "\r\r\n", with: "\r\n")
        #expect(Formatter.format(source: crlf).text == formatted)
    }

    @Test("Swift types, parameter clauses and Swift strings end at a lone CR too")
    func swiftTextEndsAtCR() throws {
        let spec = """
        protocol P {
            func a(_ x: Int) -> String
            func b()
            var c: Int
        }
        machine M {
            delegate D: P
            initial state A
            A -> A on go calls a(_:), b
        }

        """
        let crOnly = spec.replacingOccurrences(of: "\n", with: "\r")
        let model = try #require(Compiler.compile(path: "P.lifecycle", source: crOnly).model)
        let methods = model.types.first { $0.name == "P" }?.methods ?? []
        #expect(methods.map(\.selector) == ["a(_:)", "b()"])
        #expect(methods.first?.returnType == "String")
        #expect(model.types.first { $0.name == "P" }?.properties.map(\.type) == ["Int"])
    }

    @Test("a diagnostic in a CR-only file is on the line an editor shows")
    func lineTable() {
        let source = "machine M {\r    initial state A\r    A -> Nowhere on go\r}\r"
        let compilation = Compiler.compile(path: "M.lifecycle", source: source)
        let text = DiagnosticRenderer(files: compilation.files).render(compilation.diagnostics)
        #expect(text.hasPrefix("M.lifecycle:3:10: error: unknown state 'Nowhere'"), "\(text)")
    }
}
