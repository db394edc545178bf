import LifecycleSource
import LifecycleModel

/// Renders query results as text for people, or as JSON for scripts.
///
/// Text, one step per line followed by its callbacks in the order UIKit calls them:
///
/// ```
/// NotRunning --launch (user)--> Foreground (enters Inactive)
///     application(_:willFinishLaunchingWithOptions:)
///     application(_:didFinishLaunchingWithOptions:)
/// Inactive --activate (system)--> Active
///     applicationDidBecomeActive(_:)
/// ```
///
/// In a machine mapped with `scenePhase`, a step's phase changes come first among its lines:
/// `scenePhase .active → .inactive`.
///
/// JSON, one array of steps:
/// `[{"from", "event", "by", "to", "callbacks": [selector…], "source", "target", "description"}]`
/// (and, in a machine mapped with `scenePhase`, `"phaseChanges": [{"old", "new"}…]` after
/// `callbacks`),
/// where `from` and `to` are the states the machine is in before and after the step, and
/// `source` and `target` are the transition's ends as the spec declares them (they differ for a
/// transition inherited from a composite, or one entering a composite). `event`, `by` and
/// `description` are null when the spec leaves them out. Keys are written in this fixed order.
public struct QueryFormatter {
    public var model: Model
    public var machine: Machine

    public init(model: Model, machine: Machine) {
        self.model = model
        self.machine = machine
    }

    // MARK: - Text

    /// A path, step by step; the empty path says where it starts. When `from` (the state asked
    /// for) is a composite, the path starts in the state entering it enters, and the first line
    /// says so: `Foreground (enters Inactive) --activate (system)--> Active`.
    public func text(path: Tracer.Path, from: Int? = nil, to target: Int) -> String {
        let entered = from.flatMap { $0 != path.start ? "\(name($0)) (enters \(name(path.start)))" : nil }
        guard !path.steps.isEmpty else {
            if let from, from != path.start {
                let already = path.start == target ? "" : ", already in \(name(target))"
                return "\(name(from)) enters \(name(path.start))\(already): no transition needed.\n"
            }
            let start = name(path.start)
            if path.start == target { return "Already in \(start): no transition needed.\n" }
            return "\(start) is already in \(name(target)): no transition needed.\n"
        }
        var steps = path.steps.map { text(step: $0) }
        if let entered {
            let first = machine.transitions[path.steps[0].transition]
            if path.steps[0].from == first.source { steps[0] = entered + steps[0].dropFirst(name(path.start).count) }
        }
        // A timed transition is reached by waiting (issue 43).
        for (index, wait) in TimedPath.waits(path.steps, from: path.start, in: machine).enumerated() {
            if let wait { steps[index] = waitLine(wait, path.steps[index]) + steps[index] }
        }
        return steps.joined()
    }

    /// A simulation: its steps, then the state it ends in and the events that state accepts.
    /// With no steps, the state it starts in and the events that state accepts.
    public func text(run: Simulator.Run) -> String {
        var text = timedText(run)
        text += run.steps.isEmpty ? "Starts in \(located(run.start)).\n" : "Ends in \(located(run.end)).\n"
        text += accepts(run.end)
        return text
    }

    /// The steps of a run that stopped at a rejected event (the error itself goes elsewhere).
    public func text(stoppedRun run: Simulator.Run) -> String {
        timedText(run)
    }

    /// The steps, with the waits, the timed transitions they let fire and the deadlines missed
    /// meanwhile (issue 43): `Waits until 6s.`, `At 5s, after 5s in Background:` before a timed
    /// step, `At 30s, missed deadline: Background within 30s ("reason").`
    func timedText(_ run: Simulator.Run) -> String {
        // What happens between two steps, in time order (a miss before a wait ending with it).
        var between: [(position: Int, time: Int64, kind: Int, line: String)] = []
        for wait in run.waits { between.append((wait.afterSteps, wait.until, 1, "Waits until \(TimeSpan(milliseconds: wait.until)).\n")) }
        for missed in run.missed { between.append((missed.afterSteps, missed.miss.at, 0, missLine(missed.miss))) }
        between.sort { ($0.position, $0.time, $0.kind) < ($1.position, $1.time, $1.kind) }
        var next = between[...]
        var text = ""
        for (index, step) in run.steps.enumerated() {
            while let item = next.first, item.position <= index {
                text += item.line
                next = next.dropFirst()
            }
            if let at = run.timed[index] {
                let transition = machine.transitions[step.transition]
                text += "At \(TimeSpan(milliseconds: at)), after \(transition.delay!) in \(name(transition.source)):\n"
            }
            text += self.text(step: step)
        }
        for item in next { text += item.line }
        return text
    }

    /// `Wait 5s, after 5s in Background:`, before a timed step a path reaches by waiting.
    public func waitLine(_ wait: TimeSpan, _ step: QueryStep) -> String {
        let transition = machine.transitions[step.transition]
        return "Wait \(wait), after \(transition.delay!) in \(name(transition.source)):\n"
    }

    /// `At 30s, missed deadline: Background within 30s ("reason").`
    public func missLine(_ miss: DeadlineWatch.Miss) -> String {
        let what: String, reason: String?
        switch miss.kind {
        case .state(let state):
            let deadline = machine.states[state].deadline!
            what = "\(name(state)) within \(deadline.span)"
            reason = deadline.reason
        case .callbacks(let index):
            let deadline = machine.callbackDeadlines[index]
            what = "\(model.method(deadline.to).reference) within \(deadline.span) of \(model.method(deadline.from).reference)"
            reason = deadline.reason
        }
        return "At \(TimeSpan(milliseconds: miss.at)), missed deadline: \(what)" + (reason.map { " (\"\(VisibleText.escaped($0))\")" } ?? "") + ".\n"
    }

    /// The transitions into `state`, grouped by trigger (user, then system, then unspecified),
    /// each with its description and callbacks.
    public func text(into state: Int, steps: [QueryStep]) -> String {
        guard !steps.isEmpty else {
            let initial = machine.isWithin(Simulator.start(of: machine), state)
            return "No transition enters \(name(state)) in \(VisibleText.escaped(machine.name))"
                + (initial ? "; the machine starts there.\n" : ".\n")
        }
        let groups: [(Transition.Trigger?, String)] = [(.user, "by user"), (.system, "by system"), (nil, "with no trigger given")]
        var sections: [String] = []
        for (trigger, label) in groups {
            let members = steps.filter { machine.transitions[$0.transition].trigger == trigger }
            guard !members.isEmpty else { continue }
            var section = "Into \(name(state)) in \(VisibleText.escaped(machine.name)), \(label):\n"
            for step in members {
                section += "  " + line(step)
                if let description = machine.transitions[step.transition].description {
                    // On one line, hidden characters and line breaks escaped (`VisibleText`).
                    section += "      \"\(VisibleText.escaped(description))\"\n"
                }
                section += callbacks(step, indent: "      ")
            }
            sections.append(section)
        }
        return sections.joined(separator: "\n")
    }

    /// One step: its line, then its callbacks.
    public func text(step: QueryStep) -> String {
        line(step) + callbacks(step, indent: "    ")
    }

    /// `Active --interrupt (user)--> Inactive`, noting where an inherited transition is declared
    /// (`Playing (in Session) --stop (user)--> Idle`) and which state a composite target enters
    /// (`Background --reopen (user)--> Foreground (enters Inactive)`).
    func line(_ step: QueryStep) -> String {
        let transition = machine.transitions[step.transition]
        var from = name(step.from)
        if step.from != transition.source { from += " (in \(name(transition.source)))" }
        var to = name(transition.target)
        if transition.isInternal {
            // Nothing is exited or entered: the machine stays where it was.
            to = name(step.to) + " (internal)"
        } else if step.to != transition.target {
            to += " (enters \(name(step.to)))"
        }
        let label = [transition.event.map { VisibleText.escaped($0) }, transition.trigger.map { "(\($0.rawValue))" }].compactMap { $0 }.joined(separator: " ")
        // A transition with neither event nor trigger is drawn as a plain arrow.
        return label.isEmpty ? "\(from) --> \(to)\n" : "\(from) --\(label)--> \(to)\n"
    }

    /// A step's callbacks, one a line; in a machine mapped with `scenePhase`, first the phase
    /// changes SwiftUI reports (`scenePhase .active → .inactive`).
    func callbacks(_ step: QueryStep, indent: String) -> String {
        let lines = machine.phaseChanges(of: step).map { "scenePhase " + $0.text }
            + machine.callbacks(of: step).map { VisibleText.escaped(model.method($0).reference) }
        if lines.isEmpty { return indent + (machine.phases == nil ? "(nothing is called)\n" : "(no phase change; nothing is called)\n") }
        return lines.map { indent + $0 + "\n" }.joined()
    }

    /// `Accepts: interrupt, alert, leave, crash.`
    func accepts(_ state: Int) -> String {
        let events = Simulator.acceptedEvents(in: machine, at: state)
        if !events.isEmpty { return "Accepts: \(events.map { VisibleText.escaped($0) }.joined(separator: ", ")).\n" }
        return machine.states[state].isFinal ? "Accepts: nothing (a final state).\n" : "Accepts: nothing.\n"
    }

    /// `Active (in Foreground)`: a state with its enclosing states, innermost first.
    func located(_ state: Int) -> String {
        let outer = machine.ancestry(state).dropFirst().map { name($0) }
        return outer.isEmpty ? name(state) : "\(name(state)) (in \(outer.joined(separator: ", in ")))"
    }

    /// A state's name, with hidden characters escaped: an identifier may hold any non-ASCII
    /// scalar, U+202E and U+009B included.
    func name(_ state: Int) -> String { VisibleText.escaped(machine.states[state].name) }

    // MARK: - JSON

    /// Steps as one JSON array (followed by a newline). A timed transition's step says its
    /// delay (`"after": "5s"`); with `waits` (a path's, `TimedPath.waits`), a step reached by
    /// waiting says how long (`"wait": "40s"`); with `timed` (a run's), a step time took says
    /// when (`"at": "5s"`).
    public func json(_ steps: [QueryStep], waits: [TimeSpan?] = [], timed: [Int: Int64] = [:]) -> String {
        let json = JSONWriter()
        json.array {
            for (index, step) in steps.enumerated() {
                let transition = machine.transitions[step.transition]
                json.object {
                    json.field("from", name(step.from))
                    json.field("event", transition.event)
                    json.field("by", transition.trigger?.rawValue)
                    if let delay = transition.delay { json.field("after", delay.description) }
                    if index < waits.count, let wait = waits[index] { json.field("wait", wait.description) }
                    if let at = timed[index] { json.field("at", TimeSpan(milliseconds: at).description) }
                    json.field("to", name(step.to))
                    json.key("callbacks")
                    json.array {
                        for callback in machine.callbacks(of: step) { json.string(model.method(callback).reference) }
                    }
                    if machine.phases != nil {
                        json.key("phaseChanges")
                        json.array {
                            for change in machine.phaseChanges(of: step) {
                                json.object {
                                    json.field("old", change.old.rawValue)
                                    json.field("new", change.new.rawValue)
                                }
                            }
                        }
                    }
                    json.field("source", name(transition.source))
                    json.field("target", name(transition.target))
                    json.field("description", transition.description)
                }
            }
        }
        return json.output + "\n"
    }
}
