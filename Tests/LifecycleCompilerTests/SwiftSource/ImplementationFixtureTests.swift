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
    /// (`AppDelegate.swift`), as a command run there names them.
    static func run(_ name: String) throws -> (compilation: Compilation, result: FixtureVerifier.Result) {
        let folder = root.appendingPathComponent(name)
        let files = SourceFiles()
        func add(_ fileName: String) throws -> SourceFile {
            files.add(path: fileName, bytes: Array(try Data(contentsOf: folder.appendingPathComponent(fileName))))
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
