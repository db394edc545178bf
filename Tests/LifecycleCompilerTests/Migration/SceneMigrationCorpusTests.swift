import Foundation
import Testing
import LifecycleCompiler
@testable import LifecycleImplementation

/// `lifecycle migrate` on a corpus of app delegates written the way real apps write them
/// (`Fixtures/Migrations/README.md`). For every case: the warnings expected inline, the scene
/// delegate equal to its golden file, every moved body in it byte for byte, `swiftc -parse`
/// accepting it, and — where the workplace's iOS SDK type-check is installed — the app with the
/// scene delegate and the added configuration type-checking against Apple's real SDK, the
/// case's own types stubbed (`Stubs/`).
@Suite struct SceneMigrationCorpusTests {
    static let root = Repository.fixtures.appendingPathComponent("Migrations")

    static let cases: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [])
        .filter { !$0.contains(".") }.sorted()

    struct Run {
        var files: SourceFiles
        var sources: [SourceFile]
        var plan: SceneMigration.Plan?
        var diagnostics: Diagnostics
        var generated: String
        var folder: URL
        var plist: InfoPlist?
    }

    /// Plans and generates one case, files named as from its folder.
    static func run(_ name: String) throws -> Run {
        let folder = root.appendingPathComponent(name)
        let files = SourceFiles()
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let sources = try names.filter { $0.hasSuffix(".swift") }.map { name in
            files.add(path: name, bytes: Array(try Data(contentsOf: folder.appendingPathComponent(name))))
        }
        var diagnostics = Diagnostics()
        var plist: InfoPlist?
        if names.contains("Info.plist") {
            let (read, plistDiagnostics) = InfoPlist.read(files.add(path: "Info.plist", bytes: Array(try Data(contentsOf: folder.appendingPathComponent("Info.plist")))), in: files)
            plist = read
            diagnostics.append(contentsOf: plistDiagnostics)
        }
        let (plan, planDiagnostics) = SceneMigration.plan(sources, infoPlist: plist)
        diagnostics.append(contentsOf: planDiagnostics)
        let command = "lifecycle migrate " + sources.map(\.path).joined(separator: " ") + (plist == nil ? "" : " --info-plist Info.plist")
            + " -o SceneDelegate.swift"
        let generated = plan.map { String(decoding: SceneDelegateGenerator(plan: $0).generate(sources: sources.map(\.path).joined(separator: ", "),
                                                                                              command: command), as: UTF8.self) } ?? ""
        return Run(files: files, sources: sources, plan: plan, diagnostics: diagnostics, generated: generated, folder: folder, plist: plist)
    }

    @Test func corpusIsFound() {
        #expect(Self.cases.count >= 13)
    }

    /// The Info.plist, whatever its format and encoding, gets the manifest in that format and
    /// encoding: read back, it is the old dictionary and the manifest (issue 36, item 2).
    @Test(arguments: cases) func infoPlistEditReadsBack(_ name: String) throws {
        let run = try Self.run(name)
        guard let plist = run.plist, let plan = run.plan else { return }
        let edited = try SceneAdoptionEdits.updatedInfoPlist(plist, plan: plan).get()
        let files = SourceFiles()
        let again = try #require(InfoPlist.read(files.add(path: "Info.plist", bytes: edited), in: files).0)
        #expect(again.format == plist.format)
        #expect(again.declaresSceneManifest)
        let old = plist.list.values[plist.list.root].entries, new = again.list.values[again.list.root].entries
        #expect(new.map(\.key) == old.map(\.key) + [InfoPlist.sceneManifestKey])
        for (before, after) in zip(old, new) {
            #expect(plist.list.sameValue(before.value, as: after.value, in: again.list), "\(name): '\(before.key)' changed")
        }
        // Every old byte is there, in order, the manifest inserted in one piece (an empty
        // `<dict/>` is opened, which `PropertyListEditTests` checks byte for byte).
        if case .xml = plist.format, !plist.list.values[plist.list.root].content.isEmpty {
            let original = Array(plist.original.bytes)
            let prefix = zip(original, edited).prefix { $0 == $1 }.count
            let suffix = zip(original.reversed(), edited.reversed()).prefix { $0 == $1 }.count
            #expect(prefix + suffix >= original.count, "\(name): bytes of Info.plist changed")
        }
        if let storyboard = plist.mainStoryboard {
            #expect(SceneAdoptionEdits.configurationMethod(plan).contains("    configuration.storyboard = UIStoryboard(name: \"\(storyboard)\", bundle: nil)"))
        }
    }

    /// What the migration writes handles every way in both at launch and while running: the
    /// entry-point check of `check --impl` has nothing to say about the migrated app.
    @Test(arguments: cases) func migratedAppHandlesEveryEntryBothWays(_ name: String) throws {
        let run = try Self.run(name)
        let plan = try #require(run.plan)
        let scene = run.files.add(path: "SceneDelegate.swift", bytes: Array(run.generated.utf8))
        let program = SwiftProgram(files: run.sources + [scene])
        let diagnostics = SceneEntryPointCheck.check(program, appDelegate: plan.appDelegate)
        #expect(diagnostics.all.isEmpty, "\(name): \(diagnostics.all.map(\.message))")
    }

    @Test(arguments: cases) func warningsAreTheExpectedOnes(_ name: String) throws {
        let run = try Self.run(name)
        let result = FixtureVerifier.compare(files: run.files, diagnostics: run.diagnostics) { $0 }
        for problem in result.malformed { Issue.record("malformed expectation: \(problem)") }
        #expect(result.diff.isEmpty, "\(name):\n\(result.diff)")
        #expect(run.plan != nil, "\(name): no plan")
    }

    @Test(arguments: cases) func sceneDelegateIsTheGoldenOne(_ name: String) throws {
        let run = try Self.run(name)
        GoldenFile.check(run.generated, against: run.folder.appendingPathComponent("Expected/SceneDelegate.swift"))
    }

    /// Each moved body is in the scene delegate as it was, every byte between its braces.
    @Test(arguments: cases) func everyMovedBodyIsCarriedByteForByte(_ name: String) throws {
        let run = try Self.run(name)
        let plan = try #require(run.plan)
        #expect(!plan.moved.isEmpty)
        let generated = Array(run.generated.utf8)
        for moved in plan.moved {
            let body = try #require(moved.source.member.body)
            // As written, but for the `super.name` calls the migration names anew.
            var inner: [UInt8] = []
            var position = body.lowerBound + 1
            for (range, text) in moved.replacements.sorted(by: { $0.0.lowerBound < $1.0.lowerBound }) {
                inner += moved.source.file.bytes[position..<range.lowerBound] + Array(text.utf8)
                position = range.upperBound
            }
            inner += moved.source.file.bytes[position..<(body.upperBound - 1)]
            // The binding goes after the `{` line: the body from its next line on is intact.
            if moved.applicationBinding != nil, let newline = inner.firstIndex(of: UInt8(ascii: "\n")) {
                inner.removeSubrange(...newline)
            }
            while inner.first == UInt8(ascii: " ") { inner.removeFirst() }
            #expect(generated.firstRange(of: inner) != nil, "\(name): the body of \(moved.source.member.selector) is not in the scene delegate as it was")
        }
        if case .moved(let lines, let source, let replacements, _) = plan.window {
            for line in lines where !replacements.contains(where: { line.contains($0.0.lowerBound) }) {
                #expect(generated.firstRange(of: Array(source.file.bytes[line])) != nil, "\(name): a window line was not moved as it was")
            }
        }
    }

    @Test(arguments: cases) func sceneDelegateParses(_ name: String) throws {
        let run = try Self.run(name)
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("SceneDelegate.swift")
        try run.generated.write(to: file, atomically: true, encoding: .utf8)
        let result = try Shell.run("/usr/bin/env", ["swiftc", "-parse", file.path])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(name):\n\(result.stderr)")
    }

    /// The app as migrated: its files (the class declaration's with the configuration added, as
    /// `--update` adds it; private members the warnings name made internal, as they ask), the
    /// stubs, and the scene delegate, type-checked against Apple's iOS SDK.
    @Test(arguments: cases) func migratedAppTypeChecksAgainstTheIOSSDK(_ name: String) throws {
        guard let tool = IOSTypeCheck.tool else {
            print("iOS SDK type-check of the migration corpus skipped: \(IOSTypeCheck.missing)")
            return
        }
        let run = try Self.run(name)
        let plan = try #require(run.plan)
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for source in run.sources {
            var bytes = source === plan.home.file ? try SceneAdoptionEdits.updatedAppDelegate(plan).get() : Array(source.bytes)
            bytes = Self.madeInternal(bytes, file: source, as: run.diagnostics)
            let path = folder.appendingPathComponent(source.path).path
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
            paths.append(path)
        }
        for stub in try FileManager.default.contentsOfDirectory(atPath: run.folder.appendingPathComponent("Stubs").path) {
            let path = folder.appendingPathComponent("Stubs-" + stub).path
            try FileManager.default.copyItem(atPath: run.folder.appendingPathComponent("Stubs/" + stub).path, toPath: path)
            paths.append(path)
        }
        let scene = folder.appendingPathComponent("SceneDelegate.swift")
        try run.generated.write(to: scene, atomically: true, encoding: .utf8)
        paths.append(scene.path)
        for flags in [[], ["-D", "DEBUG"]] {
            let result = try Shell.run("/bin/bash", [tool] + paths + flags)
            #expect(result.status == 0 && !result.stdout.contains("error:") && !result.stderr.contains("error:"),
                    "\(name) \(flags):\n\(result.stdout)\(result.stderr)")
        }
    }

    /// The source with the `private`/`fileprivate` removed from each declaration a
    /// `migrateUsesPrivateMember` warning's note points at in `file`.
    static func madeInternal(_ bytes: [UInt8], file: SourceFile, as diagnostics: Diagnostics) -> [UInt8] {
        var bytes = bytes
        let offsets = diagnostics.all.filter { $0.id == "migrateUsesPrivateMember" }
            .compactMap { $0.notes.first?.range }.filter { $0.file == file.id }.map(\.startOffset).sorted(by: >)
        for offset in offsets {
            for modifier in ["fileprivate(set) ", "private(set) ", "fileprivate ", "private "] {
                let start = offset - modifier.utf8.count
                if start >= 0, Array(bytes[start..<offset]) == Array(modifier.utf8) {
                    bytes.removeSubrange(start..<offset)
                    break
                }
            }
        }
        return bytes
    }

    static func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-migrate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}

/// The workplace's type-check against Apple's real iOS SDK (`../shared/tools/ios-typecheck`),
/// when it and its SDK snapshot are on this machine.
enum IOSTypeCheck {
    static let script = IOSTypecheck.folder.path + "/ios-typecheck.sh"

    static let missing = "no ios-typecheck tool, or no iOS SDK snapshot for it, on this machine"

    /// The script, when it runs here (it exits 2 without its SDK snapshot).
    static let tool: String? = {
        guard FileManager.default.fileExists(atPath: script) else { return nil }
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-ios-probe-\(UUID().uuidString).swift")
        defer { try? FileManager.default.removeItem(at: probe) }
        guard (try? "import UIKit\n".write(to: probe, atomically: true, encoding: .utf8)) != nil,
              let result = try? Shell.run("/bin/bash", [script, probe.path]), result.status == 0 else { return nil }
        return script
    }()
}
