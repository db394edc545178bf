import Foundation
import Testing
import LifecycleCompiler

/// Hostile text in every output (issue 17, items 2, 3 and 12): entities, controls and bidi
/// controls, and strings longer than Graphviz reads, in DOT, Swift doc comments, and
/// `trace`/`simulate` text. `Robustness.md` (the DocC catalog) states the promises.
@Suite struct HostileOutputTests {
    /// Every hidden character `VisibleText` names, one of each.
    static let hidden = "\u{1}\u{7}\u{1B}[2J\u{7F}\u{85}\u{9B}31m\u{61C}\u{200E}\u{200F}\u{2028}\u{202A}\u{202E}\u{2066}\u{2069}\u{FEFF}"

    static let spec = """
    protocol P { func f() }
    machine M "m &#1; \(hidden)" {
        delegate D: P
        initial state A "&#1; &lt;b&gt;bold&lt;/b&gt; &#x202E; &amp; \(hidden)"
        state B "b"
        A -> B on go calls f "edge &#1; \(hidden)"
        B -> A on back
    }

    """

    static func dot(_ source: String, clusters: Bool = true) throws -> String {
        let compilation = Compiler.compile(path: "Hostile.lifecycle", source: source)
        let model = try #require(compilation.model, "\(DiagnosticRenderer(files: compilation.files).render(compilation.diagnostics))")
        return String(decoding: DotGenerator(model: model, options: .init(clusters: clusters)).body(), as: UTF8.self)
    }

    @Test("DOT: every '&' is written '&amp;', so Graphviz decodes no entity from user text")
    func ampersands() throws {
        let dot = try Self.dot(Self.spec)
        #expect(dot.contains("&amp;#1;") && dot.contains("&amp;lt;b&amp;gt;bold") && dot.contains("&amp;amp;"))
        // No '&' that is not the start of '&amp;'.
        var rest = Substring(dot)
        while let index = rest.firstIndex(of: "&") {
            #expect(rest[index...].hasPrefix("&amp;"), "raw '&' at: \(rest[index...].prefix(30))")
            rest = rest[rest.index(after: index)...]
        }
    }

    @Test("DOT: controls and bidi controls are shown as \\u{…}, never written raw")
    func hiddenInDot() throws {
        let dot = try Self.dot(Self.spec)
        let raw = dot.unicodeScalars.filter { $0 != "\n" && VisibleText.isHidden($0) }
        #expect(raw.isEmpty, "raw \(raw.map { String($0.value, radix: 16) })")
        // In a DOT string `\\` is one backslash: the label shows `\u{202E}`.
        for escape in [#"\\u{1B}"#, #"\\u{9B}"#, #"\\u{61C}"#, #"\\u{202E}"#, #"\\u{2066}"#, #"\\u{FEFF}"#] {
            #expect(dot.contains(escape), "\(escape) missing")
        }
    }

    @Test("DOT: a string longer than Graphviz reads is split into pieces joined with '+'")
    func longStrings() throws {
        let long = String(repeating: "x", count: 40_000) + "é" + String(repeating: #"\\\""#, count: 9_000)
        let callbacks = "calls " + (0..<3_000).map { "f\($0)" }.joined(separator: ", ")
        let source = "protocol P {\n" + (0..<3_000).map { "func f\($0)()\n" }.joined() + "}\n"
            + "machine M {\n delegate D: P\n initial state A \"\(long)\"\n A -> A on go \(callbacks)\n}\n"
        let dot = try Self.dot(source)
        // Every quoted piece is under Graphviz 2.43's 16,384 bytes.
        var longest = 0, current = 0, inString = false, escaped = false
        for byte in dot.utf8 {
            if inString {
                current += 1
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    longest = max(longest, current)
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
                current = 0
            }
        }
        #expect(longest < 16_384, "a quoted string of \(longest) bytes")
        #expect(dot.contains(#"" + ""#))
        if let tool = try GraphvizRequirement.dot() {
            let result = try Shell.run(tool, ["-Tsvg"], input: Data(dot.utf8))
            #expect(result.status == 0, "\(result.stderr)")
            // Joined back: the whole description is in the SVG's tooltip, in one piece.
            #expect(result.stdout.contains(String(repeating: "x", count: 40_000) + "é"))
        }
    }

    @Test("SVG rendered from hostile descriptions is well-formed XML with no raw control or bidi character")
    func svg() throws {
        guard let tool = try GraphvizRequirement.dot() else { return }
        for clusters in [true, false] {
            let result = try Shell.run(tool, ["-Tsvg"], input: Data(try Self.dot(Self.spec, clusters: clusters).utf8))
            #expect(result.status == 0, "\(result.stderr)")
            let raw = result.stdout.unicodeScalars.filter { $0 != "\n" && VisibleText.isHidden($0) }
            #expect(raw.isEmpty, "raw \(raw.map { String($0.value, radix: 16) }) in the SVG")
            // No character reference a parser would decode into a control or bidi character,
            // and no markup from the description.
            #expect(!result.stdout.contains("&#1;") && !result.stdout.contains("&#x202E;") && !result.stdout.contains("<b>"))
            #expect(result.stdout.contains("&amp;#1;"))
        }
    }

    @Test("Swift doc comments show every hidden character as \\u{…}")
    func docComments() throws {
        let model = try #require(Compiler.compile(path: "Hostile.lifecycle", source: Self.spec).model)
        let swift = String(decoding: SwiftGenerator(model: model).body(), as: UTF8.self)
        let raw = swift.unicodeScalars.filter { $0 != "\n" && VisibleText.isHidden($0) }
        #expect(raw.isEmpty, "raw \(raw.map { String($0.value, radix: 16) })")
        #expect(swift.contains(#"\u{61C}"#) && swift.contains(#"\u{202E}"#) && swift.contains(#"\u{9B}"#))
    }

    @Test("trace and simulate text show descriptions on one line, hidden characters escaped")
    func queries() throws {
        let source = "machine M {\n initial state A\n state B\n A -> B on go \"retitle \\u{1B}]0;pwned\\u{7} clear \\u{1B}[2J csi \\u{9B}2J \\u{202E}rtl\\nnext line\"\n B -> A on back\n}\n"
        let model = try #require(Compiler.compile(path: "Q.lifecycle", source: source).model)
        let machine = model.machines[0]
        let formatter = QueryFormatter(model: model, machine: machine)
        let target = try #require(machine.states.firstIndex { $0.name == "B" })
        let steps = Tracer.transitionsInto(target, in: machine)
        let text = formatter.text(into: target, steps: steps)
        let raw = text.unicodeScalars.filter { $0 != "\n" && VisibleText.isHidden($0) }
        #expect(raw.isEmpty, "raw \(raw.map { String($0.value, radix: 16) }) in:\n\(text)")
        #expect(text.contains(#""retitle \u{1B}]0;pwned\u{7} clear \u{1B}[2J csi \u{9B}2J \u{202E}rtl\u{A}next line""#), "\(text)")
    }

    @Test("one set of hidden characters for every output")
    func hiddenSet() {
        let hidden: [Unicode.Scalar] = ["\u{0}", "\u{1}", "\u{7}", "\n", "\r", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}", "\u{61C}", "\u{200E}",
                                        "\u{200F}", "\u{2028}", "\u{2029}", "\u{202A}", "\u{202E}", "\u{2066}", "\u{2069}", "\u{FEFF}"]
        for scalar in hidden {
            #expect(VisibleText.isHidden(scalar), "U+\(String(scalar.value, radix: 16))")
        }
        for scalar in ["a", "\t", "é", "한", "😀", "\u{200D}", "\u{A0}"] as [Unicode.Scalar] {
            #expect(!VisibleText.isHidden(scalar), "U+\(String(scalar.value, radix: 16))")
        }
        #expect(VisibleText.escaped("a\u{202E}b\nc", keepLineFeeds: true) == "a\\u{202E}b\nc")
        #expect(Diagnostic.oneLine("x\u{2066}y\tz") == "x\\u{2066}y\\tz")
    }
}
