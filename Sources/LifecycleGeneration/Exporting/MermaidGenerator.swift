import LifecycleSource
import LifecycleModel
import LifecycleConformance

/// Generates a Mermaid `stateDiagram-v2` of a checked model.
///
/// States get generated ids (`s3`, or `m1_s3` with several machines) and their names as display
/// text (`state "Foreground" as s1`), so no user text is ever an id. Composite states are
/// composite blocks with an initial marker; final states point at `[*]`; a leaf state's
/// description is its description line, a top-level composite's a note. With several machines,
/// each is a composite block of its own.
///
/// An internal transition is a line in its state (`internal on poke (user) / d()`: a leaf's
/// description line, under a composite's name), never an edge, which would leave the state.
/// Mermaid draws every transition solid, so who triggers it is in its label:
/// `activate (system)`, then the callbacks one a line. Mermaid's renderer breaks on an edge
/// that crosses a composite's border, so every edge is drawn between two states of one block
/// (`LiftedEdge`), its label naming the real ends (`from Inactive`, `to Inactive`).
///
/// With `Options.system`, a `sequenceDiagram` of that system instead (`SequenceDiagram`): a
/// participant per instance after the system's own, each event a `rect` with a note over every
/// lifeline naming it, each callback a message from the system, `->>` by user and `-->>` by
/// system; a new run from the start is a note across.
public struct MermaidGenerator {
    let export: ExportModel
    let system: String?

    public init(model: Model, options: ExportFormat.Options = .init()) {
        export = ExportModel(model: model, options: options)
        system = options.system
    }

    /// `system`'s sequence diagram, as `export --system` writes it and the Markdown page embeds it.
    static func sequence(_ diagram: SequenceDiagram, into printer: inout Printer) {
        let system = diagram.system
        let last = "p\(system.instances.count)"
        printer.line("sequenceDiagram")
        printer.indented { printer in
            printer.line("participant p0 as \(escape(system.name))")
            for instance in system.instances.indices {
                printer.line("participant p\(instance + 1) as \(escape(diagram.participant(instance)))")
            }
            for group in diagram.groups {
                if group.startsRun { printer.line("Note over p0,\(last): a new run from the start") }
                let trigger = system.events[group.event].trigger
                printer.line(trigger == .system ? "rect rgb(242, 242, 242)" : "rect rgb(235, 241, 250)")
                printer.indented { printer in
                    printer.line("Note over p0,\(last): \(escape(diagram.label(group)))")
                    if group.messages.isEmpty { printer.line("Note right of p0: (nothing is called)") }
                    for message in group.messages {
                        let arrow = trigger == .system ? "-->>" : "->>"
                        printer.line("p0\(arrow)p\(diagram.instance(message) + 1): \(escape(diagram.text(message)))")
                    }
                }
                printer.line("end")
            }
        }
    }

    /// The diagram of one machine, as the Markdown page embeds it.
    func diagram(machine: Int) -> String {
        var printer = Printer()
        printer.line("stateDiagram-v2")
        printer.indented { emitMachine(machine, prefix: "s", into: &$0) }
        return printer.text
    }

    func emit(into printer: inout Printer) {
        if let name = system, let system = export.model.system(named: name) {
            let diagram = SequenceDiagram(model: export.model, system: system,
                                          runs: SequenceDiagram.coveringRuns(model: export.model, system: system))
            Self.sequence(diagram, into: &printer)
            return
        }
        printer.line("stateDiagram-v2")
        printer.indented { printer in
            if export.machines.count == 1 {
                emitMachine(export.machines[0], prefix: "s", into: &printer)
                return
            }
            for index in export.machines {
                let machine = export.model.machines[index]
                let id = "m\(index)"
                printer.line("state \"\(Self.escape(machine.name))\" as \(id)")
                printer.line("state \(id) {")
                printer.indented { emitMachine(index, prefix: "\(id)_s", into: &$0) }
                printer.line("}")
                if let description = machine.description {
                    printer.line("note right of \(id) : \(Self.escape(description))")
                }
            }
        }
    }

    func emitMachine(_ index: Int, prefix: String, into printer: inout Printer) {
        let machine = export.model.machines[index]
        func id(_ state: Int) -> String { prefix + String(state) }
        // Each block's transitions, by the composite that holds them (the last slot: top level).
        var edges = [[LiftedEdge]](repeating: [], count: machine.states.count + 1)
        var labels = [[String]](repeating: [], count: machine.states.count + 1)
        let internals = export.internalTransitions(machine)
        for transition in machine.transitions where !transition.isInternal {
            let edge = LiftedEdge(transition, in: machine)
            let slot = edge.container ?? machine.states.count
            edges[slot].append(edge)
            labels[slot].append(label(transition, edge, machine))
        }
        func emitEdges(_ slot: Int, _ printer: inout Printer) {
            for (edge, label) in zip(edges[slot], labels[slot]) {
                printer.line("\(id(edge.source)) --> \(id(edge.target))" + (label.isEmpty ? "" : " : \(label)"))
            }
        }
        func declare(_ state: Int, _ printer: inout Printer) {
            printer.line("state \"\(Self.escape(machine.states[state].name))\" as \(id(state))")
        }
        // A composite's internal transitions go under its name (Mermaid draws no description
        // lines for a composite); a leaf's are description lines.
        func declareComposite(_ state: Int, _ printer: inout Printer) {
            let lines = [machine.states[state].name] + (machine.states[state].deadline.map { [$0.label] } ?? [])
                + export.actionLines(machine, state) + internals[state].map(export.internalLine)
            printer.line("state \"\(lines.map(Self.escape).joined(separator: "<br>"))\" as \(id(state))")
        }

        printer.line("[*] --> \(id(machine.initialState))")
        machine.walkStates { step in
            switch step {
            case .leaf(let state):
                declare(state, &printer)
                if let description = machine.states[state].description {
                    printer.line("\(id(state)) : \(Self.escape(description))")
                }
                if let phase = machine.phases?.phases[state] { printer.line("\(id(state)) : scenePhase \(phase.swift)") }
                if let deadline = machine.states[state].deadline { printer.line("\(id(state)) : \(deadline.label)") }
                for line in export.actionLines(machine, state) { printer.line("\(id(state)) : \(Self.escape(line))") }
                for transition in internals[state] { printer.line("\(id(state)) : \(Self.escape(export.internalLine(transition)))") }
                if machine.states[state].isFinal { printer.line("\(id(state)) --> [*]") }
            case .open(let state):
                declareComposite(state, &printer)
                printer.line("state \(id(state)) {")
                printer.indent()
                if let initial = machine.states[state].initialChild { printer.line("[*] --> \(id(initial))") }
            case .close(let state):
                emitEdges(state, &printer)
                printer.outdent()
                printer.line("}")
                // Notes inside composite blocks trip Mermaid's layout; a nested composite's
                // description is in the Markdown page's table of states instead.
                if machine.states[state].parent == nil, let description = machine.states[state].description {
                    printer.line("note right of \(id(state)) : \(Self.escape(description))")
                }
                if machine.states[state].isFinal { printer.line("\(id(state)) --> [*]") }
            }
        }
        emitEdges(machine.states.count, &printer)
    }

    /// `event (trigger)`, the real ends of a lifted edge, then the callbacks, one a line.
    func label(_ transition: Transition, _ edge: LiftedEdge, _ machine: Machine) -> String {
        var first = [transition.event, transition.trigger.map { "(\($0.rawValue))" },
                     transition.delay.map { "after \($0)" }].compactMap { $0 }.joined(separator: " ")
        if let source = edge.realSource { first += (first.isEmpty ? "" : " ") + "from \(machine.states[source].name)" }
        if let target = edge.realTarget { first += (first.isEmpty ? "" : " ") + "to \(machine.states[target].name)" }
        let lines = (first.isEmpty ? [] : [first]) + export.callbacks(transition)
        return lines.map(Self.escape).joined(separator: "<br>")
    }

    /// Text safe anywhere Mermaid shows it (quoted names, descriptions, labels, notes): every
    /// character Mermaid's parser or its HTML labels could read as syntax is an entity code
    /// (`#quot;`, `#35;`, `#59;` …), line breaks are `<br>`, and hidden characters are spelled
    /// out (`#92;u{202E}`).
    static func escape(_ text: String) -> String {
        ExportText.escape(text, lineBreak: "<br>") { scalar, out in
            switch scalar {
            case "\"": out += "#quot;"
            case "#", ";", "<", ">", "&", "\\", "{", "}", "[", "]", "|", "%", "`":
                out += "#\(scalar.value);"
            default: out.unicodeScalars.append(scalar)
            }
        }
    }
}
