import Testing
import LifecycleCompiler
@testable import LifecycleGeneration

/// `--update`: a grown spec adds its new callbacks to an edited file and changes nothing else.
@Suite struct SwiftUpdaterTests {
    static let small = """
    import UIKit
    machine Scene {
        delegate SceneDelegate: UIResponder, UIWindowSceneDelegate
        initial state Background
        state Foreground
        Background -> Foreground on reopen by user calls sceneWillEnterForeground(_:)
        Foreground -> Background on leave by user calls sceneDidEnterBackground(_:)
    }
    """

    static let grown = """
    import UIKit
    machine Scene {
        delegate SceneDelegate: UIResponder, UIWindowSceneDelegate
        initial state Background
        state Foreground
        Background -> Foreground on reopen by user calls sceneWillEnterForeground(_:), sceneDidBecomeActive(_:)
        Foreground -> Background on leave by user calls sceneWillResignActive(_:), sceneDidEnterBackground(_:)
    }
    """

    static func model(_ source: String) throws -> Model {
        try #require(Compiler.compile(path: "Scene.lifecycle", source: source).model)
    }

    /// The user's edited file: generated once, then changed by hand.
    static let edited = """
    import UIKit

    // My app's scene delegate.
    class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        var window: UIWindow?
        private var coordinator = "kept as written"

        func sceneWillEnterForeground(_ scene: UIScene) {
            print("back")   // user code
        }

        func sceneDidEnterBackground(_ scene: UIScene) {
            save()
        }

        func save() {}
    }

    extension SceneDelegate {
        func sceneDidBecomeActive(_ scene: UIScene) { resume() }
        func resume() {}
    }
    """

    @Test func addsOnlyMissingCallbacksAndKeepsEveryOtherByte() throws {
        let update = try SwiftUpdater.update(Array(Self.edited.utf8), model: Self.model(Self.grown)).get()
        #expect(update.added.map(\.selector) == ["sceneWillResignActive(_:)"])
        let text = String(decoding: update.bytes, as: UTF8.self)
        // Everything the user wrote is still there, in order.
        let original = Self.edited.split(separator: "\n", omittingEmptySubsequences: false)
        let updated = text.split(separator: "\n", omittingEmptySubsequences: false)
        var position = 0
        for line in original {
            guard let found = updated[position...].firstIndex(of: line) else {
                Issue.record("lost line: \(line)")
                return
            }
            position = found + 1
        }
        // The new method sits inside the class, indented, with its documentation.
        #expect(text.contains("""
                save()
            }

            func save() {}

            /// Runs when `Scene` goes `Foreground → Background` on `leave` (by user), callback 1 of 2.
            func sceneWillResignActive(_ scene: UIScene) {
            }
        }

        extension SceneDelegate {
        """))
    }

    /// Issue 17: a CRLF file gets CRLF lines, and the top-level class is the one updated, not
    /// a nested class of the same name.
    @Test func crlfFilesAndNestedNamesakes() throws {
        let file = "import UIKit\r\n\r\nenum Outer {\r\n    class SceneDelegate {\r\n    }\r\n}\r\n\r\nclass SceneDelegate: UIResponder, UIWindowSceneDelegate {\r\n}\r\n"
        guard case .success(let update) = SwiftUpdater.update(Array(file.utf8), model: try Self.model(Self.small)) else {
            Issue.record("update failed")
            return
        }
        let text = String(decoding: update.bytes, as: UTF8.self)
        #expect(update.added.count == 2)
        // Every line feed comes after a carriage return.
        #expect(!update.bytes.enumerated().contains { $0.element == UInt8(ascii: "\n") && ($0.offset == 0 || update.bytes[$0.offset - 1] != UInt8(ascii: "\r")) }, "\(text)")
        // The nested class is untouched; the methods went into the top-level one.
        #expect(text.hasPrefix("import UIKit\r\n\r\nenum Outer {\r\n    class SceneDelegate {\r\n    }\r\n}\r\n"), "\(text)")
        let topLevel = try #require(text.range(of: "class SceneDelegate: UIResponder"))
        #expect(text[topLevel.upperBound...].contains("func sceneWillEnterForeground"), "\(text)")
    }

    /// Issue 24: a file whose lines end in a lone CR got LF lines in the middle of it, and the
    /// updater looked for blank lines, empty bodies and indentation by LF only. Whatever its line
    /// ends, a file gets the text an LF file gets, with its own line ends.
    @Test(arguments: ["\r\n", "\r"])
    func insertedTextFollowsTheFilesLineEnds(_ ending: String) throws {
        let files = [
            "import UIKit\n\nenum Outer {\n    class SceneDelegate {\n    }\n}\n\nclass SceneDelegate: UIResponder, UIWindowSceneDelegate {\n}\n",
            "import UIKit\n\nenum Outer {\n    class SceneDelegate: UIResponder, UIWindowSceneDelegate {\n        var window: UIWindow?\n\n    }\n}\n",
            Self.edited,
        ]
        for file in files {
            let lf = try SwiftUpdater.update(Array(file.utf8), model: Self.model(Self.small)).get()
            let other = try SwiftUpdater.update(Array(file.replacingOccurrences(of: "\n", with: ending).utf8), model: Self.model(Self.small)).get()
            #expect(other.added.map(\.selector) == lf.added.map(\.selector))
            let expected = String(decoding: lf.bytes, as: UTF8.self).replacingOccurrences(of: "\n", with: ending)
            #expect(String(decoding: other.bytes, as: UTF8.self) == expected, "\(String(decoding: other.bytes, as: UTF8.self).debugDescription)")
        }
    }

    /// A SwiftUI view's callbacks are modifiers in its body: `--update` adds nothing to its
    /// struct, only the app delegate class's missing callback.
    @Test func swiftUIStructsAreLeftAlone() throws {
        let spec = """
        import SwiftUI
        import UIKit
        machine Editor {
            delegate NoteEditor: View
            initial state Created
            state Visible
            Created -> Visible on push calls onAppear(perform:)
            Visible -> Created on pop calls onDisappear(perform:)
        }
        machine Delegate {
            delegate AppDelegate: NSObject, UIApplicationDelegate
            initial state Running
            Running -> Running on terminate calls applicationWillTerminate(_:)
        }
        """
        let edited = """
        import SwiftUI

        struct NoteEditor: View {
            var body: some View {
                Text("note").onAppear { }
            }
        }

        final class AppDelegate: NSObject, UIApplicationDelegate {
        }

        """
        let update = try SwiftUpdater.update(Array(edited.utf8), model: try Self.model(spec)).get()
        #expect(update.added.map(\.selector) == ["applicationWillTerminate(_:)"])
        let text = String(decoding: update.bytes, as: UTF8.self)
        #expect(text.hasPrefix(String(edited.prefix(while: { $0 != "f" }))))
        #expect(!text.contains("func onDisappear"))
        // A file with the view alone has no class to update, and the message names only classes.
        let viewOnly = String(edited.prefix { $0 != "f" })
        guard case .failure(let failure) = SwiftUpdater.update(Array(viewOnly.utf8), model: try Self.model(spec)) else {
            Issue.record("a file without the delegate class was updated")
            return
        }
        #expect(failure.message == "no delegate class of the spec ('AppDelegate') is declared or extended in this file")
    }

    @Test func nothingMissingLeavesTheFileIdentical() throws {
        let update = try SwiftUpdater.update(Array(Self.edited.utf8), model: Self.model(Self.small))
            .get()
        #expect(update.added.isEmpty)
        #expect(update.bytes == Array(Self.edited.utf8))
    }

    @Test func updatedGeneratedFileEqualsFreshGenerationOfMethods() throws {
        let generated = SwiftGenerator(model: try Self.model(Self.small)).body()
        let update = try SwiftUpdater.update(generated, model: Self.model(Self.grown)).get()
        #expect(update.added.map(\.selector) == ["sceneDidBecomeActive(_:)", "sceneWillResignActive(_:)"])
        #expect(SwiftSourceScanner(bytes: update.bytes).methods(ofClass: "SceneDelegate").map(\.selector).sorted()
            == ["sceneDidBecomeActive(_:)", "sceneDidEnterBackground(_:)", "sceneWillEnterForeground(_:)", "sceneWillResignActive(_:)"])
    }

    /// A near miss is not an implementation, and `--update` adds no stub beside it: the stub
    /// would make `check --impl` pass while the code stays in the method UIKit never calls.
    @Test func aNearMissStopsTheUpdate() throws {
        let source = """
        class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            func sceneWillEnterForeground(scene: UIScene) { reload() }
        }
        """
        guard case .failure(let failure) = SwiftUpdater.update(Array(source.utf8), model: try Self.model(Self.small)) else {
            Issue.record("a stub was added beside a near miss")
            return
        }
        let diagnostic = try #require(failure.diagnostics.all.first)
        #expect(failure.diagnostics.all.count == 1 && diagnostic.id == "updateBesideNearMiss")
        #expect(diagnostic.message == "'sceneWillEnterForeground(scene:)' nearly matches 'sceneWillEnterForeground(_:)', but its first argument label is 'scene', not '_'; '--update' adds no 'sceneWillEnterForeground(_:)' beside it")
        #expect(diagnostic.fixIt?.replacement == "func sceneWillEnterForeground(_ scene: UIScene)")
        #expect(failure.message.contains("'--fix-near-misses'"))
        // `--fix-near-misses` renames it (its label only) and adds what is really missing.
        let fixed = try SwiftUpdater.update(Array(source.utf8), model: Self.model(Self.small), fixingNearMisses: true).get()
        #expect(fixed.renamed.map(\.to) == ["sceneWillEnterForeground(_:)"])
        #expect(fixed.added.map(\.selector) == ["sceneDidEnterBackground(_:)"])
        let text = String(decoding: fixed.bytes, as: UTF8.self)
        #expect(text.contains("    func sceneWillEnterForeground(_ scene: UIScene) { reload() }\n"))
        let again = try SwiftUpdater.update(fixed.bytes, model: Self.model(Self.small)).get()
        #expect(again.added.isEmpty && again.renamed.isEmpty)
    }

    /// Only names and labels are renamed: a near miss by its types stops even `--fix-near-misses`.
    @Test func aNearMissByTypeIsNotRenamed() throws {
        let source = """
        class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            func sceneWillEnterForeground(_ scene: UIWindowScene) {}
            func sceneDidEnterBackground(_ scene: UIScene) {}
        }
        """
        guard case .failure(let failure) = SwiftUpdater.update(Array(source.utf8), model: try Self.model(Self.small), fixingNearMisses: true) else {
            Issue.record("a near miss by type was renamed or stubbed beside")
            return
        }
        #expect(failure.diagnostics.all.first?.notes.contains { $0.message.contains("renames only names and argument labels") } == true)
    }

    /// `import` declarations are read as the compiler reads them: one inside a comment or a
    /// string literal is none, one under a `#if` goes after its `#endif`.
    @Test func importsAreReadAsCode() throws {
        let source = #"""
        import UIKit
        /* import CloudKit */
        #if canImport(os)
        import os
        #endif
        let banner = """
        import CloudKit
        """

        class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            func sceneWillEnterForeground(_ scene: UIScene) {}
            func sceneDidEnterBackground(_ scene: UIScene) {}
        }
        """#
        let update = try SwiftUpdater.update(Array(source.utf8), model: Self.model(Self.sharing)).get()
        #expect(update.imports == ["CloudKit"])
        let text = String(decoding: update.bytes, as: UTF8.self)
        #expect(text.hasPrefix("import UIKit\n/* import CloudKit */\n#if canImport(os)\nimport os\n#endif\nimport CloudKit\nlet banner"), "\(text)")
    }

    /// A grown spec whose new callback takes a CloudKit type: the update adds `import CloudKit`
    /// after the file's imports (once), or the file would no longer compile.
    static let sharing = """
    import UIKit
    machine Scene {
        delegate SceneDelegate: UIResponder, UIWindowSceneDelegate
        initial state Background
        state Foreground
        Background -> Foreground on reopen by user calls sceneWillEnterForeground(_:)
        Foreground -> Background on leave by user calls sceneDidEnterBackground(_:)
        Foreground -> Foreground on accept by user calls windowScene(_:userDidAcceptCloudKitShareWith:)
    }
    """

    @Test func aCallbackFromAnotherFrameworkImportsIt() throws {
        let update = try SwiftUpdater.update(Array(Self.edited.utf8), model: Self.model(Self.sharing)).get()
        #expect(update.added.map(\.selector) == ["windowScene(_:userDidAcceptCloudKitShareWith:)"])
        #expect(update.imports == ["CloudKit"])
        let text = String(decoding: update.bytes, as: UTF8.self)
        #expect(text.hasPrefix("import UIKit\nimport CloudKit\n\n// My app's scene delegate.\n"), "\(text)")
        // Already imported: nothing to add.
        let again = try SwiftUpdater.update(update.bytes, model: Self.model(Self.sharing)).get()
        #expect(again.imports.isEmpty && again.bytes == update.bytes)
        #expect(SwiftUpdater.importedModules(Array("@preconcurrency import struct CloudKit.CKShare\n  import UIKit".utf8)) == ["CloudKit", "UIKit"])
    }

    @Test func aFileWithoutTheDelegateClassIsAnError() throws {
        let result = SwiftUpdater.update(Array("class Other {}\n".utf8), model: try Self.model(Self.small))
        guard case .failure(let failure) = result else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.message.contains("'SceneDelegate'"))
    }
}

/// The header hash tells untouched generated files from edited ones.
@Suite struct GeneratedFileHeaderTests {
    @Test func statusOfGeneratedEditedAndForeignFiles() {
        let generated = GeneratedFileHeader.file(Printer(), specPath: "A.lifecycle", command: "lifecycle swift A.lifecycle", note: nil) {
            $0.line("class A {}")
        }.bytes
        #expect(GeneratedFileHeader.status(of: generated) == .untouched)
        var edited = generated
        edited.append(contentsOf: Array("// mine\n".utf8))
        #expect(GeneratedFileHeader.status(of: edited) == .edited)
        #expect(GeneratedFileHeader.status(of: Array("class A {}\n".utf8)) == .notGenerated)
        #expect(GeneratedFileHeader.status(of: []) == .notGenerated)
    }

    @Test func sha256MatchesKnownVectors() {
        #expect(SHA256.hex(Array("".utf8)) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(Array(String(repeating: "a", count: 1000).utf8)).hasPrefix("41edece42d63e8d9bf515a9ba6932e1c"))
    }
}
