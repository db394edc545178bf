import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import LifecycleCompiler
@testable import LifecycleGeneration

/// A system's sequence diagram (`render --system`, `export --to mermaid|plantuml --system`):
/// golden files of every system of the examples and golden specs in the three forms, the notes'
/// push and pop in their order, PlantUML's own check and drawing of every one, the SVG read back
/// as XML and as geometry (no text across a lifeline, text as large as the state diagrams'),
/// and the picture the README shows kept current (`DiagramLegibilityTests` reads it at the
/// README's width, as every picture the README shows).
@Suite struct SequenceDiagramTests {
    /// Every system of the examples and golden specs: its spec's base name, the model and the system.
    static func systems() throws -> [(base: String, spec: String, model: Model, system: System)] {
        var found: [(String, String, Model, System)] = []
        for spec in ExportTests.specs {
            let model = try ExportTests.model(spec)
            for system in model.systems { found.append((ExportTests.base(spec), spec, model, system)) }
        }
        return found
    }

    static func diagram(_ model: Model, _ system: System) -> SequenceDiagram {
        SequenceDiagram(model: model, system: system, runs: SequenceDiagram.coveringRuns(model: model, system: system))
    }

    static func exported(_ format: ExportFormat, _ spec: String, _ model: Model, _ system: System) -> String {
        let command = "lifecycle export \(spec) --to \(format.rawValue) --system \(system.name)"
        return String(decoding: format.generate(model: model, options: .init(system: system.name), specPath: spec, command: command),
                      as: UTF8.self)
    }

    static func svg(_ spec: String, _ model: Model, _ system: System) -> String {
        let command = "lifecycle render \(spec) --system \(system.name) -o \(ExportTests.base(spec))-\(system.name).svg"
        return String(decoding: SequenceSVGGenerator(diagram: diagram(model, system)).generate(specPath: spec, command: command),
                      as: UTF8.self)
    }

    @Test("every system's sequence diagram matches its golden files: Mermaid, PlantUML and SVG")
    func golden() throws {
        let folder = Repository.fixtures.appendingPathComponent("Export")
        let systems = try Self.systems()
        #expect(systems.count >= 3)
        for (base, spec, model, system) in systems {
            let name = "\(base).\(system.name).sequence"
            GoldenFile.check(Self.exported(.mermaid, spec, model, system), against: folder.appendingPathComponent("\(name).mmd"))
            GoldenFile.check(Self.exported(.plantuml, spec, model, system), against: folder.appendingPathComponent("\(name).puml"))
            GoldenFile.check(Self.svg(spec, model, system), against: folder.appendingPathComponent("\(name).svg"))
        }
    }

    @Test("the notes' push and pop: each callback on its controller, in the order the log shows")
    func pushAndPopInTheNotesOrder() throws {
        let model = try ExportTests.model("Examples/NavigationLifecycle.lifecycle")
        let system = try #require(model.system(named: "Navigation"))
        let diagram = Self.diagram(model, system)
        let lines = diagram.groups.map { group in
            diagram.label(group) + ": " + group.messages.map { "\(system.instances[diagram.instance($0)].name) \(diagram.text($0))" }
                .joined(separator: ", ")
        }
        #expect(lines == [
            "launch (by system): Root loadView(), Root viewDidLoad(), Root viewWillAppear(_:), Root viewIsAppearing(_:), Root viewDidAppear(_:)",
            "push (by user): Second new Second, Second loadView(), Second viewDidLoad(), Root viewWillDisappear(_:), Second viewWillAppear(_:), Second viewIsAppearing(_:), Root viewDidDisappear(_:), Second viewDidAppear(_:)",
            "pop (by user): Second viewWillDisappear(_:), Root viewWillAppear(_:), Root viewIsAppearing(_:), Second viewDidDisappear(_:), Root viewDidAppear(_:)",
        ])
        // User events are solid arrows, system events dashed, in every form.
        let mermaid = Self.exported(.mermaid, "Examples/NavigationLifecycle.lifecycle", model, system)
        #expect(mermaid.contains("p0-->>p1: loadView()") && mermaid.contains("p0->>p1: viewWillDisappear(_:)"))
        let plantUML = Self.exported(.plantuml, "Examples/NavigationLifecycle.lifecycle", model, system)
        #expect(plantUML.contains("p0 --> p1 : loadView()") && plantUML.contains("p0 -> p1 : viewWillDisappear(_:)"))
        let drawing = SVGDrawing(svg: Self.svg("Examples/NavigationLifecycle.lifecycle", model, system))
        let loadView = try #require(drawing.edges.first { $0.texts.map(\.content) == ["loadView()"] })
        let hide = try #require(drawing.edges.first { $0.texts.map(\.content) == ["viewWillDisappear(_:)"] })
        #expect(loadView.head == "Root" && hide.head == "Root")
        let source = Self.svg("Examples/NavigationLifecycle.lifecycle", model, system)
        #expect(source.contains("stroke-dasharray=\"5,3\"/>\n<polygon"), "a system event's arrow is dashed")
    }

    @Test("plantuml -checkonly accepts every sequence export, and draws each without an error")
    func plantUML() throws {
        guard let plantuml = try ToolRequirement.find("plantuml", package: "plantuml") else { return }
        let folder = try ExportToolTests.folder("sequence")
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for (base, spec, model, system) in try Self.systems() {
            let url = folder.appendingPathComponent("\(base)-\(system.name).puml")
            try Self.exported(.plantuml, spec, model, system).write(to: url, atomically: true, encoding: .utf8)
            paths.append(url.path)
        }
        let check = try Shell.run(plantuml, ["-checkonly"] + paths)
        #expect(check.status == 0, "plantuml rejected a sequence export:\n\(check.stdout)\(check.stderr)")
        let drawn = try Shell.run(plantuml, ["-tsvg", "-failfast2"] + paths)
        #expect(drawn.status == 0 && drawn.stderr.isEmpty, "\(drawn.stderr)")
        for path in paths {
            let svg = try String(contentsOfFile: String(path.dropLast(".puml".count)) + ".svg", encoding: .utf8)
            #expect(svg.contains("<svg") && !svg.contains("Syntax Error"), "\(path)")
        }
    }

    @Test("the SVG is well-formed XML; no text crosses a lifeline; text is never smaller than the state diagrams'")
    func svgReadsWell() throws {
        for (_, spec, model, system) in try Self.systems() {
            let source = Self.svg(spec, model, system)
            let parser = XMLParser(data: Data(source.utf8))
            #expect(parser.parse(), "\(spec) \(system.name): \(parser.parserError.map { "\($0)" } ?? "")")
            let drawing = SVGDrawing(svg: source)
            #expect(drawing.nodes.count == system.instances.count + 1)
            // Every lifeline is a vertical line at its header's centre.
            let lifelines = drawing.nodes.compactMap { $0.box.map { ($0.minX + $0.maxX) / 2 } }
            for edge in drawing.edges {
                for text in edge.texts {
                    for x in lifelines { #expect(!(text.box.minX < x && x < text.box.maxX), "\(spec): '\(text.content)' crosses a lifeline") }
                }
            }
            // The state diagrams' smallest text is 9 pt (their edge labels and legend).
            #expect(drawing.texts.allSatisfy { $0.fontSize >= 9 })
        }
    }

    @Test("a system with too many composed states gets no planned sequence on its Markdown page, but a way to draw one")
    func markdownOfALargeSystem() throws {
        let model = try #require(Compiler.compile(path: "Rings.lifecycle", source: SystemQueryTests.rings(5)).model)
        let system = try #require(model.system(named: "Rings"))
        #expect(!SequenceDiagram.isSmall(system, limit: MarkdownGenerator.searchLimit))
        let page = String(decoding: ExportFormat.markdown.body(model: model), as: UTF8.self)
        #expect(page.contains("### Sequence\n\nMore than 16384 composed states: draw a sequence of chosen events with `lifecycle render SPEC --system Rings --events …`.\n"))
        #expect(!page.contains("sequenceDiagram"))
        let small = try #require(Compiler.compile(path: "Rings.lifecycle", source: SystemQueryTests.rings(2)).model)
        #expect(String(decoding: ExportFormat.markdown.body(model: small), as: UTF8.self).contains("```mermaid\nsequenceDiagram\n"))
    }

    /// `render --system -o x.png|pdf`: Graphviz draws `SequenceDOTGenerator`'s graph without
    /// moving anything (`-Kneato -n2`). Its own SVG of that graph, read back, has every text of
    /// the layout where the layout anchors it (the start of a left-aligned cell, or the middle)
    /// and on its baseline within a point or so, in a page of the layout's size.
    @Test("Graphviz draws the sequence layout where it is laid out, text by text")
    func graphvizKeepsTheLayout() throws {
        guard let dot = try GraphvizRequirement.dot() else { return }
        for (_, _, model, system) in try Self.systems() {
            let diagram = Self.diagram(model, system)
            let layout = SequenceLayout(diagram: diagram)
            let graph = Data(SequenceDOTGenerator(diagram: diagram).graph())
            let drawn = try Shell.run(dot, ["-Kneato", "-n2", "-Tsvg"], input: graph)
            #expect(drawn.status == 0 && !drawn.stderr.contains("Warning"), "\(system.name): \(drawn.stderr)")
            let svg = drawn.stdout
            let top = try #require(svg.range(of: "<svg ")).lowerBound
            let root = svg[top...].prefix { $0 != ">" }
            let size = { (name: String) in Double(SVGDrawing.attribute(name, in: root)?.dropLast(2) ?? "") ?? -1 }
            #expect(abs(size("width") - layout.width) < 1 && abs(size("height") - layout.height) < 1, "\(system.name): \(root)")
            var texts: [(string: String, anchor: String, x: Double, y: Double)] = []
            var rest = svg[...]
            while let start = rest.range(of: "<text "), let close = rest.range(of: "</text>", range: start.upperBound..<rest.endIndex) {
                let tag = rest[start.lowerBound...].prefix { $0 != ">" }
                texts.append((SVGDrawing.unescape(String(rest[rest.index(after: tag.endIndex)..<close.lowerBound])),
                               SVGDrawing.attribute("text-anchor", in: tag) ?? "",
                               SVGDrawing.attribute("x", in: tag).flatMap(Double.init) ?? .nan,
                               SVGDrawing.attribute("y", in: tag).flatMap(Double.init) ?? .nan))
                rest = rest[close.upperBound...]
            }
            let laidOut = layout.groups.flatMap(\.marks).compactMap { mark -> SequenceLayout.Text? in
                if case .text(let text) = mark { return text } else { return nil }
            }
            #expect(texts.count == laidOut.count, "\(system.name)")
            for text in laidOut {
                // Graphviz's SVG puts the page's bottom at y = 0, above it negative.
                // A middle-anchored text is where it is laid out give or take the difference
                // between the face's widths and Helvetica's (Graphviz writes where it starts).
                let width = TextMetrics.helveticaWidth(text.string, fontSize: text.size)
                let found = texts.first {
                    let x = $0.anchor == "start" ? $0.x : $0.x - width / 2
                    let expected = text.anchor == .start ? text.x : text.x - width / 2
                    return $0.string == text.string && abs(x - expected) < (text.anchor == .start ? 1 : 1 + width * 0.1)
                        && abs($0.y - (text.y - layout.height)) < 1
                }
                #expect(found != nil, "\(system.name): '\(text.string)' not at (\(text.x), \(text.y - layout.height)): \(texts.filter { $0.string == text.string })")
            }
        }
    }

    @Test("the README's sequence diagram is what 'render --system' draws today")
    func examplePicture() throws {
        let model = try ExportTests.model("Examples/NavigationLifecycle.lifecycle")
        let system = try #require(model.system(named: "Navigation"))
        let command = "lifecycle render Examples/NavigationLifecycle.lifecycle --system Navigation -o Examples/NavigationLifecycle-Navigation.sequence.svg"
        let bytes = SequenceSVGGenerator(diagram: Self.diagram(model, system))
            .generate(specPath: "Examples/NavigationLifecycle.lifecycle", command: command)
        GoldenFile.check(String(decoding: bytes, as: UTF8.self),
                         against: Repository.examples.appendingPathComponent("NavigationLifecycle-Navigation.sequence.svg"))
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("](Examples/NavigationLifecycle-Navigation.sequence.svg)"))
    }
}
