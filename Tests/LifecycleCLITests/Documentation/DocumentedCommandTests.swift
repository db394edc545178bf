import Foundation
import Testing

/// Keeps the commands shown in the README and the DocC articles true: every `$ lifecycle …`
/// line in a `console` block of `DocumentationFile.commandDocuments` is run from the package
/// root, and must succeed and print exactly the lines that follow it (up to the next `$` line
/// or the end of the block).
@Suite struct DocumentedCommandTests {
    struct Example: Sendable, CustomTestStringConvertible {
        var document: String
        var command: String
        var expected: String
        var testDescription: String { "\((document as NSString).lastPathComponent): \(command)" }
    }

    /// The commands and outputs in the documents, in order.
    static func examples() throws -> [Example] {
        var examples: [Example] = []
        for (document, block) in try DocumentationFile.blocks(of: DocumentationFile.commandDocuments) where block.fence == "console" {
            for line in block.lines {
                if line.hasPrefix("$ ") {
                    examples.append(Example(document: document, command: String(line.dropFirst(2)), expected: ""))
                } else if examples.last?.document == document {
                    examples[examples.count - 1].expected += line + "\n"
                }
            }
        }
        return examples
    }

    @Test func documentsHaveExamples() throws {
        let examples = try Self.examples()
        #expect(examples.allSatisfy { $0.command.hasPrefix("lifecycle ") })
        // Each document that shows commands (the Delegates article's are `text` blocks, which
        // `CheckImplDocumentTests` runs) shows at least one.
        for document in DocumentationFile.commandDocuments where document != DocumentationFile.catalog + "Delegates.md" {
            #expect(examples.contains { $0.document == document }, "\(document) shows no command")
        }
        #expect(examples.filter { $0.document.hasSuffix("AskingTheSpec.md") }.count >= 15)
    }

    @Test(arguments: try examples()) func commandPrintsWhatTheDocumentShows(_ example: Example) throws {
        let words = example.command.split(separator: " ").map(String.init)
        let output = try CLIRunner.run(Array(words.dropFirst()))
        #expect(output.status == 0, "\(output)")
        #expect(output.stderr == "")
        #expect(output.stdout == example.expected)
    }
}
