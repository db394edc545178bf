import Testing
import LifecycleCompiler

/// The fix-it that adds a framework's `import` to a spec (issue 44): it goes after the last
/// `import` line and ends its line as the spec's lines end, LF, CR LF or a lone CR (it looked
/// for LF only, so in a lone-CR spec it went to the end of the file, with an LF).
@Suite struct ImportFixItTests {
    static func fixIt(_ lineEnd: String) throws -> (offset: Int, replacement: String, expected: Int) {
        let spec = """
        import SwiftUI
        machine Scene {
            delegate SceneDelegate: UIResponder, UIWindowSceneDelegate
            initial state Idle
            Idle -> Idle on tick calls sceneDidBecomeActive(_:)
        }

        """.replacingOccurrences(of: "\n", with: lineEnd)
        let files = SourceFiles()
        let file = files.add(path: "Scene.lifecycle", bytes: Array(spec.utf8))
        let compilation = Compiler.compile(file, files: files, loader: { _, _ in .failure(LoadFailure("no imports here")) })
        let diagnostic = try #require(compilation.diagnostics.all.first { $0.id == "typeNeedsImport" })
        let fix = try #require(diagnostic.fixIt)
        return (fix.range.startOffset, fix.replacement, "import SwiftUI".utf8.count + lineEnd.utf8.count)
    }

    @Test(arguments: ["\n", "\r", "\r\n"])
    func theImportGoesAfterTheLastImportInTheFilesLineEnds(_ lineEnd: String) throws {
        let (offset, replacement, expected) = try Self.fixIt(lineEnd)
        #expect(offset == expected)
        #expect(replacement == "import UIKit" + lineEnd)
    }
}
