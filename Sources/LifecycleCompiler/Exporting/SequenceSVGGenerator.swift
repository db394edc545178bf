/// Draws a `SequenceDiagram` as SVG, laid out here (no Graphviz): `lifecycle render --system`.
///
/// Lifelines stand in a row, the system's first and then each instance in declaration order,
/// each under a box with its name. Each system event is a frame across them with its name (and
/// who triggers it) in a tab; inside, each callback is an arrow from the system's lifeline onto
/// its instance's, its selector written just right of the instance's lifeline, one row each,
/// in order. Arrows are solid for events by the user, dashed for events by the system and grey
/// without a trigger, as in the state diagrams; a legend under the drawing says so. A new run
/// from the start is a line across with its words.
///
/// Columns are as wide as the longest text written in them (`TextMetrics`, with room to spare
/// for a renderer's own Helvetica), so no text crosses a lifeline. Text is 11 pt (the legend
/// 10 pt), never smaller than the state diagrams' (9 pt), and a drawing of a few instances stays
/// within a README's width. The output is a pure function of the diagram.
public struct SequenceSVGGenerator {
    public let diagram: SequenceDiagram

    public init(diagram: SequenceDiagram) {
        self.diagram = diagram
    }

    static let font = "Helvetica,Arial,sans-serif"
    static let headerSize = 12.0
    static let textSize = 11.0
    static let legendSize = 10.0
    static let margin = 10.0
    /// Room a renderer's Helvetica may take beyond Adobe's metrics.
    static let slack = 1.15
    static let rowHeight = 20.0
    static let tabHeight = 20.0
    static let headerHeight = 26.0

    static func width(_ text: String, _ size: Double) -> Double { TextMetrics.helveticaWidth(text, fontSize: size) * slack }

    /// The whole file: the header (as `<?lifecycle … ?>` instructions, since an XML comment
    /// may not hold the command's `--`), then the drawing.
    public func generate(specPath: String, command: String) -> [UInt8] {
        GeneratedFileHeader.file(Printer(indent: "  "), specPath: specPath, command: command, note: nil,
                                 style: .xmlInstruction) { emit(into: &$0) }.bytes
    }

    func emit(into printer: inout Printer) { printer.write(drawing()) }

    /// The `<svg>` element, ending in a newline (no XML declaration: the header's processing
    /// instructions come first).
    func drawing() -> String {
        let system = diagram.system
        let names = [system.name] + system.instances.indices.map(diagram.participant)
        let columns = names.count
        // Per column: half its header box, and the widest text right of its lifeline.
        let halfHeader = names.map { Self.width($0, Self.headerSize) / 2 + 8 }
        var rightText = [Double](repeating: 0, count: columns)
        for group in diagram.groups {
            rightText[0] = max(rightText[0], Self.width(diagram.label(group), Self.textSize) + 12)
            if group.messages.isEmpty { rightText[0] = max(rightText[0], Self.width(Self.nothing, Self.textSize) + 12) }
            for message in group.messages {
                let column = diagram.instance(message) + 1
                rightText[column] = max(rightText[column], Self.width(diagram.text(message), Self.textSize) + 10)
            }
        }
        // Lifeline positions: each far enough from the last for both header boxes and the
        // texts right of the last one.
        var x = [Self.margin + max(halfHeader[0], 8)]
        for column in 1..<max(columns, 1) {
            let gap = max(halfHeader[column - 1] + halfHeader[column] + 14, rightText[column - 1] + 16, 60)
            x.append(x[column - 1] + gap)
        }
        let legend = "Arrows: solid by user, dashed by system, grey no trigger."
        let right = max(x[columns - 1] + max(halfHeader[columns - 1], rightText[columns - 1] + 8),
                        Self.margin + Self.width(legend, Self.legendSize))
        let totalWidth = (right + Self.margin).rounded(.up)

        var y = Self.margin + Self.headerHeight + 8
        let lifelinesTop = y - 8
        var frames = ""
        for (number, group) in diagram.groups.enumerated() {
            if group.startsRun {
                let words = "a new run from the start"
                frames += "<g id=\"run\(number)\" class=\"cluster\">\n<title>\(Self.escape(words))</title>\n"
                frames += "<path d=\"M\(Self.number(Self.margin)),\(Self.number(y + 8)) L\(Self.number(right)),\(Self.number(y + 8))\" stroke=\"#999999\" stroke-dasharray=\"2,2\" fill=\"none\"/>\n"
                frames += Self.text(words, x: Self.margin + 2, y: y + 21, size: Self.legendSize, anchor: "start", color: "#666666")
                frames += "</g>\n"
                y += 28
            }
            let top = y
            let event = system.events[group.event]
            let label = diagram.label(group)
            let rows = max(group.messages.count, 1)
            let height = Self.tabHeight + Double(rows) * Self.rowHeight + 6
            let left = x[0] - min(halfHeader[0], 8) + 2
            frames += "<g id=\"event\(number)\" class=\"cluster\">\n<title>\(Self.escape(label))</title>\n"
            frames += Self.box(minX: left, minY: top, maxX: right, maxY: top + height, fill: "none", stroke: "#3366AA")
            let tabWidth = Self.width(label, Self.textSize) + 10
            frames += "<path d=\"M\(Self.number(left)),\(Self.number(top + Self.tabHeight - 4)) L\(Self.number(left + tabWidth)),\(Self.number(top + Self.tabHeight - 4)) L\(Self.number(left + tabWidth + 6)),\(Self.number(top)) \" fill=\"none\" stroke=\"#3366AA\"/>\n"
            frames += Self.text(label, x: left + 4, y: top + 12, size: Self.textSize, anchor: "start", bold: true, color: "#224477")
            frames += "</g>\n"
            var rowY = top + Self.tabHeight
            if group.messages.isEmpty {
                frames += Self.text(Self.nothing, x: x[0] + 6, y: rowY + 14, size: Self.textSize, anchor: "start", italic: true, color: "#666666")
            }
            for (index, message) in group.messages.enumerated() {
                let column = diagram.instance(message) + 1
                let arrowY = rowY + Self.rowHeight / 2 + 1
                let dashed: String
                let color: String
                switch message {
                case .new:
                    dashed = " stroke-dasharray=\"1,3\""
                    color = "#333333"
                case .callback:
                    switch event.trigger {
                    case .user?: (dashed, color) = ("", "#000000")
                    case .system?: (dashed, color) = (" stroke-dasharray=\"5,3\"", "#000000")
                    case nil: (dashed, color) = ("", "#777777")
                    }
                }
                let text = diagram.text(message)
                let end = x[column] - 1
                frames += "<g id=\"event\(number)_\(index)\" class=\"edge\">\n<title>\(Self.escape(system.name))&#45;&gt;\(Self.escape(system.instances[column - 1].name))</title>\n"
                frames += "<path d=\"M\(Self.number(x[0])),\(Self.number(arrowY)) L\(Self.number(end - 7)),\(Self.number(arrowY))\" fill=\"none\" stroke=\"\(color)\"\(dashed)/>\n"
                frames += "<polygon points=\"\(Self.number(end)),\(Self.number(arrowY)) \(Self.number(end - 8)),\(Self.number(arrowY - 3.5)) \(Self.number(end - 8)),\(Self.number(arrowY + 3.5))\" fill=\"\(color)\" stroke=\"\(color)\"/>\n"
                frames += Self.text(text, x: x[column] + 6, y: arrowY + 4, size: Self.textSize, anchor: "start", italic: message == .new(instance: column - 1), color: color)
                frames += "</g>\n"
                rowY += Self.rowHeight
            }
            y = top + height + 8
        }
        let lifelinesBottom = y
        // Header boxes, each with its lifeline.
        var body = ""
        for column in 0..<columns {
            let half = halfHeader[column]
            body += "<g id=\"lifeline\(column)\" class=\"node\">\n<title>\(Self.escape(names[column]))</title>\n"
            body += Self.box(minX: x[column] - half, minY: Self.margin, maxX: x[column] + half, maxY: Self.margin + Self.headerHeight,
                             fill: column == 0 ? "#E8EEF7" : "#FFFFFF", stroke: "#333333")
            body += Self.text(names[column], x: x[column], y: Self.margin + 17, size: Self.headerSize, anchor: "middle", bold: column == 0)
            body += "<path d=\"M\(Self.number(x[column])),\(Self.number(lifelinesTop)) L\(Self.number(x[column])),\(Self.number(lifelinesBottom))\" fill=\"none\" stroke=\"#999999\" stroke-dasharray=\"4,4\"/>\n"
            body += "</g>\n"
        }
        y += 4
        var legendGroup = "<g id=\"legend\" class=\"cluster\">\n<title>legend</title>\n"
        legendGroup += Self.text(legend, x: Self.margin, y: y + 10, size: Self.legendSize, anchor: "start", color: "#444444")
        legendGroup += "</g>\n"
        y += 18
        let totalHeight = (y + Self.margin).rounded(.up)

        var svg = "<svg width=\"\(Self.number(totalWidth))pt\" height=\"\(Self.number(totalHeight))pt\" viewBox=\"0.00 0.00 \(Self.number(totalWidth)) \(Self.number(totalHeight))\" xmlns=\"http://www.w3.org/2000/svg\">\n"
        svg += "<g id=\"graph0\" class=\"graph\">\n<title>\(Self.escape(system.name))</title>\n"
        svg += Self.box(minX: 0, minY: 0, maxX: totalWidth, maxY: totalHeight, fill: "white", stroke: "none")
        svg += body + frames + legendGroup
        svg += "</g>\n</svg>\n"
        return svg
    }

    static let nothing = "(nothing is called)"

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
    static func escape(_ text: String) -> String { SCXMLGenerator.attribute(text) }

    /// Two decimals, as Graphviz writes them.
    static func number(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        let fraction = magnitude % 100
        return "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
