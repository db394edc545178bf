import LifecycleSource
import LifecycleModel
import LifecycleConformance

/// Generates a PlantUML state diagram (`@startuml … @enduml`) of a checked model.
///
/// States get generated aliases (`s3`, or `m1_s3` with several machines, each then a composite
/// of its own) and their names as quoted display text; composite states are nested blocks with
/// an initial marker; final states point at `[*]`; descriptions are the states' description
/// lines, as are internal transitions (`internal on poke (user) / d()`: never an edge, which
/// would leave the state), and a machine's description a floating note. Transitions come last: `-->` by user,
/// `-[dashed]->` by system (as in Apple's diagrams), `-[#777777]->` when the spec does not
/// say; the label is the event, the trigger and the callbacks, one a line.
///
/// With `Options.system`, a sequence diagram of that system instead (`SequenceDiagram`): a
/// participant per instance after the system's own, each event a `group`, each callback a
/// message from the system, `->` by user, `-->` by system and `-[#777777]>` without a trigger;
/// a new run from the start is a `==` divider.
public struct PlantUMLGenerator {
    let export: ExportModel
    let system: String?

    public init(model: Model, options: ExportFormat.Options = .init()) {
        export = ExportModel(model: model, options: options)
        system = options.system
    }

    func emitSequence(_ diagram: SequenceDiagram, into printer: inout Printer) {
        let system = diagram.system
        printer.line("@startuml")
        printer.line("title \(Self.escape(system.name))")
        printer.line("hide footbox")
        printer.line("participant \"\(Self.escape(system.name))\" as p0")
        for instance in system.instances.indices {
            printer.line("participant \"\(Self.escape(diagram.participant(instance)))\" as p\(instance + 1)")
        }
        for group in diagram.groups {
            if group.startsRun { printer.line("== a new run from the start ==") }
            let trigger = system.events[group.event].trigger
            printer.line("group \(Self.escape(diagram.label(group)))")
            printer.indented { printer in
                if group.messages.isEmpty { printer.line("note right of p0 : (nothing is called)") }
                for message in group.messages {
                    let arrow = switch trigger {
                    case .user?: "->"
                    case .system?: "-->"
                    case nil: "-[#777777]>"
                    }
                    printer.line("p0 \(arrow) p\(diagram.instance(message) + 1) : \(Self.escape(diagram.text(message)))")
                }
            }
            printer.line("end")
        }
        printer.line("legend bottom")
        printer.line("Arrows: solid by user, dashed by system, grey no trigger.")
        printer.line("endlegend")
        printer.line("@enduml")
    }

    func emit(into printer: inout Printer) {
        if let name = system, let system = export.model.system(named: name) {
            emitSequence(SequenceDiagram(model: export.model, system: system,
                                         runs: SequenceDiagram.coveringRuns(model: export.model, system: system)), into: &printer)
            return
        }
        let model = export.model
        printer.line("@startuml")
        printer.line("hide empty description")
        if export.machines.count == 1 {
            let machine = model.machines[export.machines[0]]
            printer.line("title \(Self.escape(machine.name))")
            if let description = machine.description {
                printer.line("note \"\(Self.escape(description))\" as description")
            }
            emitMachine(export.machines[0], prefix: "s", into: &printer)
        } else {
            printer.line("title \(Self.escape(export.model.fileTitle))")
            for index in export.machines {
                let machine = model.machines[index]
                let id = "m\(index)"
                printer.line()
                printer.line("state \"\(Self.escape(machine.name))\" as \(id) {")
                printer.indented { emitMachine(index, prefix: "\(id)_s", into: &$0) }
                printer.line("}")
                if let description = machine.description {
                    printer.line("\(id) : \(Self.escape(description))")
                }
            }
        }
        printer.line("@enduml")
    }

    func emitMachine(_ index: Int, prefix: String, into printer: inout Printer) {
        let machine = export.model.machines[index]
        func id(_ state: Int) -> String { prefix + String(state) }
        let internals = export.internalTransitions(machine)
        func declare(_ state: Int, opening: Bool, _ printer: inout Printer) {
            printer.line("state \"\(Self.escape(machine.states[state].name))\" as \(id(state))" + (opening ? " {" : ""))
        }
        func describe(_ state: Int, _ printer: inout Printer) {
            if let description = machine.states[state].description {
                printer.line("\(id(state)) : \(Self.escape(description))")
            }
            if let phase = machine.shownPhase(state) { printer.line("\(id(state)) : scenePhase \(phase.swift)") }
            if let deadline = machine.states[state].deadline { printer.line("\(id(state)) : \(deadline.label)") }
            for line in export.actionLines(machine, state) { printer.line("\(id(state)) : \(Self.escape(line))") }
            for transition in internals[state] { printer.line("\(id(state)) : \(Self.escape(export.internalLine(transition)))") }
            if machine.states[state].isFinal { printer.line("\(id(state)) --> [*]") }
        }
        printer.line("[*] --> \(id(machine.initialState))")
        machine.walkStates { step in
            switch step {
            case .leaf(let state):
                declare(state, opening: false, &printer)
                describe(state, &printer)
            case .open(let state):
                declare(state, opening: true, &printer)
                printer.indent()
                if let initial = machine.states[state].initialChild { printer.line("[*] --> \(id(initial))") }
            case .close(let state):
                printer.outdent()
                printer.line("}")
                describe(state, &printer)
            }
        }
        for transition in machine.transitions where !transition.isInternal {
            let arrow: String
            switch transition.trigger {
            case .user: arrow = "-->"
            case .system: arrow = "-[dashed]->"
            case nil: arrow = "-[#777777]->"
            }
            let first = [transition.event, transition.trigger.map { "(\($0.rawValue))" },
                     transition.delay.map { "after \($0)" }].compactMap { $0 }.joined(separator: " ")
            let lines = (first.isEmpty ? [] : [first]) + export.callbacks(transition)
            let label = lines.map(Self.escape).joined(separator: "\\n")
            printer.line("\(id(transition.source)) \(arrow) \(id(transition.target))" + (label.isEmpty ? "" : " : \(label)"))
        }
    }

    /// Text safe in a PlantUML quoted name, description line, note or label: characters that
    /// quote, start markup (`<b>`, `[[link]]`, `~` escapes), call the preprocessor (`%f()`) or
    /// end a line are `<U+XXXX>` codes, as is the second of a doubled creole marker (`**`,
    /// `//`, `__`, `--`) so none starts bold, italic, underline or strike-through; line breaks
    /// are `\n`, hidden characters spelled out (`<U+005C>u{202E}`).
    static func escape(_ text: String) -> String {
        var previous: Unicode.Scalar?
        return ExportText.escape(text, lineBreak: "\\n") { scalar, out in
            switch scalar {
            case "\"", "\\", "<", ">", "[", "]", "~", "%", "{", "}", "|", "'", "#", "@", "!", "$", "^", "=":
                out += code(scalar)
                previous = nil
            case "*", "/", "_", "-":
                // The second of a pair is a code; a third is raw again.
                if previous == scalar {
                    out += code(scalar)
                    previous = nil
                } else {
                    out.unicodeScalars.append(scalar)
                    previous = scalar
                }
            default:
                out.unicodeScalars.append(scalar)
                previous = scalar
            }
        }
    }

    static func code(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
    }
}
