import Foundation
import Testing

/// `lifecycle fmt`: stdout, `-i`, `--check` and the exit statuses.
@Suite struct FmtCommandTests {
    func temporaryFile(_ text: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-fmt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("Spec.lifecycle").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static let messy = "machine M {\n  initial state A\n  final state Done\n  A->Done on finish by user // the end\n}\n"
    static let tidy = "machine M {\n    initial state A\n    final state Done\n    A -> Done on finish by user // the end\n}\n"

    @Test("fmt prints the formatted spec; --check fails with a diff; -i rewrites it; then --check passes")
    func roundTrip() throws {
        let path = try temporaryFile(Self.messy)
        let printed = try CLIRunner.run(["fmt", path])
        #expect(printed.status == 0 && printed.stdout == Self.tidy, "\(printed)")
        let check = try CLIRunner.run(["fmt", "--check", path])
        #expect(check.status == 1, "\(check)")
        #expect(check.stdout.contains("\(path): not formatted"))
        #expect(check.stdout.contains("\n-  A->Done on finish by user // the end\n"))
        #expect(check.stdout.contains("\n+    A -> Done on finish by user // the end\n"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.messy, "--check changed the file")
        let rewrite = try CLIRunner.run(["fmt", "-i", path])
        #expect(rewrite.status == 0 && rewrite.stdout.isEmpty, "\(rewrite)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.tidy)
        #expect(try CLIRunner.run(["fmt", "--check", path]).status == 0)
    }

    @Test("every example passes fmt --check")
    func examples() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: CLIRunner.packageRoot + "/Examples")
            .filter { $0.hasSuffix(".lifecycle") }.sorted().map { "Examples/" + $0 }
        let result = try CLIRunner.run(["fmt", "--check"] + names)
        #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty, "\(result)")
    }

    @Test("syntax errors are reported and nothing is formatted (exit 1); bad usage is 2; an unreadable file is 3")
    func failures() throws {
        let path = try temporaryFile("machine M { state }\n")
        let broken = try CLIRunner.run(["fmt", "-i", path])
        #expect(broken.status == 1 && broken.stderr.contains("error:"), "\(broken)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "machine M { state }\n")
        #expect(try CLIRunner.run(["fmt", "--check", "-i", path]).status == 2)
        #expect(try CLIRunner.run(["fmt"]).status == 2)
        #expect(try CLIRunner.run(["fmt", "/nonexistent/Spec.lifecycle"]).status == 3)
        #expect(try CLIRunner.run(["lsp", "extra"]).status == 2)
    }
}
