import Foundation
import Testing

/// The build-tool and command plugins at work in `Examples/PluginDemo`, with real `swift build`
/// and `swift package` runs on a copy of it (`DemoPackage`). Serialized: the tests share the
/// copy and its build folder, and each starts from `DemoPackage.reset()`.
@Suite(.serialized) struct PluginDemoTests {
    static let spec = DemoPackage.target + "/Download.lifecycle"
    static let skeleton = DemoPackage.target + "/Download.swift"
    static let failures = DemoPackage.target + "/DownloadController+Failures.swift"
    static let configuration = DemoPackage.target + "/lifecycle.json"

    @Test func cleanDemoBuildsAndAnUnchangedBuildRunsNoCheck() throws {
        try DemoPackage.reset()
        let first = try DemoPackage.build()
        #expect(first.status == 0, "\(first)")
        // The build after a first one may link the plugin's `lifecycle` again (SwiftPM builds
        // plugin tools in a pass of their own) and so run the check again; after that, a build
        // with nothing changed runs none.
        let settle = try DemoPackage.build()
        #expect(settle.status == 0, "\(settle)")
        let again = try DemoPackage.build()
        #expect(again.status == 0, "\(again)")
        #expect(!again.output.contains("lifecycle check"), "\(again)")
        // A changed spec is checked again.
        try DemoPackage.edit(Self.spec, replacing: "// Download.lifecycle\n", with: "// Download.lifecycle (edited)\n")
        let edited = try DemoPackage.build()
        #expect(edited.status == 0, "\(edited)")
        #expect(edited.output.contains("lifecycle check Download.lifecycle"), "\(edited)")
    }

    /// Keeps the Plugins article's broken-build excerpt true: the spec broken as the article
    /// says, the build fails and prints the article's lines, in order (progress counters like
    /// `[3/5]` ignored; a `…` line in the article stands for lines left out).
    @Test func brokenSpecFailsTheBuildAsTheArticleShows() throws {
        let expected = try Self.articleBrokenBuild()
        #expect(expected.contains { $0.contains("Download.lifecycle:33:5: error: unknown state 'Transfering'") })
        try DemoPackage.reset()
        try DemoPackage.edit(Self.spec, replacing: "    Transferring -> Done         on finish",
                             with: "    Transfering  -> Done         on finish")
        let run = try DemoPackage.build()
        #expect(run.status != 0, "\(run)")
        let lines = run.shortened.split(separator: "\n", omittingEmptySubsequences: false).map { Self.withoutCounter(String($0)) }
        var next = lines.startIndex
        for line in expected where line != "…" {
            guard let found = lines[next...].firstIndex(of: Self.withoutCounter(line)) else {
                Issue.record("Plugins.md line not in the build output, in order: \(line)\n\(run.shortened)")
                return
            }
            next = found + 1
        }
        // Failed checks run again: the next build fails too.
        let again = try DemoPackage.build()
        #expect(again.status != 0, "\(again)")
        #expect(again.output.contains("error: unknown state 'Transfering'"), "\(again)")
    }

    @Test func missingRequiredCallbackFailsTheBuildNamingIt() throws {
        try DemoPackage.reset()
        try DemoPackage.write("extension DownloadController {\n}\n", to: Self.failures)
        let run = try DemoPackage.build()
        #expect(run.status != 0, "\(run)")
        #expect(run.shortened.contains(
            "…/PluginDemo/Sources/Downloads/Download.lifecycle:38:13: error: Download.swift does not implement required 'download(_:didFailWith:)'"),
            "\(run)")
        #expect(run.output.contains("note: add to 'DownloadController': func download(_ download: Download, didFailWith error: any Error) { … }"))
    }

    @Test func configurationChoosesTheFilesAndRejectsUnknownKeys() throws {
        try DemoPackage.reset()
        try DemoPackage.write(#"{ "warningAsErrors": true }"#, to: Self.configuration)
        let misspelt = try DemoPackage.build()
        #expect(misspelt.status != 0, "\(misspelt)")
        #expect(misspelt.shortened.contains(
            "…/PluginDemo/Sources/Downloads/lifecycle.json:1:3: error: unknown key 'warningAsErrors' in the file; did you mean 'warningsAsErrors'?"),
            "\(misspelt)")
        // Checked against Download.swift alone, the delegate lacks the callback its extension implements.
        try DemoPackage.write(#"{ "specs": { "Download.lifecycle": { "swift": ["Download.swift"] } } }"#, to: Self.configuration)
        let narrowed = try DemoPackage.build()
        #expect(narrowed.status != 0, "\(narrowed)")
        #expect(narrowed.output.contains("does not implement required 'download(_:didFailWith:)'"), "\(narrowed)")
        // With no Swift files, the spec alone is checked: the check passes (and the Swift
        // compiler, not lifecycle, reports the missing protocol method).
        try DemoPackage.write(#"{ "specs": { "Download.lifecycle": { "swift": [] } } }"#, to: Self.configuration)
        try DemoPackage.write("extension DownloadController {\n}\n", to: Self.failures)
        let specOnly = try DemoPackage.build()
        #expect(specOnly.output.contains("lifecycle check Download.lifecycle"), "\(specOnly)")
        #expect(!specOnly.output.contains("does not implement required"), "\(specOnly)")
        #expect(specOnly.output.contains("does not conform to protocol 'DownloadDelegate'"), "\(specOnly)")
    }

    /// The target's Info.plist goes to the check (`--info-plist`) and is one of its inputs: a
    /// malformed one fails the build at its line, and fixing it runs the check again.
    @Test func infoPlistIsCheckedAndAnInputOfTheCheck() throws {
        try DemoPackage.reset()
        let plist = DemoPackage.target + "/Info.plist"
        try DemoPackage.write("<plist><dict><key>A</key></dict></plist>\n", to: plist)
        let broken = try DemoPackage.build()
        #expect(broken.status != 0, "\(broken)")
        #expect(broken.shortened.contains("…/PluginDemo/Sources/Downloads/Info.plist:1:19: error: key 'A' has no value"), "\(broken)")
        try DemoPackage.write("<plist><dict><key>A</key><true/></dict></plist>\n", to: plist)
        let fixed = try DemoPackage.build()
        #expect(fixed.status == 0, "\(fixed)")
        #expect(fixed.output.contains("lifecycle check Download.lifecycle"), "\(fixed)")
    }

    @Test func commandPluginUpdatesTheSkeletonAndDrawsTheDiagram() throws {
        try DemoPackage.reset()
        let finish = """
                func downloadDidFinish(_ download: Download) {
                    log.append("finished \\(download.name): \\(received) bytes")
                }

            """
        try DemoPackage.edit(Self.skeleton, replacing: finish, with: "")
        try FileManager.default.removeItem(atPath: DemoPackage.path(DemoPackage.target + "/Download.svg"))
        let run = try DemoPackage.swift(["package", "--allow-writing-to-package-directory", "lifecycle", "--target", "Downloads"])
        #expect(run.status == 0, "\(run)")
        #expect(run.output.contains("Sources/Downloads/Download.swift: note: added 'downloadDidFinish(_:)' to 'DownloadController'"), "\(run)")
        let skeleton = try DemoPackage.read(Self.skeleton)
        #expect(skeleton.contains("    func downloadDidFinish(_ download: Download) {\n    }\n"))
        #expect(!skeleton.contains("didFailWith error: any Error) {"), "the extension's callback is not added again")
        #expect(skeleton.contains("log.append(\"started \\(download.name)\")"), "the edits are kept")
        let diagram = try DemoPackage.read(DemoPackage.target + "/Download.svg")
        #expect(diagram.contains("<svg") && diagram.contains("Transferring"))
        let build = try DemoPackage.build()
        #expect(build.status == 0, "\(build)")

        let fresh = try DemoPackage.swift(["package", "--allow-writing-to-package-directory", "lifecycle",
                                           "swift", "dot", "--output-dir", "Generated"])
        #expect(fresh.status == 0, "\(fresh)")
        // The target's own files declare every type and callback, so a skeleton elsewhere would
        // declare them again (and the target would not build): nothing is written, with a note.
        #expect(fresh.output.contains("Generated/Download.swift: note: nothing to write: "), "\(fresh)")
        #expect(!FileManager.default.fileExists(atPath: DemoPackage.path("Generated/Download.swift")))
        #expect(try DemoPackage.read("Generated/Download.dot").hasPrefix("// Generated by lifecycle"))
        #expect(!FileManager.default.fileExists(atPath: DemoPackage.path("Generated/Download.svg")))
    }

    /// Issue 24, item 3: Linux has no sandbox to keep the command plugin inside the package,
    /// so it refuses every output that resolves outside it, and says so.
    @Test func commandPluginWritesNothingOutsideThePackage() throws {
        try DemoPackage.reset()
        let files = FileManager.default
        let build = (DemoPackage.root as NSString).deletingLastPathComponent
        let outside = build + "/outside", sibling = build + "/x"
        let absolute = NSTemporaryDirectory() + "lifecycle-absolute-\(UUID().uuidString)"
        let link = DemoPackage.path(DemoPackage.target + "/Download.dot")
        for path in [outside, sibling, absolute] { try? files.removeItem(atPath: path) }
        try files.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try files.createSymbolicLink(atPath: link, withDestinationPath: "../../../outside/evil.dot")
        defer {
            try? files.removeItem(atPath: link)
            for path in [outside, sibling, absolute] { try? files.removeItem(atPath: path) }
        }
        let linked = try DemoPackage.swift(["package", "--allow-writing-to-package-directory", "lifecycle", "dot", "--target", "Downloads"])
        #expect(linked.status != 0, "\(linked)")
        #expect(linked.output.contains("the output 'Sources/Downloads/Download.dot' resolves to '\(outside)/evil.dot', outside the package directory; not writing it"), "\(linked)")
        #expect(!files.fileExists(atPath: outside + "/evil.dot"))
        try files.removeItem(atPath: link)
        let up = try DemoPackage.swift(["package", "--allow-writing-to-package-directory", "lifecycle", "dot", "--output-dir", "../x"])
        #expect(up.status != 0, "\(up)")
        #expect(up.output.contains("the output folder ('--output-dir') '../x' resolves to '\(sibling)', outside the package directory"), "\(up)")
        #expect(!files.fileExists(atPath: sibling))
        let rooted = try DemoPackage.swift(["package", "--allow-writing-to-package-directory", "lifecycle", "dot", "--output-dir", absolute])
        #expect(rooted.status != 0, "\(rooted)")
        #expect(rooted.output.contains("'\(absolute)' is an absolute path; give a path relative to the package directory"), "\(rooted)")
        #expect(!files.fileExists(atPath: absolute) && !files.fileExists(atPath: DemoPackage.root + absolute))
    }

    @Test func commandPluginRejectsAnUnknownAction() throws {
        try DemoPackage.reset()
        let run = try DemoPackage.swift(["package", "--allow-writing-to-package-directory", "lifecycle", "diagram"])
        #expect(run.status != 0)
        #expect(run.output.contains("unknown argument 'diagram'; expected swift, render, dot, --target or --output-dir"), "\(run)")
    }

    /// The lines of the Plugins article's broken-build block (after its `$ swift build` line).
    static func articleBrokenBuild() throws -> [String] {
        let document = DocumentationFile.catalog + "Plugins.md"
        guard let block = try DocumentationFile(document).blocks.first(where: { $0.fence == "text" && $0.lines.first == "$ swift build" }) else {
            throw DemoPackage.Problem(message: "\(document) has no '$ swift build' text block")
        }
        return Array(block.lines.dropFirst())
    }

    /// `line` without a leading progress counter such as `[3/5] `.
    static func withoutCounter(_ line: String) -> String {
        guard line.hasPrefix("["), let close = line.firstIndex(of: "]"),
              line[line.index(after: line.startIndex)..<close].allSatisfy({ $0.isNumber || $0 == "/" }) else { return line }
        return String(line[line.index(after: close)...].drop { $0 == " " })
    }
}
