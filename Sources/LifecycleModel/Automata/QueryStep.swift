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
    /// What `step` calls, in order (<doc:Semantics>): the `exit` callbacks of the states it
    /// leaves, innermost first; its transition's own callbacks; the `entry` callbacks of the
    /// states it enters, outermost first — UML's and SCXML's order. An internal transition
    /// leaves and enters nothing. Without `entry`/`exit` in the machine, this is the
    /// transition's list itself.
    public func callbacks(of step: QueryStep) -> ArraySlice<MethodRef> {
        let own = transitions[step.transition].callbacks
        guard !stateCallbacks.isEmpty, !transitions[step.transition].isInternal else { return own }
        var calls: [MethodRef] = []
        for state in exitedStates(of: step) { calls += stateCallbacks.exit[state] ?? [] }
        calls += own
        for state in enteredStates(of: step) { calls += stateCallbacks.entry[state] ?? [] }
        return calls[...]
    }

    /// The states an external transition leaves and enters stop below its domain: the
    /// innermost state that encloses both its source and its target without being either
    /// (nil: the machine itself). So a transition from a composite to a state inside it, or to
    /// itself, leaves and enters the composite again (SCXML's external transition).
    public func domain(of transition: Int) -> Int? {
        let t = transitions[transition]
        var candidate = states[t.source].parent
        while let c = candidate {
            if c != t.target && isWithin(t.target, c) { return c }
            candidate = states[c].parent
        }
        return nil
    }

    /// The states `step` leaves, innermost first: from the leaf it fires in up to (not
    /// including) its transition's domain. None for an internal transition.
    public func exitedStates(of step: QueryStep) -> [Int] { statesBelowDomain(of: step.transition, from: step.from) }

    /// The states `step` enters, outermost first: from below its transition's domain down to
    /// the leaf it lands in. None for an internal transition.
    public func enteredStates(of step: QueryStep) -> [Int] { statesBelowDomain(of: step.transition, from: step.to).reversed() }

    /// `leaf` and the states around it below `transition`'s domain, innermost first (none for
    /// an internal transition).
    func statesBelowDomain(of transition: Int, from leaf: Int) -> [Int] {
        guard !transitions[transition].isInternal else { return [] }
        let domain = self.domain(of: transition)
        var chain: [Int] = []
        var current: Int? = leaf
        while let c = current, c != domain {
            chain.append(c)
            current = states[c].parent
        }
        return chain
    }
}
