import Foundation
import Testing

/// Keeps the article on generated tests (`TestsFromTheSpec.md`) and the README's section true:
/// its synopsis is the command's usage, its commands are the ones that regenerate the download
/// example's files, its Swift excerpts are in those files, and its figures are `paths`'. (The
/// failing case it shows is `GeneratedSuiteRunTests`', which runs the suite.)
@Suite struct TestsArticleTests {
    static let article = DocumentationFile.catalog + "TestsFromTheSpec.md"
    static let example = CLIRunner.packageRoot + "/Examples/PluginDemo/"

    static func blocks(_ fence: String, in document: String) throws -> [[String]] {
        try DocumentationFile(document).blocks.filter { $0.fence == fence }.map(\.lines)
    }

    @Test func synopsisIsTheUsage() throws {
        let usage = try #require(try CLIRunner.run(["tests", "--help"]).stdout.split(separator: "\n").first { $0.hasPrefix("USAGE: ") })
        let synopsis = try #require(try Self.blocks("text", in: Self.article).first { $0.first?.hasPrefix("lifecycle tests ") == true })
        #expect(synopsis == [String(usage.dropFirst("USAGE: ".count))])
    }

    /// Each command shown is the "Regenerate with" line of a file of the example.
    @Test(arguments: [article, "README.md"]) func commandsRegenerateTheExample(_ document: String) throws {
        let commands = try Self.blocks("sh", in: document).flatMap { $0 }.filter { $0.hasPrefix("lifecycle tests ") }
        #expect(commands.count == 2)
        for command in commands {
            let output = command.components(separatedBy: " -o ").last ?? ""
            let file = try String(contentsOfFile: Self.example + output, encoding: .utf8)
            #expect(file.contains("// Regenerate with: \(command)\n"), "\(output) is not what '\(command)' writes")
        }
    }

    /// Every line of each Swift excerpt but `…` is in one of the example's test files, in order.
    @Test func excerptsAreTheExamplesCode() throws {
        let files = try ["DownloadingTests.swift", "DownloadingTestDriver.swift", "DownloadingLogTests.swift"].map {
            try String(contentsOfFile: Self.example + "Tests/DownloadsTests/" + $0, encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        let excerpts = try Self.blocks("swift", in: Self.article)
        #expect(excerpts.count == 3)
        for excerpt in excerpts {
            let found = files.contains { lines in
                var position = 0
                for line in excerpt where line.trimmingCharacters(in: .whitespaces) != "…" {
                    guard let at = lines[position...].firstIndex(of: line) else { return false }
                    position = at + 1
                }
                return true
            }
            #expect(found, "not in the example's test files, in this order:\n\(excerpt.joined(separator: "\n"))")
        }
    }

    @Test func pairsFigureIsPaths() throws {
        let run = try CLIRunner.run(["paths", "Examples/PluginDemo/Sources/Downloads/Download.lifecycle", "--cover", "pairs"])
        #expect(run.stdout.hasPrefix("5 sequences cover all 11 transition pairs of Downloading.\n"))
        let article = try String(contentsOfFile: CLIRunner.packageRoot + "/" + Self.article, encoding: .utf8)
        #expect(article.contains("for the download, five\nsequences cover its eleven pairs"))
    }
}
