import Foundation
import Testing
import LifecycleCompiler

/// Full `DiagnosticRenderer` output (what goes to stderr) compared with golden files in
/// `Fixtures/Rendering/`. Run with `LIFECYCLE_RECORD=1` to rewrite the goldens; the test
/// still fails then, so a recording is never mistaken for a pass.
@Suite struct RenderingSnapshotTests {
    static let goldens = Repository.fixtures.appendingPathComponent("Rendering")

    static func render(_ source: String, path: String = "Spec.lifecycle", limit: Int = 50) -> String {
        let compilation = Compiler.compile(path: path, source: source)
        return DiagnosticRenderer(files: compilation.files, colors: false, limit: limit).render(compilation.diagnostics)
    }

    static func assertSnapshot(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = goldens.appendingPathComponent(name + ".txt")
        if ProcessInfo.processInfo.environment["LIFECYCLE_RECORD"] == "1" {
            try? FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
            try? Data(actual.utf8).write(to: url)
            Issue.record("recorded \(url.lastPathComponent); unset LIFECYCLE_RECORD and run again", sourceLocation: sourceLocation)
            return
        }
        guard let data = try? Data(contentsOf: url) else {
            Issue.record("no golden file \(url.path); run with LIFECYCLE_RECORD=1", sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard expected != actual else { return }
        Issue.record("rendering differs from \(url.lastPathComponent):\n\(lineDiff(expected, actual))", sourceLocation: sourceLocation)
    }

    /// A small line diff: `-` golden, `+` actual, for the lines that differ.
    static func lineDiff(_ expected: String, _ actual: String) -> String {
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var out: [String] = []
        for i in 0..<max(a.count, b.count) {
            let x = i < a.count ? String(a[i]) : nil, y = i < b.count ? String(b[i]) : nil
            if x == y { continue }
            if let x { out.append("-\(i + 1): \(x)") }
            if let y { out.append("+\(i + 1): \(y)") }
        }
        return out.joined(separator: "\n")
    }

    @Test func errorWithNotes() {
        Self.assertSnapshot(Self.render("""
        machine Scene {
            initial state Idle
            state Background
            state Background
            Idle -> Backgruond on go
            Background -> Idle on back
            Background -> Idle on back
        }
        """), named: "ErrorWithNotes")
    }

    /// Hangul syllables are two terminal cells wide: the caret is padded with two spaces for
    /// each, while the header's column counts characters.
    @Test func koreanTextBeforeTheCaret() {
        let rendered = Self.render("""
        machine 장면 "한국어 설명" {
            initial state 대기 "준비 중"
            대기 -> 없는상태 on 시작
        }
        """)
        Self.assertSnapshot(rendered, named: "Korean")
        // Independent of the golden: column 11 in the header, 12 cells of padding.
        #expect(rendered.hasPrefix("Spec.lifecycle:3:11: error: unknown state '없는상태'"))
        #expect(rendered.contains("\n      | " + String(repeating: " ", count: 12) + "^~~~~~~~\n"))
    }

    /// A tab before the error is copied into the caret line, so the caret lines up whatever
    /// the terminal's tab width.
    @Test func tabBeforeTheCaret() {
        let rendered = Self.render("machine M {\n\tinitial state A\n\tA -> B on go\n}\n")
        Self.assertSnapshot(rendered, named: "Tab")
        #expect(rendered.contains("\n      | \t     ^\n"))
    }

    @Test func veryLongLineIsAWindow() {
        let description = String(repeating: "long description ", count: 60)
        let rendered = Self.render("machine M {\n    initial state A \"\(description)\" B -> A on go\n}\n")
        Self.assertSnapshot(rendered, named: "LongLine")
        #expect(rendered.contains("| …"))
        #expect(rendered.split(separator: "\n").allSatisfy { $0.count < 420 })
    }

    @Test func errorCap() {
        // Syntax errors stop the graph checks, so the warnings come from a second, valid-syntax spec.
        let rendered = Self.render("""
        machine M {
            initial state A
            state B
            state C
            A -> B on go
            A -> C on go
            A -> C on other
            A -> C on other
            B -> A on back
            B -> A on back
            C -> A on back
        }
        """, limit: 1)
        Self.assertSnapshot(rendered, named: "ErrorCap")
        #expect(rendered.hasSuffix("note: 2 warnings not shown; use '--error-limit 0' to show every diagnostic\n"))
        let mixed = Self.render(String(repeating: "@\n", count: 4), limit: 2)
        #expect(mixed.hasSuffix("\nnote: 2 errors not shown; use '--error-limit 0' to show every diagnostic\n"))
        #expect(Self.render(String(repeating: "@\n", count: 4), limit: 0).components(separatedBy: ": error: ").count == 5)
    }
}
