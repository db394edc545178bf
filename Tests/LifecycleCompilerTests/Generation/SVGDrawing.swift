import Foundation
import LifecycleCompiler

/// A drawing Graphviz wrote as SVG, read back as geometry: where each edge runs (the cubic
/// Béziers of its path, sampled), the boxes of the texts, states and clusters, and the box of
/// the legend. What `DiagramLegibilityTests` measures.
///
/// Text boxes are estimated, since the SVG holds a text's position and size but not its width:
/// Adobe's widths of Helvetica's characters, scaled by what Graphviz here measured for the same
/// text (Liberation Sans through Pango: about 14% wider; `textWidthMatchesGraphviz` checks it
/// against Graphviz's own layout output).
struct SVGDrawing {
    struct Point {
        var x, y: Double
    }

    struct Box {
        var minX, minY, maxX, maxY: Double

        init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
            (self.minX, self.minY, self.maxX, self.maxY) = (minX, minY, maxX, maxY)
        }

        /// The smallest box holding `points` (nil without any).
        init?(_ points: [Point]) {
            guard let first = points.first else { return nil }
            self.init(minX: first.x, minY: first.y, maxX: first.x, maxY: first.y)
            for point in points.dropFirst() { self = union(Box(minX: point.x, minY: point.y, maxX: point.x, maxY: point.y)) }
        }

        var width: Double { maxX - minX }
        var height: Double { maxY - minY }

        func intersects(_ other: Box) -> Bool {
            minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
        }

        /// Strictly inside: a path that only touches the border does not count.
        func contains(_ point: Point) -> Bool {
            minX < point.x && point.x < maxX && minY < point.y && point.y < maxY
        }

        func union(_ other: Box) -> Box {
            Box(minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
        }

        /// The smallest box holding `boxes` (nil without any).
        static func union(_ boxes: [Box]) -> Box? {
            guard let first = boxes.first else { return nil }
            return boxes.dropFirst().reduce(first) { $0.union($1) }
        }

        func insetBy(_ amount: Double) -> Box {
            Box(minX: minX + amount, minY: minY + amount, maxX: maxX - amount, maxY: maxY - amount)
        }

        /// How far `point` is from the box (0 inside it).
        func distance(to point: Point) -> Double {
            let dx = max(minX - point.x, 0, point.x - maxX), dy = max(minY - point.y, 0, point.y - maxY)
            return (dx * dx + dy * dy).squareRoot()
        }
    }

    /// One `<text>`: its content, font size in points and estimated box.
    struct Text {
        var content: String
        var fontSize: Double
        var box: Box
    }

    /// A `<g class="edge">`: its ends (the node ids of its title `m0_s2->m0_t7`), the points of
    /// its path and the texts of its label (Graphviz's own; none when the label is a node).
    struct Edge {
        var tail, head: String
        var points: [Point]
        var texts: [Text]

        var title: String { "\(tail)->\(head)" }
        var label: Box? { Box.union(texts.map(\.box)) }
    }

    /// A `<g class="node">` or `<g class="cluster">`: its id, the box of what it draws (a
    /// node's border; nil for a plain-text or invisible node) and its texts.
    struct Shape {
        var name: String
        var box: Box?
        var texts: [Text]

        var textBox: Box? { Box.union(texts.map(\.box)) }
    }

    /// The size of the drawing, in points (`<svg width="…pt" height="…pt">`).
    var width = 0.0, height = 0.0
    var edges: [Edge] = []
    var nodes: [Shape] = []
    var clusters: [Shape] = []
    /// What the graph's own label draws (where the legend is), or the legend's cluster.
    var legend: Box?
    /// Every text in the drawing, its legend's included.
    var texts: [Text] = []

    init(svg: String) {
        if let tag = svg.range(of: "<svg ").map({ svg[$0.lowerBound...].prefix { $0 != ">" } }) {
            width = Self.attribute("width", in: tag).flatMap { Double($0.replacingOccurrences(of: "pt", with: "")) } ?? 0
            height = Self.attribute("height", in: tag).flatMap { Double($0.replacingOccurrences(of: "pt", with: "")) } ?? 0
        }
        // A node's or an edge's link (a tooltip) is a group inside its group: joined back.
        var groups: [String] = []
        for piece in svg.components(separatedBy: "<g id=\"") {
            if let last = groups.indices.last, groups.count > 1, !(piece.prefix { $0 != ">" }).contains(" class=\"") {
                groups[last] += "<g id=\"" + piece
            } else {
                groups.append(piece)
            }
        }
        // Before the first group of its own: the graph's title, background and label.
        let graph = groups.count > 1 ? groups.remove(at: 1) : ""
        if let header = graph.components(separatedBy: "</title>").dropFirst().first {
            let label = Self.texts(in: header)
            texts += label
            let lines = Self.shapes(in: header).dropFirst()   // the first is the background
            legend = Box.union(label.map(\.box) + lines)
        }
        for group in groups.dropFirst() {
            // The group ends where the next node, edge or cluster comment starts.
            let body = group.components(separatedBy: "\n<!-- ").first ?? group
            guard let kindStart = body.range(of: "class=\""),
                  let titleStart = body.range(of: "<title>"), let titleEnd = body.range(of: "</title>") else { continue }
            let kind = body[kindStart.upperBound...].prefix { $0 != "\"" }
            let title = Self.unescape(String(body[titleStart.upperBound..<titleEnd.lowerBound]))
            let content = String(body[titleEnd.upperBound...])
            let groupTexts = Self.texts(in: content)
            texts += groupTexts
            switch kind {
            case "edge":
                let ends = title.components(separatedBy: "->")
                var points: [Point] = []
                if let path = content.range(of: "<path ").map({ content[$0.lowerBound...].prefix { $0 != ">" } }) {
                    points = Self.sampled(Self.attribute("d", in: path) ?? "")
                }
                edges.append(Edge(tail: ends.first ?? title, head: ends.last ?? title, points: points, texts: groupTexts))
            case "node":
                nodes.append(Shape(name: title, box: Self.shapes(in: content).first, texts: groupTexts))
            case "cluster":
                let box = Self.shapes(in: content).first
                clusters.append(Shape(name: title, box: box, texts: groupTexts))
                if title == "cluster_legend" { legend = box }
            default:
                break
            }
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
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#160;", with: "\u{A0}")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The numbers of a path's `d` or a polygon's `points`, as points.
    static func numbers(_ text: String) -> [Point] {
        let numbers = text.split(whereSeparator: { !"0123456789.-".contains($0) }).compactMap { Double($0) }
        return stride(from: 0, to: numbers.count - 1, by: 2).map { Point(x: numbers[$0], y: numbers[$0 + 1]) }
    }

    /// The points of a path's `d` (`M x,y C x,y x,y x,y …`), each cubic Bézier segment sampled
    /// at most a point apart (a segment is no longer than its control polygon), so that no
    /// crossing of a line of text is missed.
    static func sampled(_ d: String) -> [Point] {
        let raw = numbers(d)
        guard var last = raw.first else { return [] }
        func distance(_ a: Point, _ b: Point) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }
        var sampled = [last]
        var segment = 1
        while segment + 2 < raw.count {
            let (p1, p2, p3) = (raw[segment], raw[segment + 1], raw[segment + 2])
            let steps = max(1, Int((distance(last, p1) + distance(p1, p2) + distance(p2, p3)).rounded(.up)))
            for step in 1...steps {
                let t = Double(step) / Double(steps), u = 1 - t
                sampled.append(Point(x: u * u * u * last.x + 3 * u * u * t * p1.x + 3 * u * t * t * p2.x + t * t * t * p3.x,
                                     y: u * u * u * last.y + 3 * u * u * t * p1.y + 3 * u * t * t * p2.y + t * t * t * p3.y))
            }
            last = p3
            segment += 3
        }
        return sampled
    }

    /// The boxes of the shapes drawn in `content`: polygons, paths, polylines and ellipses.
    static func shapes(in content: String) -> [Box] {
        var boxes: [Box] = []
        var rest = content[...]
        while let start = rest.range(of: "<") {
            let tag = rest[start.lowerBound...].prefix { $0 != ">" }
            rest = rest[tag.endIndex...]
            if tag.hasPrefix("<polygon") || tag.hasPrefix("<polyline") {
                if let box = Box(numbers(attribute("points", in: tag) ?? "")) { boxes.append(box) }
            } else if tag.hasPrefix("<path") {
                if let box = Box(numbers(attribute("d", in: tag) ?? "")) { boxes.append(box) }
            } else if tag.hasPrefix("<ellipse"), let cx = attribute("cx", in: tag).flatMap(Double.init),
                      let cy = attribute("cy", in: tag).flatMap(Double.init), let rx = attribute("rx", in: tag).flatMap(Double.init),
                      let ry = attribute("ry", in: tag).flatMap(Double.init) {
                boxes.append(Box(minX: cx - rx, minY: cy - ry, maxX: cx + rx, maxY: cy + ry))
            }
        }
        return boxes
    }

    /// The `<text>` elements of `content`, with estimated boxes: the baseline is at `y`,
    /// capitals reach about 0.75 of the size above it and descenders 0.2 below.
    static func texts(in content: String) -> [Text] {
        var texts: [Text] = []
        var rest = content[...]
        while let start = rest.range(of: "<text ") {
            let tag = rest[start.lowerBound...].prefix { $0 != ">" }
            guard let close = rest.range(of: "</text>", range: tag.endIndex..<rest.endIndex) else { break }
            let text = unescape(String(rest[rest.index(after: tag.endIndex)..<close.lowerBound]))
            rest = rest[close.upperBound...]
            guard let x = attribute("x", in: tag).flatMap(Double.init), let y = attribute("y", in: tag).flatMap(Double.init),
                  let size = attribute("font-size", in: tag).flatMap(Double.init) else { continue }
            let width = textWidth(text, fontSize: size)
            let left = switch attribute("text-anchor", in: tag) {
            case "start": x
            case "end": x - width
            default: x - width / 2
            }
            texts.append(Text(content: text, fontSize: size,
                              box: Box(minX: left, minY: y - size * 0.75, maxX: left + width, maxY: y + size * 0.2)))
        }
        return texts
    }

    /// How much wider Graphviz measures text here than Helvetica's metrics say.
    static let graphvizScale = 1.14

    /// The width Graphviz gives `text` at `fontSize` points.
    static func textWidth(_ text: String, fontSize: Double) -> Double {
        TextMetrics.helveticaWidth(text, fontSize: fontSize) * graphvizScale
    }
}
