import Testing
@testable import LifecycleCompiler

/// The documented limits (`Documentation/Robustness.md`), and time linear in the input on
/// pathological inputs: each case compiles an input of size N and of size 2N and expects the
/// time to grow by less than 3× (2× is linear; a quadratic stage gives 4×). Each size is
/// timed several times and the fastest run counts, so that a busy machine does not fail it.
@Suite(.serialized) struct LimitsTests {
    @Test("the documented limits")
    func limits() {
        #expect(SourceFile.maximumSize == 256 << 20)
        #expect(Parser.maximumNesting == 128)
        #expect(Checker.maximumSuggestions == 100)
        #expect(Suggestions.maximumLength == 128)
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

    /// Pathological inputs by name: each builds a spec of "size" n.
    static let cases: [(String, Int, @Sendable (Int) -> String)] = [
        ("deep nesting", 10_000, { n in
            "machine M {\n" + String(repeating: "state S {\n", count: n) + String(repeating: "}\n", count: n) + "}\n"
        }),
        ("many tokens on one line", 10_000, { n in
            "machine M { initial state A " + (0..<n).map { "A -> A on e\($0) " }.joined() + "}"
        }),
        ("many errors, few names", 10_000, { n in
            "machine M {\n initial state A\n" + (0..<n).map { "A -> Missing\($0) on e\($0)\n" }.joined() + "}\n"
        }),
        ("many errors, many names", 800, { n in
            "machine M {\n initial state A\n" + (0..<n).map { "state S\($0)\nA -> Q\($0)x on e\($0)\n" }.joined() + "}\n"
        }),
        ("long identifiers", 100_000, { n in
            let name = String(repeating: "a", count: n)
            return "machine M {\n initial state \(name)\n \(name) -> \(name.dropLast())b on go\n}\n"
        }),
        ("lexical errors", 20_000, { n in
            "machine M { initial state A " + String(repeating: "@ ", count: n) + "}"
        }),
        ("unterminated nested comment", 200_000, { n in
            "machine M { initial state A }\n" + String(repeating: "/* ", count: n)
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
        let small = make(n), large = make(2 * n)
        let t1 = Self.fastest { Self.compileAndRender(small) }
        let t2 = Self.fastest { Self.compileAndRender(large) }
        #expect(t2 / t1 < 3, "\(name): \(t1)s for N=\(n), \(t2)s for 2N (ratio \(t2 / t1))")
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

    /// The fastest of a few runs, in seconds.
    static func fastest(_ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        var best = Double.infinity
        for _ in 0..<3 {
            let elapsed = clock.measure(body)
            best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        return best
    }
}
