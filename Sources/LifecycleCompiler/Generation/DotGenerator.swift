/// Generates a Graphviz DOT diagram of a checked model.
///
/// One `digraph` per file (two graphs in one file would render as two concatenated SVGs).
/// With several machines, each is a cluster. States are rounded boxes with their description
/// as tooltip; an initial marker points at the initial state; final states have a double
/// border; composite states are clusters (`compound=true`, with `lhead`/`ltail` so edges touch
/// the cluster) unless `clusters` is off. Edge labels are the event and the callbacks in order;
/// `by system` is dashed and `by user` solid, as in Apple's diagrams. Node ids are generated
/// (`m0_s3`), so no user text ever appears unquoted.
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
        printer.line("digraph \(DotQuoting.quoted(title)) {")
        printer.indented { printer in
            printer.line("graph [compound=true, fontname=\"Helvetica\", fontsize=12, nodesep=0.4, ranksep=0.5];")
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
                        emitMachine(index, into: &printer)
                    }
                    printer.line("}")
                } else {
                    if let description = model.machines[index].description {
                        printer.line("tooltip=\(DotQuoting.quoted(description));")
                    }
                    emitMachine(index, into: &printer)
                }
            }
            emitSystems(into: &printer)
            if options.legend {
                printer.line()
                emitLegend(indices, into: &printer)
            }
        }
        printer.line("}")
    }

    /// Whether a transition drawn in these machines satisfies `test`.
    func hasTransition(_ indices: [Int], where test: (Transition) -> Bool) -> Bool {
        indices.contains { model.machines[$0].transitions.contains(where: test) }
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
                DotQuoting.escaped(method.selector)
            }
        }
    }

    /// Each system as a cluster holding one cluster per instance: its machine's states, with
    /// the instance's name before each (`Second.Appeared`), side by side.
    func emitSystems(into printer: inout Printer) {
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
                    emitMachine(index, into: &printer, labelPrefix: instance.name + ".")
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

    /// `text` in lines of at most about `width` characters, broken between words.
    static func wrapped(_ text: String, width: Int = 40) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(whereSeparator: { $0 == " " || $0.isNewline }) {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// A state's label lines: its name (and, with `descriptions`, its description), then one
    /// line per internal transition,
    /// `memoryWarning (system) / applicationDidReceiveMemoryWarning(_:)`.
    func labelLines(_ machine: Machine, _ state: Int, internals: [Int: [Int]], prefix: String = "") -> [String] {
        var lines = [prefix + machine.states[state].name]
        if let phase = machine.shownPhase(state) { lines.append("scenePhase " + phase.swift) }
        if options.descriptions, let description = machine.states[state].description {
            lines += Self.wrapped(description)
        }
        for t in internals[state] ?? [] {
            let transition = machine.transitions[t]
            var line = transition.event ?? ""
            if let trigger = transition.trigger { line += " (\(trigger.rawValue))" }
            let callbacks = transition.callbacks.map { model.method($0).selector }
            if !callbacks.isEmpty { line += " / " + callbacks.joined(separator: ", ") }
            lines.append(line)
        }
        return lines
    }

    func emitMachine(_ index: Int, into printer: inout Printer, labelPrefix: String = "") {
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
                    if internals[state] == nil && !(options.descriptions && info.description != nil) && machine.shownPhase(state) == nil {
                        DotQuoting.writeQuoted(labelPrefix + info.name, to: &line)
                    } else {
                        line.write(DotQuoting.label(labelLines(machine, state, internals: internals, prefix: labelPrefix)))
                    }
                    line.write("; style=rounded; color=\"#555555\";")
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
                    }
                }
            case .open(let state), .leaf(let state):
                printer.line { line in
                    writeNode(index, state, to: &line)
                    line.write(" [")
                    let plain = internals[state] == nil && !(options.descriptions && machine.states[state].description != nil)
                        && machine.shownPhase(state) == nil
                    writeNodeAttributes(machine.states[state], labelPrefix: labelPrefix,
                                        label: plain ? nil : labelLines(machine, state, internals: internals, prefix: labelPrefix),
                                        to: &line)
                    line.write("];")
                }
                if let initial = machine.states[state].initialChild {
                    printer.line { line in
                        writeNode(index, state, to: &line)
                        line.write(" -> ")
                        writeNode(index, initial, to: &line)
                        line.write(" [style=dotted, arrowhead=empty, label=\"enters\"];")
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
                let source = machine.transitions[transition].source
                if edge.clipsTail && exits.insert(source).inserted {
                    printer.line { line in
                        writeInClusters(sharedClusters(machine, source, source), index, to: &line) { line in
                            writeNode(index, source, to: &line)
                            line.write("_exit [shape=point, style=invis, width=0, height=0, label=\"\"];")
                        }
                    }
                }
                emitTransition(machine.transitions[transition], edge, machine: machine, index: index, transition: transition,
                               labelNode: labelNode, selectors: selectors, into: &printer)
            }
        }
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
        let hasLabel = transition.event != nil || !transition.callbacks.isEmpty
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

    /// `label="event\ncallback()\n…"`: the event, then the callbacks in order.
    func writeLabel(_ transition: Transition, selectors: [[[UInt8]]], to printer: inout Printer) {
        printer.write("label=\"")
        var first = true
        if let event = transition.event {
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

    /// `label` replaces the name alone (a state with internal transitions, or descriptions drawn).
    func writeNodeAttributes(_ state: State, labelPrefix: String = "", label: [String]? = nil, to printer: inout Printer) {
        printer.write("label=")
        if let label {
            printer.write(DotQuoting.label(label))
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

    /// The legend: what the drawing's marks mean, each entry only when the drawing uses it
    /// (the initial dot always). A transition without `by` is drawn grey: its trigger is not given.
    func emitLegend(_ indices: [Int], into printer: inout Printer) {
        let hasFinal = indices.contains { model.machines[$0].states.contains(where: \.isFinal) }
        let byUser = hasTransition(indices) { !$0.isInternal && $0.trigger == .user }
        let bySystem = hasTransition(indices) { !$0.isInternal && $0.trigger == .system }
        let unspecified = hasTransition(indices) { !$0.isInternal && $0.trigger == nil }
        let hasInternal = hasTransition(indices) { $0.isInternal }
        printer.line("subgraph cluster_legend {")
        printer.indented { printer in
            printer.line("label=\"Legend\"; fontsize=10; style=dotted; color=\"#999999\";")
            printer.line("node [fontsize=9];")
            printer.line("legend_initial [shape=point, width=0.12, label=\"\"];")
            printer.line("legend_initial_state [label=\"initial state\"];")
            printer.line("legend_initial -> legend_initial_state [arrowsize=0.6];")
            if hasFinal { printer.line("legend_final [label=\"final state\", peripheries=2];") }
            if hasInternal {
                printer.line("legend_internal [label=\"State\\nevent / callbacks: internal,\\nfires without leaving State\"];")
            }
            func arrow(_ name: String, _ label: String, _ style: String) {
                printer.line("legend_\(name)_a [shape=point, width=0.05, label=\"\"];")
                printer.line("legend_\(name)_b [shape=point, width=0.05, label=\"\"];")
                printer.line("legend_\(name)_a -> legend_\(name)_b [label=\"\(label)\"\(style)];")
            }
            if byUser { arrow("user", "by user", "") }
            if bySystem { arrow("system", "by system", ", style=dashed") }
            if unspecified { arrow("unspecified", "no 'by': trigger not given", ", color=\"#777777\"") }
        }
        printer.line("}")
    }
}
