import LifecycleXML
import LifecycleConformance

/// Draws a `SequenceDiagram` as SVG, laid out here (`SequenceLayout`, no Graphviz):
/// `lifecycle render --system` to an `.svg`. The output is a pure function of the diagram.
public struct SequenceSVGGenerator {
    public let diagram: SequenceDiagram

    public init(diagram: SequenceDiagram) {
        self.diagram = diagram
    }

    static let font = "Helvetica,Arial,sans-serif"
    /// The whole file: the header (as `<?lifecycle … ?>` instructions, since an XML comment
    /// may not hold the command's `--`), then the drawing.
    public func generate(specPath: String, command: String) -> [UInt8] {
        GeneratedFileHeader.file(Printer(indent: "  "), specPath: specPath, command: command, note: nil,
                                 style: .xmlInstruction) { emit(into: &$0) }.bytes
    }

    func emit(into printer: inout Printer) { printer.write(drawing()) }

    /// The `<svg>` element, ending in a newline (no XML declaration: the header's processing
    /// instructions come first).
    func drawing() -> String { Self.svg(SequenceLayout(diagram: diagram)) }

    /// The layout's marks as SVG, group by group, in the layout's order (later ones on top).
    static func svg(_ layout: SequenceLayout) -> String {
        let width = number(layout.width), height = number(layout.height)
        var svg = "<svg width=\"\(width)pt\" height=\"\(height)pt\" viewBox=\"0.00 0.00 \(width) \(height)\" xmlns=\"http://www.w3.org/2000/svg\">\n"
        svg += "<g id=\"graph0\" class=\"graph\">\n<title>\(escape(layout.title))</title>\n"
        svg += box(minX: 0, minY: 0, maxX: layout.width, maxY: layout.height, fill: "white", stroke: "none")
        for group in layout.groups {
            // An arrow's title as Graphviz writes an edge's: `from&#45;&gt;to`.
            let title = group.ends.map { "\(escape($0.from))&#45;&gt;\(escape($0.to))" } ?? escape(group.title)
            svg += "<g id=\"\(group.id)\" class=\"\(group.kind.rawValue)\">\n<title>\(title)</title>\n"
            for mark in group.marks { svg += self.mark(mark) }
            svg += "</g>\n"
        }
        svg += "</g>\n</svg>\n"
        return svg
    }

    static func mark(_ mark: SequenceLayout.Mark) -> String {
        switch mark {
        case .box(let minX, let minY, let maxX, let maxY, let fill, let stroke):
            return box(minX: minX, minY: minY, maxX: maxX, maxY: maxY, fill: fill, stroke: stroke)
        case .line(let points, let stroke, let dash):
            let path = points.enumerated().map { "\($0.offset == 0 ? "M" : "L")\(number($0.element.x)),\(number($0.element.y))" }
            let dashes = dash.map { " stroke-dasharray=\"\($0.pattern)\"" } ?? ""
            return "<path d=\"\(path.joined(separator: " "))\" fill=\"none\" stroke=\"\(stroke)\"\(dashes)/>\n"
        case .arrowhead(let tipX, let tipY, let color):
            return "<polygon points=\"\(number(tipX)),\(number(tipY)) \(number(tipX - 8)),\(number(tipY - 3.5)) \(number(tipX - 8)),\(number(tipY + 3.5))\" fill=\"\(color)\" stroke=\"\(color)\"/>\n"
        case .text(let text):
            return self.text(text.string, x: text.x, y: text.y, size: text.size, anchor: text.anchor.rawValue, bold: text.bold,
                             italic: text.italic, color: text.color)
        }
    }

    /// A rectangle as Graphviz draws one: a closed polygon.
    static func box(minX: Double, minY: Double, maxX: Double, maxY: Double, fill: String, stroke: String) -> String {
        let points = [(minX, minY), (maxX, minY), (maxX, maxY), (minX, maxY), (minX, minY)]
            .map { "\(number($0.0)),\(number($0.1))" }.joined(separator: " ")
        return "<polygon fill=\"\(fill)\" stroke=\"\(stroke)\" points=\"\(points)\"/>\n"
    }

    static func text(_ text: String, x: Double, y: Double, size: Double, anchor: String, bold: Bool = false,
                     italic: Bool = false, color: String = "#000000") -> String {
        var attributes = "text-anchor=\"\(anchor)\" x=\"\(number(x))\" y=\"\(number(y))\" font-family=\"\(font)\" font-size=\"\(number(size))\""
        if bold { attributes += " font-weight=\"bold\"" }
        if italic { attributes += " font-style=\"italic\"" }
        return "<text \(attributes) fill=\"\(color)\">\(escape(text))</text>\n"
    }

    /// Text and attribute values: the XML specials as entities, hidden characters spelled out.
    static func escape(_ text: String) -> String { XMLText.escaped(text) }

    /// Two decimals, as Graphviz writes them.
    static func number(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        let fraction = magnitude % 100
        return "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
