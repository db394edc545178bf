import Foundation
import Testing

/// Keeps the `check --impl` and platform examples (the Delegates article) true: every
/// ```` ```text ```` block of `DocumentationFile.commandDocuments` whose first line is
/// `$ lifecycle check …` is run from the package root, and what it prints (stderr, then stdout)
/// must be exactly the rest of the block.
@Suite struct CheckImplDocumentTests {
    struct Example: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var expected: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    /// Splits a command line at spaces, keeping "double-quoted words" together.
    static func words(_ line: Substring) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        for character in line {
            if character == "\"" { quoted.toggle(); continue }
            if character == " " && !quoted {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    static func examples() throws -> [Example] {
        try DocumentationFile.blocks(of: DocumentationFile.commandDocuments).compactMap { _, block in
            guard block.fence == "text", let first = block.lines.first, first.hasPrefix("$ lifecycle check ") else { return nil }
            return Example(arguments: Array(words(first.dropFirst(2)).dropFirst()),
                           expected: block.lines.dropFirst().map { $0 + "\n" }.joined())
        }
    }

    @Test func documentShowsANearMissAndADeprecation() throws {
        let examples = try Self.examples()
        #expect(examples.count >= 2)
        #expect(examples.contains { $0.arguments.contains("--impl") && $0.expected.contains("nearly matches") })
        #expect(examples.contains { $0.arguments.contains("--platform") && $0.expected.contains("was deprecated in iOS 26.0") })
        #expect(examples.contains { $0.expected.contains("inherits required") })
        #expect(examples.contains { $0.expected.contains("only under '#if DEBUG'") })
    }

    @Test(arguments: try examples()) func commandPrintsWhatTheDocumentShows(_ example: Example) throws {
        let output = try CLIRunner.run(example.arguments)
        #expect(output.status == (example.expected.contains(": error: ") ? 1 : 0), "\(output)")
        #expect(output.stderr + output.stdout == example.expected)
    }

    /// The hand-written delegates the example checks are real Swift: with the near miss fixed,
    /// the same check passes.
    @Test func fixingTheNearMissMakesTheCheckPass() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-impl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let examples = CLIRunner.packageRoot + "/Examples/"
        let scene = try String(contentsOfFile: examples + "Delegates/SceneDelegate.swift", encoding: .utf8)
            .replacingOccurrences(of: "func sceneDidEnterBackground(scene: UIScene)", with: "func sceneDidEnterBackground(_ scene: UIScene)")
        try scene.write(to: folder.appendingPathComponent("SceneDelegate.swift"), atomically: true, encoding: .utf8)
        let run = try CLIRunner.run(["check", examples + "SceneLifecycle.lifecycle", "--impl", examples + "Delegates/AppDelegate.swift",
                                     "--impl", folder.appendingPathComponent("SceneDelegate.swift").path])
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.isEmpty)
    }

    @Test func platformOptionIsValidated() throws {
        let run = try CLIRunner.run(["check", "Examples/AppLifecycle.lifecycle", "--platform", "iOS26"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("'--platform' takes a platform and a version such as \"iOS 15.0\", not 'iOS26'"))
        let old = try CLIRunner.run(["check", "Examples/ViewControllerLifecycle.lifecycle", "--platform", "iOS 12.0"])
        #expect(old.status == 0)
        #expect(old.stderr.contains("warning: 'viewIsAppearing(_:)' is not called before iOS 13.0; the deployment target is iOS 12.0"))
        let strict = try CLIRunner.run(["check", "Examples/AppLifecycle.lifecycle", "--platform", "iOS 26.0", "--warnings-as-errors"])
        #expect(strict.status == 1)
    }
}
