import Foundation
import Testing
import LifecycleCompiler

/// The `check --impl` corpus (`Fixtures/Implementations/README.md`): realistic delegate files,
/// each case a spec plus the Swift files given to `--impl` together, with the diagnostics
/// expected inline in all of them.
@Suite struct ImplementationFixtureTests {
    static let root = DiagnosticFixtureTests.fixturesRoot.appendingPathComponent("Implementations")

    static let cases: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [])
        .filter { !$0.contains(".") }.sorted()

    /// Compiles `Spec.lifecycle` of a case and checks it against every `.swift` file of the case
    /// and its `Info.plist`, if it has one. Files are named as from the case's folder
    /// (`AppDelegate.swift`), as a command run there names them. `lineEnd` replaces each LF of
    /// the Swift files (the fixtures are written with LF).
    static func run(_ name: String, lineEnd: String = "\n") throws -> (compilation: Compilation, result: FixtureVerifier.Result) {
        let folder = root.appendingPathComponent(name)
        let files = SourceFiles()
        func add(_ fileName: String) throws -> SourceFile {
            var bytes = Array(try Data(contentsOf: folder.appendingPathComponent(fileName)))
            if fileName.hasSuffix(".swift") && lineEnd != "\n" {
                bytes = bytes.flatMap { $0 == UInt8(ascii: "\n") ? Array(lineEnd.utf8) : [$0] }
            }
            return files.add(path: fileName, bytes: bytes)
        }
        let spec = try add("Spec.lifecycle")
        var compilation = Compiler.compile(spec, files: files, loader: { _, _ in .failure(LoadFailure("no imports here")) })
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let swiftFiles = try names.filter { $0.hasSuffix(".swift") }.map(add)
        var infoPlist: InfoPlist?
        if names.contains("Info.plist") {
            let (read, diagnostics) = InfoPlist.read(try add("Info.plist"), in: files)
            infoPlist = read
            compilation.diagnostics.append(contentsOf: diagnostics)
        }
        if let model = compilation.model {
            compilation.diagnostics.append(contentsOf: ImplementationCheck.check(model, against: swiftFiles, infoPlist: infoPlist))
        }
        let result = FixtureVerifier.compare(compilation) { $0 }
        return (compilation, result)
    }

    @Test(arguments: cases)
    func implementationCase(_ name: String) throws {
        let (compilation, result) = try Self.run(name)
        for problem in result.malformed { Issue.record("malformed expectation: \(problem)") }
        #expect(compilation.model != nil, "\(name): the spec itself has errors")
        #expect(result.diff.isEmpty, "\(name):\n\(result.diff)")
    }

    /// Issue 44: `--impl` read a Swift file with lone-CR (old Mac) or CR LF line ends as it
    /// reads the same file with LF: the same diagnostics at the same lines, and fix-its whose
    /// lines end as the file's do (the case a scene-phase switch lacks was offered only after an
    /// LF, and the `super` call and the case were inserted with an LF into a CR file).
    @Test(arguments: ["\r", "\r\n"])
    func everyLineEndReadsTheSame(_ lineEnd: String) throws {
        var fixIts = 0
        for name in Self.cases {
            let lf = try Self.run(name).compilation.diagnostics.all
            let other = try Self.run(name, lineEnd: lineEnd).compilation.diagnostics.all
            let render = { (d: Diagnostic) in "\(d.id) \(d.message) \(d.range.startOffset)" }
            let lfLines = lf.map { render($0) }
            if lineEnd == "\r" {
                // A lone CR is one byte, as LF: every offset is the same.
                #expect(other.map { render($0) } == lfLines, "\(name)")
            } else {
                #expect(other.map { "\($0.id) \($0.message)" } == lf.map { "\($0.id) \($0.message)" }, "\(name)")
            }
            for (a, b) in zip(lf, other) {
                #expect((a.fixIt == nil) == (b.fixIt == nil), "\(name): \(a.message)")
                guard let fixA = a.fixIt, let fixB = b.fixIt, fixA.replacement.contains("\n") else { continue }
                fixIts += 1
                #expect(fixB.replacement == fixA.replacement.replacingOccurrences(of: "\n", with: lineEnd), "\(name): \(a.message)")
            }
        }
        #expect(fixIts >= 2)
    }

    @Test func corpusIsFound() {
        #expect(Self.cases.count >= 10)
        #expect(Self.cases.contains("NoisyAppDelegate"))
    }

    /// The noisy case: many `application(_:…)` callbacks, one missing, and not one near-miss note.
    @Test func noisyAppDelegateHasNoNearMissNote() throws {
        let (compilation, _) = try Self.run("NoisyAppDelegate")
        let missing = compilation.diagnostics.all.filter { $0.id == "missingImplementation" }
        #expect(missing.count == 1)
        #expect(missing.first?.notes.contains { $0.message.contains("nearly matches") } == false)
        #expect(missing.first?.fixIt == nil)
    }

    /// A SwiftUI app: the phase change no handler tells apart gets a fix-it that adds its case
    /// to the App's `switch (oldPhase, newPhase)`; applied, the warning goes, and nothing else
    /// changes.
    @Test func scenePhaseFixItAddsTheCase() throws {
        let (compilation, _) = try Self.run("SwiftUINotes")
        let warning = try #require(compilation.diagnostics.all.first { $0.id == "phaseChangeNotDistinguished" && $0.fixIt != nil })
        let fixIt = try #require(warning.fixIt)
        let file = compilation.files[fixIt.range.file]
        #expect(file.path == "NotesApp.swift")
        #expect(fixIt.replacement == "            case (.background, .inactive):\n                break\n")
        var bytes = Array(file.bytes)
        bytes.replaceSubrange(fixIt.range.startOffset..<fixIt.range.endOffset, with: Array(fixIt.replacement.utf8))
        let folder = Self.root.appendingPathComponent("SwiftUINotes")
        let files = SourceFiles()
        let spec = files.add(path: "Spec.lifecycle", bytes: Array(try Data(contentsOf: folder.appendingPathComponent("Spec.lifecycle"))))
        let model = try #require(Compiler.compile(spec, files: files, loader: { _, _ in .failure(LoadFailure("none")) }).model)
        var swiftFiles: [SourceFile] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".swift") {
            swiftFiles.append(files.add(path: name, bytes: name == "NotesApp.swift" ? bytes : Array(try Data(contentsOf: folder.appendingPathComponent(name)))))
        }
        let after = ImplementationCheck.check(model, against: swiftFiles).all
        let before = compilation.diagnostics.all
        #expect(!after.contains { $0.id == "phaseChangeNotDistinguished" && $0.message.contains("'NotesApp'") })
        #expect(after.map(\.message) == before.map(\.message).filter { $0 != warning.message })
    }

    /// A near miss carries a fix-it that rewrites its signature, in the Swift file, to the exact one.
    @Test func nearMissFixItRewritesTheSignature() throws {
        let (compilation, _) = try Self.run("LabelOff")
        let diagnostic = try #require(compilation.diagnostics.all.first { $0.id == "missingImplementation" })
        let fixIt = try #require(diagnostic.fixIt)
        let file = compilation.files[fixIt.range.file]
        #expect(file.path == "SceneDelegate.swift")
        #expect(file.text(fixIt.range) == "func sceneDidEnterBackground(scene: UIScene)")
        #expect(fixIt.replacement == "func sceneDidEnterBackground(_ scene: UIScene)")
        // A view controller's fix-it adds the `override` the near miss lacks.
        let (vc, _) = try Self.run("ViewControllerLabel")
        let vcFix = try #require(vc.diagnostics.all.first { $0.id == "missingImplementation" }?.fixIt)
        #expect(vc.files[vcFix.range.file].text(vcFix.range) == "func viewWillAppear(animated: Bool)")
        #expect(vcFix.replacement == "override func viewWillAppear(_ animated: Bool)")
    }
}
