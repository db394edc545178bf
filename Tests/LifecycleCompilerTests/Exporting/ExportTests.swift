import Foundation
import Testing
import LifecycleCompiler
@testable import LifecycleGeneration

/// `lifecycle export`: golden files of every format for every example and golden spec, the
/// committed Markdown pages of the examples, hostile text, headers, and the real tools
/// (`plantuml -checkonly`, Qt's `qscxmlc`) over the examples and random specs.
@Suite struct ExportTests {
    /// Every spec exported in the golden tests: the examples and the golden fixtures.
    static let specs: [String] = GeneratorGoldenTests.exampleSpecs.map { "Examples/\($0)" }
        + GeneratorGoldenTests.goldenSpecs.map { "Golden/\($0)" }

    static func url(_ spec: String) -> URL {
        spec.hasPrefix("Examples/") ? Repository.root.appendingPathComponent(spec)
            : Repository.fixtures.appendingPathComponent(spec)
    }

    static func model(_ spec: String) throws -> Model {
        try GeneratorGoldenTests.model(url(spec), displayPath: spec)
    }

    static func base(_ spec: String) -> String {
        String(spec.split(separator: "/").last!.dropLast(".lifecycle".count))
    }

    static func export(_ format: ExportFormat, _ spec: String, model: Model) -> String {
        let command = "lifecycle export \(spec) --to \(format.rawValue)"
        return String(decoding: format.generate(model: model, specPath: spec, command: command), as: UTF8.self)
    }

    @Test("every format of every example and golden spec matches its golden file", arguments: specs)
    func golden(_ spec: String) throws {
        let model = try Self.model(spec)
        for format in ExportFormat.allCases {
            let folder = Repository.fixtures.appendingPathComponent("Export")
            GoldenFile.check(Self.export(format, spec, model: model),
                             against: folder.appendingPathComponent("\(Self.base(spec)).\(format.fileExtension)"))
        }
    }

    @Test("examples: the committed Markdown page is what 'export --to markdown' writes", arguments: GeneratorGoldenTests.exampleSpecs)
    func exampleMarkdown(_ name: String) throws {
        let base = String(name.dropLast(".lifecycle".count))
        let model = try Self.model("Examples/\(name)")
        let page = ExportFormat.markdown.generate(
            model: model, specPath: "Examples/\(name)",
            command: "lifecycle export Examples/\(name) --to markdown -o Examples/\(base).md")
        GoldenFile.check(String(decoding: page, as: UTF8.self), against: Repository.examples.appendingPathComponent("\(base).md"))
        // …and Examples/README.md links to it.
        let readme = try String(contentsOf: Repository.examples.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("(\(base).md)"), "Examples/README.md does not link \(base).md")
    }

    @Test("an export reads back as untouched, and as edited once changed", arguments: ExportFormat.allCases)
    func header(_ format: ExportFormat) throws {
        let model = try Self.model("Examples/SceneLifecycle.lifecycle")
        let bytes = format.generate(model: model, specPath: "Scene.lifecycle", command: "lifecycle export Scene.lifecycle --to \(format.rawValue) -o x")
        #expect(GeneratedFileHeader.status(of: bytes) == .untouched)
        #expect(GeneratedFileHeader.status(of: bytes + Array("x\n".utf8)) == .edited)
    }

    @Test("a header stays a comment whatever the path and command hold", arguments: ExportFormat.allCases)
    func hostileHeader(_ format: ExportFormat) throws {
        let model = try Self.model("Golden/Composite.lifecycle")
        let path = "a -->b ?> --!> <!-- \u{202E}\n.lifecycle"
        let text = String(decoding: format.generate(model: model, specPath: path, command: "lifecycle export \(path)"), as: UTF8.self)
        let header = text.components(separatedBy: "\n\n")[0].split(separator: "\n")
        #expect(header.count == 3, "\(header)")
        let style = format.commentStyle
        for line in header {
            #expect(line.hasPrefix(style.prefix) && line.hasSuffix(style.suffix))
            let inner = line.dropFirst(style.prefix.count).dropLast(style.suffix.count)
            for (forbidden, _) in style.forbidden { #expect(!inner.contains(forbidden), "\(line)") }
        }
        #expect(GeneratedFileHeader.status(of: Array(text.utf8)) == .untouched)
    }

    @Test("the same model exports the same bytes", arguments: GeneratorGoldenTests.exampleSpecs)
    func deterministic(_ name: String) throws {
        let first = try Self.model("Examples/\(name)"), second = try Self.model("Examples/\(name)")
        for format in ExportFormat.allCases {
            #expect(format.body(model: first) == format.body(model: second), "\(format)")
        }
    }

    @Test("--machine exports one machine of several")
    func oneMachine() throws {
        let model = try Self.model("Examples/SceneLifecycle.lifecycle")
        for format in ExportFormat.allCases {
            let text = String(decoding: format.body(model: model, options: .init(machine: "Scene")), as: UTF8.self)
            #expect(text.contains("Unattached"), "\(format)")
            #expect(!text.contains("NotRunning"), "\(format)")
        }
    }

    // MARK: - Escaping

    /// The injection strings the DOT and Swift tests use, and a few of each format's own.
    static let hostile = [
        "\"quoted\" \\ backslash \\N \\n */ /* // <b>bold</b> &amp; { } [[link]] | pipe | `code` #hash; %% comment",
        "\u{202E}override\u{202C} \u{200F}mark \u{2066}isolate\u{2069} \u{0}nul \u{7}bell \u{1B}[2J \u{9B}31m \u{FEFF}bom",
        "line\nbreak\r\nand\u{2028}separator\u{85}next\ttab",
        "한국어 설명 😀 👩‍👩‍👧 État",
        "-- --> <!-- ?> @startuml @enduml **bold** //it// __u__ ~~w~~ <color:red> %date() $x$ @mention 1. # heading",
    ]

    static func hasHidden(_ text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first { $0 != "\n" && VisibleText.isHidden($0) || $0 == "\u{85}" || $0 == "\r" }
    }

    @Test("Mermaid text: no quote, entity start, statement end, markup or line break survives raw")
    func mermaidEscape() {
        for text in Self.hostile {
            let escaped = MermaidGenerator.escape(text)
            #expect(Self.hasHidden(escaped) == nil, "\(escaped)")
            for raw in ["\"", "#quot", ";", "<b>", "&", "{", "}", "[", "|", "%", "`", "\\", "\n"] {
                let cleaned = escaped.replacingOccurrences(of: "<br>", with: "").replacingOccurrences(of: "#quot;", with: "")
                    .replacingOccurrences(of: #"#\d+;"#, with: "", options: .regularExpression)
                #expect(!cleaned.contains(raw), "raw \(raw) in \(escaped)")
            }
        }
        #expect(MermaidGenerator.escape("a \"b\" #c; 한 😀") == "a #quot;b#quot; #35;c#59; 한 😀")
    }

    @Test("PlantUML text: quotes, markup, creole pairs and preprocessor calls are codes")
    func plantUMLEscape() {
        for text in Self.hostile {
            let escaped = PlantUMLGenerator.escape(text)
            #expect(Self.hasHidden(escaped) == nil, "\(escaped)")
            let cleaned = escaped.replacingOccurrences(of: #"<U\+[0-9A-F]{4,6}>"#, with: "", options: .regularExpression)
                .replacingOccurrences(of: "\\n", with: "")
            for raw in ["\"", "<", ">", "\\", "[", "~", "%", "**", "//", "__", "--", "\n"] {
                #expect(!cleaned.contains(raw), "raw \(raw) in \(escaped)")
            }
        }
        #expect(PlantUMLGenerator.escape("a \"b\" **c**") == "a <U+0022>b<U+0022> *<U+002A>c*<U+002A>")
    }

    @Test("XML attributes and comments: entities, no '--' in a comment, no raw control character")
    func xmlEscape() throws {
        for text in Self.hostile {
            let attribute = XMLText.escaped(text)
            #expect(Self.hasHidden(attribute) == nil && !attribute.contains("\n"), "\(attribute)")
            for raw in ["\"", "<", ">", "'"] { #expect(!attribute.contains(raw), "raw \(raw) in \(attribute)") }
            let comment = SCXMLGenerator.comment(text)
            #expect(!comment.contains("--") && !comment.hasSuffix("-") && Self.hasHidden(comment) == nil, "\(comment)")
        }
        #expect(XMLText.escaped("a&b<\"c\">\n") == "a&amp;b&lt;&quot;c&quot;&gt;&#10;")
        #expect(SCXMLGenerator.comment("a -- b -") == "a - - b - ")
    }

    @Test("Markdown text: table pipes, HTML, emphasis, mentions and math are escaped")
    func markdownEscape() {
        for text in Self.hostile {
            let escaped = MarkdownGenerator.text(text)
            #expect(Self.hasHidden(escaped) == nil && !escaped.contains("\n"), "\(escaped)")
            // Every markup character is preceded by a backslash.
            var previous: Character = " "
            var backslashes = 0
            for character in escaped.replacingOccurrences(of: "<br>", with: "") {
                if "|<>*_`[]{}#~&$@".contains(character) { #expect(previous == "\\" && backslashes % 2 == 1, "raw \(character) in \(escaped)") }
                backslashes = character == "\\" ? backslashes + 1 : 0
                previous = character
            }
        }
        #expect(MarkdownGenerator.text("a | b <i>") == #"a \| b \<i\>"#)
        #expect(MarkdownGenerator.text("- item") == #"\- item"#)
        #expect(MarkdownGenerator.text("1. first") == #"1\. first"#)
    }

    @Test("the hostile golden spec: no hidden character reaches any export raw")
    func hostileSpec() throws {
        let model = try Self.model("Golden/Hostile.lifecycle")
        for format in ExportFormat.allCases {
            let text = String(decoding: format.body(model: model), as: UTF8.self)
            #expect(Self.hasHidden(text) == nil, "\(format): raw U+\(String(Self.hasHidden(text)!.value, radix: 16))")
        }
    }
}

extension ExportTests {
    @Test("a spec without machines exports documents without states, which the tools accept")
    func noMachines() throws {
        let model = try #require(Compiler.compile(path: "Types.lifecycle", source: "protocol P { func f() }\n").model)
        #expect(model.machines.isEmpty)
        #expect(String(decoding: ExportFormat.scxml.body(model: model), as: UTF8.self).hasSuffix("name=\"Types\"/>\n"))
        #expect(String(decoding: ExportFormat.markdown.body(model: model), as: UTF8.self) == "# Types\n\nNo machines.\n")
        #expect(String(decoding: ExportFormat.mermaid.body(model: model), as: UTF8.self) == "stateDiagram-v2\n")
        #expect(String(decoding: ExportFormat.plantuml.body(model: model), as: UTF8.self) == "@startuml\nhide empty description\ntitle Types\n@enduml\n")
    }
}

extension ExportTests {
    @Test("a system's Markdown section lists its instances and its events with the interleaved callbacks")
    func markdownSystemSection() throws {
        let source = """
            protocol LightDelegate {
                func lightDidTurnOn()
                func lightDidTurnOff()
            }
            machine Light {
                delegate Lamp: LightDelegate
                initial state On
                state Off
                state Broken
                Off -> On on switchOn calls lightDidTurnOn()
                On -> Off on switchOff calls lightDidTurnOff()
                On -> Broken on smash
                Broken -> Off on repair
            }
            system Pair "Two | lights." {
                instance Left: Light "l|1"
                instance Right: Light
                on swap by user: Left.switchOff, Right.switchOff "Left off, then right off."
                on back when Left is Off and Right is Off: Left.switchOn, Right.switchOn
            }
            """
        let result = Compiler.compile(path: "Pair.lifecycle", source: source)
        let model = try #require(result.model)
        let page = String(decoding: ExportFormat.markdown.body(model: model), as: UTF8.self)
        #expect(page.hasPrefix("# Pair\n\nMachines: `Light`.\n\nSystems: `Pair`.\n"))
        #expect(page.contains("\n## Pair\n\nTwo \\| lights.\n\n### Instances\n\n| Instance | Machine | Label |\n|---|---|---|\n| `Left` | `Light` | l\\|1 |\n| `Right` | `Light` |  |\n"))
        #expect(page.contains("| `back` |  | when `Left is Off` and `Right is Off`: `Left.switchOn`, `Right.switchOn` | 1. `Left`: `lightDidTurnOn()`<br>2. `Right`: `lightDidTurnOn()` |  |\n"))
        #expect(page.contains("| `swap` | user | `Left.switchOff`, `Right.switchOff` | 1. `Left`: `lightDidTurnOff()`<br>2. `Right`: `lightDidTurnOff()` | Left off, then right off. |\n"))
        // Asking for one machine leaves systems out.
        let machineOnly = String(decoding: ExportFormat.markdown.body(model: model, options: .init(machine: "Light")), as: UTF8.self)
        #expect(!machineOnly.contains("Pair"))
    }
}
