/// The deadlines a generated monitor watches (`lifecycle swift --monitor`, issue 43): a
/// state's `within` and a pair of callbacks' `from … to … within`, over `MonitorTables`'
/// positions, in the terms `DeadlineWatch` defines them.
///
/// A monitor sees callbacks, not states: where steps call nothing, it cannot tell when the
/// machine entered or left a state. So each place the run can be carries, for each state
/// deadline around it, the latest moment the run can have entered that state; a place whose
/// deadline has run out is ruled out, and a deadline is missed when no other place explains
/// the log (every place is late, or only late places allow the next callback). A place
/// reached by a step that calls nothing, at an unknown time, counts from the latest moment
/// the step can have come. So the monitor never reports a deadline a run met. A pair's
/// deadline depends on callbacks alone and is `DeadlineWatch`'s exactly. Timed transitions
/// are not watched: the monitor's search already allows the steps that call nothing.
public struct MonitorDeadlines: Sendable {
    /// A state's deadline: how messages name it (`'Launching' within 20s`), and its span.
    public struct StateDeadline: Sendable, Equatable {
        public var state: Int
        public var name: String
        public var milliseconds: Int64
        public var reason: String?
    }

    /// A pair's deadline, by callback index of the automaton.
    public struct PairDeadline: Sendable, Equatable {
        public var from: Int
        public var to: Int
        /// `within 30s`.
        public var span: String
        public var milliseconds: Int64
        public var reason: String?
    }

    public var states: [StateDeadline]
    public var pairs: [PairDeadline]
    /// `inside[p]`: the state deadlines position `p` certainly lies in (for a step's position,
    /// those its step neither leaves nor enters again).
    public var inside: [[Int]]
    /// `keeps[p][i]`: the state deadlines every step behind `moves[p][i]` neither leaves nor
    /// enters again.
    public var keeps: [[[Int]]]
    /// `quietKeeps[p]`: those every step from `p` that calls nothing keeps.
    public var quietKeeps: [[Int]]

    public var isEmpty: Bool { states.isEmpty && pairs.isEmpty }

    public init(_ tables: MonitorTables<MachineAutomaton>, _ automaton: MachineAutomaton) {
        let machine = automaton.machine
        let model = automaton.model
        let states: [StateDeadline] = machine.states.indices.compactMap { state in
            machine.states[state].deadline.map {
                StateDeadline(state: state, name: "'\(machine.states[state].name)' within \($0.span)", milliseconds: $0.span.milliseconds, reason: $0.reason)
            }
        }
        self.states = states
        pairs = machine.callbackDeadlines.compactMap { deadline in
            let from = LoggedCallback(instance: nil, selector: model.method(deadline.from).reference)
            let to = LoggedCallback(instance: nil, selector: model.method(deadline.to).reference)
            guard let first = automaton.callbacks.firstIndex(of: from), let second = automaton.callbacks.firstIndex(of: to) else { return nil }
            return PairDeadline(from: first, to: second, span: "within \(deadline.span)", milliseconds: deadline.span.milliseconds, reason: deadline.reason)
        }
        let all = Array(states.indices)
        func stays(_ step: AutomatonStep<Int>) -> [Int] {
            let entered = machine.enteredStates(of: QueryStep(from: step.from, transition: step.transition, to: step.target))
            return all.filter { d in
                let state = states[d].state
                return machine.isWithin(step.from, state) && machine.isWithin(step.target, state) && !entered.contains(state)
            }
        }
        var inside: [[Int]] = [], keeps: [[[Int]]] = [], quietKeeps: [[Int]] = []
        for (position, place) in tables.places.enumerated() {
            let outgoing = automaton.steps(from: place.configuration)
            if place.step < 0 {
                inside.append(all.filter { machine.isWithin(place.configuration, states[$0].state) })
                keeps.append(tables.moves[position].map { move in
                    outgoing.filter { $0.callbacks.first == move.callback }.reduce(all) { kept, step in kept.filter(stays(step).contains) }
                })
                quietKeeps.append(outgoing.filter(\.callbacks.isEmpty).reduce(all) { kept, step in kept.filter(stays(step).contains) })
            } else {
                let kept = stays(outgoing[place.step])
                inside.append(kept)
                keeps.append(tables.moves[position].map { _ in kept })
                quietKeeps.append(all)
            }
        }
        self.inside = inside
        self.keeps = keeps
        self.quietKeeps = quietKeeps
    }
}
