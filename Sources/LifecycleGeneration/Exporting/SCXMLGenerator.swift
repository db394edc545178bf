import LifecycleSource
import LifecycleXML
import LifecycleModel
import LifecycleChecking
import LifecycleConformance

/// Generates W3C SCXML (`http://www.w3.org/2005/07/scxml`) of a checked model.
///
/// A machine is an `<scxml version="1.0" name=… initial=… datamodel="null">` document; states
/// are nested `<state>` elements (a composite's `initial` attribute names its initial child),
/// final states `<final>`, transitions `<transition event=… target=…>`. What SCXML has no
/// word for is kept in the `lifecycle` namespace (`https://lifecycle.invalid/scxml`,
/// prefix `lifecycle:`), so nothing is lost and `lifecycle import-scxml` reads it back:
///
/// - `lifecycle:by="user|system"` on a transition: who triggers it;
/// - each callback, in order, as `<log label="SELECTOR" lifecycle:callback="SELECTOR"/>` in the
///   transition: executable content an interpreter runs in UIKit's order (Qt reports each
///   through `QScxmlStateMachine::log`), and no event, so nothing on the machine's queues can
///   take it for one of the spec's; two callbacks with one base name stay apart;
/// - `lifecycle:delegate="SceneDelegate: UIResponder, UIWindowSceneDelegate"` and, when every
///   type it adopts is UIKit's (or SwiftUI's), `lifecycle:import="UIKit"` (`"SwiftUI"`) on the machine;
/// - `lifecycle:scenePhase=".active"` on a state whose SwiftUI scene phase (`scenePhase …`) is
///   not its enclosing state's;
/// - `<lifecycle:require callback=… reason=…/>` for each `require`;
/// - time (<doc:Language>, "Time"): a timed transition `Background -> Suspended on idle after 5s`
///   is SCXML's delayed event: the source state's `<onentry>` sends `idle-after-Background`
///   with `delay="5s"` and its `<onexit>` cancels it, and the transition takes that event as
///   well as `idle` (sending the event by name still takes it, as in the spec), with
///   `lifecycle:after="5s"` and `lifecycle:event="idle"` so the importer reads back the spec's
///   clause. The delayed event's first token has a `-`, so no spec event's transition can take
///   it by SCXML's prefix rule. (One difference at a tie: when a state and a state inside it,
///   entered at the same moment, have timed transitions due at the same moment, the spec takes
///   the inner one; an SCXML processor delivers the outer state's event first.) A state's
///   deadline is `lifecycle:within="20s"` with `lifecycle:reason`, a deadline between two
///   callbacks `<lifecycle:deadline from=… to=… within=… reason=…/>`: no SCXML processor
///   checks them, the importer reads them back.
///
/// Descriptions are comments before their element. State ids are the state names (letters of
/// any script are valid in XML names); with several machines the document is a `<parallel>` of
/// one `<state>` per machine and ids are qualified (`Scene.Active`). A name XML cannot hold as
/// an id gets a generated one (`state.0.3`) and keeps its name in `lifecycle:name`.
///
/// The document means what the spec means (<doc:Semantics>), event for event, which
/// `QtSCXMLDifferentialTests` checks with Qt's engine: a `<final>` inside a composite completes
/// it and its transitions still fire, as in the spec; one at the top ends the machine. SCXML
/// raises `done.state.…` and `error.…` events itself, which a transition on a spec event named
/// `done` or `error` would take by SCXML's prefix rule, so those events are written
/// `done-event` and `error-event` (no spec event has a `-`), the spec's name kept in
/// `lifecycle:event` beside it. (Spec events have no dots and no
/// wildcards, so no other event can be taken for one of them.)
public struct SCXMLGenerator {
    public static let namespace = "https://lifecycle.invalid/scxml"
    let export: ExportModel

    public init(model: Model, options: ExportFormat.Options = .init()) {
        export = ExportModel(model: model, options: options)
    }

    /// The first tokens of the event names SCXML processors raise themselves (`done.state.ID`,
    /// `done.invoke.ID`, `error.execution`, `error.communication`, `error.platform`): a
    /// transition on one of these words would take those events too.
    static let reservedEventWords: Set<String> = ["done", "error"]

    /// The name a host sends for spec event `event`: its own, but `done-event` for `done` and
    /// `error-event` for `error`. No spec event has a `-`, so the new name is no other event's,
    /// whatever the spec or the host sends.
    public static func eventName(_ event: String) -> String {
        reservedEventWords.contains(event) ? event + "-event" : event
    }

    var rootAttributes: String {
        "xmlns=\"http://www.w3.org/2005/07/scxml\" xmlns:lifecycle=\"\(Self.namespace)\" version=\"1.0\" datamodel=\"null\""
    }

    func emit(into printer: inout Printer) {
        let model = export.model
        if export.machines.count == 1 {
            let index = export.machines[0]
            let machine = model.machines[index]
            let ids = stateIDs(index, qualified: false)
            comment(machine.description, &printer)
            printer.line("<scxml \(rootAttributes) name=\"\(XMLText.escaped(machine.name))\" initial=\"\(XMLText.escaped(ids[machine.initialState]))\"\(machineAttributes(machine))>")
            printer.indented { emitMachine(index, ids: ids, into: &$0) }
            printer.line("</scxml>")
            return
        }
        let title = export.model.fileTitle
        guard !export.machines.isEmpty else {
            // A spec of protocols and classes only: a document without states.
            printer.line("<scxml \(rootAttributes) name=\"\(XMLText.escaped(title))\"/>")
            return
        }
        printer.line("<scxml \(rootAttributes) name=\"\(XMLText.escaped(title))\">")
        printer.indented { printer in
            printer.line("<parallel id=\"\(XMLText.escaped(Self.isName(title) ? title : "machines"))\">")
            printer.indented { printer in
                for index in export.machines {
                    let machine = model.machines[index]
                    let ids = stateIDs(index, qualified: true)
                    let id = Self.isName(machine.name) ? machine.name : "machine.\(index)"
                    comment(machine.description, &printer)
                    printer.line("<state id=\"\(XMLText.escaped(id))\" initial=\"\(XMLText.escaped(ids[machine.initialState]))\" lifecycle:machine=\"\(XMLText.escaped(machine.name))\"\(machineAttributes(machine))>")
                    printer.indented { emitMachine(index, ids: ids, into: &$0) }
                    printer.line("</state>")
                }
            }
            printer.line("</parallel>")
        }
        printer.line("</scxml>")
    }

    /// `lifecycle:delegate` and `lifecycle:import` of a machine's element.
    func machineAttributes(_ machine: Machine) -> String {
        guard let line = export.delegateLine(machine), let delegate = machine.delegate else { return "" }
        var text = " lifecycle:delegate=\"\(XMLText.escaped(line))\""
        // The catalog every adopted type comes from, when they share one.
        if let origin = delegate.adopted.first.flatMap({ export.model.types[$0].origin }), Checker.modules.contains(origin),
           delegate.adopted.allSatisfy({ export.model.types[$0].origin == origin }) {
            text += " lifecycle:import=\"\(origin)\""
        }
        return text
    }

    /// Each state's id: its name, qualified with the machine's when several share a document,
    /// or a generated one for a name XML can't hold (it can't clash: no spec name has a dot).
    func stateIDs(_ index: Int, qualified: Bool) -> [String] {
        let machine = export.model.machines[index]
        let machineID = Self.isName(machine.name) ? machine.name : "machine.\(index)"
        return machine.states.indices.map { state in
            let name = machine.states[state].name
            guard Self.isName(name) else { return "state.\(index).\(state)" }
            return qualified ? "\(machineID).\(name)" : name
        }
    }

    /// The event each timed transition's delayed `<send>` raises (and its send id), by
    /// transition: `idle-after-Background` (`after-Background` without an event), with `-2`,
    /// `-3`… when one state has two timed transitions on one event.
    func timedEvents(_ machine: Machine, ids: [String]) -> [Int: String] {
        var names: [Int: String] = [:]
        var used = Set<String>()
        for (index, transition) in machine.transitions.enumerated() where transition.delay != nil {
            let base = (transition.event.map { Self.eventName($0) + "-" } ?? "") + "after-" + ids[transition.source]
            var name = base, suffix = 1
            while used.contains(name) {
                suffix += 1
                name = base + "-\(suffix)"
            }
            used.insert(name)
            names[index] = name
        }
        return names
    }

    /// A state's `<onentry>` and `<onexit>` for its timed transitions: the delayed sends, and
    /// their cancellation when the state is left before they come.
    func emitTimers(_ state: Int, _ machine: Machine, _ timed: [Int: String], into printer: inout Printer) {
        let own = machine.outgoing[state].filter { timed[$0] != nil }
        guard !own.isEmpty else { return }
        printer.line("<onentry>")
        printer.indented { printer in
            for transition in own {
                let name = XMLText.escaped(timed[transition]!)
                printer.line("<send event=\"\(name)\" id=\"\(name)\" delay=\"\(machine.transitions[transition].delay!.css)\"/>")
            }
        }
        printer.line("</onentry>")
        printer.line("<onexit>")
        printer.indented { printer in
            for transition in own { printer.line("<cancel sendid=\"\(XMLText.escaped(timed[transition]!))\"/>") }
        }
        printer.line("</onexit>")
    }

    func emitMachine(_ index: Int, ids: [String], into printer: inout Printer) {
        let machine = export.model.machines[index]
        let timed = timedEvents(machine, ids: ids)
        func open(_ state: Int, selfClosing: Bool, _ printer: inout Printer) {
            let info = machine.states[state]
            comment(info.description, &printer)
            var line = "<\(info.isFinal && !info.isComposite ? "final" : "state") id=\"\(XMLText.escaped(ids[state]))\""
            if let initial = info.initialChild { line += " initial=\"\(XMLText.escaped(ids[initial]))\"" }
            if !Self.isName(info.name) { line += " lifecycle:name=\"\(XMLText.escaped(info.name))\"" }
            if info.isFinal && info.isComposite { line += " lifecycle:final=\"true\"" }
            if let phase = machine.shownPhase(state) { line += " lifecycle:scenePhase=\"\(phase.swift)\"" }
            if let deadline = info.deadline {
                line += " lifecycle:within=\"\(deadline.span)\""
                if let reason = deadline.reason { line += " lifecycle:reason=\"\(XMLText.escaped(reason))\"" }
            }
            printer.line(line + (selfClosing ? "/>" : ">"))
        }
        machine.walkStates { step in
            switch step {
            case .leaf(let state):
                let outgoing = machine.outgoing[state]
                let hasActions = machine.stateCallbacks.entry[state] != nil || machine.stateCallbacks.exit[state] != nil
                open(state, selfClosing: outgoing.isEmpty && !hasActions, &printer)
                guard !outgoing.isEmpty || hasActions else { return }
                printer.indented { printer in
                    emitActions(of: state, in: machine, into: &printer)
                    emitTimers(state, machine, timed, into: &printer)
                    for transition in outgoing { emitTransition(machine.transitions[transition], timedEvent: timed[transition], ids: ids, into: &printer) }
                }
                printer.line(machine.states[state].isFinal ? "</final>" : "</state>")
            case .open(let state):
                open(state, selfClosing: false, &printer)
                printer.indent()
                emitActions(of: state, in: machine, into: &printer)
                emitTimers(state, machine, timed, into: &printer)
                for transition in machine.outgoing[state] { emitTransition(machine.transitions[transition], timedEvent: timed[transition], ids: ids, into: &printer) }
            case .close:
                printer.outdent()
                printer.line("</state>")
            }
        }
        for requirement in machine.requirements {
            let selector = export.model.method(requirement.callback).reference
            printer.line("<lifecycle:require callback=\"\(XMLText.escaped(selector))\""
                + (requirement.reason.map { " reason=\"\(XMLText.escaped($0))\"" } ?? "") + "/>")
        }
        for deadline in machine.callbackDeadlines {
            let from = export.model.method(deadline.from).reference, to = export.model.method(deadline.to).reference
            printer.line("<lifecycle:deadline from=\"\(XMLText.escaped(from))\" to=\"\(XMLText.escaped(to))\" within=\"\(deadline.span)\""
                + (deadline.reason.map { " reason=\"\(XMLText.escaped($0))\"" } ?? "") + "/>")
        }
    }

    /// A state's `entry` and `exit` callbacks: SCXML's `<onentry>` and `<onexit>`, each callback
    /// a `<log>` as a transition's are.
    func emitActions(of state: Int, in machine: Machine, into printer: inout Printer) {
        for (element, refs) in [("onentry", machine.stateCallbacks.entry[state]), ("onexit", machine.stateCallbacks.exit[state])] {
            guard let refs, !refs.isEmpty else { continue }
            printer.line("<\(element)>")
            printer.indented { printer in
                for ref in refs {
                    let selector = XMLText.escaped(export.model.method(ref).reference)
                    printer.line("<log label=\"\(selector)\" lifecycle:callback=\"\(selector)\"/>")
                }
            }
            printer.line("</\(element)>")
        }
    }

    func emitTransition(_ transition: Transition, timedEvent: String? = nil, ids: [String], into printer: inout Printer) {
        comment(transition.description, &printer)
        var line = "<transition"
        if let timedEvent {
            // The spec's event by name, and the delayed one.
            let names = (transition.event.map { [Self.eventName($0)] } ?? []) + [timedEvent]
            line += " event=\"\(XMLText.escaped(names.joined(separator: " ")))\""
            line += " lifecycle:event=\"\(XMLText.escaped(transition.event ?? ""))\""
        } else if let event = transition.event {
            let name = Self.eventName(event)
            line += " event=\"\(XMLText.escaped(name))\""
            if name != event { line += " lifecycle:event=\"\(XMLText.escaped(event))\"" }
        }
        // An internal transition is SCXML's targetless one: the state is neither exited nor entered.
        if !transition.isInternal { line += " target=\"\(XMLText.escaped(ids[transition.target]))\"" }
        if let trigger = transition.trigger { line += " lifecycle:by=\"\(trigger.rawValue)\"" }
        if let delay = transition.delay { line += " lifecycle:after=\"\(delay)\"" }
        let callbacks = transition.callbacks.map { export.model.method($0) }
        guard !callbacks.isEmpty else {
            printer.line(line + "/>")
            return
        }
        printer.line(line + ">")
        printer.indented { printer in
            for method in callbacks {
                let selector = XMLText.escaped(method.reference)
                printer.line("<log label=\"\(selector)\" lifecycle:callback=\"\(selector)\"/>")
            }
        }
        printer.line("</transition>")
    }

    func comment(_ text: String?, _ printer: inout Printer) {
        guard let text else { return }
        printer.line("<!-- \(Self.comment(text)) -->")
    }

    /// Comment text: XML comments cannot hold `--` or end in `-`, so a `-` after a `-` gets a
    /// space before it; line breaks are newlines; hidden characters are spelled out.
    static func comment(_ text: String) -> String {
        var previous: Unicode.Scalar?
        var result = ExportText.escape(text, lineBreak: "\n") { scalar, out in
            if scalar == "-" && previous == "-" { out += " " }
            out.unicodeScalars.append(scalar)
            previous = scalar
        }
        if result.hasSuffix("-") { result += " " }
        return result
    }

    /// Whether `name` is an XML name without a colon (an NCName), so it can be an `id`.
    static func isName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, isNameStart(first) else { return false }
        return name.unicodeScalars.allSatisfy { isNameStart($0) || isNameContinue($0) }
    }

    static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0x5F, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF,
             0x200C...0x200D, 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD,
             0x10000...0xEFFFF: true
        default: false
        }
    }

    static func isNameContinue(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040: true
        default: false
        }
    }
}
