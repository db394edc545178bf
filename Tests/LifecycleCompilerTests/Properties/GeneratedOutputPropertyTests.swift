import Foundation
import Testing
import LifecycleCompiler

/// Property tests of generated output: for random valid specs (`HostileSpecGenerator`), `check` is
/// clean, the generated Swift type-checks against the UIKit stand-in, the DOT renders with
/// `dot` and no warnings, generation is deterministic, and hostile text never reaches an
/// output raw.
///
/// 30 cases by default, in batches of 10: each batch is one `swiftc` run.
/// A larger run: `LIFECYCLE_PROPERTY_CASES=500 swift test --filter GeneratedOutputPropertyTests`.
/// Cases are numbered from `LIFECYCLE_PROPERTY_SEED` (default below); a failure names the
/// seed of its case and prints its spec. `LIFECYCLE_PROPERTY_DUMP=folder` also writes each
/// case's spec, Swift and DOT there (`seed-N.lifecycle`, `.swift`, `.dot`) to reproduce it
/// with the command-line tool, `swiftc` or `dot`.
@Suite(.serialized) struct GeneratedOutputPropertyTests {
    static let environment = ProcessInfo.processInfo.environment
    static let caseCount = environment["LIFECYCLE_PROPERTY_CASES"].flatMap { Int($0) } ?? 30
    static let firstSeed = environment["LIFECYCLE_PROPERTY_SEED"].flatMap { UInt64($0) } ?? 20_261_121
    static let batchSize = 10
    static let dumpFolder = environment["LIFECYCLE_PROPERTY_DUMP"].map { URL(fileURLWithPath: $0) }

    static var batches: [Int] { Array(0..<((max(caseCount, 0) + batchSize - 1) / batchSize)) }

    /// The specs of one batch (their type names are unique across the batch).
    static func specs(batch: Int) -> [HostileSpecGenerator.Spec] {
        let names = HostileSpecGenerator.TypeNames()
        let cases = (batch * batchSize)..<min(caseCount, (batch + 1) * batchSize)
        return cases.map { index in
            var generator = HostileSpecGenerator(seed: firstSeed &+ UInt64(index), typeNames: names)
            return generator.spec()
        }
    }

    @Test("random valid specs: clean check, Swift that type-checks, DOT that renders", arguments: batches)
    func batch(_ batch: Int) throws {
        var swift = ""
        var graphs: [String] = []
        var seeds: [UInt64] = []
        for spec in Self.specs(batch: batch) {
            guard let (body, graph) = checkOne(spec) else { continue }
            seeds.append(spec.seed)
            swift += "// MARK: - seed \(spec.seed)\n\n" + body + "\n"
            graphs.append(graph)
        }
        guard !seeds.isEmpty else { return }
        let errors = try GeneratedCodeCompilesTests.typecheck(swift, name: "PropertyBatch\(batch).swift")
        #expect(errors.isEmpty, "the Swift of seeds \(seeds) does not type-check (each case starts at its '// MARK: - seed' line):\n\(errors)")
        // One `dot` run per graph: Graphviz 2.43 (Ubuntu's) can crash with a double free on
        // a stream of several graphs that each render fine alone.
        if let tool = try GraphvizRequirement.dot() {
            for (seed, graph) in zip(seeds, graphs) {
                let result = try Shell.run(tool, ["-Tsvg", "-o", "/dev/null"], input: Data(graph.utf8))
                #expect(result.status == 0 && result.stderr.isEmpty, "dot on the graph of seed \(seed):\n\(result.stderr)")
            }
        }
    }

    /// The in-process properties of one spec; its Swift body and DOT when it checks clean.
    func checkOne(_ spec: HostileSpecGenerator.Spec) -> (String, String)? {
        let path = "Property/seed-\(spec.seed).lifecycle"
        let compilation = Compiler.compile(path: path, source: spec.text)
        // Without a platform, the UIKit callbacks deprecated in iOS 26 are notes (not problems).
        let problems = compilation.diagnostics.all.filter { !($0.severity == .note && $0.id == "callbackDeprecated") }
        guard problems.isEmpty, let model = compilation.model else {
            let rendered = DiagnosticRenderer(files: compilation.files).render(compilation.diagnostics)
            Issue.record("seed \(spec.seed): a generated spec does not check clean:\n\(rendered)--- spec\n\(spec.text)")
            return nil
        }
        let swift = SwiftGenerator(model: model).body()
        let dot = DotGenerator(model: model).body()

        // Deterministic: a second compilation generates the same bytes.
        if let again = Compiler.compile(path: path, source: spec.text).model {
            #expect(SwiftGenerator(model: again).body() == swift, "seed \(spec.seed): Swift output differs between runs")
            #expect(DotGenerator(model: again).body() == dot, "seed \(spec.seed): DOT output differs between runs")
        }
        let swiftText = String(decoding: swift, as: UTF8.self), dotText = String(decoding: dot, as: UTF8.self)
        if let folder = Self.dumpFolder {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (suffix, text) in [("lifecycle", spec.text), ("swift", swiftText), ("dot", dotText)] {
                try? text.write(to: folder.appendingPathComponent("seed-\(spec.seed).\(suffix)"), atomically: true, encoding: .utf8)
            }
        }
        // No control, line-separator or bidirectional character reaches the Swift raw (it could
        // end a comment early or make the code read differently from how it compiles), and no
        // control character reaches the DOT.
        if let bad = swiftText.unicodeScalars.first(where: Self.isUnsafeInSwift) {
            Issue.record("seed \(spec.seed): raw U+\(String(bad.value, radix: 16, uppercase: true)) in the generated Swift")
        }
        if let bad = dotText.unicodeScalars.first(where: { $0 != "\n" && VisibleText.isHidden($0) }) {
            Issue.record("seed \(spec.seed): raw U+\(String(bad.value, radix: 16, uppercase: true)) in the generated DOT")
        }
        // JSON output quotes every description so that a JSON parser reads it back unchanged.
        for text in spec.texts {
            let json = "[" + JSONWriter.quoted(text) + "]"
            let decoded = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String]
            #expect(decoded == [text], "seed \(spec.seed): JSON quoting of \(text.debugDescription) does not round-trip: \(json)")
        }
        return (swiftText, dotText)
    }

    static func isUnsafeInSwift(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A: false
        case 0x00..<0x20 where scalar != "\t", 0x7F...0x9F, 0x061C, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: true
        default: false
        }
    }

    @Test("the spec generator is reproducible: one seed, one spec")
    func reproducible() {
        var a = HostileSpecGenerator(seed: 42, typeNames: .init()), b = HostileSpecGenerator(seed: 42, typeNames: .init())
        #expect(a.spec().text == b.spec().text)
    }
}
