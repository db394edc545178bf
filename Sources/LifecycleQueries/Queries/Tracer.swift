import LifecycleModel

/// Questions about paths through a machine: how to get from one state to another, and what
/// brings the machine into a state.
///
/// Both take the steps `MachineStepper` makes (<doc:Semantics>): a transition declared on a
/// composite state fires from each of its descendants, unless an inner transition on the same
/// event shadows it, and not from a final state; entering a composite enters its initial child,
/// recursively. So the machine is always in a leaf state, and every path `Tracer` finds can be
/// replayed event by event with `Simulator` (a transition with no event, `A -> B`, is an error
/// the checker reports). An internal transition never moves the machine, so no path takes one.
public enum Tracer {
    /// A path: the state it starts in (a leaf), and its steps.
    public struct Path: Sendable, Equatable {
        public var start: Int
        public var steps: [QueryStep]
        /// The state the path ends in.
        public var end: Int { steps.last?.to ?? start }
    }

    /// The shortest path from `from` to `to`: fewest transitions.
    ///
    /// When `from` is composite, the path starts where entering it leads: its initial child,
    /// recursively (`Machine.entry(_:)`), exactly as a transition into it would; when `to` is
    /// composite, it ends as soon as the machine is anywhere inside it. A start that is already
    /// inside `to` gives the empty path. Among shortest paths, the one that starts in the state
    /// declared first wins, then the one whose first transition is declared first, then the
    /// second, and so on: a breadth-first search that visits starts in state order and each
    /// state's transitions in declaration order finds exactly that one.
    ///
    /// The search is `MachineStepper.shortestSteps(from:order:to:)` in declaration order:
    /// iterative and linear in the size of the machine, each state queued at most once, and
    /// each transition looked at once per state it can fire from.
    ///
    /// - Returns: the path, or nil when none exists.
    public static func shortestPath(in machine: Machine, from: Int, to: Int) -> Path? {
        let start = machine.entry(from)
        let steps = MachineStepper(machine).shortestSteps(from: start, order: .declared) { machine.isWithin($0, to) }
        return steps.map { Path(start: start, steps: $0) }
    }

    /// Every transition that enters `state`, in declaration order, as the step it makes from
    /// its declared source.
    ///
    /// A transition enters `state` when the machine ends up inside `state` (its target is
    /// `state` or lies inside it, or its target is a composite whose initial child leads to
    /// `state`) coming from outside: a transition declared inside `state` that stays inside is
    /// not an entry, and neither is a self-transition on a leaf. A transition no step takes
    /// (the checker warns about each) is no way in.
    public static func transitionsInto(_ state: Int, in machine: Machine) -> [QueryStep] {
        let stepper = MachineStepper(machine)
        let taken = stepper.transitionsTaken()
        return machine.transitions.indices.compactMap { index in
            guard taken[index] else { return nil }
            let transition = machine.transitions[index]
            let step = stepper.step(taking: index, from: transition.source)
            guard machine.isWithin(step.to, state), !machine.isWithin(transition.source, state) else { return nil }
            return step
        }
    }
}
