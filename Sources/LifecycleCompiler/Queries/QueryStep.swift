/// One step of a path or a simulation: the machine is in `from`, `transition` fires, and the
/// machine ends in `to`.
///
/// `from` is the state the machine was in, which may lie inside the transition's declared
/// source (a transition from a composite applies from each descendant). `to` is the state it
/// ends in: the declared target, or that target's initial child (recursively) when the target
/// is composite. For `Background --reopen--> Foreground` in the App example, `to` is `Inactive`.
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
    /// The step `transition` makes when it fires in `state`.
    /// An internal transition leaves the machine in `state`.
    func step(_ transition: Int, from state: Int) -> QueryStep {
        if transitions[transition].isInternal { return QueryStep(from: state, transition: transition, to: state) }
        return QueryStep(from: state, transition: transition, to: entry(transitions[transition].target))
    }

    /// The transitions that can fire in `state`, innermost first, without the ones an inner
    /// transition on the same event shadows: the first transition with an event wins
    /// (`Simulator` fires exactly these, so `Tracer` only walks these).
    func enabledTransitions(in state: Int) -> [Int] {
        let candidates = transitions(from: state)
        var result: [Int] = []
        result.reserveCapacity(candidates.count)
        var events = Set<String>()
        for index in candidates {
            if let event = transitions[index].event, !events.insert(event).inserted { continue }
            result.append(index)
        }
        return result
    }
}
