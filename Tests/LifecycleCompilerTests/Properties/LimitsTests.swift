import Testing
import LifecycleCompiler

/// The documented limits (`Robustness.md` (the DocC catalog)), and time linear in the input on
/// pathological inputs: each case compiles an input of size N/2 and of size 2N and expects the
/// time to grow by less than 7× (4× is linear; a quadratic stage gives 16×, so the margin
/// holds on a busy machine and with cache effects at the larger size). The two sizes
/// are timed in turn four times and the fastest run of each counts, so that a busy machine
/// does not fail it.
@Suite(.serialized) struct LimitsTests {
    @Test("the documented limits")
    func limits() {
        #expect(SourceFile.maximumSize == 256 << 20)
        #expect(Parser.maximumNesting == 128)
        #expect(Checker.maximumSuggestions == 100)
        #expect(Suggestions.maximumLength == 256)
    }

    @Test("nesting deeper than the limit is a located error, and the rest still checks")
    func nesting() throws {
        let depth = Parser.maximumNesting + 1
        var source = "machine M {\n    initial state Top\n    Top -> Top on tick\n"
        for level in 0..<depth { source += "state S\(level) {\n" }
        source += String(repeating: "}\n", count: depth) + "}\n"
        let compilation = Compiler.compile(path: "Deep.lifecycle", source: source)
        let errors = compilation.diagnostics.all.filter { $0.severity == .error }
        #expect(errors.map(\.id) == ["nestingTooDeep"])
        let range = try #require(errors.first).range
        #expect(LineTable(compilation.files[range.file].bytes).line(of: range.startOffset) == 3 + Parser.maximumNesting + 1)
    }

    /// Diagnostics past the printed limit are counted, not kept: the memory a check holds for
    /// them stays the same at N/2 and 2N errors, and the counts are exact.
    @Test("diagnostics past the limit are counted, not kept", arguments: ["lexical errors", "duplicate transitions"])
    func diagnosticsCountedNotKept(_ name: String) {
        func make(_ n: Int) -> String {
            name == "lexical errors" ? String(repeating: "@ ", count: n)
                : "machine M {\n initial state A\n" + String(repeating: "A -> A on e\n", count: n + 1) + "}\n"
        }
        let n = 40_000
        var kept: [Int] = []
        for size in [n / 2, 2 * n] {
            let compilation = Compiler.compile(path: "Many.lifecycle", source: make(size), settings: CompileSettings(diagnosticLimit: 50))
            let diagnostics = compilation.diagnostics
            #expect(diagnostics.errorCount + diagnostics.warningCount == size, "\(name)")
            #expect(diagnostics.all.count + diagnostics.notKept == size, "\(name)")
            kept.append(diagnostics.all.count)
            // The ones kept are the first 50 in printing order.
            let unlimited = Compiler.compile(path: "Many.lifecycle", source: make(size))
            #expect(Array(diagnostics.sorted().prefix(50)) == Array(unlimited.diagnostics.sorted().prefix(50)), "\(name)")
            let text = DiagnosticRenderer(files: compilation.files, limit: 50).render(diagnostics)
            let expected = DiagnosticRenderer(files: unlimited.files, limit: 50).render(unlimited.diagnostics)
            #expect(text == expected, "\(name)")
        }
        #expect(kept.allSatisfy { $0 <= 1_024 }, "\(name): kept \(kept)")
    }

    /// `--error-limit 0` and `--format json` ("all") keep at most `Diagnostics.maximumKept`:
    /// at N/2 and 2N errors the kept count stays under twice the ceiling, the first
    /// `maximumKept` are an unlimited run's, and the rest are counted in the closing line
    /// (text) or the stderr note (JSON).
    @Test("'all' diagnostics stop at a ceiling: kept memory is the same at N/2 and 2N", arguments: ["text", "json"])
    func allDiagnosticsHaveACeiling(_ format: String) throws {
        let ceiling = Diagnostics.maximumKept
        let n = 4 * ceiling
        for size in [n / 2, 2 * n] {
            let source = String(repeating: "@ ", count: size)
            let compilation = Compiler.compile(path: "Many.lifecycle", source: source, settings: CompileSettings(diagnosticLimit: ceiling))
            let diagnostics = compilation.diagnostics
            #expect(diagnostics.errorCount == size)
            #expect(diagnostics.all.count <= 2 * ceiling, "kept \(diagnostics.all.count) of \(size)")
            #expect(diagnostics.all.count + diagnostics.notKept == size)
            if format == "json" {
                let json = DiagnosticJSON.render(diagnostics, files: compilation.files)
                #expect(json.components(separatedBy: "\"severity\"").count - 1 == ceiling)
                #expect(DiagnosticJSON.notWrittenNote(diagnostics)
                        == "\(size - ceiling) more diagnostics not written; '--format json' lists at most \(ceiling)")
            } else {
                let text = DiagnosticRenderer(files: compilation.files, limit: 0).render(diagnostics)
                #expect(text.hasSuffix("note: \(size - ceiling) errors not shown; at most \(ceiling) diagnostics are shown\n"),
                        "\(text.suffix(200))")
                let unlimited = Compiler.compile(path: "Many.lifecycle", source: source)
                #expect(Array(diagnostics.sorted().prefix(ceiling)) == Array(unlimited.diagnostics.sorted().prefix(ceiling)))
            }
        }
        // Under the ceiling nothing is left out, and JSON needs no note.
        let few = Compiler.compile(path: "Few.lifecycle", source: "@ @ @", settings: CompileSettings(diagnosticLimit: ceiling))
        #expect(DiagnosticJSON.notWrittenNote(few.diagnostics) == nil)
        #expect(!DiagnosticRenderer(files: few.files, limit: 0).render(few.diagnostics).contains("not shown"))
    }

    @Test("a limited collection merges and promotes like an unlimited one")
    func limitedMerge() {
        func diagnostic(_ offset: Int, _ severity: Severity) -> Diagnostic {
            Diagnostic(severity, id: "x", "x", at: SourceRange(file: FileID(0), start: offset, end: offset))
        }
        var a = Diagnostics(limit: 3), b = Diagnostics(limit: 3)
        for offset in (0..<2_000).reversed() { a.append(diagnostic(offset * 2, .warning)) }
        for offset in 0..<2_000 { b.append(diagnostic(offset * 2 + 1, .error)) }
        var merged = Diagnostics(limit: 3)
        merged.append(contentsOf: a)
        merged.append(contentsOf: b)
        #expect(merged.sorted().prefix(3).map(\.range.startOffset) == [0, 1, 2])
        #expect(merged.errorCount == 2_000 && merged.warningCount == 2_000)
        #expect(merged.all.count + merged.notKept == 4_000)
        // Warnings as errors: the warnings `a` kept and those it only counted become errors.
        var promoted = Diagnostics(limit: 3, warningsAsErrors: true)
        promoted.append(contentsOf: a)
        promoted.append(contentsOf: b)
        #expect(promoted.sorted().prefix(3).map(\.range.startOffset) == [0, 1, 2])
        #expect(promoted.errorCount == 4_000 && promoted.warningCount == 0 && promoted.notKeptWarnings == 0)
        #expect(promoted.all.count + promoted.notKeptErrors == 4_000)
        #expect(promoted.all.allSatisfy { $0.severity == .error })
    }

    /// Pathological inputs by name: each builds a spec of "size" n.
    static let cases: [(String, Int, @Sendable (Int) -> String)] = [
        ("deep nesting", 20_000, { n in
            "machine M {\n" + String(repeating: "state S {\n", count: n) + String(repeating: "}\n", count: n) + "}\n"
        }),
        ("many tokens on one line", 5_000, { n in
            "machine M { initial state A " + (0..<n).map { "A -> A on e\($0) " }.joined() + "}"
        }),
        ("many errors, few names", 10_000, { n in
            "machine M {\n initial state A\n" + (0..<n).map { "A -> Missing\($0) on e\($0)\n" }.joined() + "}\n"
        }),
        ("many errors, many names", 400, { n in
            "machine M {\n initial state A\n" + (0..<n).map { "state S\($0)\nA -> Q\($0)x on e\($0)\n" }.joined() + "}\n"
        }),
        ("long identifiers", 300_000, { n in
            let name = String(repeating: "a", count: n)
            return "machine M {\n initial state \(name)\n \(name) -> \(name.dropLast())b on go\n}\n"
        }),
        ("lexical errors", 20_000, { n in
            "machine M { initial state A " + String(repeating: "@ ", count: n) + "}"
        }),
        ("unterminated nested comment", 600_000, { n in
            "machine M { initial state A }\n" + String(repeating: "/* ", count: n)
        }),
        ("many callbacks in one transition", 4_000, { n in
            "protocol P {\n" + (0..<n).map { "func f\($0)()\n" }.joined() + "}\nmachine M {\n delegate D: P\n initial state A\n A -> A on go calls "
                + (0..<n).map { "f\($0)" }.joined(separator: ", ") + "\n}\n"
        }),
        ("transitions of a composite over many states", 2_000, { n in
            "machine M {\n initial state C {\n" + (0..<n).map { "  \($0 == 0 ? "initial " : "")state L\($0)\n" }.joined() + " }\n state Out\n Out -> C on back\n"
                + (0..<n).map { "L\($0) -> L\(($0 + 1) % n) on next\($0)\n" }.joined() + (0..<n).map { "C -> Out on e\($0)\n" }.joined() + "}\n"
        }),
        ("each state shadowing one transition of a composite", 2_000, { n in
            "machine M {\n initial state C {\n" + (0..<n).map { "  \($0 == 0 ? "initial " : "")state L\($0)\n" }.joined() + " }\n state Out\n Out -> C on back\n"
                + (0..<n).map { "L\($0) -> L\(($0 + 1) % n) on e\($0)\n" }.joined() + (0..<n).map { "C -> Out on e\($0)\n" }.joined() + "}\n"
        }),
        ("states shadowing inside a state that shadows many", 1_000, { n in
            // Z shadows all of C's events but one; each Y shadows that one: every transition of C
            // has holes, and Z's many events are on the way of each Y.
            "machine M {\n initial state C {\n  initial state Z {\n" + (0..<n).map { "   \($0 == 0 ? "initial " : "")state Y\($0)\n" }.joined()
                + "  }\n }\n state Out\n Out -> C on back\n"
                + (0..<n).map { "Y\($0) -> Y\(($0 + 1) % n) on e0\n" }.joined() + (1...n).map { "Z -> Out on e\($0)\n" }.joined()
                + (0...n).map { "C -> Out on e\($0)\n" }.joined() + "}\n"
        }),
        ("many states and transitions", 2_000, { n in
            "protocol P { func tick(_ n: Int) }\nmachine M {\n delegate D: P\n"
                + (0..<n).map { "\($0 == 0 ? "initial " : "")state S\($0) \"State \($0).\"\n" }.joined()
                + (0..<n).map { "S\($0) -> S\(($0 + 1) % n) on e\($0) calls tick\n" }.joined() + "}\n"
        }),
    ]

    @Test("time is linear in the input on pathological specs", arguments: cases.indices)
    func linear(_ index: Int) {
        let (name, n, make) = Self.cases[index]
        let small = make(n / 2), large = make(2 * n)
        let scaling = Scaling.ratio(repetitions: 4, small: { Self.compileAndRender(small) }, large: { Self.compileAndRender(large) })
        #expect(scaling.ratio < 7, "\(name): \(scaling.small)s for N=\(n / 2), \(scaling.large)s for 4× that (ratio \(scaling.ratio))")
    }

    @Test("generated Swift stays within a small multiple of a spec with long descriptions and many callbacks")
    func swiftAmplification() throws {
        func long(_ marker: String) -> String { marker + String(repeating: " word", count: 2_000) }
        let n = 1_000
        let source = "protocol P {\n" + (0..<n).map { "func f\($0)()\n" }.joined() + "}\nmachine M {\n delegate D: P\n"
            + " initial state A \"\(long("STATE-A"))\"\n state B \"\(long("STATE-B"))\"\n"
            + " A -> B on go calls " + (0..<n).map { "f\($0)" }.joined(separator: ", ") + " \"\(long("TRANSITION"))\"\n B -> A on back\n}\n"
        let model = try #require(Compiler.compile(path: "Long.lifecycle", source: source).model)
        let swift = SwiftGenerator(model: model).body()
        // Before the cap: each of the 1,000 callbacks repeated three 10 KB descriptions (30 MB).
        #expect(swift.count < 30 * source.utf8.count, "\(swift.count) bytes of Swift from \(source.utf8.count) of spec")
        let text = String(decoding: swift, as: UTF8.self)
        #expect(text.contains("/// (The transition's description is at `f0()`.)"))
        #expect(text.components(separatedBy: "TRANSITION").count - 1 == 1, "the transition's long description once")
        #expect(text.components(separatedBy: "STATE-A word").count - 1 >= n, "the state's description, cut, at each callback")
    }

    /// Everything a `check` does: compile, then render the diagnostics (50 shown).
    static func compileAndRender(_ source: String) {
        let compilation = Compiler.compile(path: "Big.lifecycle", source: source)
        _ = DiagnosticRenderer(files: compilation.files, limit: 50).render(compilation.diagnostics)
        if let model = compilation.model {
            _ = SwiftGenerator(model: model).body()
            _ = DotGenerator(model: model).body()
        }
    }
}
