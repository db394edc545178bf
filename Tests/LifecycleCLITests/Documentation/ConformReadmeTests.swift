import Foundation
import Testing

/// Keeps the README's "Check a real device's log" section true where `DocumentedCommandTests`
/// cannot: a failing `conform` (exit status 1, the diagnostic on stderr) shown in a `text`
/// block; and the excerpt of a delegate generated with `--monitor` in the Delegates article.
@Suite struct ConformReadmeTests {
    static func blocks(fence: String, in document: String = "README.md") throws -> [[String]] {
        let text = try String(contentsOfFile: CLIRunner.packageRoot + "/" + document, encoding: .utf8)
        var blocks: [[String]] = []
        var current: [String]? = nil
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if current == nil, line == "```" + fence {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!)
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test func theFailingConformIsWhatTheToolPrints() throws {
        let examples = try Self.blocks(fence: "text").filter { $0.first?.hasPrefix("$ lifecycle conform ") == true }
        #expect(examples.count == 2)
        for block in examples {
            let words = block[0].dropFirst("$ lifecycle ".count).split(separator: " ").map(String.init)
            let output = try CLIRunner.run(words)
            #expect(output.status == 1)
            #expect(output.stdout == "")
            #expect(output.stderr == block.dropFirst().map { $0 + "\n" }.joined())
        }
    }

    @Test func theMonitorExcerptIsGenerated() throws {
        let excerpt = try #require(try Self.blocks(fence: "swift", in: DocumentationFile.catalog + "Delegates.md")
            .first { $0.contains { $0.contains("sceneMonitor.record") } })
        let golden = try String(contentsOfFile: CLIRunner.packageRoot + "/Tests/LifecycleCompilerTests/Fixtures/Golden/SceneLifecycle.monitor.swift",
                                encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Every line but the ellipsis appears in the generated file, in this order.
        var position = 0
        for line in excerpt where line.trimmingCharacters(in: .whitespaces) != "…" {
            let found = golden[position...].firstIndex(of: line)
            #expect(found != nil, "not generated (in this order): \(line)")
            position = (found ?? position) + 1
        }
    }
}
