import Foundation
import Testing
import LifecycleCompiler

/// Keeps the migration's documents true: README's "Before iOS 27: moving to scenes",
/// `Examples/Migration/README.md` and the DocC article `Migration.md`. Their commands run on a
/// copy of `Examples` (so `-o` and `--update` never touch the checkout), in order, and print
/// what the documents show: every line, or where a `…` line stands for lines left out, the
/// lines shown in that order. The committed scene delegate is what `migrate` writes, the
/// article's Swift excerpt is in it, and the migrated example type-checks against Apple's iOS
/// SDK where the workplace's tool is installed.
@Suite(.serialized) struct MigrationDocumentTests {
    struct Block {
        var command: [String]
        var expected: [String]
    }

    static let article = "Sources/LifecycleCompiler/LifecycleCompiler.docc/Migration.md"
    static let exampleReadme = "Examples/Migration/README.md"
    static let sources = ["Examples/Migration/AppDelegate.swift", "Examples/Migration/AppDelegate+Notifications.swift"]

    /// The `$ lifecycle …` blocks of a document's `fence` blocks (each block one command).
    static func blocks(in document: String, fence: String) throws -> [Block] {
        let text = try String(contentsOfFile: CLIRunner.packageRoot + "/" + document, encoding: .utf8)
        var blocks: [Block] = []
        var current: [String]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if current == nil, line == "```" + fence {
                current = []
            } else if let lines = current, line == "```" {
                if let first = lines.first, first.hasPrefix("$ lifecycle ") {
                    blocks.append(Block(command: Array(CheckImplDocumentTests.words(first.dropFirst(2)).dropFirst()),
                                        expected: Array(lines.dropFirst())))
                }
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// A fresh copy of `Examples` in a folder of its own, the commands' working directory.
    static func copyOfExamples() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-migration-doc-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CLIRunner.packageRoot + "/Examples", toPath: folder + "/Examples")
        return folder
    }

    /// Runs a block in `folder` and checks its output (stderr, then stdout) and exit status.
    static func check(_ block: Block, in folder: String, _ document: String) throws {
        let output = try CLIRunner.run(block.command, in: folder)
        let lines = (output.stderr + output.stdout).split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast()
        let expectsError = block.expected.contains { $0.contains(": error: ") }
        #expect(output.status == (expectsError ? 1 : 0), "\(document): \(block.command.joined(separator: " "))\n\(output)")
        if block.expected.contains(where: { $0.trimmingCharacters(in: .whitespaces) == "…" }) {
            var position = lines.startIndex
            for line in block.expected where line.trimmingCharacters(in: .whitespaces) != "…" {
                let found = lines[position...].firstIndex(of: line)
                #expect(found != nil, "\(document): not printed (in this order): \(line)\n\(output)")
                position = (found ?? position) + 1
            }
        } else {
            #expect(Array(lines) == block.expected, "\(document): \(block.command.joined(separator: " "))\n\(output)")
        }
    }

    /// "Cold and warm ways in" quotes what `check --impl` prints on the fixture it names.
    @Test func coldAndWarmSectionQuotesRealOutput() throws {
        let text = try String(contentsOfFile: CLIRunner.packageRoot + "/" + Self.article, encoding: .utf8)
        let quoted = try #require(text.components(separatedBy: "\n").first { $0.hasPrefix("SceneDelegate.swift:") && $0.contains(": warning: ") })
        let folder = CLIRunner.packageRoot + "/Tests/LifecycleCompilerTests/Fixtures/Implementations/ColdLaunchLinks"
        let swift = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }.sorted()
        let run = try CLIRunner.run(["check", "Spec.lifecycle"] + swift.flatMap { ["--impl", $0] }, in: folder)
        #expect(run.stderr.components(separatedBy: "\n").contains(quoted), "\(run)")
    }

    @Test func readmeSectionShowsWhatMigratePrints() throws {
        let blocks = try Self.blocks(in: "README.md", fence: "text").filter { $0.command.first == "migrate" }
        #expect(blocks.count == 1)
        let folder = try Self.copyOfExamples()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for block in blocks { try Self.check(block, in: folder, "README.md") }
    }

    @Test func exampleReadmeShowsTheWholeOutput() throws {
        let blocks = try Self.blocks(in: Self.exampleReadme, fence: "console")
        #expect(blocks.count == 1)
        #expect(blocks.first?.expected.contains { $0.contains("<key>UIApplicationSceneManifest</key>") } == true)
        let folder = try Self.copyOfExamples()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for block in blocks { try Self.check(block, in: folder, Self.exampleReadme) }
    }

    /// The article's commands in order on one copy: the check before, `migrate`, `--update`,
    /// the check after; then, the moved callbacks deleted as the article says, a clean check.
    @Test func articleWalksThroughToACleanCheck() throws {
        let blocks = try Self.blocks(in: Self.article, fence: "console")
        #expect(blocks.map { $0.command.first ?? "" } == ["check", "migrate", "migrate", "check", "check"])
        guard blocks.count == 5 else { return }
        #expect(blocks[2].command.contains("--update"))
        #expect(blocks[4].expected.isEmpty)
        let folder = try Self.copyOfExamples()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for block in blocks.prefix(4) { try Self.check(block, in: folder, Self.article) }
        try Self.deleteCallbacksNoLongerCalled(check: blocks[4].command, in: folder)
        try Self.check(blocks[4], in: folder, Self.article)
    }

    /// Deletes each method the check reports as no longer called, as a user would.
    static func deleteCallbacksNoLongerCalled(check command: [String], in folder: String) throws {
        let output = try CLIRunner.run(command + ["--format", "json"], in: folder)
        let diagnostics = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]])
        var lines: [String: [Int]] = [:]
        for diagnostic in diagnostics where diagnostic["id"] as? String == "sceneLifecycleIgnoresAppCallback" {
            if let file = diagnostic["file"] as? String, let line = diagnostic["line"] as? Int { lines[file, default: []].append(line) }
        }
        #expect(lines.values.reduce(0) { $0 + $1.count } == 8)
        for (file, numbers) in lines {
            let path = folder + "/" + file
            var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            let table = LineTable(bytes.withUnsafeBufferPointer { $0 })
            let methods = SwiftSourceScanner(bytes: bytes).scan().flatMap(\.methods)
                .filter { numbers.contains(table.line(of: $0.offset)) }.sorted { $0.offset > $1.offset }
            for method in methods {
                guard let body = method.body else { continue }
                var start = method.offset
                while start > 0 && bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
                // The comment lines just above go with it.
                while start > 0 {
                    var previous = start - 1
                    while previous > 0 && bytes[previous - 1] != UInt8(ascii: "\n") { previous -= 1 }
                    let line = String(decoding: bytes[previous..<(start - 1)], as: UTF8.self).trimmingCharacters(in: .whitespaces)
                    guard line.hasPrefix("//") else { break }
                    start = previous
                }
                var end = body.upperBound
                while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
                bytes.removeSubrange(start..<min(end + 1, bytes.count))
            }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        }
    }

    /// The article's Swift excerpt: every line but `…` is in the committed scene delegate, in order.
    @Test func articleExcerptIsGenerated() throws {
        let text = try String(contentsOfFile: CLIRunner.packageRoot + "/" + Self.article, encoding: .utf8)
        let excerpt = try #require(text.components(separatedBy: "```swift\n").dropFirst().first?.components(separatedBy: "```").first)
        let generated = try String(contentsOfFile: CLIRunner.packageRoot + "/Examples/Migration/SceneDelegate.swift", encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var position = 0
        for line in excerpt.split(separator: "\n").map(String.init) where line.trimmingCharacters(in: .whitespaces) != "…" {
            let found = generated[position...].firstIndex(of: line)
            #expect(found != nil, "not generated (in this order): \(line)")
            position = (found ?? position) + 1
        }
    }

    /// `Examples/Migration/SceneDelegate.swift` is what the command in its header writes.
    @Test func exampleSceneDelegateIsWhatMigrateWrites() throws {
        let folder = try Self.copyOfExamples()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let written = folder + "/Examples/Migration/SceneDelegate.swift"
        try FileManager.default.removeItem(atPath: written)
        let run = try CLIRunner.run(["migrate"] + Self.sources + ["--info-plist", "Examples/Migration/Info.plist",
                                                                 "-o", "Examples/Migration/SceneDelegate.swift"], in: folder)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
        let committed = try Data(contentsOf: URL(fileURLWithPath: CLIRunner.packageRoot + "/Examples/Migration/SceneDelegate.swift"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: written)) == committed,
                "Examples/Migration/SceneDelegate.swift is not what 'lifecycle migrate' writes; write it again with the command in its header")
    }

    /// The example, migrated with `--update`, type-checks with its scene delegate against
    /// Apple's iOS SDK, with and without `DEBUG`.
    @Test func migratedExampleTypeChecksAgainstTheIOSSDK() throws {
        let script = (ProcessInfo.processInfo.environment["LIFECYCLE_IOS_TYPECHECK"] ?? CLIRunner.packageRoot + "/../shared/tools/ios-typecheck")
            + "/ios-typecheck.sh"
        guard FileManager.default.fileExists(atPath: script) else {
            print("iOS SDK type-check of Examples/Migration skipped: no ios-typecheck tool on this machine")
            return
        }
        let folder = try Self.copyOfExamples()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLIRunner.run(["migrate"] + Self.sources + ["--info-plist", "Examples/Migration/Info.plist",
                                                                 "-o", "Examples/Migration/SceneDelegate.swift", "--update"], in: folder)
        #expect(run.status == 0, "\(run)")
        let swift = ["AppDelegate.swift", "AppDelegate+Notifications.swift", "NotesApp.swift", "SceneDelegate.swift"]
            .map { folder + "/Examples/Migration/" + $0 }
        for flags in [[String](), ["-D", "DEBUG"]] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = [script] + swift + flags
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            if process.terminationStatus == 2 && text.contains("snapshot") {
                print("iOS SDK type-check of Examples/Migration skipped: no iOS SDK snapshot on this machine")
                return
            }
            #expect(process.terminationStatus == 0 && !text.contains("error:"), "\(flags):\n\(text)")
        }
    }
}
