import Foundation
import Testing
@testable import LifecycleCompiler

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

    @Test("examples: the committed SVG is what dot draws from the generated DOT", arguments: exampleSpecs)
    func exampleSVG(_ name: String) throws {
        guard let dot = try GraphvizRequirement.dot() else { return }
        let base = String(name.dropLast(".lifecycle".count))
        let model = try Self.model(Repository.examples.appendingPathComponent(name), displayPath: "Examples/\(name)")
        let source = DotGenerator(model: model).generate(
            specPath: "Examples/\(name)", command: "lifecycle render Examples/\(name) -o Examples/\(base).svg")
        let result = try Shell.run(dot, ["-Tsvg"], input: Data(source))
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "dot warned: \(result.stderr)")
        GoldenFile.check(result.stdout, against: Repository.examples.appendingPathComponent("\(base).svg"))
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
