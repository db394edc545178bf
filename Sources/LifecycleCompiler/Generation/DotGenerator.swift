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

        public init(clusters: Bool = true, machine: String? = nil, legend: Bool = true) {
            self.clusters = clusters
            self.machine = machine
            self.legend = legend
        }
    }

    let model: Model
    let options: Options

    public init(model: Model, options: Options = Options()) {
        self.model = model
        self.options = options
    }

    public func generate(specPath: String, command: String) -> [UInt8] {
        GeneratedFileHeader.wrap(body(), specPath: specPath, command: command, note: nil)
    }

    /// The machines drawn, by index.
    var machineIndices: [Int] {
        if let name = options.machine { return model.machines.indices.filter { model.machines[$0].name == name } }
        return Array(model.machines.indices)
    }

    public func body() -> [UInt8] {
        var printer = Printer(indent: "  ", capacity: 256 + model.machines.reduce(0) { $0 + 160 * ($1.states.count + $1.transitions.count) })
        let indices = machineIndices
        let title = indices.count == 1 ? model.machines[indices[0]].name : graphName
        printer.line("digraph \(DotQuoting.quoted(title)) {")
        printer.indented { printer in
            printer.line("graph [compound=true, fontname=\"Helvetica\", fontsize=12, nodesep=0.4, ranksep=0.5];")
            printer.line("node [shape=box, style=rounded, fontname=\"Helvetica\", fontsize=11];")
            printer.line("edge [fontname=\"Helvetica\", fontsize=9];")
            for index in indices {
                printer.line()
                if indices.count > 1 {
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
            if options.legend && hasTriggers(indices) {
                printer.line()
                emitLegend(into: &printer)
            }
        }
        printer.line("}")
        return printer.bytes
    }

    /// The spec's file name without folder or extension.
    var graphName: String {
        let last = model.path.split(separator: "/").last.map(String.init) ?? model.path
        return last.hasSuffix(".lifecycle") ? String(last.dropLast(10)) : last
    }

    func hasTriggers(_ indices: [Int]) -> Bool {
        indices.contains { model.machines[$0].transitions.contains { $0.trigger != nil } }
    }

    func node(_ machine: Int, _ state: Int) -> String { "m\(machine)_s\(state)" }
    func cluster(_ machine: Int, _ state: Int) -> String { "cluster_m\(machine)_s\(state)" }

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

    func emitMachine(_ index: Int, into printer: inout Printer) {
        let machine = model.machines[index]
        // States, nested as clusters, without recursion: an explicit stack of open clusters.
        // `cluster` says whether the entry opened a `subgraph` that must be closed; with
        // clusters off, composite states are boxes and their children follow them, flat.
        var stack: [(state: Int, next: Int, cluster: Bool)] = []
        let topLevel = machine.states.indices.filter { machine.states[$0].parent == nil }
        var topNext = 0
        while true {
            let state: Int
            if let top = stack.last {
                let children = machine.states[top.state].children
                if top.next >= children.count {
                    stack.removeLast()
                    if top.cluster {
                        printer.outdent()
                        printer.line("}")
                    }
                    continue
                }
                state = children[top.next]
                stack[stack.count - 1].next += 1
            } else {
                guard topNext < topLevel.count else { break }
                state = topLevel[topNext]
                topNext += 1
            }
            if isCluster(machine, state) {
                let info = machine.states[state]
                printer.line("subgraph \(DotQuoting.quoted(cluster(index, state))) {")
                printer.indent()
                printer.line("label=\(DotQuoting.label([info.name])); style=rounded; color=\"#555555\";")
                if let description = info.description { printer.line("tooltip=\(DotQuoting.quoted(description));") }
                if let initial = info.initialChild {
                    let marker = "\(node(index, state))_initial"
                    printer.line("\(marker) [shape=point, width=0.12, label=\"\"];")
                    printer.line("\(marker) -> \(node(index, anchor(machine, initial))) [arrowsize=0.6\(liftHead(machine, index, initial))];")
                }
                stack.append((state, 0, true))
            } else {
                printer.line("\(node(index, state)) [\(nodeAttributes(machine.states[state]))];")
                if machine.states[state].isComposite {
                    if let initial = machine.states[state].initialChild {
                        printer.line("\(node(index, state)) -> \(node(index, initial)) [style=dotted, arrowhead=empty, label=\"enters\"];")
                    }
                    stack.append((state, 0, false))
                }
            }
        }

        // The machine's initial marker.
        printer.line("m\(index)_initial [shape=point, width=0.15, label=\"\"];")
        printer.line("m\(index)_initial -> \(node(index, anchor(machine, machine.initialState))) [arrowsize=0.7\(liftHead(machine, index, machine.initialState))];")

        // Transitions.
        for transition in machine.transitions {
            let tail = anchor(machine, transition.source)
            let head = anchor(machine, transition.target)
            var attributes: [String] = []
            var lines: [String] = []
            if let event = transition.event { lines.append(event) }
            lines += transition.callbacks.map { model.method($0).selector }
            if !lines.isEmpty { attributes.append("label=\(DotQuoting.label(lines))") }
            switch transition.trigger {
            case .system: attributes.append("style=dashed")
            case .user: break
            case nil: attributes.append("color=\"#777777\"")
            }
            if let description = transition.description { attributes.append("tooltip=\(DotQuoting.quoted(description))") }
            // Edges touch a cluster's border, unless the other end lies inside that cluster.
            if isCluster(machine, transition.source) && !machine.isWithin(head, transition.source) {
                attributes.append("ltail=\(DotQuoting.quoted(cluster(index, transition.source)))")
            }
            if isCluster(machine, transition.target) && !machine.isWithin(tail, transition.target) {
                attributes.append("lhead=\(DotQuoting.quoted(cluster(index, transition.target)))")
            }
            let list = attributes.isEmpty ? "" : " [" + attributes.joined(separator: ", ") + "]"
            printer.line("\(node(index, tail)) -> \(node(index, head))\(list);")
        }
    }

    /// `, lhead=…` when the target is a cluster.
    func liftHead(_ machine: Machine, _ index: Int, _ target: Int) -> String {
        isCluster(machine, target) ? ", lhead=\(DotQuoting.quoted(cluster(index, target)))" : ""
    }

    func nodeAttributes(_ state: State) -> String {
        var attributes = ["label=\(DotQuoting.label([state.name]))"]
        if let description = state.description { attributes.append("tooltip=\(DotQuoting.quoted(description))") }
        if state.isFinal { attributes.append("peripheries=2") }
        if state.isComposite { attributes.append("style=\"rounded,bold\"") }
        return attributes.joined(separator: ", ")
    }

    func emitLegend(into printer: inout Printer) {
        printer.line("subgraph cluster_legend {")
        printer.indented { printer in
            printer.line("label=\"Legend\"; fontsize=10; style=dotted; color=\"#999999\";")
            printer.line("legend_user_a [shape=point, width=0.05, label=\"\"];")
            printer.line("legend_user_b [shape=point, width=0.05, label=\"\"];")
            printer.line("legend_system_a [shape=point, width=0.05, label=\"\"];")
            printer.line("legend_system_b [shape=point, width=0.05, label=\"\"];")
            printer.line("legend_user_a -> legend_user_b [label=\"by user\"];")
            printer.line("legend_system_a -> legend_system_b [label=\"by system\", style=dashed];")
        }
        printer.line("}")
    }
}
