import LifecycleXML
import LifecycleConformance

/// A system's sequence diagram as a Graphviz graph with every position pinned, for Graphviz to
/// draw as PNG or PDF (`render --system -o x.png`: `dot -Kneato -n2`, which keeps the nodes where
/// the graph puts them and draws edges straight). Graphviz cannot draw an SVG image into a PNG,
/// so the picture is the same `SequenceLayout` the SVG is written from, mark by mark:
///
/// - a box is a `box` node of its size at its centre;
/// - a line is a chain of edges between invisible points, dashed or dotted as the SVG's;
/// - an arrowhead is an 8-point edge that is all arrowhead;
/// - a text is a `plaintext` node, centred where the SVG anchors it at the start or the
///   middle (measured with `TextMetrics`), in a bold or italic face as the SVG's.
///
/// Graphviz's y axis points up: every y is measured from the bottom (`height - y`).
public struct SequenceDOTGenerator {
    public let layout: SequenceLayout

    public init(diagram: SequenceDiagram) {
        layout = SequenceLayout(diagram: diagram)
    }

    /// The graph, for Graphviz only (it is not written where the user sees it).
    public func graph() -> [UInt8] {
        var out = "digraph \(Self.quoted(layout.title)) {\n"
        out += "  graph [bb=\"0,0,\(Self.number(layout.width)),\(Self.number(layout.height))\", pad=0, splines=line, bgcolor=white];\n"
        out += "  node [label=\"\", shape=point, width=0, height=0, style=invis, fixedsize=true];\n"
        out += "  edge [arrowhead=none, penwidth=1];\n"
        var points = 0
        func point(_ x: Double, _ y: Double) -> String {
            points += 1
            out += "  p\(points) [pos=\"\(Self.number(x)),\(Self.number(layout.height - y))!\"];\n"
            return "p\(points)"
        }
        // The corners, so the picture is the layout's whole page.
        _ = point(0, 0)
        _ = point(layout.width, layout.height)
        var marks = 0
        for group in layout.groups {
            for mark in group.marks {
                marks += 1
                switch mark {
                case .box(let minX, let minY, let maxX, let maxY, let fill, let stroke):
                    let filled = fill == "none" ? "style=solid" : "style=filled, fillcolor=\(Self.quoted(fill))"
                    out += "  m\(marks) [shape=box, \(filled), color=\(Self.quoted(stroke)), "
                        + "pos=\"\(Self.number((minX + maxX) / 2)),\(Self.number(layout.height - (minY + maxY) / 2))!\", "
                        + "width=\(Self.inches(maxX - minX)), height=\(Self.inches(maxY - minY))];\n"
                case .line(let corners, let stroke, let dash):
                    let names = corners.map { point($0.x, $0.y) }
                    let style = dash.map { ", style=\(Self.style($0))" } ?? ""
                    for (from, to) in zip(names, names.dropFirst()) {
                        out += "  \(from) -> \(to) [color=\(Self.quoted(stroke))\(style)];\n"
                    }
                case .arrowhead(let x, let y, let color):
                    let from = point(x - 8, y), to = point(x, y)
                    out += "  \(from) -> \(to) [arrowhead=normal, arrowsize=0.8, color=\(Self.quoted(color))];\n"
                case .text(let text):
                    // A text anchored at its start is a left-aligned cell of a table wider than
                    // the text, so it starts where the SVG's does whatever the font's widths; the
                    // table stops at the page's edge (the layout leaves the text room before it).
                    let width = TextMetrics.helveticaWidth(text.string, fontSize: text.size)
                    let box = text.anchor == .start ? min((width * 1.5 + 12).rounded(.up), (layout.width - text.x).rounded(.down)) : width
                    let centre = text.anchor == .middle ? text.x : text.x + box / 2
                    // The SVG's y is the baseline; a node's position is its label's middle, which
                    // Graphviz puts about a quarter of the font size above the baseline.
                    let middle = text.y - text.size * 0.26
                    let label = text.anchor == .middle ? Self.html(text)
                        : "<TABLE BORDER=\"0\" CELLPADDING=\"0\" CELLSPACING=\"0\"><TR><TD ALIGN=\"LEFT\" FIXEDSIZE=\"TRUE\" "
                            + "WIDTH=\"\(Int(box))\" HEIGHT=\"\(Int((text.size * 1.4).rounded(.up)))\">\(Self.html(text))</TD></TR></TABLE>"
                    out += "  m\(marks) [shape=plaintext, style=solid, fixedsize=false, margin=0, "
                        + "pos=\"\(Self.number(centre)),\(Self.number(layout.height - middle))!\", "
                        + "fontname=\"\(Self.face(text))\", fontsize=\(Self.number(text.size)), fontcolor=\(Self.quoted(text.color)), "
                        + "label=<\(label)>];\n"
                }
            }
        }
        out += "}\n"
        return Array(out.utf8)
    }

    /// Arial, not Helvetica: Graphviz's own table of PostScript fonts sends "Helvetica" to a wider
    /// face where no Helvetica is installed, while fontconfig gives "Arial" a face with
    /// Helvetica's widths (Liberation Sans), the widths the layout measures with.
    static let font = "Arial"

    static func style(_ dash: SequenceLayout.Dash) -> String {
        switch dash {
        case .lifeline, .system: "dashed"
        case .creation, .run: "dotted"
        }
    }

    /// An HTML-like label's text: XML's specials as entities.
    static func html(_ text: SequenceLayout.Text) -> String { XMLText.escaped(text.string) }

    /// The face: bold and italic are in the font's name, not `<B>`/`<I>` (which move the
    /// baseline of an HTML-like label by two points).
    static func face(_ text: SequenceLayout.Text) -> String {
        font + (text.bold ? " Bold" : "") + (text.italic ? " Italic" : "")
    }

    static func quoted(_ text: String) -> String { DotQuoting.quoted(text) }

    static func inches(_ points: Double) -> String { String(format4(points / 72)) }

    /// Four decimals: sizes in inches.
    static func format4(_ value: Double) -> String {
        let units = Int((value * 10_000).rounded())
        let fraction = String(units % 10_000)
        return "\(units / 10_000).\(String(repeating: "0", count: 4 - fraction.count))\(fraction)"
    }

    static func number(_ value: Double) -> String { SequenceSVGGenerator.number(value) }
}
