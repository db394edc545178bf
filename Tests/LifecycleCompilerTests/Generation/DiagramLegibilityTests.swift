import Foundation
import Testing
import LifecycleCompiler
import SpecGeneration

/// Whether people can read the diagrams, measured on the SVG Graphviz drew (`SVGDrawing`):
/// every example (the committed `Examples/*.svg`, which `GeneratorGoldenTests` keeps equal to
/// what `dot` draws) and 30 specs of the benchmark's generator at 10 to 40 states, drawn here.
///
/// A drawing fails when two labels overlap, when an edge runs through a label that is not its
/// own, through a state or through the legend, or when a label stands farther than
/// `farLabel` from its own edge. The pictures the README and the Markdown pages show must also
/// be readable at the width GitHub shows them (`readableAtPageWidth`).
@Suite struct DiagramLegibilityTests {
    /// How far a label may stand from its edge, in points: about a line of text.
    static let farLabel = 12.0

    /// A label: the edges it belongs to (Graphviz's own label: its edge; a label node: the
    /// edges into and out of it), its box and its first line.
    struct Label {
        var edges: [Int]
        var box: SVGDrawing.Box
        var name: String
    }

    /// The drawing's labels: Graphviz's edge labels and the label nodes (`m0_t7`).
    static func labels(_ drawing: SVGDrawing) -> [Label] {
        var labels: [Label] = []
        for (index, edge) in drawing.edges.enumerated() {
            if let box = edge.label { labels.append(Label(edges: [index], box: box, name: edge.texts[0].content)) }
        }
        for node in drawing.nodes where isLabelNode(node.name) {
            guard let box = node.textBox else { continue }
            let edges = drawing.edges.indices.filter { drawing.edges[$0].tail == node.name || drawing.edges[$0].head == node.name }
            labels.append(Label(edges: edges, box: box, name: node.texts[0].content))
        }
        return labels
    }

    /// `m0_t7`: a transition's label drawn as a node of its own.
    static func isLabelNode(_ name: String) -> Bool {
        let parts = name.split(separator: "_")
        return parts.count == 2 && parts[0].hasPrefix("m") && parts[1].hasPrefix("t") && Int(parts[1].dropFirst()) != nil
    }

    /// What a node's id stands for, in a message: its first line of text, or the id.
    static func name(_ id: String, in drawing: SVGDrawing) -> String {
        drawing.nodes.first { $0.name == id }?.texts.first.map { "'\($0.content)'" } ?? id
    }

    /// Every legibility problem of a drawing, one line each.
    static func problems(_ drawing: SVGDrawing) -> [String] {
        var problems: [String] = []
        let labels = labels(drawing)
        for i in labels.indices {
            for j in labels.indices where j > i && labels[i].box.intersects(labels[j].box) {
                problems.append("the labels '\(labels[i].name)' and '\(labels[j].name)' overlap")
            }
        }
        // The states: nodes that draw a border and are not a point (an initial marker).
        let states = drawing.nodes.filter { node in
            !isLabelNode(node.name) && !node.name.hasPrefix("legend_") && (node.box.map { $0.width > 12 && $0.height > 12 } ?? false)
        }
        for (index, edge) in drawing.edges.enumerated() where !edge.tail.hasPrefix("legend_") {
            let name = "\(Self.name(edge.tail, in: drawing)) -> \(Self.name(edge.head, in: drawing))"
            for label in labels where !label.edges.contains(index) && edge.points.contains(where: label.box.contains) {
                problems.append("the edge \(name) runs through the label '\(label.name)'")
            }
            // A point short of the border: an edge ends on its node's border.
            for state in states where state.name != edge.tail && state.name != edge.head {
                if let box = state.box?.insetBy(1), edge.points.contains(where: box.contains) {
                    problems.append("the edge \(name) runs through the state \(Self.name(state.name, in: drawing))")
                }
            }
            if let legend = drawing.legend, edge.points.contains(where: legend.contains) {
                problems.append("the edge \(name) runs through the legend")
            }
        }
        for label in labels {
            let points = label.edges.flatMap { drawing.edges[$0].points }
            guard let distance = points.map({ label.box.distance(to: $0) }).min() else {
                problems.append("the label '\(label.name)' has no edge")
                continue
            }
            if distance > farLabel {
                problems.append("the label '\(label.name)' is \(Int(distance.rounded())) pt from its edge")
            }
        }
        return problems
    }

    static let examples: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Repository.examples.path)) ?? []
        return names.filter { $0.hasSuffix(".svg") && !$0.hasSuffix(".sequence.svg") }.sorted()
    }()

    @Test("every example's diagram is legible", arguments: examples)
    func exampleIsLegible(_ name: String) throws {
        let drawing = SVGDrawing(svg: try String(contentsOf: Repository.examples.appendingPathComponent(name), encoding: .utf8))
        #expect(drawing.edges.count >= 5, "no edges read from \(name)")
        #expect(Self.labels(drawing).count >= 3, "no labels read from \(name)")
        #expect(drawing.legend != nil, "no legend read from \(name)")
        #expect(Self.problems(drawing) == [])
    }

    /// The benchmark's synthetic specs, drawn here: unlike the examples, nobody arranged them.
    static let randomSpecs: [(states: Int, seed: UInt64)] = (0..<30).map { (index: Int) in
        (10 + index * 30 / 29, UInt64(index + 1))
    }

    @Test("the diagrams of 30 random specs of 10 to 40 states are legible", arguments: randomSpecs)
    func randomSpecIsLegible(states: Int, seed: UInt64) throws {
        guard let dot = try GraphvizRequirement.dot() else { return }
        let source = String(decoding: ScaledSpecGenerator(states: states, seed: seed).generate(), as: UTF8.self)
        let model = try #require(Compiler.compile(path: "Bench.lifecycle", source: source).model)
        let result = try Shell.run(dot, ["-Tsvg"], input: Data(DotGenerator(model: model).body()))
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "dot warned: \(result.stderr)")
        let drawing = SVGDrawing(svg: result.stdout)
        #expect(drawing.edges.count >= states)
        #expect(Self.problems(drawing) == [], "\(states) states, seed \(seed)")
    }

    /// The width GitHub shows a picture at, at most: the README's column, in pixels.
    static let pageWidth = 830.0

    /// The pictures the README and the Markdown pages under `Examples/` show (`![…](…)`), as
    /// their SVGs: a PNG is Graphviz's drawing of the SVG beside it, at 96 dpi.
    static let shownPictures: [String] = {
        var pictures: [String] = []
        let pages = [Repository.root.appendingPathComponent("README.md")]
            + ((try? FileManager.default.contentsOfDirectory(atPath: Repository.examples.path)) ?? [])
                .filter { $0.hasSuffix(".md") }.sorted().map { Repository.examples.appendingPathComponent($0) }
        for page in pages {
            let text = (try? String(contentsOf: page, encoding: .utf8)) ?? ""
            for reference in text.components(separatedBy: "](").dropFirst() {
                let target = String(reference.prefix { $0 != ")" })
                guard target.hasSuffix(".svg") || target.hasSuffix(".png"), !target.contains("://") else { continue }
                let path = page.deletingLastPathComponent().appendingPathComponent(String(target.dropLast(4)) + ".svg").standardized.path
                let relative = String(path.dropFirst(Repository.root.standardized.path.count + 1))
                if !pictures.contains(relative) { pictures.append(relative) }
            }
        }
        return pictures
    }()

    @Test("the README and the example pages show pictures")
    func picturesAreFound() {
        #expect(Self.shownPictures.contains("Examples/SceneLifecycle-Scene.svg"), "\(Self.shownPictures)")
        #expect(Self.shownPictures.count >= 5)
    }

    /// At most about 1,000 px wide (an SVG's point is 4/3 of a pixel), no wider than twice its
    /// height, and no text smaller than 10 px when the page shows it at most `pageWidth` wide.
    @Test("the pictures the pages show are readable at the page's width", arguments: shownPictures)
    func readableAtPageWidth(_ path: String) throws {
        let drawing = SVGDrawing(svg: try String(contentsOf: Repository.root.appendingPathComponent(path), encoding: .utf8))
        let pixels = drawing.width * 4 / 3
        #expect(pixels <= 1_000, "\(path) is \(Int(pixels)) px wide")
        #expect(drawing.width <= 2 * drawing.height, "\(path) is \(Int(drawing.width)) × \(Int(drawing.height)) pt")
        let smallest = try #require(drawing.texts.map(\.fontSize).min())
        let shown = smallest * 4 / 3 * min(1, Self.pageWidth / pixels)
        #expect(shown >= 10, "\(path): its \(smallest) pt text is \(shown) px at \(Int(Self.pageWidth)) px")
    }

    /// The estimate of a text's width against the width Graphviz itself gives it (the `w` of
    /// each text operation `T x y j w n -text` in its xdot output), within 5%.
    @Test func textWidthMatchesGraphviz() throws {
        guard let dot = try GraphvizRequirement.dot() else { return }
        let lines = ["application(_:willFinishLaunchingWithOptions:)", "sceneDidEnterBackground(_:)", "launchAfterClose",
                     "interrupt (user), alert (system)", "viewWillLayoutSubviews(),", "NotRunning", "Wide MW @ 100%"]
        var graph = "digraph { node [fontname=\"Helvetica\", fontsize=9];"
        for (index, line) in lines.enumerated() { graph += " n\(index) [label=\"\(line)\"];" }
        graph += " }"
        let xdot = try Shell.run(dot, ["-Txdot"], input: Data(graph.utf8)).stdout
        for line in lines {
            // `T 54 18 0 211 46 -application(…)`: the width follows the justification.
            let operation = try #require(xdot.components(separatedBy: " -\(line)").first?.split(separator: " ").suffix(2).first)
            let measured = try #require(Double(operation))
            let estimated = SVGDrawing.textWidth(line, fontSize: 9)
            #expect(abs(estimated - measured) <= measured * 0.05, "'\(line)': estimated \(estimated), Graphviz \(measured)")
        }
    }

    /// The check itself, on a drawing made up to hold one of each problem.
    @Test func eachProblemIsFound() {
        let svg = """
            <svg width="400pt" height="300pt">
            <g id="graph0" class="graph" transform="scale(1 1) rotate(0) translate(4 296)">
            <title>M</title>
            <polygon fill="white" stroke="transparent" points="-4,4 -4,-296 396,-296 396,4 -4,4"/>
            <text text-anchor="start" x="10" y="-10" font-family="Helvetica,sans-Serif" font-size="9.00">Legend</text>
            <polyline fill="none" stroke="black" points="10,-20 40,-20 "/>
            <!-- m0_s0 -->
            <g id="node1" class="node">
            <title>m0_s0</title>
            <path fill="none" stroke="black" d="M100,-200C100,-200 160,-200 160,-200 160,-200 160,-180 160,-180 160,-180 100,-180 100,-180 100,-180 100,-200 100,-200"/>
            <text text-anchor="middle" x="130" y="-186" font-family="Helvetica,sans-Serif" font-size="11.00">Idle</text>
            </g>
            <!-- m0_s0&#45;&gt;m0_s1 -->
            <g id="edge1" class="edge">
            <title>m0_s0&#45;&gt;m0_s1</title>
            <path fill="none" stroke="black" d="M130,-250C130,-230 130,-120 130,-100"/>
            <text text-anchor="middle" x="300" y="-150" font-family="Helvetica,sans-Serif" font-size="9.00">leave</text>
            </g>
            <!-- m0_s1&#45;&gt;m0_s2 -->
            <g id="edge2" class="edge">
            <title>m0_s1&#45;&gt;m0_s2</title>
            <path fill="none" stroke="black" d="M20,-60C20,-40 20,-20 20,-5"/>
            <text text-anchor="middle" x="302" y="-149" font-family="Helvetica,sans-Serif" font-size="9.00">reopen</text>
            </g>
            <!-- m0_t4 -->
            <g id="node2" class="node">
            <title>m0_t4</title>
            <text text-anchor="middle" x="130" y="-120" font-family="Helvetica,sans-Serif" font-size="9.00">wake</text>
            </g>
            <!-- m0_s2&#45;&gt;m0_t4 -->
            <g id="edge3" class="edge">
            <title>m0_s2&#45;&gt;m0_t4</title>
            <path fill="none" stroke="black" d="M60,-120C70,-190 90,-190 115,-190"/>
            </g>
            """
        #expect(Self.problems(SVGDrawing(svg: svg)) == [
            "the labels 'leave' and 'reopen' overlap",
            "the edge 'Idle' -> m0_s1 runs through the label 'wake'",
            "the edge m0_s1 -> m0_s2 runs through the legend",
            "the edge m0_s2 -> 'wake' runs through the state 'Idle'",
            "the label 'leave' is 158 pt from its edge",
            "the label 'reopen' is 280 pt from its edge",
            "the label 'wake' is 56 pt from its edge",
        ])
    }
}
