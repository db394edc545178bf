import Foundation
import Testing

/// Whether a learner can read the diagrams: reads the SVG Graphviz drew for each example (the
/// committed `Examples/*.svg`, which `GeneratorGoldenTests` keeps equal to what `dot` draws
/// from the generated DOT) and fails when two edge labels overlap, or when a self-loop runs
/// through a label (its own or another's).
@Suite struct DiagramLegibilityTests {
    /// One edge of the SVG: its title (`m0_s2->m0_s4`), the points of its path, and the box of
    /// its label's text lines (nil without a label).
    struct Edge {
        var title: String
        var points: [(x: Double, y: Double)]
        var label: Box?
        var firstLine: String

        var isSelfLoop: Bool {
            let ends = title.components(separatedBy: "->")
            return ends.count == 2 && ends[0] == ends[1]
        }
    }

    struct Box {
        var minX, minY, maxX, maxY: Double

        func intersects(_ other: Box) -> Bool {
            minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
        }

        func contains(_ point: (x: Double, y: Double)) -> Bool {
            minX < point.x && point.x < maxX && minY < point.y && point.y < maxY
        }

        func union(_ other: Box) -> Box {
            Box(minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
        }
    }

    /// The value of `name="…"` in `tag`.
    static func attribute(_ name: String, in tag: Substring) -> String? {
        guard let start = tag.range(of: " \(name)=\"") else { return nil }
        let rest = tag[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&#45;", with: "-").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&amp;", with: "&")
            .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&quot;", with: "\"")
    }

    /// The numbers of a path's `d` (`M x,y C x,y x,y x,y …`), as points, with each cubic
    /// Bézier segment sampled eight times.
    static func points(_ d: String) -> [(x: Double, y: Double)] {
        let numbers = d.split(whereSeparator: { !"0123456789.-".contains($0) }).compactMap { Double($0) }
        var raw: [(x: Double, y: Double)] = []
        var index = 0
        while index + 1 < numbers.count {
            raw.append((numbers[index], numbers[index + 1]))
            index += 2
        }
        guard var last = raw.first else { return [] }
        var sampled = [last]
        var segment = 1
        while segment + 2 < raw.count {
            let (p1, p2, p3) = (raw[segment], raw[segment + 1], raw[segment + 2])
            for step in 1...8 {
                let t = Double(step) / 8, u = 1 - t
                let x = u * u * u * last.x + 3 * u * u * t * p1.x + 3 * u * t * t * p2.x + t * t * t * p3.x
                let y = u * u * u * last.y + 3 * u * u * t * p1.y + 3 * u * t * t * p2.y + t * t * t * p3.y
                sampled.append((x, y))
            }
            last = p3
            segment += 3
        }
        return sampled
    }

    /// The edges of an SVG Graphviz wrote (`<g class="edge">` groups).
    static func edges(ofSVG svg: String) -> [Edge] {
        var result: [Edge] = []
        for group in svg.components(separatedBy: "class=\"edge\">").dropFirst() {
            // The group ends where the next node, edge or cluster comment starts.
            let body = group.components(separatedBy: "\n<!-- ").first ?? group
            guard let titleStart = body.range(of: "<title>"), let titleEnd = body.range(of: "</title>") else { continue }
            let title = unescape(String(body[titleStart.upperBound..<titleEnd.lowerBound]))
            var points: [(x: Double, y: Double)] = []
            if let pathStart = body.range(of: "<path ") {
                let tag = body[pathStart.lowerBound...].prefix { $0 != ">" }
                points = Self.points(attribute("d", in: tag) ?? "")
            }
            var label: Box?
            var firstLine = ""
            var rest = body[...]
            while let textStart = rest.range(of: "<text ") {
                let tag = rest[textStart.lowerBound...].prefix { $0 != ">" }
                guard let close = rest.range(of: "</text>", range: textStart.upperBound..<rest.endIndex) else { break }
                let content = unescape(String(rest[rest.index(after: tag.endIndex)..<close.lowerBound]))
                if firstLine.isEmpty { firstLine = content }
                if let x = attribute("x", in: tag).flatMap(Double.init), let y = attribute("y", in: tag).flatMap(Double.init),
                   let size = attribute("font-size", in: tag).flatMap(Double.init) {
                    // Helvetica's characters average about half the font size in width; the
                    // baseline is at y, capitals reach about 0.75 of the size above it.
                    let width = Double(content.count) * size * 0.5
                    let box = Box(minX: x - width / 2, minY: y - size * 0.75, maxX: x + width / 2, maxY: y + size * 0.2)
                    label = label.map { $0.union(box) } ?? box
                }
                rest = rest[close.upperBound...]
            }
            result.append(Edge(title: title, points: points, label: label, firstLine: firstLine))
        }
        return result
    }

    /// Every legibility problem of a drawing, one line each.
    static func problems(inSVG svg: String) -> [String] {
        let edges = edges(ofSVG: svg)
        var problems: [String] = []
        for i in edges.indices {
            for j in edges.indices where j > i {
                if let a = edges[i].label, let b = edges[j].label, a.intersects(b) {
                    problems.append("the labels of \(edges[i].title) '\(edges[i].firstLine)' and \(edges[j].title) '\(edges[j].firstLine)' overlap")
                }
            }
        }
        for loop in edges where loop.isSelfLoop {
            for other in edges {
                if let box = other.label, loop.points.contains(where: { box.contains($0) }) {
                    problems.append("the self-loop \(loop.title) '\(loop.firstLine)' runs through the label '\(other.firstLine)'")
                }
            }
        }
        return problems
    }

    static let examples = ["AppLifecycle", "SceneLifecycle", "ViewControllerLifecycle", "MediaPlayer"]

    @Test("no example's diagram has overlapping labels or a loop through a label", arguments: examples)
    func exampleIsLegible(_ name: String) throws {
        let svg = try String(contentsOf: Repository.examples.appendingPathComponent("\(name).svg"), encoding: .utf8)
        let edges = Self.edges(ofSVG: svg)
        #expect(edges.count >= 5, "no edges read from \(name).svg")
        #expect(edges.contains { $0.label != nil })
        #expect(Self.problems(inSVG: svg) == [])
    }

    /// The check itself: two labels drawn at the same place, and a self-loop through its own
    /// label (as Graphviz drew the examples before their labels got nodes of their own).
    @Test func overlapsAndLoopsThroughLabelsAreFound() {
        let svg = """
            <g id="edge1" class="edge">
            <title>m0_s2&#45;&gt;m0_s4</title>
            <path fill="none" stroke="black" d="M10,-10C20,-10 30,-10 40,-10"/>
            <text text-anchor="middle" x="100" y="-50" font-family="Helvetica,sans-Serif" font-size="9.00">leave</text>
            </g>
            <!-- m0_s4&#45;&gt;m0_s2 -->
            <g id="edge2" class="edge">
            <title>m0_s4&#45;&gt;m0_s2</title>
            <path fill="none" stroke="black" d="M40,-12C30,-12 20,-12 10,-12"/>
            <text text-anchor="middle" x="102" y="-49" font-family="Helvetica,sans-Serif" font-size="9.00">reopen</text>
            </g>
            <!-- m0_s1&#45;&gt;m0_s1 -->
            <g id="edge3" class="edge">
            <title>m0_s1&#45;&gt;m0_s1</title>
            <path fill="none" stroke="black" d="M300,-200C330,-200 360,-205 360,-210 360,-215 330,-220 300,-220"/>
            <text text-anchor="middle" x="350" y="-207" font-family="Helvetica,sans-Serif" font-size="9.00">memoryWarning</text>
            </g>
            """
        #expect(Self.problems(inSVG: svg) == [
            "the labels of m0_s2->m0_s4 'leave' and m0_s4->m0_s2 'reopen' overlap",
            "the self-loop m0_s1->m0_s1 'memoryWarning' runs through the label 'memoryWarning'",
        ])
    }
}
