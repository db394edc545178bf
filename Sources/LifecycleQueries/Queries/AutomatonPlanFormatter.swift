import LifecycleSource
import LifecycleModel

/// Renders a test plan of any `LifecycleAutomaton` from what the protocol alone says: each
/// step as `<where it starts> --label--> <where it lands>`, then its callbacks (with their
/// instance's first name in a system: `2st viewDidLoad()`).
///
/// `TestPlanFormatter` renders a machine's plan the way `trace` prints steps; this is the
/// fallback for automata without a formatter of their own (a system of instances), so that
/// `paths --system` needs only its goals to work.
public struct AutomatonPlanFormatter<Automaton: LifecycleAutomaton> {
    public var automaton: Automaton
    public var plan: TestPlanner<Automaton>.Plan
    /// What each goal is called, for the line listing goals no run reaches.
    public var goalNames: [String]
    /// `states` or `transitions`: what the goals are, in the summary.
    public var goalNoun: String
    /// What the plan covers (for JSON's `cover`).
    public var coverage: Coverage = .transitions

    public init(automaton: Automaton, plan: TestPlanner<Automaton>.Plan, goalNames: [String], goalNoun: String) {
        self.automaton = automaton
        self.plan = plan
        self.goalNames = goalNames
        self.goalNoun = goalNoun
    }

    /// `2st viewDidLoad()`, or the selector alone outside a system.
    func callbackName(_ callback: Int) -> String {
        let logged = automaton.callbacks[callback]
        guard let instance = logged.instance, let name = automaton.instances[instance].names.first else { return logged.selector }
        return "\(name) \(logged.selector)"
    }

    public func text() -> String {
        let sequences = plan.sequences.count == 1 ? "1 sequence covers" : "\(plan.sequences.count) sequences cover"
        var text = plan.uncovered.isEmpty
            ? "\(sequences) all \(plan.goalCount) \(goalNoun) of \(automaton.name).\n"
            : "\(sequences) \(plan.goalCount - plan.uncovered.count) of the \(plan.goalCount) \(goalNoun) of \(automaton.name).\n"
        if !plan.uncovered.isEmpty {
            text += "No run from the initial state reaches: " + plan.uncovered.map { goalNames[$0] }.joined(separator: ", ") + ".\n"
        }
        for (number, sequence) in plan.sequences.enumerated() {
            text += "\n\(number + 1). " + sequence.steps.map(\.label).joined(separator: ", ") + "\n"
            var at = automaton.initialConfiguration
            for step in sequence.steps {
                text += "\(automaton.describe(at)) --\(step.label)--> \(automaton.describe(step.target))\n"
                text += step.callbacks.isEmpty ? "    (nothing is called)\n" : step.callbacks.map { "    \(callbackName($0))\n" }.joined()
                at = step.target
            }
        }
        return text
    }
}

/// A system's plan (`paths --system`) as JSON and as a Markdown checklist, like a machine's
/// (`TestPlanFormatter`); composed states are written as everywhere (`System.describe`).
///
/// JSON: `{"system", "cover", "goals", "covered", "uncovered": [name…], "sequences": [{"events":
/// [name…], "steps": [{"from", "event", "by", "to", "callbacks": [{"instance", "callback"}],
/// "description"}]}]}`, keys in this order.
extension AutomatonPlanFormatter where Automaton == SystemAutomaton {
    var system: System { automaton.system }

    /// Each sequence's steps with the composed state each starts in.
    var walks: [[(from: [Int32], step: AutomatonStep<[Int32]>)]] {
        plan.sequences.map { sequence in
            var at = automaton.initialConfiguration
            return sequence.steps.map { step in
                defer { at = step.target }
                return (at, step)
            }
        }
    }

    public func json() -> String {
        let json = JSONWriter()
        json.object {
            json.field("system", system.name)
            json.field("cover", coverage.rawValue)
            json.field("goals", plan.goalCount)
            json.field("covered", plan.goalCount - plan.uncovered.count)
            json.key("uncovered")
            json.array { for goal in plan.uncovered { json.string(goalNames[goal]) } }
            json.key("sequences")
            json.array {
                for (number, sequence) in plan.sequences.enumerated() {
                    json.object {
                        json.key("events")
                        json.array { for step in sequence.steps { json.string(step.label) } }
                        json.key("steps")
                        json.array {
                            for (from, step) in walks[number] {
                                let event = system.events[step.transition]
                                json.object {
                                    json.field("from", system.describe(from))
                                    json.field("event", event.name)
                                    json.field("by", event.trigger?.rawValue)
                                    json.field("to", system.describe(step.target))
                                    json.key("callbacks")
                                    json.array {
                                        for callback in step.callbacks {
                                            let logged = automaton.callbacks[callback]
                                            json.object {
                                                json.field("instance", logged.instance.map { system.instances[$0].name })
                                                json.field("callback", logged.selector)
                                            }
                                        }
                                    }
                                    json.field("description", event.description)
                                }
                            }
                        }
                    }
                }
            }
        }
        return json.output + "\n"
    }

    /// A checklist: a heading per sequence, a box per event saying what to do (the event, who
    /// triggers it, its description), where the instances go, and the callbacks to expect,
    /// each on its instance.
    public func markdown() -> String {
        let summary = text().prefix { $0 != "\n" }
        var text = "# Test plan: \(Markdown.text(system.name))\n\n"
        text += Markdown.text(String(summary)) + " Start each sequence in \(Markdown.text(system.describe(automaton.initialConfiguration))); "
            + "tick a step when its callbacks come in the order shown.\n"
        if !plan.uncovered.isEmpty {
            text += "\nNo run from the initial state reaches: " + plan.uncovered.map { Markdown.text(goalNames[$0]) }.joined(separator: ", ") + ".\n"
        }
        for (number, sequence) in plan.sequences.enumerated() {
            text += "\n## \(number + 1). \(Markdown.text(sequence.steps.map(\.label).joined(separator: ", ")))\n\n"
            for (from, step) in walks[number] {
                let event = system.events[step.transition]
                var line = "- [ ] **\(Markdown.text(event.name))**"
                if let trigger = event.trigger { line += " (by \(trigger.rawValue))" }
                if let description = event.description { line += ": " + Markdown.text(description) }
                text += line + "\n"
                text += "  \(Markdown.text(system.describe(from))) → \(Markdown.text(system.describe(step.target))). "
                let callbacks = step.callbacks.map { callback in
                    let logged = automaton.callbacks[callback]
                    let instance = logged.instance.map { system.instances[$0].name + " " } ?? ""
                    return Markdown.code(instance + logged.selector)
                }
                text += callbacks.isEmpty ? "Expect no callback.\n" : "Expect: \(callbacks.joined(separator: ", ")).\n"
            }
        }
        return text
    }
}
