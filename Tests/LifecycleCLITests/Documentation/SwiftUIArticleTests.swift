import Foundation
import Testing

/// Keeps the DocC article on SwiftUI apps (`SwiftUI.md`) true: its `console` commands succeed
/// and print what follows them; its `text` commands print it (on stderr, then stdout) with the
/// status they have (`conform` of a swapped log fails, `check --impl` with warnings passes); its
/// excerpts of the spec and of the generated Swift are in those files, in order; and the fix-it
/// it shows, applied, makes the check clean.
@Suite struct SwiftUIArticleTests {
    static let article = DocumentationFile.catalog + "SwiftUI.md"

    static func blocks(_ fence: String) throws -> [DocumentationFile.Block] {
        try DocumentationFile(article).blocks.filter { $0.fence == fence }
    }

    /// The commands of `console` blocks with what each prints.
    static func consoleExamples() throws -> [DocumentedCommandTests.Example] {
        var examples: [DocumentedCommandTests.Example] = []
        for block in try blocks("console") {
            for line in block.lines {
                if line.hasPrefix("$ ") {
                    examples.append(DocumentedCommandTests.Example(document: article, command: String(line.dropFirst(2)), expected: ""))
                } else if !examples.isEmpty {
                    examples[examples.count - 1].expected += line + "\n"
                }
            }
        }
        return examples
    }

    @Test func theArticleAnswersTheThreeQuestions() throws {
        let commands = try Self.consoleExamples().map(\.command)
        #expect(commands.contains { $0.contains("notificationCenter") })
        #expect(commands.contains { $0.contains("appSwitcher") })
        #expect(commands.contains { $0.contains("--from Active --to Background") })
        #expect(try Self.blocks("text").count == 2)
    }

    @Test(arguments: try consoleExamples()) func consoleCommandPrintsWhatTheArticleShows(_ example: DocumentedCommandTests.Example) throws {
        let output = try CLIRunner.run(Array(example.command.split(separator: " ").map(String.init).dropFirst()))
        #expect(output.status == 0, "\(output)")
        #expect(output.stderr == "")
        #expect(output.stdout == example.expected)
    }

    @Test func textCommandsPrintWhatTheArticleShows() throws {
        for block in try Self.blocks("text") {
            let first = try #require(block.lines.first)
            let arguments = Array(first.dropFirst("$ lifecycle ".count).split(separator: " ").map(String.init))
            let output = try CLIRunner.run(arguments)
            // A log that does not conform fails; warnings alone do not.
            #expect(output.status == (arguments.first == "conform" ? 1 : 0), "\(output)")
            #expect(output.stderr + output.stdout == block.lines.dropFirst().map { $0 + "\n" }.joined())
        }
    }

    /// Every line of `excerpt` but an ellipsis is a line of `file`, in this order.
    static func expectExcerpt(_ excerpt: [String], in file: String) throws {
        let lines = try String(contentsOfFile: CLIRunner.packageRoot + "/" + file, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var position = 0
        for line in excerpt where line.trimmingCharacters(in: .whitespaces) != "…" {
            let found = lines[position...].firstIndex(of: line)
            #expect(found != nil, "not in \(file) (in this order): \(line)")
            position = (found ?? position) + 1
        }
    }

    @Test func excerptsAreFromTheFilesTheyName() throws {
        let spec = try #require(try Self.blocks("lifecycle").first)
        try Self.expectExcerpt(spec.lines, in: "Examples/SwiftUILifecycle.lifecycle")
        let swift = try Self.blocks("swift")
        #expect(swift.count == 2)
        try Self.expectExcerpt(swift[0].lines, in: "Examples/SwiftUILifecycle.swift")
        try Self.expectExcerpt(swift[1].lines, in: "Tests/LifecycleCompilerTests/Fixtures/Golden/SwiftUIApp16.swift")
    }

    /// The app of `Examples/SwiftUI` with the fix-it applied: the check passes without a word.
    @Test func theFixItMakesTheCheckClean() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-swiftui-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let examples = CLIRunner.packageRoot + "/Examples/"
        let files = ["NotesApp.swift", "ContentView.swift", "PushDelegate.swift"]
        let arguments = ["check", examples + "SwiftUILifecycle.lifecycle", "--format", "json"] + files.flatMap { ["--impl", examples + "SwiftUI/" + $0] }
        let json = try CLIRunner.run(arguments)
        let diagnostics = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(diagnostics.count == 1)
        let fixIt = try #require(diagnostics.first?["fixIt"] as? [String: Any])
        #expect((fixIt["file"] as? String)?.hasSuffix("SwiftUI/NotesApp.swift") == true)
        var lines = try String(contentsOfFile: examples + "SwiftUI/NotesApp.swift", encoding: .utf8).components(separatedBy: "\n")
        let line = try #require(fixIt["line"] as? Int)
        #expect(fixIt["column"] as? Int == 1)
        lines.insert(String((try #require(fixIt["replacement"] as? String)).dropLast()), at: line - 1)
        try lines.joined(separator: "\n").write(to: folder.appendingPathComponent("NotesApp.swift"), atomically: true, encoding: .utf8)
        let fixed = try CLIRunner.run(["check", examples + "SwiftUILifecycle.lifecycle", "--impl", folder.appendingPathComponent("NotesApp.swift").path,
                                       "--impl", examples + "SwiftUI/ContentView.swift", "--impl", examples + "SwiftUI/PushDelegate.swift"])
        #expect(fixed.status == 0, "\(fixed)")
        #expect(fixed.stderr == "")
    }
}
