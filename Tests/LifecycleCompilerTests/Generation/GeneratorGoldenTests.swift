import Foundation
import Testing
import LifecycleCompiler

/// Golden files: each spec under `Fixtures/Golden` sits beside the Swift and DOT it must
/// produce; each example under `Examples/` beside its generated Swift and rendered SVG.
@Suite struct GeneratorGoldenTests {
    static let goldenSpecs: [String] = {
        let folder = Repository.fixtures.appendingPathComponent("Golden")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".lifecycle") }.sorted()
    }()

    static let exampleSpecs: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Repository.examples.path)) ?? []
        return names.filter { $0.hasSuffix(".lifecycle") }.sorted()
    }()

    /// Compiles a spec from disk (imports resolved next to it) and returns its model.
    static func model(_ url: URL, displayPath: String) throws -> Model {
        let files = SourceFiles()
        let root = files.add(path: displayPath, bytes: Array(try Data(contentsOf: url)))
        let folder = url.deletingLastPathComponent()
        let prefix = displayPath.split(separator: "/").dropLast().joined(separator: "/")
        let compilation = Compiler.compile(root, files: files, loader: { path, files in
            let relative = prefix.isEmpty ? path : String(path.dropFirst(prefix.count + 1))
            guard let data = try? Data(contentsOf: folder.appendingPathComponent(relative)) else {
                return .failure(LoadFailure("No such file or directory"))
            }
            return .success(files.add(path: path, bytes: Array(data)))
        })
        let rendered = DiagnosticRenderer(files: files).render(compilation.diagnostics)
        #expect(compilation.diagnostics.isEmpty, "\(displayPath) should check clean:\n\(rendered)")
        return try #require(compilation.model)
    }

    @Test("spec → Swift and DOT golden files", arguments: goldenSpecs)
    func golden(_ name: String) throws {
        let url = Repository.fixtures.appendingPathComponent("Golden/\(name)")
        let base = String(name.dropLast(".lifecycle".count))
        let model = try Self.model(url, displayPath: "Golden/\(name)")
        let swift = SwiftGenerator(model: model).generate(specPath: "Golden/\(name)", command: "lifecycle swift Golden/\(name)")
        GoldenFile.check(String(decoding: swift, as: UTF8.self), against: url.deletingLastPathComponent().appendingPathComponent("\(base).swift"))
        let dot = DotGenerator(model: model).generate(specPath: "Golden/\(name)", command: "lifecycle dot Golden/\(name)")
        GoldenFile.check(String(decoding: dot, as: UTF8.self), against: url.deletingLastPathComponent().appendingPathComponent("\(base).dot"))
        if model.machines.contains(where: { $0.states.contains(where: \.isComposite) }) {
            let flat = DotGenerator(model: model, options: .init(clusters: false))
                .generate(specPath: "Golden/\(name)", command: "lifecycle dot Golden/\(name) --no-clusters")
            GoldenFile.check(String(decoding: flat, as: UTF8.self),
                             against: url.deletingLastPathComponent().appendingPathComponent("\(base).no-clusters.dot"))
        }
    }

    @Test("examples: the committed Swift is what the tool generates", arguments: exampleSpecs)
    func exampleSwift(_ name: String) throws {
        let base = String(name.dropLast(".lifecycle".count))
        let model = try Self.model(Repository.examples.appendingPathComponent(name), displayPath: "Examples/\(name)")
        let swift = SwiftGenerator(model: model).generate(
            specPath: "Examples/\(name)", command: "lifecycle swift Examples/\(name) -o Examples/\(base).swift")
        GoldenFile.check(String(decoding: swift, as: UTF8.self), against: Repository.examples.appendingPathComponent("\(base).swift"))
    }

    /// The committed drawings: `Examples/X.svg` draws `X.lifecycle`, `Examples/X-M.svg` its
    /// machine `M` alone (`render --machine M`: the pages show one picture per machine); a
    /// system's sequence diagram (`X-S.sequence.svg`, no Graphviz) is `SequenceDiagramTests`'.
    static let exampleDrawings: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Repository.examples.path)) ?? []
        return names.filter { $0.hasSuffix(".svg") && !$0.hasSuffix(".sequence.svg") }.sorted()
    }()

    @Test("examples: the committed SVG is what dot draws from the generated DOT", arguments: exampleDrawings)
    func exampleSVG(_ drawing: String) throws {
        guard let dot = try GraphvizRequirement.dot() else { return }
        let base = String(drawing.dropLast(".svg".count))
        let parts = base.split(separator: "-", maxSplits: 1).map(String.init)
        let name = parts[0] + ".lifecycle"
        try #require(Self.exampleSpecs.contains(name), "\(drawing) draws no example spec")
        let machine = parts.count > 1 ? parts[1] : nil
        let model = try Self.model(Repository.examples.appendingPathComponent(name), displayPath: "Examples/\(name)")
        if let machine { try #require(model.machine(named: machine) != nil, "\(drawing): no machine '\(machine)' in \(name)") }
        let source = DotGenerator(model: model, options: .init(machine: machine)).generate(
            specPath: "Examples/\(name)",
            command: "lifecycle render Examples/\(name)\(machine.map { " --machine \($0)" } ?? "") -o Examples/\(drawing)")
        let result = try Shell.run(dot, ["-Tsvg"], input: Data(source))
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "dot warned: \(result.stderr)")
        GoldenFile.check(result.stdout, against: Repository.examples.appendingPathComponent(drawing))
    }

    @Test("examples: every spec has its drawing", arguments: exampleSpecs)
    func exampleHasDrawing(_ name: String) {
        #expect(Self.exampleDrawings.contains(String(name.dropLast(".lifecycle".count)) + ".svg"))
    }

    @Test("generating twice gives byte-identical output", arguments: exampleSpecs)
    func deterministic(_ name: String) throws {
        let first = try Self.model(Repository.examples.appendingPathComponent(name), displayPath: "Examples/\(name)")
        let second = try Self.model(Repository.examples.appendingPathComponent(name), displayPath: "Examples/\(name)")
        #expect(SwiftGenerator(model: first).body() == SwiftGenerator(model: second).body())
        #expect(DotGenerator(model: first).body() == DotGenerator(model: second).body())
    }
}

/// Graphviz is needed by some tests: CI installs it; elsewhere those tests are skipped.
enum GraphvizRequirement {
    static func dot() throws -> String? {
        if let dot = Shell.which("dot") { return dot }
        if ProcessInfo.processInfo.environment["CI"] != nil {
            Issue.record("Graphviz 'dot' is not installed; .ci/run installs it")
        }
        return nil
    }
}
