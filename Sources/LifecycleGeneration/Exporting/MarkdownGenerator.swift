import LifecycleSource
import LifecycleModel
import LifecycleConformance

/// Generates one Markdown page of a spec, for a wiki or a pull request (GitHub renders its
/// Mermaid blocks as diagrams).
///
/// The page is a title, then one section per machine: its description, delegate, a Mermaid
/// diagram, a table of states (description, the composite it lies in; for a machine mapped with
/// `scenePhase`, each state's phase), a table of transitions (from, event, by, to — "stays
/// (internal)" for an internal one —, the callbacks in order, the phase changes SwiftUI
/// reports, description) and the `require`d
/// callbacks with their reasons. Then one section per system: its description, its instances
/// (machine, the label logs use) and its events, each with its steps and the callbacks they
/// call, interleaved across instances in the order UIKit calls them. A page is a list of
/// `Section`s: a new kind of declaration is one more case and one more `emit…` method.
///
/// Names, events and selectors (identifiers) are code spans; free text is escaped for
/// CommonMark and GitHub (`\|` in tables, `\<`, `\*`, `\@`, …), line breaks are `<br>`.
public struct MarkdownGenerator {
    let export: ExportModel

    public init(model: Model, options: ExportFormat.Options = .init()) {
        export = ExportModel(model: model, options: options)
    }

    /// A part of the page.
    enum Section {
        case machine(Int)
        case system(Int)
    }

    var sections: [Section] { export.machines.map { .machine($0) } + export.systems.map { .system($0) } }

    func emit(into printer: inout Printer) {
        let model = export.model
        let single = export.machines.count == 1 && export.systems.isEmpty
        // One machine: the page is about it. Several: the file is the title, each machine a section.
        if single {
            printer.line("# \(Self.text(model.machines[export.machines[0]].name))")
        } else {
            printer.line("# \(Self.text(export.model.fileTitle))")
            printer.line()
            if export.machines.isEmpty && export.systems.isEmpty {
                printer.line("No machines.")
            }
            if !export.machines.isEmpty {
                printer.line("Machines: " + export.machines.map { "`\(model.machines[$0].name)`" }.joined(separator: ", ") + ".")
            }
            if !export.systems.isEmpty {
                if !export.machines.isEmpty { printer.line() }
                printer.line("Systems: " + export.systems.map { "`\(model.systems[$0].name)`" }.joined(separator: ", ") + ".")
            }
        }
        for section in sections {
            switch section {
            case .machine(let index): emitMachine(index, heading: single ? nil : "##", into: &printer)
            case .system(let index): emitSystem(index, into: &printer)
            }
        }
    }

    /// A machine's section; `heading` is nil when the machine is the page's title.
    func emitMachine(_ index: Int, heading: String?, into printer: inout Printer) {
        let machine = export.model.machines[index]
        let sub = (heading ?? "#") + "#"
        if let heading {
            printer.line()
            printer.line("\(heading) \(Self.text(machine.name))")
        }
        if let description = machine.description {
            printer.line()
            printer.line(Self.text(description))
        }
        if let delegate = export.delegateLine(machine) {
            printer.line()
            printer.line("Delegate: `\(delegate)`.")
        }
        if let phases = machine.phases {
            printer.line()
            printer.line(phases.scope == .app
                ? "SwiftUI shows it as the app's aggregate `scenePhase`, read in the `App`: a change of phase is what `onChange(of: scenePhase)` reports."
                : "SwiftUI shows it as its scene's `scenePhase`, read in the `View`: a change of phase is what `onChange(of: scenePhase)` reports.")
        }
        printer.line()
        printer.line("```mermaid")
        printer.lines(MermaidGenerator(model: export.model).diagram(machine: index)
            .dropLast().description)
        printer.line("```")

        printer.line()
        printer.line("\(sub) States")
        printer.line()
        let phases = machine.phases?.phases
        printer.line("| State | Description | Inside |" + (phases == nil ? "" : " Scene phase |"))
        printer.line("|---|---|---|" + (phases == nil ? "" : "---|"))
        for (index, state) in machine.states.enumerated() {
            var name = "`\(state.name)`"
            let isInitial = state.parent.map { machine.states[$0].initialChild == index } ?? (machine.initialState == index)
            if isInitial { name += " (initial)" }
            if state.isFinal { name += " (final)" }
            let parent = state.parent.map { "`\(machine.states[$0].name)`" } ?? ""
            // A composite without a phase of its own holds states that may each have one.
            let phase = phases.map { " " + ($0[index].map { "`\($0.swift)`" } ?? (state.isComposite ? "" : "none")) + " |" } ?? ""
            printer.line("| \(name) | \(Self.cell(state.description ?? "")) | \(parent) |" + phase)
        }

        printer.line()
        printer.line("\(sub) Transitions")
        printer.line()
        if machine.transitions.isEmpty {
            printer.line("None.")
        } else {
            printer.line("| From | Event | By | To | Callbacks |" + (phases == nil ? "" : " Phase changes |") + " Description |")
            printer.line("|---|---|---|---|---|" + (phases == nil ? "" : "---|") + "---|")
            let changes = phases == nil ? [] : machine.phaseChangesByTransition(MachineStepper(machine))
            for (t, transition) in machine.transitions.enumerated() {
                let callbacks = export.callbacks(transition).enumerated()
                    .map { "\($0.offset + 1). `\($0.element)`" }.joined(separator: "<br>")
                let cells = [
                    "`\(machine.states[transition.source].name)`",
                    transition.event.map { "`\($0)`" } ?? "",
                    transition.trigger?.rawValue ?? "",
                    // An internal transition goes nowhere: the machine stays in the state it is in.
                    transition.isInternal ? "stays (internal)" : "`\(machine.states[transition.target].name)`",
                    callbacks,
                ] + (phases == nil ? [] : [changes[t].map { "`\($0.text)`" }.joined(separator: ", ")]) + [
                    Self.cell(transition.description ?? ""),
                ]
                printer.line("| " + cells.joined(separator: " | ") + " |")
            }
        }

        if !machine.stateCallbacks.isEmpty {
            printer.line()
            printer.line("\(sub) Entry and exit callbacks")
            printer.line()
            printer.line("Every transition entering a state calls its entry callbacks after its own (outermost state first); one leaving it calls its exit callbacks before its own (innermost state first). An internal transition calls neither.")
            printer.line()
            printer.line("| State | Entry | Exit |")
            printer.line("|---|---|---|")
            for state in machine.states.indices where DotGenerator.hasStateCallbacks(machine, state) {
                func list(_ refs: [MethodRef]?) -> String {
                    (refs ?? []).map { "`\(export.model.method($0).reference)`" }.joined(separator: "<br>")
                }
                printer.line("| `\(machine.states[state].name)` | \(list(machine.stateCallbacks.entry[state])) | \(list(machine.stateCallbacks.exit[state])) |")
            }
        }
        if machine.hasTime { emitTime(machine, sub: sub, into: &printer) }

        if !machine.requirements.isEmpty {
            printer.line()
            printer.line("\(sub) Required callbacks")
            printer.line()
            for requirement in machine.requirements {
                let selector = export.model.method(requirement.callback).reference
                printer.line("- `\(selector)`" + (requirement.reason.map { ": \(Self.text($0))" } ?? ""))
            }
        }
    }

    /// The machine's time rules (<doc:Language>, "Time"), one a line: timed transitions, the
    /// states' deadlines, the callbacks' deadlines, each in declaration order.
    func emitTime(_ machine: Machine, sub: String, into printer: inout Printer) {
        printer.line()
        printer.line("\(sub) Time")
        printer.line()
        for transition in machine.transitions {
            guard let delay = transition.delay else { continue }
            let source = "`\(machine.states[transition.source].name)`"
            printer.line("- `\(machine.states[transition.source].name) -> \(machine.states[transition.target].name)`"
                + (transition.event.map { " on `\($0)`" } ?? "") + " after \(delay.seconds): taken once the machine has stayed "
                + "\(delay.seconds) in \(source), unless another transition leaves \(source) first.")
        }
        for state in machine.states {
            guard let deadline = state.deadline else { continue }
            printer.line("- `\(state.name)` within \(deadline.span.seconds): the machine leaves it within \(deadline.span.seconds) of entering it"
                + (deadline.reason.map { " (\(Self.text($0)))." } ?? "."))
        }
        for deadline in machine.callbackDeadlines {
            let from = export.model.method(deadline.from).reference, to = export.model.method(deadline.to).reference
            printer.line("- `\(to)` within \(deadline.span.seconds) of `\(from)`"
                + (deadline.reason.map { " (\(Self.text($0)))." } ?? "."))
        }
    }

    /// A system's section: its instances, then its events with their steps and the callbacks of
    /// every instance, interleaved as they are called.
    ///
    /// An event's callbacks are those of the first composed state (breadth first from the start,
    /// so reached by fewest events) in which the whole event happens; an event that never
    /// happens from the start (within a bounded search) shows none.
    func emitSystem(_ index: Int, into printer: inout Printer) {
        let system = export.model.systems[index]
        printer.line()
        printer.line("## \(Self.text(system.name))")
        if let description = system.description {
            printer.line()
            printer.line(Self.text(description))
        }
        printer.line()
        printer.line("### Instances")
        printer.line()
        printer.line("| Instance | Machine | Label |")
        printer.line("|---|---|---|")
        for (number, instance) in system.instances.enumerated() {
            printer.line("| `\(instance.name)` | `\(system.machine(of: number).name)` | \(Self.cell(instance.label ?? "")) |")
        }
        printer.line()
        printer.line("### Events")
        printer.line()
        if system.events.isEmpty {
            printer.line("None.")
            return
        }
        // Explored once: the events' callbacks and whether the sequence is small enough to plan.
        let stepper = ComposedStepper(system: system)
        let exploration = SequenceDiagram.exploration(of: stepper, limit: Self.searchLimit)
        let fired = firstFirings(of: system, stepper, exploration)
        printer.line("| Event | By | Steps | Callbacks | Description |")
        printer.line("|---|---|---|---|---|")
        for (number, event) in system.events.enumerated() {
            let steps = event.steps.map { step in
                let instance = system.instances[step.instance].name
                switch step.action {
                case .new: return "`new \(instance)`"
                case .fire(let name): return "`\(instance).\(name)`"
                }
            }.joined(separator: ", ")
            let clause = event.conditions.map { condition in
                "`\(system.instances[condition.instance].name) is \(system.machine(of: condition.instance).states[condition.state].name)`"
            }
            let stepsCell = clause.isEmpty ? steps : "when " + clause.joined(separator: " and ") + ": " + steps
            var callbacks: [String] = []
            if let firing = fired[number] {
                for step in firing.steps {
                    guard let transition = step.transition else { continue }
                    let machine = system.machine(of: step.instance)
                    for callback in machine.transitions[transition].callbacks {
                        callbacks.append("`\(system.instances[step.instance].name)`: `\(export.model.method(callback).reference)`")
                    }
                }
            }
            let list = fired[number] == nil ? "(never happens from the start)"
                : callbacks.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "<br>")
            let cells = ["`\(event.name)`", event.trigger?.rawValue ?? "", stepsCell, list, Self.cell(event.description ?? "")]
            printer.line("| " + cells.joined(separator: " | ") + " |")
        }
        // The order of callbacks across instances, as `render --system` draws it; planned only
        // over as many composed states as the table above searches.
        printer.line()
        printer.line("### Sequence")
        printer.line()
        guard SequenceDiagram.isSmall(exploration) else {
            printer.line("More than \(Self.searchLimit) composed states: draw a sequence of chosen events with "
                         + "`lifecycle render SPEC --system \(Self.text(system.name)) --events …`.")
            return
        }
        let diagram = SequenceDiagram(model: export.model, system: system,
                                      runs: SequenceDiagram.coveringRuns(model: export.model, system: system))
        printer.line("The events in an order that takes each of them, every callback on its instance:")
        printer.line()
        printer.line("```mermaid")
        var sequence = Printer(indent: "    ")
        MermaidGenerator.sequence(diagram, into: &sequence)
        printer.lines(sequence.text.dropLast().description)
        printer.line("```")
    }

    /// How many composed states a system's section searches, at most.
    static let searchLimit = 1 << 14

    /// Per event: how it happens in the first composed state (breadth first, in `exploration` of
    /// `stepper`) where it happens whole.
    func firstFirings(of system: System, _ stepper: ComposedStepper, _ exploration: ComposedExploration) -> [ComposedStepper.Firing?] {
        var firings = [ComposedStepper.Firing?](repeating: nil, count: system.events.count)
        var left = system.events.count
        var state = 0
        while left > 0 && state < exploration.count {
            let composed = exploration.state(state)
            for event in system.events.indices where firings[event] == nil {
                let firing = stepper.fire(event, from: composed)
                if firing.outcome == .done {
                    firings[event] = firing
                    left -= 1
                }
            }
            state += 1
        }
        return firings
    }

    /// Free text in a paragraph, a heading or a list item: ASCII punctuation that CommonMark or
    /// GitHub reads as markup (emphasis, links, HTML, headings, tables, math, mentions) is
    /// backslash-escaped, line breaks are `<br>`, hidden characters spelled out (`\\u{202E}`).
    static func text(_ text: String) -> String {
        // At the start of a line, `-`, `+`, `=` and the `.` or `)` after digits make lists and
        // headings; elsewhere they are plain.
        var atStart = true, digitsOnly = true
        return ExportText.escape(text, lineBreak: "<br>") { scalar, out in
            defer {
                atStart = false
                digitsOnly = digitsOnly && ("0"..."9").contains(scalar)
            }
            switch scalar {
            case "\\", "`", "*", "_", "{", "}", "[", "]", "<", ">", "#", "|", "~", "&", "$", "@":
                out += "\\"
            case "-", "+", "=":
                if atStart { out += "\\" }
            case ".", ")":
                if digitsOnly && !atStart { out += "\\" }
            default:
                break
            }
            out.unicodeScalars.append(scalar)
        }
    }

    /// Free text in a table cell: as `text`, and never empty of meaning.
    static func cell(_ text: String) -> String { Self.text(text) }
}
