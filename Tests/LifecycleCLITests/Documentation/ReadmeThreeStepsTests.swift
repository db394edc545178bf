import Foundation
import Testing

/// Keeps the README's "Three steps" true: the spec of step 1 checks clean, and the error shown in
/// step 2 is exactly what `lifecycle check` prints for that spec with `Foregrund` for
/// `Foreground` on its `connect` line (line, column, source line and caret).
@Suite struct ReadmeThreeStepsTests {
    /// The fenced block that follows the first line containing `marker`, its list indentation
    /// (three spaces) removed.
    static func block(after marker: String, in text: String) throws -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { $0.contains(marker) }, "no '\(marker)' in README.md")
        let open = try #require(lines[start...].firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("```") })
        let close = try #require(lines[(open + 1)...].firstIndex { $0.trimmingCharacters(in: .whitespaces) == "```" })
        return lines[(open + 1)..<close].map { $0.hasPrefix("   ") ? String($0.dropFirst(3)) : $0 }
            .joined(separator: "\n") + "\n"
    }

    static func readme() throws -> String {
        try String(contentsOfFile: CLIRunner.packageRoot + "/README.md", encoding: .utf8)
    }

    /// Writes `spec` as `Scene.lifecycle` in a fresh folder and checks it there.
    static func check(_ spec: String) throws -> CLIRunner.Output {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try spec.write(to: folder.appendingPathComponent("Scene.lifecycle"), atomically: true, encoding: .utf8)
        return try CLIRunner.run(["check", "Scene.lifecycle"], in: folder.path)
    }

    @Test func stepOneSpecChecksClean() throws {
        let spec = try Self.block(after: "1. **Write a spec**", in: Self.readme())
        let output = try Self.check(spec)
        #expect(output.status == 0)
        #expect(output.stderr == "")
    }

    @Test func stepTwoErrorIsTheToolsOutput() throws {
        let readme = try Self.readme()
        let spec = try Self.block(after: "1. **Write a spec**", in: readme)
        let typo = "Unattached -> Foregrund on connect"
        let broken = spec.replacingOccurrences(of: "Unattached -> Foreground on connect", with: typo)
        #expect(broken.contains(typo), "step 1 has no 'Unattached -> Foreground on connect' line to misspell")
        let shown = try Self.block(after: "2. **Check it and generate the delegate**", in: readme)
        let output = try Self.check(broken)
        #expect(output.status == 1)
        #expect(output.stderr == shown)
    }
}
