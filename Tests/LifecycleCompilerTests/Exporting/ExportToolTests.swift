import Foundation
import Testing
import LifecycleCompiler

/// The real consumers of the exports: `plantuml -checkonly` must accept every PlantUML export
/// and Qt's `qscxmlc` must compile every SCXML export, of the examples, the golden specs and
/// the property-test generator's random specs. Skipped where the tools are not installed
/// (CI installs them: `.ci/run`). PlantUML is a JVM, so all its files go to one run.
@Suite(.serialized) struct ExportToolTests {
    /// Every spec's model: the examples, the golden specs and `GeneratedOutputPropertyTests`'
    /// random specs (their seeds and count).
    static func models() throws -> [(name: String, model: Model)] {
        var models: [(String, Model)] = []
        for spec in ExportTests.specs { models.append((ExportTests.base(spec), try ExportTests.model(spec))) }
        for batch in GeneratedOutputPropertyTests.batches {
            for spec in GeneratedOutputPropertyTests.specs(batch: batch) {
                let compilation = Compiler.compile(path: "Property/seed-\(spec.seed).lifecycle", source: spec.text)
                guard let model = compilation.model else {
                    Issue.record("seed \(spec.seed) does not check clean")
                    continue
                }
                models.append(("seed-\(spec.seed)", model))
            }
        }
        return models
    }

    /// A fresh folder for one test's files.
    static func folder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("plantuml -checkonly accepts every PlantUML export")
    func plantUML() throws {
        guard let plantuml = try ToolRequirement.find("plantuml", package: "plantuml") else { return }
        let folder = try Self.folder("plantuml")
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for (name, model) in try Self.models() {
            let url = folder.appendingPathComponent("\(name).puml")
            try Data(ExportFormat.plantuml.generate(model: model, specPath: "\(name).lifecycle", command: "lifecycle export")).write(to: url)
            paths.append(url.path)
        }
        let result = try Shell.run(plantuml, ["-checkonly"] + paths)
        #expect(result.status == 0, "plantuml rejected an export:\n\(result.stdout)\(result.stderr)")
    }

    @Test("qscxmlc compiles every SCXML export")
    func qscxmlc() throws {
        guard let qscxmlc = try ToolRequirement.qscxmlc() else { return }
        let folder = try Self.folder("scxml")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, model) in try Self.models() {
            let url = folder.appendingPathComponent("\(name).scxml")
            try Data(ExportFormat.scxml.generate(model: model, specPath: "\(name).lifecycle", command: "lifecycle export")).write(to: url)
            let output = folder.appendingPathComponent(name).path
            let result = try Shell.run(qscxmlc, [url.path, "-o", output])
            #expect(result.status == 0 && result.stderr.isEmpty, "qscxmlc on \(name):\n\(result.stderr)")
        }
    }
}

/// Tools some tests need: CI installs them; elsewhere those tests are skipped.
enum ToolRequirement {
    static func find(_ name: String, package: String) throws -> String? {
        if let path = Shell.which(name) { return path }
        if ProcessInfo.processInfo.environment["CI"] != nil {
            Issue.record("'\(name)' is not installed (Debian package '\(package)'); .ci/run installs it")
        }
        return nil
    }

    /// Qt 6's SCXML compiler, which Debian keeps out of `PATH`.
    static func qscxmlc() throws -> String? {
        for path in ["/usr/lib/qt6/libexec/qscxmlc", "/usr/lib/qt6/bin/qscxmlc"] where FileManager.default.isExecutableFile(atPath: path) {
            return path
        }
        return try find("qscxmlc", package: "libqt6scxml6-bin")
    }
}
