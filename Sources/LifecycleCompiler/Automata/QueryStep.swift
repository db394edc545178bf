/// One step of a path or a simulation: the machine is in `from`, `transition` fires, and the
/// machine ends in `to` (`MachineStepper` makes them).
///
/// `from` is the state the machine was in, which may lie inside the transition's declared
/// source (a transition from a composite applies from each descendant). `to` is the state it
/// ends in: `from` itself for an internal transition, else the declared target, or that
/// target's initial child (recursively) when the target is composite. For
/// `Background --reopen--> Foreground` in the App example, `to` is `Inactive`.
public struct QueryStep: Sendable, Equatable {
    public var from: Int
    public var transition: Int
    public var to: Int

    public init(from: Int, transition: Int, to: Int) {
        self.from = from
        self.transition = transition
        self.to = to
    }
}

extension Machine {
    /// What `step` calls: its transition's callbacks, in the order UIKit calls them. A step
    /// calls nothing else (entering or leaving a state calls nothing of its own).
    public func callbacks(of step: QueryStep) -> ArraySlice<MethodRef> { transitions[step.transition].callbacks }
}
