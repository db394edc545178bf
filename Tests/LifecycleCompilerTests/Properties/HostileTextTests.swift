import Foundation
import Testing
import LifecycleCompiler

/// Hostile text in the outputs that the golden files don't cover: diagnostics (text and
/// JSON) whose excerpt line holds controls and bidirectional overrides.
@Suite struct HostileTextTests {
    @Test("a message quoting a name shows its bidi override and controls escaped")
    func message() {
        let compilation = Compiler.compile(path: "Hostile.lifecycle", source: "machine M {\n initial state A\n A -> B\u{202E}x on go\n}\n")
        let text = DiagnosticRenderer(files: compilation.files).render(compilation.diagnostics)
        #expect(text.contains(#"unexpected character '\u{202E}'"#), "\(text)")
        #expect(!text.unicodeScalars.contains { $0 != "\n" && VisibleText.isHidden($0) }, "\(text)")
    }

    /// A line with a right-to-left override, a C1 CSI, an escape and a NUL written raw in a
    /// comment, then an error after them.
    static let source = "machine M {\n    initial state A\n    /* \u{202E}evil\u{9B}31m\u{1B}[2J\u{0} */ A -> A on go calls nope \"\u{202E}\"\n}\n"

    @Test("a diagnostic excerpt prints no control or bidi character, and its caret still lines up")
    func excerpt() throws {
        let compilation = Compiler.compile(path: "Hostile.lifecycle", source: Self.source)
        let text = DiagnosticRenderer(files: compilation.files).render(compilation.diagnostics)
        #expect(!text.isEmpty)
        let hidden = text.unicodeScalars.filter { $0 != "\n" && VisibleText.isHidden($0) }
        #expect(hidden.isEmpty, "raw \(hidden.map { String($0.value, radix: 16) }) in:\n\(text)")
        // Shown as escapes, as everywhere else.
        #expect(text.contains(#"/* \u{202E}evil\u{9B}31m\u{1B}[2J\u{0} */"#), "\(text)")
        // The caret sits under 'nope', counting the width of each escape.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let excerpt = try #require(lines.firstIndex { $0.contains("calls nope") })
        let codeColumn = try #require(lines[excerpt].range(of: "nope")).lowerBound
        let caretColumn = try #require(lines[excerpt + 1].firstIndex(of: "^"))
        #expect(lines[excerpt].distance(from: lines[excerpt].startIndex, to: codeColumn)
                == lines[excerpt + 1].distance(from: lines[excerpt + 1].startIndex, to: caretColumn))
    }

    @Test("JSON diagnostics parse, and escape every invisible character")
    func json() throws {
        let compilation = Compiler.compile(path: "Hostile\u{202E}.lifecycle", source: Self.source)
        let json = DiagnosticJSON.render(compilation.diagnostics, files: compilation.files)
        #expect((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil, "\(json)")
        let raw = json.unicodeScalars.filter { $0 != "\n" && VisibleText.isHidden($0) }
        #expect(raw.isEmpty, "raw \(raw.map { String($0.value, radix: 16) }) in \(json)")
    }
}
