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
        #expect(examples.count == 1)
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

/// Keeps the DocC article on logs (`Logs.md`) true: every `$ lifecycle …` command of its
/// `console` blocks succeeds and prints what follows it; every one of its `text` blocks fails
/// (exit status 1) and prints what follows on stderr. `$ cat FILE | lifecycle …` pipes FILE in.
@Suite struct LogsArticleTests {
    static let article = "Sources/LifecycleCompiler/LifecycleCompiler.docc/Logs.md"

    /// The command of a block's first line, and FILE for `cat FILE | …`.
    static func command(_ line: String) -> (arguments: [String], input: Data?) {
        var words = line.dropFirst(2).split(separator: " ").map(String.init)
        var input: Data? = nil
        if words.first == "cat", words.count > 3, words[2] == "|" {
            input = FileManager.default.contents(atPath: CLIRunner.packageRoot + "/" + words[1])
            words.removeFirst(3)
        }
        return (Array(words.dropFirst()), input)
    }

    @Test func everyCommandPrintsWhatTheArticleShows() throws {
        var blocks = 0
        for block in try ConformReadmeTests.blocks(fence: "console", in: Self.article) {
            var index = 0
            while index < block.count {
                let (arguments, input) = Self.command(block[index])
                index += 1
                var expected = ""
                while index < block.count && !block[index].hasPrefix("$ ") { expected += block[index] + "\n"; index += 1 }
                let output = try CLIRunner.run(arguments, input: input)
                #expect(output.status == 0, "\(arguments)")
                #expect(output.stderr == "")
                #expect(output.stdout == expected, "\(arguments)")
                blocks += 1
            }
        }
        for block in try ConformReadmeTests.blocks(fence: "text", in: Self.article) where block.first?.hasPrefix("$ ") == true {
            let (arguments, input) = Self.command(block[0])
            let output = try CLIRunner.run(arguments, input: input)
            #expect(output.status == 1, "\(arguments)")
            #expect(output.stdout == "")
            #expect(output.stderr == block.dropFirst().map { $0 + "\n" }.joined(), "\(arguments)")
            blocks += 1
        }
        #expect(blocks >= 7)
    }
}
