import Foundation
import Testing

/// The suite `lifecycle tests` generates for the download example, compiled and run with the real
/// `swift build` and `swift test` against the example's component (`DownloadTask`, driven by the
/// example's `DownloadingTestDriver`): it passes; and against mutants of the component, each of
/// which must fail at least one case (the mutation score is printed and must be all of them).
///
/// One throwaway package in a temporary folder, built once: its target links the example's
/// sources (symbolic links), but for `DownloadTask.swift`, which is a copy with every mutant
/// written in, chosen at run time by `LIFECYCLE_MUTANT`; its test target links the example's
/// suite and driver. Serialized: the tests share the build.
@Suite(.serialized) struct GeneratedSuiteRunTests {
    /// A mutant of the component: `original` (which must occur once in `DownloadTask.swift`)
    /// replaced by `replacement`.
    struct Mutant: Sendable, CustomTestStringConvertible {
        var name: String
        var what: String
        var original: String
        var replacement: String
        var testDescription: String { "\(name): \(what)" }
    }

    static let example = CLIRunner.packageRoot + "/Examples/PluginDemo"
    static let retry = "        guard phase == .failed, delegate.downloadShouldRetry(download) else { return }\n        phase = .transferring\n        delegate.downloadDidStart(download)\n"
    static let finish = "        phase = .done\n        delegate.downloadDidFinish(download)\n"

    static let mutants = [
        Mutant(name: "swapped", what: "two callbacks swapped: the retry starts before it asks the delegate", original: retry,
               replacement: "        guard phase == .failed else { return }\n        delegate.downloadDidStart(download)\n        guard delegate.downloadShouldRetry(download) else { return }\n        phase = .transferring\n"),
        Mutant(name: "dropped", what: "one callback dropped: the finish is never told", original: finish,
               replacement: "        phase = .done\n"),
        Mutant(name: "extra", what: "one callback too many: an empty last chunk reported before the finish", original: finish,
               replacement: "        phase = .done\n        delegate.download(download, didReceive: 0)\n        delegate.downloadDidFinish(download)\n"),
        Mutant(name: "wrongState", what: "a transition taken to the wrong state: a failure goes back to idle", original: "        phase = .failed\n",
               replacement: "        phase = .idle\n"),
    ]

    struct Run: CustomStringConvertible {
        var status: Int32
        var output: String
        var description: String { "status \(status)\n\(output)" }
    }

    struct Problem: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// The package, built: its folder, or why it could not be built.
    static let package: Result<String, Problem> = build()

    static func build() -> Result<String, Problem> {
        let files = FileManager.default
        let root = NSTemporaryDirectory() + "lifecycle-generated-suite-\(getpid())"
        atexit { try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + "lifecycle-generated-suite-\(getpid())") }
        do {
            try? files.removeItem(atPath: root)
            try files.createDirectory(atPath: root + "/Sources/Downloads", withIntermediateDirectories: true)
            try files.createDirectory(atPath: root + "/Tests/DownloadsTests", withIntermediateDirectories: true)
            try """
            // swift-tools-version:6.1
            // The download example's sources and its generated suite, without the lifecycle plugin.
            import PackageDescription

            let package = Package(name: "GeneratedSuite", targets: [
                .target(name: "Downloads"),
                .testTarget(name: "DownloadsTests", dependencies: ["Downloads"]),
            ])

            """.write(toFile: root + "/Package.swift", atomically: true, encoding: .utf8)
            for name in try files.contentsOfDirectory(atPath: example + "/Sources/Downloads").sorted()
            where name.hasSuffix(".swift") && name != "DownloadTask.swift" {
                try files.createSymbolicLink(atPath: root + "/Sources/Downloads/" + name, withDestinationPath: example + "/Sources/Downloads/" + name)
            }
            for name in try files.contentsOfDirectory(atPath: example + "/Tests/DownloadsTests").sorted() where name.hasSuffix(".swift") {
                try files.createSymbolicLink(atPath: root + "/Tests/DownloadsTests/" + name, withDestinationPath: example + "/Tests/DownloadsTests/" + name)
            }
            let component = try String(contentsOfFile: example + "/Sources/Downloads/DownloadTask.swift", encoding: .utf8)
            try mutated(component).write(toFile: root + "/Sources/Downloads/DownloadTask.swift", atomically: true, encoding: .utf8)
            try """
            import Foundation

            /// The mutant of `DownloadTask` this run is (`LIFECYCLE_MUTANT`), or nil for the component as written.
            enum LifecycleMutant {
                static let active = ProcessInfo.processInfo.environment["LIFECYCLE_MUTANT"]
            }

            """.write(toFile: root + "/Sources/Downloads/LifecycleMutant.swift", atomically: true, encoding: .utf8)
        } catch {
            return .failure(Problem(message: "cannot make the package: \(error)"))
        }
        let build = swift(["build", "--build-tests"], in: root)
        guard build.status == 0 else { return .failure(Problem(message: "the package does not build:\n\(build)")) }
        return .success(root)
    }

    /// `component` with every mutant written in: each patched place becomes
    /// `if LifecycleMutant.active == "name" { … } else { original }`.
    static func mutated(_ component: String) throws -> String {
        var text = component
        var originals: [String] = []
        for mutant in mutants where !originals.contains(mutant.original) { originals.append(mutant.original) }
        for original in originals {
            let count = text.components(separatedBy: original).count - 1
            guard count == 1 else {
                throw Problem(message: "DownloadTask.swift holds \(count) copies of a mutated place, not 1: the example changed; update the mutants\n\(original)")
            }
            var replacement = ""
            for mutant in mutants where mutant.original == original {
                replacement += (replacement.isEmpty ? "        if " : "        } else if ") + "LifecycleMutant.active == \"\(mutant.name)\" {\n" + mutant.replacement
            }
            replacement += "        } else {\n" + original + "        }\n"
            text = text.replacingOccurrences(of: original, with: replacement)
        }
        return text
    }

    static func swift(_ arguments: [String], in directory: String, environment: [String: String] = [:]) -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var variables = ProcessInfo.processInfo.environment
        variables["LIFECYCLE_MUTANT"] = nil
        for (name, value) in environment { variables[name] = value }
        process.environment = variables
        process.standardInput = FileHandle.nullDevice
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return Run(status: -1, output: "\(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    /// `swift test` on the built package, as the component is or as `mutant`.
    static func test(_ root: String, mutant: String? = nil) -> Run {
        swift(["test", "--skip-build"], in: root, environment: mutant.map { ["LIFECYCLE_MUTANT": $0] } ?? [:])
    }

    @Test("the committed suite is what lifecycle tests generates")
    func committedSuiteIsGenerated() throws {
        let committed = try String(contentsOfFile: Self.example + "/Tests/DownloadsTests/DownloadingTests.swift", encoding: .utf8)
        let header = "// Regenerate with: lifecycle tests Sources/Downloads/Download.lifecycle --module Downloads -o Tests/DownloadsTests/DownloadingTests.swift\n"
        #expect(committed.contains(header))
        let output = try CLIRunner.run(["tests", "Sources/Downloads/Download.lifecycle", "--module", "Downloads"], in: Self.example)
        #expect(output.status == 0, "\(output)")
        // The same file, but for the `-o` of its regenerating command.
        #expect(output.stdout == committed.replacingOccurrences(of: header, with: header.replacingOccurrences(of: " -o Tests/DownloadsTests/DownloadingTests.swift", with: "")))
    }

    @Test("the download example's generated suite runs green against its component")
    func suitePasses() throws {
        let root = try Self.package.get()
        let run = Self.test(root)
        #expect(run.status == 0, "\(run)")
        #expect(run.output.contains("✔ Test \"a path of the spec\" with 2 test cases passed"), "\(run)")
        // The case `conform --emit-test` wrote from a log of an older build passes: the bug is gone.
        #expect(run.output.contains("✔ Test \"retry-swapped.log, line 4\" passed"), "\(run)")
    }

    /// `conform --emit-test` turned the example's log of an older build (the retry started before
    /// it asked) into `DownloadingLogTests.swift`: the committed file is what it writes, and the
    /// component with that bug again fails it at the retry.
    @Test("a log that does not conform becomes a test that catches its bug")
    func logBecomesATest() throws {
        let committed = try String(contentsOfFile: Self.example + "/Tests/DownloadsTests/DownloadingLogTests.swift", encoding: .utf8)
        let target = NSTemporaryDirectory() + "lifecycle-log-tests-\(getpid()).swift"
        defer { try? FileManager.default.removeItem(atPath: target) }
        let output = try CLIRunner.run(["conform", "Sources/Downloads/Download.lifecycle", "Logs/retry-swapped.log", "--emit-test", target,
                                        "--module", "Downloads"], in: Self.example)
        #expect(output.status == 1, "\(output)")
        #expect(output.stderr.hasSuffix("\(target): note: wrote a test that replays the log that deviates\n"), "\(output)")
        let written = try String(contentsOfFile: target, encoding: .utf8)
        let body = { (text: String) in text.components(separatedBy: "\n\n").dropFirst().joined(separator: "\n\n") }
        #expect(body(written) == body(committed))
        #expect(committed.contains("// Regenerate with: lifecycle conform Sources/Downloads/Download.lifecycle Logs/retry-swapped.log --emit-test Tests/DownloadsTests/DownloadingLogTests.swift --module Downloads\n"))
        let root = try Self.package.get()
        let run = Self.test(root, mutant: "swapped")
        #expect(run.output.contains("✘ Test \"retry-swapped.log, line 4\" recorded an issue"), "\(run)")
        #expect(run.output.contains("    came:        downloadDidStart(_:), downloadShouldRetry(_:)"), "\(run)")
    }

    @Test("the suite, the driver and the log's test compile in Swift 5 mode too (the package builds them in Swift 6 mode)")
    func suiteCompilesInSwift5Mode() throws {
        let root = try Self.package.get()
        let modules = [root + "/.build/debug/Modules", root + "/.build/debug"].first { FileManager.default.fileExists(atPath: $0 + "/Downloads.swiftmodule") }
        let folder = try #require(modules, "no Downloads.swiftmodule in \(root)/.build/debug")
        let sources = try FileManager.default.contentsOfDirectory(atPath: root + "/Tests/DownloadsTests").filter { $0.hasSuffix(".swift") }
            .sorted().map { root + "/Tests/DownloadsTests/" + $0 }
        #expect(sources.count == 3)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-swift-version", "5", "-parse-as-library", "-I", folder] + sources
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0 && !output.contains("error:"), "\(output)")
    }

    /// Each mutant fails at least one case; the score is printed (a visible note in the test log).
    @Test("every mutant of the component fails at least one case: the mutation score")
    func mutantsAreKilled() throws {
        let root = try Self.package.get()
        var killed: [String] = []
        for mutant in Self.mutants {
            let run = Self.test(root, mutant: mutant.name)
            #expect(run.status != 0, "mutant '\(mutant.name)' (\(mutant.what)) survived:\n\(run)")
            if run.status != 0 {
                #expect(run.output.contains("is not what the spec of 'Downloading' says"), "\(run)")
                killed.append(mutant.name)
            }
        }
        print("lifecycle tests, download example: mutation score \(killed.count)/\(Self.mutants.count) (killed: \(killed.joined(separator: ", ")))")
        #expect(killed.count == Self.mutants.count)
    }

    /// The failing case the README and the article show is what `swift test` prints for the
    /// swapped mutant: every line of their blocks (after the README's `$ swift test`; a `…` line
    /// stands for lines left out), in order.
    @Test("the README's and the article's failing case is real")
    func documentedFailingCaseIsReal() throws {
        let root = try Self.package.get()
        let readme = try #require(try ConformReadmeTests.blocks(fence: "text").first { $0.first == "$ swift test" },
                                  "README.md has no text block starting '$ swift test'")
        let article = try #require(try ConformReadmeTests.blocks(fence: "text", in: TestsArticleTests.article).first { $0.first?.hasPrefix("↳ ") == true },
                                   "the article has no text block of a failing case")
        let run = Self.test(root, mutant: "swapped")
        #expect(run.status != 0)
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for block in [Array(readme.dropFirst()), article] {
            var next = lines.startIndex
            for line in block where line != "…" {
                guard let found = lines[next...].firstIndex(of: line) else {
                    Issue.record("documented line not in swift test's output, in order: \(line)\n\(run.output)")
                    return
                }
                next = found + 1
            }
        }
    }
}
