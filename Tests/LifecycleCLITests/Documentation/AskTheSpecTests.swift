import Foundation
import Testing

/// Keeps the README's "Ask the spec" section true: every `$ lifecycle …` line in its `console` blocks
/// is run from the package root, and must succeed and print exactly the lines that follow it
/// (up to the next `$` line or the end of the block).
@Suite struct AskTheSpecTests {
    struct Example: Sendable, CustomTestStringConvertible {
        var command: String
        var expected: String
        var testDescription: String { command }
    }

    static let document = "README.md"

    /// The commands and outputs in the document, in order.
    static func examples() throws -> [Example] {
        let text = try String(contentsOfFile: CLIRunner.packageRoot + "/" + document, encoding: .utf8)
        var examples: [Example] = []
        var inConsole = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inConsole = !inConsole && line == "```console"
                continue
            }
            guard inConsole else { continue }
            if line.hasPrefix("$ ") {
                examples.append(Example(command: String(line.dropFirst(2)), expected: ""))
            } else if !examples.isEmpty {
                examples[examples.count - 1].expected += line + "\n"
            }
        }
        return examples
    }

    @Test func documentHasExamples() throws {
        let examples = try Self.examples()
        #expect(examples.count >= 8)
        #expect(examples.allSatisfy { $0.command.hasPrefix("lifecycle ") })
    }

    @Test(arguments: try examples()) func commandPrintsWhatTheDocumentShows(_ example: Example) throws {
        let words = example.command.split(separator: " ").map(String.init)
        let output = try CLIRunner.run(Array(words.dropFirst()))
        #expect(output.status == 0, "\(output)")
        #expect(output.stderr == "")
        #expect(output.stdout == example.expected)
    }
}
