import Foundation
import Testing
import LifecycleCompiler

/// Runs the built `lifecycle` binary and checks its output and exit status: the surface that
/// scripts and build tools rely on (README, "Command line").
@Suite struct CLITests {
    static let testsFolder = URL(fileURLWithPath: CLIRunner.packageRoot).appendingPathComponent("Tests/LifecycleCLITests")
    static let fixtures = testsFolder.appendingPathComponent("Fixtures")
    static let packageRoot = testsFolder.deletingLastPathComponent().deletingLastPathComponent()

    typealias Run = CLIRunner.Output

    /// Runs the binary in `directory` with stdin empty, `NO_COLOR` unset (so colour follows
    /// the options and whether stderr is a terminal), and `environment` added.
    static func run(_ arguments: [String], in directory: URL = fixtures,
                    environment: [String: String] = [:]) throws -> Run {
        var overrides: [String: String?] = ["NO_COLOR": nil]
        for (name, value) in environment { overrides[name] = value }
        return try CLIRunner.run(arguments, in: directory.path, environment: overrides)
    }

    // MARK: - Help and version

    @Test func help() throws {
        for flag in ["--help", "-h"] {
            let run = try Self.run([flag])
            #expect(run.status == 0)
            #expect(run.stdout.contains("USAGE: lifecycle <subcommand> [options]"))
            #expect(run.stdout.contains("\n  check "))
            #expect(run.stderr.isEmpty)
        }
    }

    /// The package version and each catalog's SDK, from the library's one list; the README's
    /// and the Plugins article's dependency lines name the same version.
    @Test func version() throws {
        let run = try Self.run(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout == LifecycleVersion.line + "\n")
        #expect(run.stdout.wholeMatch(of: /lifecycle \d+\.\d+\.\d+ \(catalogs from the [A-Za-z]+ [\d.]+ SDK: \w+(, \w+)*(; from the [A-Za-z]+ [\d.]+ SDK: \w+(, \w+)*)*\)\n/) != nil, "\(run.stdout)")
        #expect(run.stdout.hasPrefix("lifecycle \(LifecycleVersion.number) (catalogs from the iOS 26.2 SDK: UIKit, SwiftUI,"), "\(run.stdout)")
        #expect(run.stdout.hasSuffix("; from the macOS 15.5 SDK: AppKit)\n"), "\(run.stdout)")
        #expect(run.stderr.isEmpty)
        // The README quotes the line (wrapped: compared with its whitespace collapsed).
        let readme = try String(contentsOfFile: CLIRunner.packageRoot + "/README.md", encoding: .utf8)
        #expect(readme.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains(LifecycleVersion.line),
                "README.md does not quote '\(LifecycleVersion.line)'")
        for document in ["README.md", DocumentationFile.catalog + "Plugins.md", "Examples/PluginDemo/Package.swift"] {
            let text = try String(contentsOfFile: CLIRunner.packageRoot + "/" + document, encoding: .utf8)
            let versions = text.matches(of: /from: "(\d+\.\d+\.\d+)"/).map { String($0.output.1) }
            #expect(!versions.isEmpty && versions.allSatisfy { $0 == LifecycleVersion.number }, "\(document): \(versions)")
        }
    }

    @Test func helpCheck() throws {
        let help = try Self.run(["help", "check"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: lifecycle check <file>..."))
        for option in ["--impl", "--warnings-as-errors", "--format", "--error-limit", "--color"] {
            #expect(help.stdout.contains(option), "help check does not mention \(option)")
        }
        // `check --help` prints the same text.
        #expect(try Self.run(["check", "--help"]).stdout == help.stdout)
    }

    // MARK: - Usage errors: exit 2

    @Test func unknownSubcommand() throws {
        let run = try Self.run(["chek", "Scene.lifecycle"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("error: unknown subcommand 'chek'; did you mean 'check'?"))
        #expect(run.stderr.contains("Usage: lifecycle <subcommand>"))
        #expect(run.stderr.contains("'lifecycle --help'"))
        #expect(run.stdout.isEmpty)
    }

    /// A swapped pair of letters is the most common typo; plain Levenshtein counts it as two
    /// edits, over the budget for a five-letter word.
    @Test func transposedSubcommandGetsASuggestion() throws {
        let run = try Self.run(["chekc", "Scene.lifecycle"])
        #expect(run.status == 2)
                #expect(run.stderr.contains("did you mean 'check'?"), "\(run.stderr)")
    }

    @Test func unknownOption() throws {
        let run = try Self.run(["check", "--frmat", "json", "Scene.lifecycle"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("error: unknown option '--frmat'; did you mean '--format'?"))
        #expect(run.stderr.contains("Usage: lifecycle check "))
        #expect(run.stderr.contains("'lifecycle check --help'"))
        #expect(run.stdout.isEmpty)
    }

    @Test func badOptionValues() throws {
        let format = try Self.run(["check", "--format", "xml", "Scene.lifecycle"])
        #expect(format.status == 2)
        #expect(format.stderr.contains("'--format' takes text or json, not 'xml'"))
        let limit = try Self.run(["check", "--error-limit", "-1", "Scene.lifecycle"])
        #expect(limit.status == 2)
        let color = try Self.run(["check", "--color", "sometimes", "Scene.lifecycle"])
        #expect(color.status == 2)
    }

    @Test func missingArguments() throws {
        let noFile = try Self.run(["check"])
        #expect(noFile.status == 2)
        #expect(noFile.stderr.contains("missing spec file argument"))
        #expect(noFile.stderr.contains("Usage: lifecycle check "))
        let nothing = try Self.run([])
        #expect(nothing.status == 2)
        #expect(nothing.stderr.contains("missing subcommand"))
    }

    // MARK: - I/O failures: exit 3

    @Test func missingFile() throws {
        let run = try Self.run(["check", "NoSuchFile.lifecycle"])
        #expect(run.status == 3)
        #expect(run.stderr == "NoSuchFile.lifecycle: error: cannot read file: No such file or directory\n")
    }

    @Test func directoryAsInput() throws {
        let run = try Self.run(["check", "."])
        #expect(run.status == 3)
        #expect(run.stderr.hasPrefix(".: error: cannot read file:"))
    }

    @Test func unreadableFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-unreadable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Locked.lifecycle")
        try Data("machine M { initial state A\n A -> A on x }\n".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: file.path)
        // root reads files whatever their permissions; then there is nothing to test.
        try #require(!FileManager.default.isReadableFile(atPath: file.path) || getuid() == 0)
        if getuid() == 0 { return }
        let run = try Self.run(["check", file.path])
        #expect(run.status == 3)
        #expect(run.stderr.contains("cannot read file: Permission denied"))
    }

    @Test func unreadableImplementationFile() throws {
        let run = try Self.run(["check", "Scene.lifecycle", "--impl", "Missing.swift"])
        #expect(run.status == 3)
        #expect(run.stderr.contains("Missing.swift: error: cannot read file: No such file or directory"))
    }

    // MARK: - Checking: exit 0 and 1

    @Test func cleanExamplesPrintNothing() throws {
        let examples = Self.packageRoot.appendingPathComponent("Examples")
        let names = try FileManager.default.contentsOfDirectory(atPath: examples.path).filter { $0.hasSuffix(".lifecycle") }.sorted()
        #expect(!names.isEmpty)
        let run = try Self.run(["check"] + names, in: examples)
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.isEmpty)
    }

    @Test func brokenSpec() throws {
        let run = try Self.run(["check", "Broken.lifecycle"])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "Broken.lifecycle:5:13: error: unknown state 'Backgruond'; did you mean 'Background'?")
        // Source line with a gutter, then the caret under column 13.
        #expect(lines.count > 2 && lines[1] == "    5 |     Idle -> Backgruond on go // expected-error:13 {{unknown state 'Backgruond'; did you mean 'Background'?}}")
        #expect(lines.count > 2 && lines[2] == "      |             ^~~~~~~~~~")
        #expect(run.stderr.contains("Broken.lifecycle:4:11: note: 'Background' declared here"))
    }

    @Test func jsonFormat() throws {
        let run = try Self.run(["check", "--format", "json", "Broken.lifecycle"])
        #expect(run.status == 1)
        #expect(run.stderr.isEmpty)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 1)
        #expect(array.first?["file"] as? String == "Broken.lifecycle")
        #expect(array.first?["line"] as? Int == 5)
        #expect(array.first?["column"] as? Int == 13)
        #expect(array.first?["severity"] as? String == "error")
        #expect(array.first?["id"] as? String == "unknownState")

        let clean = try Self.run(["check", "--format", "json", "Scene.lifecycle"])
        #expect(clean.status == 0)
        #expect((try JSONSerialization.jsonObject(with: Data(clean.stdout.utf8)) as? [Any])?.isEmpty == true)
    }

    @Test func warningsAsErrors() throws {
        let plain = try Self.run(["check", "Warning.lifecycle"])
        #expect(plain.status == 0)
        #expect(plain.stderr.hasPrefix("Warning.lifecycle:4:11: warning: state 'Stuck' has no outgoing transition and is not final\n"))
        let strict = try Self.run(["check", "--warnings-as-errors", "Warning.lifecycle"])
        #expect(strict.status == 1)
        #expect(strict.stderr.hasPrefix("Warning.lifecycle:4:11: error: state 'Stuck' has no outgoing transition and is not final\n"))
    }

    @Test func severalFilesOneBroken() throws {
        let run = try Self.run(["check", "Scene.lifecycle", "Broken.lifecycle", "Warning.lifecycle"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("Broken.lifecycle:5:13: error:"))
        #expect(run.stderr.contains("Warning.lifecycle:4:11: warning:"))
        #expect(!run.stderr.contains("Scene.lifecycle:"))
    }

    @Test func noColourUnlessAskedFor() throws {
        let plain = try Self.run(["check", "Broken.lifecycle"])
        #expect(!plain.stderr.contains("\u{1B}["), "escape codes while stderr is a file")
        let forced = try Self.run(["check", "--color", "always", "Broken.lifecycle"])
        #expect(forced.stderr.contains("\u{1B}["))
        let never = try Self.run(["check", "--color", "never", "Broken.lifecycle"])
        #expect(never.stderr == plain.stderr)
    }

    @Test func errorLimit() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-limit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(String(repeating: "@\n", count: 60).utf8).write(to: folder.appendingPathComponent("Many.lifecycle"))
        let capped = try Self.run(["check", "Many.lifecycle"], in: folder)
        #expect(capped.status == 1)
        #expect(capped.stderr.components(separatedBy: ": error: ").count - 1 == 50)
        #expect(capped.stderr.hasSuffix("note: 10 errors not shown; use '--error-limit 0' to show every diagnostic\n"))
        let all = try Self.run(["check", "--error-limit", "0", "Many.lifecycle"], in: folder)
        #expect(all.stderr.components(separatedBy: ": error: ").count - 1 == 60)
    }

    // MARK: - --impl

    @Test func implReportsExactlyTheMissingRequiredCallbacks() throws {
        let run = try Self.run(["check", "Scene.lifecycle", "--impl", "IncompleteSceneDelegate.swift"])
        #expect(run.status == 1)
        let errors = run.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors == [
            "Scene.lifecycle:24:13: error: IncompleteSceneDelegate.swift does not implement required 'sceneDidEnterBackground(_:)'",
            "Scene.lifecycle:25:13: error: IncompleteSceneDelegate.swift does not implement required 'sceneDidDisconnect(_:)'",
        ])
        #expect(run.stderr.contains("IncompleteSceneDelegate.swift:35:5: note: 'sceneDidEnterBackground(scene:)' nearly matches 'sceneDidEnterBackground(_:)', but its first argument label is 'scene', not '_', so UIKit never calls it"))
        #expect(run.stderr.contains("note: change it to: func sceneDidEnterBackground(_ scene: UIScene)\n"))
        #expect(run.stderr.contains("note: add to 'SceneDelegate': func sceneDidDisconnect(_ scene: UIScene) { … }"))
        #expect(run.stderr.contains("IncompleteSceneDelegate.swift:11:7: note: class 'SceneDelegate' is declared here"))
    }

    @Test func implAcrossTwoFilesIsComplete() throws {
        let run = try Self.run(["check", "Scene.lifecycle", "--impl", "SceneDelegatePart1.swift", "--impl", "SceneDelegatePart2.swift"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        // Only the extension: what it declares counts, the rest is missing.
        let partial = try Self.run(["check", "Scene.lifecycle", "--impl", "SceneDelegatePart2.swift"])
        #expect(partial.status == 1)
        #expect(partial.stderr.split(separator: "\n").filter { $0.contains(": error: ") } == [
            "Scene.lifecycle:21:13: error: SceneDelegatePart2.swift does not implement required 'scene(_:willConnectTo:options:)'",
            "Scene.lifecycle:22:13: error: SceneDelegatePart2.swift does not implement required 'sceneDidBecomeActive(_:)'",
        ])
        #expect(partial.stderr.contains("SceneDelegatePart2.swift:3:1: note: class 'SceneDelegate' is extended here (its declaration is in none of the files)"))
    }

    @Test func implJSON() throws {
        let run = try Self.run(["check", "--format", "json", "Scene.lifecycle", "--impl", "IncompleteSceneDelegate.swift"])
        #expect(run.status == 1)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(array.compactMap { $0["id"] as? String } == ["missingImplementation", "missingImplementation"])
    }
}
