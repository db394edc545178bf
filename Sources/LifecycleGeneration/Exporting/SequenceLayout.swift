import LifecycleConformance

/// Where everything of a system's sequence diagram goes, in points from the top left: boxes,
/// lines, arrowheads and text, in groups drawn in order (later ones on top). One layout, two
/// writers: `SequenceSVGGenerator` writes it as SVG, `SequenceDOTGenerator` as a Graphviz graph
/// with every position pinned, which Graphviz draws as PNG or PDF (`render --system`).
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
/// within a README's width. The layout is a pure function of the diagram.
public struct SequenceLayout {
    public struct Point: Equatable {
        public var x: Double
        public var y: Double
    }

    public enum Dash: Equatable {
        /// The lifelines' long dashes.
        case lifeline
        /// An event by the system.
        case system
        /// A new instance's creation.
        case creation
        /// The line before a new run.
        case run

        /// SVG's `stroke-dasharray`.
        var pattern: String {
            switch self {
            case .lifeline: "4,4"
            case .system: "5,3"
            case .creation: "1,3"
            case .run: "2,2"
            }
        }
    }

    public enum Anchor: String {
        case start, middle
    }

    public struct Text: Equatable {
        public var string: String
        /// The anchor's horizontal position, and the baseline.
        public var x: Double, y: Double
        public var size: Double
        public var anchor: Anchor
        public var bold = false
        public var italic = false
        public var color = "#000000"
    }

    public enum Mark: Equatable {
        case box(minX: Double, minY: Double, maxX: Double, maxY: Double, fill: String, stroke: String)
        case line([Point], stroke: String, dash: Dash?)
        /// An arrowhead pointing right, its tip at (x, y).
        case arrowhead(x: Double, y: Double, color: String)
        case text(Text)
    }

    /// What a group is, as Graphviz's SVG calls its groups.
    public enum Kind: String {
        case node, edge, cluster
    }

    public struct Group {
        public var id: String
        public var kind: Kind
        /// What the group is: a participant's or an event's name; an arrow's is its ends
        /// (`ends`).
        public var title: String
        public var marks: [Mark]
        /// An arrow's lifelines: the system's and the instance's.
        public var ends: (from: String, to: String)?

        init(id: String, kind: Kind, title: String, marks: [Mark], ends: (from: String, to: String)? = nil) {
            (self.id, self.kind, self.title, self.marks, self.ends) = (id, kind, title, marks, ends)
        }
    }

    public var title: String
    public var width: Double
    public var height: Double
    public var groups: [Group]

    static let headerSize = 12.0
    static let textSize = 11.0
    static let legendSize = 10.0
    static let margin = 10.0
    /// Room a renderer's Helvetica may take beyond Adobe's metrics.
    static let slack = 1.15
    static let rowHeight = 20.0
    static let tabHeight = 20.0
    static let headerHeight = 26.0
    static let nothing = "(nothing is called)"
    static let legend = "Arrows: solid by user, dashed by system, grey no trigger."

    /// A text's width as laid out: Adobe's Helvetica metrics with `slack` to spare.
    static func width(_ text: String, _ size: Double) -> Double { TextMetrics.helveticaWidth(text, fontSize: size) * slack }

    public init(diagram: SequenceDiagram) {
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
        let right = max(x[columns - 1] + max(halfHeader[columns - 1], rightText[columns - 1] + 8),
                        Self.margin + Self.width(Self.legend, Self.legendSize))
        let totalWidth = (right + Self.margin).rounded(.up)

        var y = Self.margin + Self.headerHeight + 8
        let lifelinesTop = y - 8
        var frames: [Group] = []
        for (number, group) in diagram.groups.enumerated() {
            if group.startsRun {
                let words = "a new run from the start"
                frames.append(Group(id: "run\(number)", kind: .cluster, title: words, marks: [
                    .line([Point(x: Self.margin, y: y + 8), Point(x: right, y: y + 8)], stroke: "#999999", dash: .run),
                    .text(Text(string: words, x: Self.margin + 2, y: y + 21, size: Self.legendSize, anchor: .start, color: "#666666")),
                ]))
                y += 28
            }
            let top = y
            let event = system.events[group.event]
            let label = diagram.label(group)
            let rows = max(group.messages.count, 1)
            let height = Self.tabHeight + Double(rows) * Self.rowHeight + 6
            let left = x[0] - min(halfHeader[0], 8) + 2
            let tabWidth = Self.width(label, Self.textSize) + 10
            frames.append(Group(id: "event\(number)", kind: .cluster, title: label, marks: [
                .box(minX: left, minY: top, maxX: right, maxY: top + height, fill: "none", stroke: "#3366AA"),
                .line([Point(x: left, y: top + Self.tabHeight - 4), Point(x: left + tabWidth, y: top + Self.tabHeight - 4),
                       Point(x: left + tabWidth + 6, y: top)], stroke: "#3366AA", dash: nil),
                .text(Text(string: label, x: left + 4, y: top + 12, size: Self.textSize, anchor: .start, bold: true, color: "#224477")),
            ]))
            var rowY = top + Self.tabHeight
            if group.messages.isEmpty {
                frames[frames.count - 1].marks.append(.text(Text(string: Self.nothing, x: x[0] + 6, y: rowY + 14, size: Self.textSize,
                                                                 anchor: .start, italic: true, color: "#666666")))
            }
            for (index, message) in group.messages.enumerated() {
                let column = diagram.instance(message) + 1
                let arrowY = rowY + Self.rowHeight / 2 + 1
                let dash: Dash?
                let color: String
                switch message {
                case .new:
                    (dash, color) = (.creation, "#333333")
                case .callback:
                    switch event.trigger {
                    case .user?: (dash, color) = (nil, "#000000")
                    case .system?: (dash, color) = (.system, "#000000")
                    case nil: (dash, color) = (nil, "#777777")
                    }
                }
                let end = x[column] - 1
                frames.append(Group(id: "event\(number)_\(index)", kind: .edge,
                                    title: "\(system.name)->\(system.instances[column - 1].name)", marks: [
                    .line([Point(x: x[0], y: arrowY), Point(x: end - 7, y: arrowY)], stroke: color, dash: dash),
                    .arrowhead(x: end, y: arrowY, color: color),
                    .text(Text(string: diagram.text(message), x: x[column] + 6, y: arrowY + 4, size: Self.textSize, anchor: .start,
                               italic: message == .new(instance: column - 1), color: color)),
                ], ends: (system.name, system.instances[column - 1].name)))
                rowY += Self.rowHeight
            }
            y = top + height + 8
        }
        let lifelinesBottom = y
        // Header boxes, each with its lifeline.
        var lifelines: [Group] = []
        for column in 0..<columns {
            let half = halfHeader[column]
            lifelines.append(Group(id: "lifeline\(column)", kind: .node, title: names[column], marks: [
                .box(minX: x[column] - half, minY: Self.margin, maxX: x[column] + half, maxY: Self.margin + Self.headerHeight,
                     fill: column == 0 ? "#E8EEF7" : "#FFFFFF", stroke: "#333333"),
                .text(Text(string: names[column], x: x[column], y: Self.margin + 17, size: Self.headerSize, anchor: .middle,
                           bold: column == 0)),
                .line([Point(x: x[column], y: lifelinesTop), Point(x: x[column], y: lifelinesBottom)], stroke: "#999999", dash: .lifeline),
            ]))
        }
        y += 4
        let legend = Group(id: "legend", kind: .cluster, title: "legend", marks: [
            .text(Text(string: Self.legend, x: Self.margin, y: y + 10, size: Self.legendSize, anchor: .start, color: "#444444")),
        ])
        y += 18
        self.title = system.name
        self.width = totalWidth
        self.height = (y + Self.margin).rounded(.up)
        self.groups = lifelines + frames + [legend]
    }
}
