import LifecycleModel
import LifecycleConformance

/// Generates a Graphviz DOT diagram of a checked model.
///
/// One `digraph` per file (two graphs in one file would render as two concatenated SVGs).
/// With several machines, each is a cluster. States are rounded boxes with their description
/// as tooltip; an initial marker points at the initial state; final states have a double
/// border; composite states are clusters (`compound=true`, with `lhead`/`ltail` so edges touch
/// the cluster) unless `clusters` is off. Edge labels are the event and the callbacks in order;
/// `by system` is dashed and `by user` solid, as in Apple's diagrams. Node ids are generated
/// (`m0_s3`), so no user text ever appears unquoted.
///
/// A drawing small enough to be read (`isReadable`) is laid out for it: every label is a node
/// of its own that its edge passes through (`m0_t7`, which Graphviz keeps clear of other edges
/// and labels, where it routes edges through its own labels), transitions that share callbacks
/// share a label (`DotEdgeGroups`), and states are ranked in declaration order, so the lifecycle
/// reads from top to bottom as written and edges back to an earlier state run upwards. The
/// legend is the graph's label, under the drawing, where no edge reaches it.
public struct DotGenerator {
    public struct Options: Sendable {
        /// Draw composite states as clusters (off: as ordinary boxes).
        public var clusters = true
        /// Draw only the machine with this name.
        public var machine: String?
        public var legend = true
        /// Write descriptions into the drawing (under a state's name, under an edge's label),
        /// not only as tooltips, which a PNG or PDF loses.
        public var descriptions = false

        public init(clusters: Bool = true, machine: String? = nil, legend: Bool = true, descriptions: Bool = false) {
            self.clusters = clusters
            self.machine = machine
            self.legend = legend
            self.descriptions = descriptions
        }
    }

    let model: Model
    let options: Options

    /// The systems' instances, drawn like machines numbered after the spec's own
    /// (`m<machines.count + k>_s3`), so that their node and cluster ids never clash.
    let instances: [(system: Int, instance: Int, machine: Machine)]

    public init(model: Model, options: Options = Options()) {
        self.model = model
        self.options = options
        // `--machine` draws that machine alone.
        instances = options.machine != nil ? [] : model.systems.indices.flatMap { system in
            model.systems[system].instances.indices.map { (system, $0, model.systems[system].machine(of: $0)) }
        }
    }

    /// The most states all instance clusters together may draw. Instances repeat their
    /// machine's states, so a spec of N instances of an N-state machine would draw N² of them;
    /// past this, each instance is one box (`instancesAbridged`).
    public static let maximumInstanceStates = 100_000

    /// The most transitions a drawing laid out for reading may have (`isReadable`). Past it,
    /// the drawing keeps its compact form (Graphviz's own edge labels, the legend a cluster): a
    /// label node and two half edges per transition would double the DOT file of a large spec,
    /// which nobody reads as a picture (<doc:Performance>, "Diagrams laid out for reading").
    public static let maximumReadableTransitions = 1_000

    /// Whether the drawing is laid out for reading (see the type's documentation).
    var isReadable: Bool {
        let drawn = machineIndices.reduce(0) { $0 + model.machines[$1].transitions.count }
            + (instancesAbridged ? 0 : instances.reduce(0) { $0 + $1.machine.transitions.count })
        return drawn <= DotGenerator.maximumReadableTransitions
    }

    /// Whether instances are drawn as one box each instead of their machine's states.
    var instancesAbridged: Bool {
        instances.reduce(0) { $0 + $1.machine.states.count } > DotGenerator.maximumInstanceStates
    }

    /// Machine `index`: one of the spec's, or (past them) a system instance's.
    func machine(at index: Int) -> Machine {
        index < model.machines.count ? model.machines[index] : instances[index - model.machines.count].machine
    }

    /// The whole file, header and body, as an array (a copy of `generateFile`'s buffer).
    public func generate(specPath: String, command: String) -> [UInt8] {
        generateFile(specPath: specPath, command: command).bytes
    }

    /// The whole file, header and body, in one buffer that can be written out as it is.
    ///
    /// With a `hasher` (the CLI's runs on a second thread), the body is hashed while it is
    /// printed rather than after.
    public func generateFile(specPath: String, command: String, hasher: (any BackgroundHasher)? = nil) -> ByteBuffer {
        GeneratedFileHeader.file(Printer(indent: "  ", capacity: estimatedSize), specPath: specPath, command: command, note: nil,
                                 hasher: hasher) { emit(into: &$0) }
    }

    /// The diagram without the header.
    public func body() -> [UInt8] {
        var printer = Printer(indent: "  ", capacity: estimatedSize)
        emit(into: &printer)
        return printer.bytes
    }

    /// A generous guess at the output's size, so that the printer's buffer rarely grows: room
    /// reserved and never written costs no memory.
    var estimatedSize: Int {
        1024 + model.machines.reduce(0) { $0 + 160 * ($1.states.count + $1.transitions.count) }
    }

    /// The machines drawn, by index.
    var machineIndices: [Int] {
        if let name = options.machine { return model.machines.indices.filter { model.machines[$0].name == name } }
        return Array(model.machines.indices)
    }

    func emit(into printer: inout Printer) {
        let indices = machineIndices
        let title = indices.count == 1 && instances.isEmpty ? model.machines[indices[0]].name : model.fileTitle
        let readable = isReadable
        printer.line("digraph \(DotQuoting.quoted(title)) {")
        printer.indented { printer in
            // Labels as nodes need less room around them than Graphviz's own labels, and edges
            // spanning two ranks (`emitReadableEdges`) less between ranks.
            printer.line(readable
                ? "graph [compound=true, fontname=\"Helvetica\", fontsize=12, nodesep=0.12, ranksep=0.3];"
                : "graph [compound=true, fontname=\"Helvetica\", fontsize=12, nodesep=0.4, ranksep=0.5];")
            printer.line("node [shape=box, style=rounded, fontname=\"Helvetica\", fontsize=11];")
            printer.line("edge [fontname=\"Helvetica\", fontsize=9];")
            for index in indices {
                printer.line()
                if indices.count > 1 || !instances.isEmpty {
                    let machine = model.machines[index]
                    printer.line("subgraph \(DotQuoting.quoted("cluster_m\(index)")) {")
                    printer.indented { printer in
                        printer.line("label=\(DotQuoting.label([machine.name])); fontsize=14; style=\"rounded,bold\";")
                        if let description = machine.description { printer.line("tooltip=\(DotQuoting.quoted(description));") }
                        emitMachine(index, readable: readable, into: &printer)
                    }
                    printer.line("}")
                } else {
                    if let description = model.machines[index].description {
                        printer.line("tooltip=\(DotQuoting.quoted(description));")
                    }
                    emitMachine(index, readable: readable, into: &printer)
                }
            }
            emitSystems(readable: readable, into: &printer)
            if options.legend {
                printer.line()
                if readable {
                    emitLegendTable(legendEntries(indices), into: &printer)
                } else {
                    emitLegendCluster(legendEntries(indices), into: &printer)
                }
            }
        }
        printer.line("}")
    }


    /// Whether a state is drawn as a cluster.
    func isCluster(_ machine: Machine, _ state: Int) -> Bool {
        options.clusters && machine.states[state].isComposite
    }

    /// The node that stands for a state in edges: itself, or (for a cluster) its entry leaf.
    func anchor(_ machine: Machine, _ state: Int) -> Int {
        var current = state
        var guardSteps = 0
        while isCluster(machine, current) && guardSteps <= machine.states.count {
            current = machine.states[current].initialChild ?? machine.states[current].children[0]
            guardSteps += 1
        }
        return current
    }

    // The lines below are written in pieces straight into the printer's buffer: a large spec
    // has hundreds of thousands of them, and no `String` is made for any part of them.

    /// Writes a node id, `m0_s3`.
    func writeNode(_ machine: Int, _ state: Int, to printer: inout Printer) {
        printer.write("m")
        printer.write(machine)
        printer.write("_s")
        printer.write(state)
    }

    /// Writes the id of a transition's label node, `m0_t7`.
    func writeLabelNode(_ machine: Int, _ transition: Int, to printer: inout Printer) {
        printer.write("m")
        printer.write(machine)
        printer.write("_t")
        printer.write(transition)
    }

    /// Writes what `body` writes inside `clusters`, reopened by name, outermost first:
    /// `subgraph "cluster_m0_s1" { … }`.
    func writeInClusters(_ clusters: [Int], _ machine: Int, to printer: inout Printer, _ body: (inout Printer) -> Void) {
        for cluster in clusters {
            printer.write("subgraph ")
            writeCluster(machine, cluster, to: &printer)
            printer.write(" { ")
        }
        body(&printer)
        for _ in clusters { printer.write(" }") }
    }

    /// Writes a quoted cluster id, `"cluster_m0_s3"` (ids are plain, so nothing needs escaping).
    func writeCluster(_ machine: Int, _ state: Int, to printer: inout Printer) {
        printer.write("\"cluster_m")
        printer.write(machine)
        printer.write("_s")
        printer.write(state)
        printer.write("\"")
    }

    /// What an edge needs to know of a state at either end, in 8 bytes: edges read it in
    /// random order, a million times at 10^6 states, so reading two fields of a 90-byte `State`
    /// and its `children` array cost two or three cache misses per end.
    struct EdgeEnd {
        /// The node edges attach to: the state, or a cluster's entry leaf (`anchor(_:_:)`).
        var anchor: Int32
        /// Whether the state is drawn as a cluster (edges then clip to its border).
        var isCluster: Bool
    }

    /// `EdgeEnd` of every state, in one pass. States are numbered in pre-order, so a state's
    /// children come after it and, walking backwards, a cluster's entry child already has its
    /// anchor.
    func edgeEnds(_ machine: Machine) -> [EdgeEnd] {
        var ends = [EdgeEnd](repeating: EdgeEnd(anchor: 0, isCluster: false), count: machine.states.count)
        for state in machine.states.indices.reversed() {
            if isCluster(machine, state) {
                let entry = machine.states[state].initialChild ?? machine.states[state].children[0]
                ends[state] = EdgeEnd(anchor: entry > state ? ends[entry].anchor : Int32(anchor(machine, state)), isCluster: true)
            } else {
                ends[state] = EdgeEnd(anchor: Int32(state), isCluster: false)
            }
        }
        return ends
    }

    /// Every method's selector, escaped for a DOT label once, by type and method index: edge
    /// labels repeat the same few selectors a million times.
    func escapedSelectors() -> [[[UInt8]]] {
        model.types.map { type in
            type.methods.map { method in
                DotQuoting.escaped(method.reference)
            }
        }
    }

    /// Each system as a cluster holding one cluster per instance: its machine's states, with
    /// the instance's name before each (`Second.Appeared`), side by side.
    func emitSystems(readable: Bool, into printer: inout Printer) {
        let abridged = instancesAbridged
        for (offset, entry) in instances.enumerated() {
            let system = model.systems[entry.system]
            let instance = system.instances[entry.instance]
            if entry.instance == 0 {
                printer.line()
                printer.line("subgraph \(DotQuoting.quoted("cluster_y\(entry.system)")) {")
                printer.indent()
                printer.line("label=\(DotQuoting.label(["system " + system.name])); fontsize=14; style=\"rounded,bold\"; color=\"#3366AA\";")
                if let description = system.description { printer.line("tooltip=\(DotQuoting.quoted(description));") }
            }
            let index = model.machines.count + offset
            let title = "\(instance.name): \(entry.machine.name)" + (instance.label.map { " \"\($0)\"" } ?? "")
            if abridged {
                printer.line("m\(index)_instance [label=\(DotQuoting.label([title])), style=\"rounded,bold\"];")
            } else {
                printer.line("subgraph \(DotQuoting.quoted("cluster_m\(index)")) {")
                printer.indented { printer in
                    printer.line("label=\(DotQuoting.label([title])); fontsize=12; style=rounded;")
                    emitMachine(index, readable: readable, into: &printer, labelPrefix: instance.name + ".")
                }
                printer.line("}")
            }
            if entry.instance == system.instances.count - 1 {
                printer.outdent()
                printer.line("}")
            }
        }
    }

    /// The internal transitions of each state that has any, in declaration order: drawn
    /// inside the state (`event / callbacks` under its name), not as edges.
    func internalTransitions(_ machine: Machine) -> [Int: [Int]] {
        var result: [Int: [Int]] = [:]
        for (index, transition) in machine.transitions.enumerated() where transition.isInternal {
            result[transition.source, default: []].append(index)
        }
        return result
    }

    /// Whether `state` has `entry` or `exit` callbacks (drawn inside it).
    static func hasStateCallbacks(_ machine: Machine, _ state: Int) -> Bool {
        machine.stateCallbacks.entry[state] != nil || machine.stateCallbacks.exit[state] != nil
    }

    /// `text` in lines of at most about `width` characters, broken between words.
    static func wrapped(_ text: String, width: Int = 40) -> [String] {
        wrapped(pieces: text.split(whereSeparator: { $0 == " " || $0.isNewline }).map(String.init), width: width)
    }

    /// `pieces` joined by spaces in lines of at most about `width` characters; a piece longer
    /// than that has a line of its own.
    static func wrapped(pieces: [String], width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for piece in pieces {
            if !line.isEmpty && line.count + 1 + piece.count > width {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? piece : " " + piece
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// A state's label: its name (and, with `descriptions`, its description) centered, then
    /// its internal transitions left-justified, one each,
    /// `memoryWarning (system) / applicationDidReceiveMemoryWarning(_:)`, broken after the
    /// slash and between callbacks past about 40 characters, the lines after the first indented.
    func label(_ machine: Machine, _ state: Int, internals: [Int: [Int]], prefix: String = "") -> String {
        var lines = [prefix + machine.states[state].name]
        if let phase = machine.shownPhase(state) { lines.append("scenePhase " + phase.swift) }
        if let deadline = machine.states[state].deadline { lines.append(deadline.label) }
        if options.descriptions, let description = machine.states[state].description {
            lines += Self.wrapped(description)
        }
        let centered = lines.count
        // `entry / …` and `exit / …` first, as UML draws them inside the state.
        for (word, refs) in [("entry", machine.stateCallbacks.entry[state] ?? []), ("exit", machine.stateCallbacks.exit[state] ?? [])]
        where !refs.isEmpty {
            let callbacks = refs.map { model.method($0).reference }
            let pieces = [word + " /"] + callbacks.indices.map { $0 < callbacks.count - 1 ? callbacks[$0] + "," : callbacks[$0] }
            for (number, line) in Self.wrapped(pieces: pieces, width: 40).enumerated() {
                lines.append(number == 0 ? line : "    " + line)
            }
        }
        for t in internals[state] ?? [] {
            let transition = machine.transitions[t]
            var head = transition.event ?? ""
            if let trigger = transition.trigger { head += " (\(trigger.rawValue))" }
            let callbacks = transition.callbacks.map { model.method($0).reference }
            guard !callbacks.isEmpty else {
                lines.append(head)
                continue
            }
            let pieces = [head + " /"] + callbacks.indices.map { $0 < callbacks.count - 1 ? callbacks[$0] + "," : callbacks[$0] }
            for (number, line) in Self.wrapped(pieces: pieces, width: 40).enumerated() {
                lines.append(number == 0 ? line : "    " + line)
            }
        }
        return DotQuoting.label(lines, leftAligned: centered)
    }

    /// `readable` is `isReadable`, computed once per drawing (it sums over every machine).
    func emitMachine(_ index: Int, readable: Bool, into printer: inout Printer, labelPrefix: String = "") {
        let machine = self.machine(at: index)
        let ends = edgeEnds(machine)
        let selectors = escapedSelectors()
        let internals = internalTransitions(machine)
        let graph = MachineGraph(states: machine.states)
        // Clusters that transitions leave from, each with an invisible exit node (declared in
        // the cluster when its first such edge is drawn), so that such an edge starts at the
        // cluster's border, not from the child it would otherwise be drawn from (`stop` from
        // `Session` looked as if it left from `Paused`).
        var exits = Set<Int>()
        // States nested as clusters; with clusters off, composite states are boxes and their
        // children follow them, flat.
        machine.walkStates { step in
            switch step {
            case .open(let state) where isCluster(machine, state):
                let info = machine.states[state]
                printer.line { line in
                    line.write("subgraph ")
                    writeCluster(index, state, to: &line)
                    line.write(" {")
                }
                printer.indent()
                printer.line { line in
                    line.write("label=")
                    if internals[state] == nil && !(options.descriptions && info.description != nil) && machine.shownPhase(state) == nil
                        && !Self.hasStateCallbacks(machine, state) && info.deadline == nil {
                        DotQuoting.writeQuoted(labelPrefix + info.name, to: &line)
                    } else {
                        line.write(label(machine, state, internals: internals, prefix: labelPrefix))
                    }
                    // The name at the top left, as in a statechart, where edges into the
                    // composite's states cross its border less often than in the middle.
                    line.write("; labeljust=l; style=rounded; color=\"#555555\";")
                }
                if let description = info.description {
                    printer.line { line in
                        line.write("tooltip=")
                        DotQuoting.writeQuoted(description, to: &line)
                        line.write(";")
                    }
                }
                if let initial = info.initialChild {
                    printer.line { line in
                        writeNode(index, state, to: &line)
                        line.write("_initial [shape=point, width=0.12, label=\"\"];")
                    }
                    printer.line { line in
                        writeNode(index, state, to: &line)
                        line.write("_initial -> ")
                        writeNode(index, anchor(machine, initial), to: &line)
                        line.write(" [arrowsize=0.6")
                        writeLiftHead(machine, index, initial, to: &line)
                        line.write("];")
                        // Beside the initial state, not on a rank of its own above it, where
                        // it would pull the cluster's top up to the states before it. (Not when
                        // the initial state is a cluster: a rank shared across clusters pulls
                        // the state out of its own.)
                        if readable && !isCluster(machine, initial) {
                            line.write(" { rank=same; ")
                            writeNode(index, state, to: &line)
                            line.write("_initial; ")
                            writeNode(index, initial, to: &line)
                            line.write("; }")
                        }
                    }
                }
            case .open(let state), .leaf(let state):
                printer.line { line in
                    writeNode(index, state, to: &line)
                    line.write(" [")
                    let plain = internals[state] == nil && !(options.descriptions && machine.states[state].description != nil)
                        && machine.shownPhase(state) == nil && !Self.hasStateCallbacks(machine, state) && machine.states[state].deadline == nil
                    writeNodeAttributes(machine.states[state], labelPrefix: labelPrefix,
                                        label: plain ? nil : label(machine, state, internals: internals, prefix: labelPrefix),
                                        to: &line)
                    line.write("];")
                }
                if let initial = machine.states[state].initialChild {
                    printer.line { line in
                        writeNode(index, state, to: &line)
                        line.write(" -> ")
                        writeNode(index, initial, to: &line)
                        // Unlabelled (the legend says what it means): a label of Graphviz's
                        // own is one that edges run through.
                        line.write(" [style=dotted, arrowhead=empty];")
                    }
                }
            case .close(let state):
                if isCluster(machine, state) {
                    printer.outdent()
                    printer.line("}")
                }
            }
        }

        // The machine's initial marker.
        printer.line("m\(index)_initial [shape=point, width=0.15, label=\"\"];")
        printer.line { line in
            line.write("m\(index)_initial -> ")
            writeNode(index, anchor(machine, machine.initialState), to: &line)
            line.write(" [arrowsize=0.7")
            writeLiftHead(machine, index, machine.initialState, to: &line)
            line.write("];")
        }

        if readable {
            emitReadableEdges(index, machine: machine, ends: ends, graph: graph, selectors: selectors, exits: &exits, into: &printer)
            return
        }
        // Transitions, a block at a time: first where each edge goes (`EdgeGeometry`, in a
        // tight loop), then the lines.
        var geometry: [EdgeGeometry] = []
        geometry.reserveCapacity(Self.edgeBlock)
        // The (tail, head) node pairs of the edges drawn so far.
        var drawn = Set<Int64>(minimumCapacity: machine.transitions.count)
        for blockStart in stride(from: 0, to: machine.transitions.count, by: Self.edgeBlock) {
            let block = blockStart..<min(blockStart + Self.edgeBlock, machine.transitions.count)
            geometry.removeAll(keepingCapacity: true)
            for transition in block {
                geometry.append(EdgeGeometry(machine.transitions[transition], ends: ends, graph: graph))
            }
            for transition in block where !machine.transitions[transition].isInternal {
                let edge = geometry[transition - blockStart]
                // A self-loop, or an edge against one drawn before it between the same two
                // nodes: Graphviz draws such labels over each other or through the loop, so the
                // label becomes a node of its own that the edge passes through.
                let pair = Int64(edge.tail) << 32 | Int64(edge.head)
                let labelNode = edge.tail == edge.head || drawn.contains(Int64(edge.head) << 32 | Int64(edge.tail))
                drawn.insert(pair)
                if edge.clipsTail {
                    emitExit(machine.transitions[transition].source, machine: machine, index: index, exits: &exits, into: &printer)
                }
                emitTransition(machine.transitions[transition], edge, machine: machine, index: index, transition: transition,
                               labelNode: labelNode, selectors: selectors, into: &printer)
            }
        }
    }

    /// Declares the invisible node that edges leaving cluster `state` start from, unless it
    /// already is.
    func emitExit(_ state: Int, machine: Machine, index: Int, exits: inout Set<Int>, into printer: inout Printer) {
        guard exits.insert(state).inserted else { return }
        printer.line { line in
            writeInClusters(sharedClusters(machine, state, state), index, to: &line) { line in
                writeNode(index, state, to: &line)
                line.write("_exit [shape=point, style=invis, width=0, height=0, label=\"\"];")
            }
        }
    }

    /// The transitions of a drawing laid out for reading: a group (`DotEdgeGroups`) at a time,
    /// its label a node of its own, and each of its edges in two halves through it.
    ///
    /// Ranks follow declaration order: an edge runs downwards when its tail node comes before
    /// its head node in the spec (a node is numbered by its state, an exit node by its cluster),
    /// and upwards otherwise, written head first with `dir=back`, so Graphviz has no cycle to
    /// break (it broke them by reversing half of an edge, which hung the label below both ends).
    /// The half at the target spans two ranks (`minlen=2`), so that the labels of edges between
    /// the same ranks spread over two rows instead of standing side by side in one.
    func emitReadableEdges(_ index: Int, machine: Machine, ends: [EdgeEnd], graph: MachineGraph, selectors: [[[UInt8]]],
                           exits: inout Set<Int>, into printer: inout Printer) {
        func geometry(_ transition: Int) -> EdgeGeometry {
            EdgeGeometry(machine.transitions[transition], ends: ends, graph: graph)
        }
        func isBackward(_ transition: Int, _ edge: EdgeGeometry) -> Bool {
            (edge.clipsTail ? machine.transitions[transition].source : Int(edge.tail)) > Int(edge.head)
        }
        // A loop leaves and enters one node: a state's own transition, or a composite's to its entry state.
        func isLoop(_ edge: EdgeGeometry) -> Bool {
            edge.tail == edge.head && !edge.clipsTail && !edge.clipsHead
        }
        let groups = DotEdgeGroups(machine, descriptions: options.descriptions) { number in
            let edge = geometry(number), transition = machine.transitions[number]
            return DotEdgeGroups.Route(cluster: sharedClusters(machine, transition.source, transition.target).last ?? -1,
                                       backward: isBackward(number, edge), clipsHead: edge.clipsHead, isLoop: isLoop(edge))
        }
        for first in machine.transitions.indices where groups.isFirst(first) {
            let members = groups.groups[Int(groups.groupOf[first])]
            let transition = machine.transitions[first]
            let edge = geometry(first)
            let loop = isLoop(edge)
            let backward = isBackward(first, edge)
            for member in members where geometry(member).clipsTail {
                emitExit(machine.transitions[member].source, machine: machine, index: index, exits: &exits, into: &printer)
            }
            let hasLabel = members.contains { machine.transitions[$0].eventAndDelay != nil } || !transition.callbacks.isEmpty
                || (options.descriptions && transition.description != nil)
            if hasLabel {
                // Inside the innermost cluster holding both ends, so that an edge within a
                // composite stays in it.
                printer.line { line in
                    writeInClusters(sharedClusters(machine, transition.source, transition.target), index, to: &line) { line in
                        writeLabelNode(index, first, to: &line)
                        line.write(" [shape=plaintext, fontsize=9, width=0, height=0, margin=0.03, ")
                        writeGroupLabel(members, machine: machine, selectors: selectors, to: &line)
                        if members.contains(where: { machine.transitions[$0].description != nil }) {
                            line.write(", ")
                            writeTooltip(members, machine: machine, to: &line)
                        }
                        line.write("];")
                    }
                }
            }
            // The source side: a line from each source for each trigger.
            let targetClip = edge.clipsHead ? transition.target : nil
            let far = hasLabel ? EdgePoint.label(first) : .node(Int(edge.head))
            var tails: [(source: Int, trigger: Transition.Trigger?)] = []
            for member in members {
                let tail = (machine.transitions[member].source, machine.transitions[member].trigger)
                guard !tails.contains(where: { $0 == tail }) else { continue }
                tails.append(tail)
                let sourceEdge = geometry(member)
                let sourceClip = sourceEdge.clipsTail ? tail.0 : nil
                let near = sourceEdge.clipsTail ? EdgePoint.exit(tail.0) : .node(Int(sourceEdge.tail))
                let drawn = members.filter { machine.transitions[$0].source == tail.0 && machine.transitions[$0].trigger == tail.1 }
                if backward && !loop {
                    writeEdge(far, near, hasLabel ? "dir=none" : "dir=back", trigger: tail.1, minimumLength: !hasLabel,
                              tailCluster: hasLabel ? nil : targetClip, headCluster: sourceClip, tooltip: drawn, machine: machine,
                              index: index, into: &printer)
                } else {
                    writeEdge(near, far, hasLabel ? "arrowhead=none" : "", trigger: tail.1, minimumLength: !hasLabel && !loop,
                              tailCluster: sourceClip, headCluster: hasLabel ? nil : targetClip, tooltip: drawn, machine: machine,
                              index: index, into: &printer)
                }
            }
            guard hasLabel else { continue }
            // A state's own loop stands beside it, out on one arc and back on another, the rank
            // declared in its clusters (a rank shared across a cluster's border pulls the state
            // out); a loop between a composite and its entry state hangs below.
            if loop && transition.source == transition.target && !isCluster(machine, transition.source) {
                printer.line { line in
                    writeInClusters(sharedClusters(machine, transition.source, transition.target), index, to: &line) { line in
                        line.write("{ rank=same; ")
                        writeNode(index, Int(edge.tail), to: &line)
                        line.write("; ")
                        writeLabelNode(index, first, to: &line)
                        line.write("; }")
                    }
                }
            }
            // The target side: a line for each trigger; a loop's comes back out of the same side.
            var triggers: [Transition.Trigger?] = []
            for member in members where !triggers.contains(machine.transitions[member].trigger) {
                let trigger = machine.transitions[member].trigger
                triggers.append(trigger)
                let drawn = members.filter { machine.transitions[$0].trigger == trigger }
                if backward || loop {
                    writeEdge(.node(Int(edge.head)), .label(first), "dir=back", trigger: trigger, minimumLength: !loop,
                              tailCluster: targetClip, headCluster: nil, tooltip: drawn, machine: machine, index: index, into: &printer)
                } else {
                    writeEdge(.label(first), .node(Int(edge.head)), "", trigger: trigger, minimumLength: true,
                              tailCluster: nil, headCluster: targetClip, tooltip: drawn, machine: machine, index: index, into: &printer)
                }
            }
        }
    }

    /// An end of an edge: a state's node, the exit node of a cluster, or a label node (named
    /// after the first transition of its group).
    enum EdgePoint {
        case node(Int), exit(Int), label(Int)
    }

    /// `from -> to [lead, style, minlen=2, ltail=…, lhead=…, tooltip=…];` on a line of its own,
    /// with only the attributes that apply: the trigger's style (dashed by system, grey without
    /// `by`), two ranks when `minimumLength`, the clusters whose borders the edge stops at, and
    /// the descriptions of the transitions in `tooltip` (hovering over a line shows them).
    func writeEdge(_ from: EdgePoint, _ to: EdgePoint, _ lead: StaticString, trigger: Transition.Trigger?, minimumLength: Bool,
                   tailCluster: Int?, headCluster: Int?, tooltip: [Int], machine: Machine, index: Int, into printer: inout Printer) {
        func write(_ point: EdgePoint, _ line: inout Printer) {
            switch point {
            case .node(let state): writeNode(index, state, to: &line)
            case .exit(let state):
                writeNode(index, state, to: &line)
                line.write("_exit")
            case .label(let transition): writeLabelNode(index, transition, to: &line)
            }
        }
        printer.line { line in
            write(from, &line)
            line.write(" -> ")
            write(to, &line)
            var attributes = 0
            func attribute(_ text: StaticString) {
                line.write(attributes == 0 ? " [" : ", ")
                line.write(text)
                attributes += 1
            }
            if lead.utf8CodeUnitCount > 0 { attribute(lead) }
            switch trigger {
            case .system: attribute("style=dashed")
            case .user: break
            case nil: attribute("color=\"#777777\"")
            }
            if minimumLength { attribute("minlen=2") }
            if let tailCluster {
                attribute("ltail=")
                writeCluster(index, tailCluster, to: &line)
            }
            if let headCluster {
                attribute("lhead=")
                writeCluster(index, headCluster, to: &line)
            }
            if tooltip.contains(where: { machine.transitions[$0].description != nil }) {
                attribute("")
                writeTooltip(tooltip, machine: machine, to: &line)
            }
            if attributes > 0 { line.write("]") }
            line.write(";")
        }
    }

    /// `tooltip="…"` for a label node or a line that draws `transitions` (one at least has a
    /// description): the description of one, or `event: description` a line for each of several.
    func writeTooltip(_ transitions: [Int], machine: Machine, to printer: inout Printer) {
        printer.write("tooltip=")
        if transitions.count == 1, let description = machine.transitions[transitions[0]].description {
            DotQuoting.writeQuoted(description, to: &printer)
            return
        }
        printer.write(DotQuoting.label(transitions.compactMap { member -> String? in
            let transition = machine.transitions[member]
            return transition.description.map { (transition.event.map { $0 + ": " } ?? "") + $0 }
        }))
    }

    /// A group's label: its events (with their triggers when several events have different
    /// ones), in lines of about 40 characters; then the callbacks they share, one a line; then,
    /// with `descriptions`, the description they share.
    func writeGroupLabel(_ members: [Int], machine: Machine, selectors: [[[UInt8]]], to printer: inout Printer) {
        guard members.count > 1 else {
            return writeLabel(machine.transitions[members[0]], selectors: selectors, to: &printer)
        }
        var events: [(name: String, trigger: Transition.Trigger?)] = []
        for member in members {
            let transition = machine.transitions[member]
            if let event = transition.eventAndDelay, !events.contains(where: { $0.name == event && $0.trigger == transition.trigger }) {
                events.append((event, transition.trigger))
            }
        }
        let names = events.reduce(into: [String]()) { names, event in if !names.contains(event.name) { names.append(event.name) } }
        let mixed = names.count > 1 && events.contains { $0.trigger != events[0].trigger }
        let items = mixed ? events.map { event in event.trigger.map { "\(event.name) (\($0.rawValue))" } ?? event.name } : names
        let pieces = items.indices.map { $0 < items.count - 1 ? items[$0] + "," : items[$0] }
        writeLabel(machine.transitions[members[0]], eventLines: Self.wrapped(pieces: pieces, width: 40), selectors: selectors,
                   to: &printer)
    }

    /// How many edges' geometry is worked out ahead of printing them.
    static let edgeBlock = 4096

    /// Where an edge goes: its end nodes, and whether it is clipped at a cluster's border.
    ///
    /// Worked out for a block of edges in a loop of its own because, at a million states,
    /// each edge's ends are random reads that miss the cache: in a tight loop the processor
    /// has many of them in flight at once, while between the hundreds of instructions that
    /// print a line it waited for them one at a time.
    struct EdgeGeometry {
        /// The node ids of the tail and head (`EdgeEnd.anchor`).
        var tail: Int32
        var head: Int32
        /// `ltail`/`lhead`: the source (target) is a cluster and the other end lies outside it.
        var clipsTail: Bool
        var clipsHead: Bool

        /// `graph` is the machine's hierarchy: its nesting is read from 4 bytes a state
        /// instead of a `State`.
        init(_ transition: Transition, ends: [EdgeEnd], graph: MachineGraph) {
            let source = ends[transition.source], target = ends[transition.target]
            tail = source.anchor
            head = target.anchor
            clipsTail = source.isCluster && !graph.isWithin(Int(head), transition.source)
            clipsHead = target.isCluster && !graph.isWithin(Int(tail), transition.target)
        }
    }

    /// One edge's line; with `labelNode`, its label as a node of its own (`m0_t7`, a plain
    /// text box Graphviz never overlaps with another) and the edge in two halves through it.
    /// The clusters that hold both `a` and `b` (a cluster holds itself: an edge from a
    /// composite to a state inside it stays inside), outermost first.
    func sharedClusters(_ machine: Machine, _ a: Int, _ b: Int) -> [Int] {
        machine.ancestry(a).filter { isCluster(machine, $0) && machine.isWithin(b, $0) }.reversed()
    }

    func emitTransition(_ transition: Transition, _ geometry: EdgeGeometry, machine: Machine, index: Int, transition number: Int,
                        labelNode: Bool, selectors: [[[UInt8]]], into printer: inout Printer) {
        let hasLabel = transition.eventAndDelay != nil || !transition.callbacks.isEmpty
            || (options.descriptions && transition.description != nil)
        let viaNode = labelNode && hasLabel
        if viaNode {
            // Inside the innermost cluster holding both ends, so that an edge within a
            // composite stays in it (the machine's own cluster, when there are several, is
            // already open around its edges).
            printer.line { line in
                writeInClusters(sharedClusters(machine, transition.source, transition.target), index, to: &line) { line in
                    writeLabelNode(index, number, to: &line)
                    line.write(" [shape=plaintext, fontsize=9, width=0, height=0, margin=0.03, ")
                    writeLabel(transition, selectors: selectors, to: &line)
                    if let description = transition.description {
                        line.write(", tooltip=")
                        DotQuoting.writeQuoted(description, to: &line)
                    }
                    line.write("];")
                }
            }
        }
        // The edge, or its two halves: (tail, head, first half?).
        let halves: [(Bool, Bool)] = viaNode ? [(true, false), (false, true)] : [(true, true)]
        for (fromTail, toHead) in halves {
            printer.line { line in
                if fromTail && geometry.clipsTail {
                    writeNode(index, transition.source, to: &line)
                    line.write("_exit")
                } else if fromTail {
                    writeNode(index, Int(geometry.tail), to: &line)
                } else {
                    writeLabelNode(index, number, to: &line)
                }
                line.write(" -> ")
                if toHead {
                    writeNode(index, Int(geometry.head), to: &line)
                } else {
                    writeLabelNode(index, number, to: &line)
                }
                // Attributes, comma-separated, in a fixed order; none at all means no brackets.
                var attributes = 0
                @inline(__always) func attribute(_ name: StaticString, _ line: inout Printer) {
                    line.write(attributes == 0 ? " [" : ", ")
                    line.write(name)
                    attributes += 1
                }
                if !viaNode && hasLabel {
                    attribute("", &line)
                    writeLabel(transition, selectors: selectors, to: &line)
                }
                if viaNode && !toHead { attribute("arrowhead=none", &line) }
                switch transition.trigger {
                case .system: attribute("style=dashed", &line)
                case .user: break
                case nil: attribute("color=\"#777777\"", &line)
                }
                if let description = transition.description, !viaNode {
                    attribute("tooltip=", &line)
                    DotQuoting.writeQuoted(description, to: &line)
                }
                // Edges touch a cluster's border, unless the other end lies inside that cluster.
                if geometry.clipsTail && fromTail {
                    attribute("ltail=", &line)
                    writeCluster(index, transition.source, to: &line)
                }
                if geometry.clipsHead && toHead {
                    attribute("lhead=", &line)
                    writeCluster(index, transition.target, to: &line)
                }
                if attributes > 0 { line.write("]") }
                line.write(";")
            }
        }
    }

    /// `label="event\ncallback()\n…"`: the event (or `eventLines`), then the callbacks in order.
    func writeLabel(_ transition: Transition, eventLines: [String]? = nil, selectors: [[[UInt8]]], to printer: inout Printer) {
        printer.write("label=\"")
        var first = true
        if let eventLines {
            for line in eventLines {
                if !first { printer.write("\\n") }
                DotQuoting.writeEscaped(line, to: &printer)
                first = false
            }
        } else if let event = transition.eventAndDelay {
            DotQuoting.writeEscaped(event, to: &printer)
            first = false
        }
        // Many callbacks make a long label: written in pieces (`DotQuoting.pieceLength`).
        var pieceStart = printer.buffer.count
        for callback in transition.callbacks {
            if printer.buffer.count - pieceStart >= DotQuoting.pieceLength {
                printer.write("\" + \"")
                pieceStart = printer.buffer.count
            }
            if !first { printer.write("\\n") }
            selectors[callback.type][callback.index].withUnsafeBufferPointer { printer.write(bytes: $0) }
            first = false
        }
        if options.descriptions, let description = transition.description {
            for line in Self.wrapped(description) {
                if !first { printer.write("\\n") }
                DotQuoting.writeEscaped(line, to: &printer)
                first = false
            }
        }
        printer.write("\"")
    }

    /// `, lhead=…` when the target is a cluster.
    func writeLiftHead(_ machine: Machine, _ index: Int, _ target: Int, to printer: inout Printer) {
        guard isCluster(machine, target) else { return }
        printer.write(", lhead=")
        writeCluster(index, target, to: &printer)
    }

    /// `label` (a DOT string) replaces the name alone (a state with internal transitions, or
    /// descriptions drawn).
    func writeNodeAttributes(_ state: State, labelPrefix: String = "", label: String? = nil, to printer: inout Printer) {
        printer.write("label=")
        if let label {
            printer.write(label)
        } else {
            DotQuoting.writeQuoted(labelPrefix.isEmpty ? state.name : labelPrefix + state.name, to: &printer)
        }
        if let description = state.description {
            printer.write(", tooltip=")
            DotQuoting.writeQuoted(description, to: &printer)
        }
        if state.isFinal { printer.write(", peripheries=2") }
        if state.isComposite { printer.write(", style=\"rounded,bold\"") }
    }

    /// What a legend entry explains.
    enum LegendEntry {
        case initial, final, byUser, bySystem, unspecified, enters, internalTransition
    }

    /// The legend's entries: what the drawing's marks mean, each only when the drawing uses it
    /// (the initial dot always). A transition without `by` is drawn grey: its trigger is not given.
    func legendEntries(_ indices: [Int]) -> [LegendEntry] {
        // The machines drawn: the spec's, and the systems' instances unless each is one box.
        let drawn = indices.map { model.machines[$0] } + (instancesAbridged ? [] : instances.map(\.machine))
        func hasTransition(where test: (Transition) -> Bool) -> Bool {
            drawn.contains { $0.transitions.contains(where: test) }
        }
        var entries: [LegendEntry] = [.initial]
        if drawn.contains(where: { $0.states.contains(where: \.isFinal) }) { entries.append(.final) }
        if hasTransition(where: { !$0.isInternal && $0.trigger == .user }) { entries.append(.byUser) }
        if hasTransition(where: { !$0.isInternal && $0.trigger == .system }) { entries.append(.bySystem) }
        if hasTransition(where: { !$0.isInternal && $0.trigger == nil }) { entries.append(.unspecified) }
        if !options.clusters && drawn.contains(where: { $0.states.contains(where: \.isComposite) }) { entries.append(.enters) }
        if hasTransition(where: \.isInternal) { entries.append(.internalTransition) }
        return entries
    }

    /// The legend of a drawing laid out for reading: the graph's label, an HTML-like table
    /// under the drawing, outside the layout, so no edge can run through it (as a cluster it
    /// took part in the layout, beside the states), and a grid of at most three entries a row,
    /// so it is seldom wider than the drawing. Written last, so that the clusters, declared
    /// before, do not inherit its place at the bottom.
    func emitLegendTable(_ entries: [LegendEntry], into printer: inout Printer) {
        // A line: the bottom border of a cell as wide as a short edge.
        func line(_ style: String) -> String {
            #"<TABLE BORDER="0" CELLSPACING="0" CELLPADDING="0"><TR><TD FIXEDSIZE="TRUE" WIDTH="30" HEIGHT="6" SIDES="B" BORDER="1""#
                + style + #"></TD></TR><TR><TD HEIGHT="5"></TD></TR></TABLE>"#
        }
        // (What the drawing shows, what it means.)
        let cells: [(sample: String, meaning: String)] = entries.map { entry in
            switch entry {
            case .initial: (#"<FONT POINT-SIZE="14">●</FONT>"#, "initial state")
            case .final: (#"<TABLE BORDER="1" STYLE="rounded" CELLBORDER="1" CELLSPACING="2" CELLPADDING="1"><TR>"#
                + #"<TD STYLE="rounded" WIDTH="20"> </TD></TR></TABLE>"#, "final state")
            case .byUser: (line(""), "by user")
            case .bySystem: (line(#" STYLE="dashed""#), "by system")
            case .unspecified: (line(##" COLOR="#777777""##), "no 'by': trigger not given")
            case .enters: (line(#" STYLE="dotted""#), "composite state: enters its initial state")
            case .internalTransition: (#"<TABLE BORDER="1" STYLE="rounded" CELLBORDER="0" CELLPADDING="1"><TR><TD>State</TD></TR>"#
                + #"<TR><TD ALIGN="LEFT">event / callbacks</TD></TR></TABLE>"#,
                #"internal: fires without<BR ALIGN="LEFT"/>leaving State<BR ALIGN="LEFT"/>"#)
            }
        }
        // A grid: a sample, its meaning and a gap per entry, three entries a row.
        let columns = min(cells.count, 3)
        printer.line(#"label=<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="0" CELLPADDING="2">"#)
        printer.line(#"<TR><TD ALIGN="LEFT" COLSPAN="\#(columns * 3)"><FONT POINT-SIZE="10">Legend</FONT></TD></TR>"#)
        for row in stride(from: 0, to: cells.count, by: columns) {
            var text = "<TR>"
            for (sample, meaning) in cells[row..<min(row + columns, cells.count)] {
                text += #"<TD ALIGN="RIGHT"><FONT POINT-SIZE="9">"# + sample + #"</FONT></TD><TD ALIGN="LEFT"><FONT POINT-SIZE="9">"#
                    + meaning + #"</FONT></TD><TD WIDTH="8"></TD>"#
            }
            printer.line(text + "</TR>")
        }
        printer.line("</TABLE>>;")
        printer.line("labelloc=b; labeljust=l;")
    }

    /// The legend of a drawing past the readable size: a cluster of sample nodes and edges, as
    /// before the legend moved under the drawing, because `sfdp` lays a large graph out faster
    /// with this second component than without (<doc:Performance>, "Diagrams laid out for
    /// reading").
    func emitLegendCluster(_ entries: [LegendEntry], into printer: inout Printer) {
        printer.line("subgraph cluster_legend {")
        printer.indented { printer in
            printer.line("label=\"Legend\"; fontsize=10; style=dotted; color=\"#999999\";")
            printer.line("node [fontsize=9];")
            func arrow(_ name: String, _ label: String, _ style: String) {
                printer.line("legend_\(name)_a [shape=point, width=0.05, label=\"\"];")
                printer.line("legend_\(name)_b [shape=point, width=0.05, label=\"\"];")
                printer.line("legend_\(name)_a -> legend_\(name)_b [label=\"\(label)\"\(style)];")
            }
            for entry in entries {
                switch entry {
                case .initial:
                    printer.line("legend_initial [shape=point, width=0.12, label=\"\"];")
                    printer.line("legend_initial_state [label=\"initial state\"];")
                    printer.line("legend_initial -> legend_initial_state [arrowsize=0.6];")
                case .final: printer.line("legend_final [label=\"final state\", peripheries=2];")
                case .byUser: arrow("user", "by user", "")
                case .bySystem: arrow("system", "by system", ", style=dashed")
                case .unspecified: arrow("unspecified", "no 'by': trigger not given", ", color=\"#777777\"")
                case .enters: arrow("enters", "composite state: enters its initial state", ", style=dotted, arrowhead=empty")
                case .internalTransition:
                    printer.line("legend_internal [label=\"State\\nevent / callbacks: internal,\\nfires without leaving State\"];")
                }
            }
        }
        printer.line("}")
    }
}
