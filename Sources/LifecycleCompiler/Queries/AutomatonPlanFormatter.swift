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
