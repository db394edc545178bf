import LifecycleSource
import LifecycleModel

/// Renders a machine's test plan (`lifecycle paths`) as text, JSON or a Markdown checklist.
///
/// Text: a summary line, then each sequence: its events on one line, then its steps as
/// `trace` prints them. JSON: `{"machine", "cover", "goals", "covered", "uncovered": [name…],
/// "sequences": [{"events": [label…], "steps": [{"from", "event", "by", "to", "callbacks",
/// "description"}]}]}`, keys in this order. Markdown: a checklist a tester ticks on a device,
/// one box per step with what to do and the callbacks to expect.
public struct TestPlanFormatter {
    public var model: Model
    public var machine: Machine
    public var coverage: Coverage
    public var plan: TestPlanner<MachineAutomaton>.Plan

    public init(model: Model, machine: Machine, coverage: Coverage, plan: TestPlanner<MachineAutomaton>.Plan) {
        self.model = model
        self.machine = machine
        self.coverage = coverage
        self.plan = plan
    }

    var steps: [[QueryStep]] {
        plan.sequences.map { $0.steps.map { QueryStep(from: $0.from, transition: $0.transition, to: $0.target) } }
    }

    /// `'NotRunning'`, `NotRunning --launch--> Running`, or two transitions joined by `then`: a
    /// goal as the summary names it.
    func goalName(_ goal: Int) -> String {
        switch coverage {
        case .states:
            return machine.states[goal].name
        case .transitions:
            return transitionName(goal)
        case .pairs:
            let pair = plan.pairs[goal]
            return pair.first < 0 ? transitionName(pair.second) : "\(transitionName(pair.first)) then \(transitionName(pair.second))"
        }
    }

    /// `NotRunning --launch--> Running`.
    func transitionName(_ index: Int) -> String {
        let transition = machine.transitions[index]
        let label = transition.event.map { "--\($0)-->" } ?? "-->"
        return "\(machine.states[transition.source].name) \(label) \(machine.states[transition.target].name)"
    }

    /// `2 sequences cover all 11 transitions of Scene.`
    package var summary: String {
        let sequences = plan.sequences.count == 1 ? "1 sequence covers" : "\(plan.sequences.count) sequences cover"
        let noun = switch coverage {
        case .states: "state"
        case .transitions: "transition"
        case .pairs: "transition pair"
        }
        let total = "\(plan.goalCount) \(noun)\(plan.goalCount == 1 ? "" : "s")"
        if plan.uncovered.isEmpty { return "\(sequences) all \(total) of \(machine.name)." }
        return "\(sequences) \(plan.goalCount - plan.uncovered.count) of the \(total) of \(machine.name)."
    }

    var uncoveredNote: String? {
        guard !plan.uncovered.isEmpty else { return nil }
        return "No run from the initial state reaches: " + plan.uncovered.map(goalName).joined(separator: ", ") + "."
    }

    /// Each sequence's waits (issue 43): how long to wait for each timed step it reaches by
    /// waiting, nil for a step taken by its event (`TimedPath`).
    var waits: [[TimeSpan?]] {
        steps.map { TimedPath.waits($0, from: Simulator.start(of: machine), in: machine) }
    }

    /// The events of a sequence, `wait 5s` for a timed step reached by waiting.
    func labels(_ sequence: TestPlanner<MachineAutomaton>.Sequence, waits: [TimeSpan?]) -> [String] {
        zip(sequence.steps, waits).map { step, wait in wait.map { "wait \($0)" } ?? step.label }
    }

    func events(_ sequence: TestPlanner<MachineAutomaton>.Sequence, waits: [TimeSpan?]) -> String {
        labels(sequence, waits: waits).joined(separator: ", ")
    }

    // MARK: - Text

    public func text() -> String {
        let formatter = QueryFormatter(model: model, machine: machine)
        var text = summary + "\n"
        if let note = uncoveredNote { text += note + "\n" }
        let waits = self.waits
        for (number, sequence) in plan.sequences.enumerated() {
            text += "\n\(number + 1). \(events(sequence, waits: waits[number]))\n"
            for (step, wait) in zip(steps[number], waits[number]) {
                if let wait { text += formatter.waitLine(wait, step) }
                text += formatter.text(step: step)
            }
        }
        return text
    }

    // MARK: - JSON

    public func json() -> String {
        let json = JSONWriter()
        json.object {
            json.field("machine", machine.name)
            json.field("cover", coverage.rawValue)
            json.field("goals", plan.goalCount)
            json.field("covered", plan.goalCount - plan.uncovered.count)
            json.key("uncovered")
            json.array { for goal in plan.uncovered { json.string(goalName(goal)) } }
            json.key("sequences")
            let waits = self.waits
            json.array {
                for (number, sequence) in plan.sequences.enumerated() {
                    json.object {
                        json.key("events")
                        json.array { for label in labels(sequence, waits: waits[number]) { json.string(label) } }
                        json.key("steps")
                        json.array {
                            for step in steps[number] {
                                let transition = machine.transitions[step.transition]
                                json.object {
                                    json.field("from", machine.states[step.from].name)
                                    json.field("event", transition.event)
                                    json.field("by", transition.trigger?.rawValue)
                                    json.field("to", machine.states[step.to].name)
                                    json.key("callbacks")
                                    json.array { for callback in machine.callbacks(of: step) { json.string(model.method(callback).reference) } }
                                    json.field("description", transition.description)
                                }
                            }
                        }
                    }
                }
            }
        }
        return json.output + "\n"
    }

    // MARK: - Markdown

    /// A checklist: a heading per sequence, a box per step saying what to do (the event, who
    /// triggers it, its description), where the machine goes, and the callbacks to expect.
    public func markdown() -> String {
        var text = "# Test plan: \(Markdown.text(machine.name))\n\n"
        let start = machine.states[Simulator.start(of: machine)].name
        text += Markdown.text(summary) + " Start each sequence in \(Markdown.text(start)); "
            + "tick a step when its callbacks come in the order shown.\n"
        if let note = uncoveredNote { text += "\n" + Markdown.text(note) + "\n" }
        let waits = self.waits
        for (number, sequence) in plan.sequences.enumerated() {
            text += "\n## \(number + 1). \(Markdown.text(events(sequence, waits: waits[number])))\n\n"
            for (step, wait) in zip(steps[number], waits[number]) {
                let transition = machine.transitions[step.transition]
                let event = wait.map { "wait \($0)" } ?? transition.event ?? "(no event)"
                var line = "- [ ] **\(Markdown.text(event))**"
                if let trigger = transition.trigger { line += " (by \(trigger.rawValue))" }
                if let description = transition.description { line += ": " + Markdown.text(description) }
                text += line + "\n"
                var to = machine.states[transition.target].name
                if step.to != transition.target { to += " (\(machine.states[step.to].name))" }
                text += "  \(Markdown.text(machine.states[step.from].name)) → \(Markdown.text(to)). "
                let callbacks = machine.callbacks(of: step).map { Markdown.code(model.method($0).reference) }
                text += callbacks.isEmpty ? "Expect no callback.\n" : "Expect: \(callbacks.joined(separator: ", ")).\n"
            }
        }
        return text
    }
}

/// Escaping for Markdown (CommonMark): user text never becomes markup.
enum Markdown {
    /// `text` with every character that has a meaning inside a line backslash-escaped (text
    /// is never put at the start of a line, where `#`, `-` or `1.` would matter), and line
    /// breaks turned into spaces (a line break could end a list item).
    static func text(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "~", "&", "$":
                result.append("\\")
                result.append(character)
            case "\n", "\r", "\r\n", "\u{2028}", "\u{2029}":
                result.append(" ")
            default:
                result.append(character)
            }
        }
        return result
    }

    /// `` `text` ``, with a longer fence when the text holds backticks.
    static func code(_ text: String) -> String {
        guard text.contains("`") else { return "`\(text)`" }
        return "`` \(text.replacingBackticksRuns()) ``"
    }
}

private extension String {
    /// Code spans can hold single backticks inside a double-backtick fence; longer runs are cut.
    func replacingBackticksRuns() -> String {
        var result = ""
        var previous: Character? = nil
        for character in self {
            if character == "`" && previous == "`" { continue }
            result.append(character)
            previous = character
        }
        return result
    }
}
