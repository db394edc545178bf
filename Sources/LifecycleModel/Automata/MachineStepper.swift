/// Steps one machine: what an event does in the leaf state the machine is in.
///
/// Every command that runs a machine asks this (`Simulator`, `Tracer`, `TestPlanner` through
/// `MachineAutomaton`, `conform` and the monitor tables, `ComposedStepper` for systems), and
/// the checker's graph passes follow the same steps: the rules are written once, in
/// `MachineGraph.step(on:from:)` and `forEachStep(from:_:)`, and <doc:Semantics> states them.
/// A machine's configuration is the leaf state it is in; a step is the transition an event
/// fires there and the leaf it lands in, and it calls that transition's callbacks, in order.
public struct MachineStepper: Sendable {
    public let machine: Machine
    let graph: MachineGraph
    /// Each event's number in `graph`, in the order events are first declared.
    private let eventNumbers: [String: Int32]
    /// Per transition: the state it enters, -1 for an internal one (as `graph` has it).
    private let entries: [Int32]

    /// Builds the stepper in time linear in the machine.
    public init(_ machine: Machine) {
        self.machine = machine
        var graph = MachineGraph(states: machine.states)
        var numbers: [String: Int32] = [:]
        var events = [Int32](repeating: -1, count: machine.transitions.count)
        var entries = [Int32](repeating: -1, count: machine.transitions.count)
        for (index, transition) in machine.transitions.enumerated() {
            if let event = transition.event {
                if let known = numbers[event] {
                    events[index] = known
                } else {
                    events[index] = Int32(numbers.count)
                    numbers[event] = Int32(numbers.count)
                }
            }
            if !transition.isInternal { entries[index] = Int32(graph.enter(transition.target)) }
        }
        graph.connect(outgoing: machine.outgoing, entries: entries, events: events)
        self.graph = graph
        self.entries = entries
        eventNumbers = numbers
    }

    /// The leaf the machine starts in: its initial state, entered like any target.
    public var start: Int { graph.enter(machine.initialState) }

    /// What `event` does in `leaf`: the step it makes, or nil when `leaf` does not accept it
    /// (no transition of the leaf or around it is on `event`, or the leaf is final).
    public func step(on event: String, from leaf: Int) -> QueryStep? {
        guard let number = eventNumbers[event], let (transition, to) = graph.step(on: number, from: leaf) else { return nil }
        return QueryStep(from: leaf, transition: transition, to: to)
    }

    /// Per state, the state `event` leaves the machine in from there (`step(on:from:)`), -1
    /// where it is not accepted: a row of `ComposedStepper`.
    public func landings(on event: String) -> [Int32] {
        guard let number = eventNumbers[event] else { return [Int32](repeating: -1, count: machine.states.count) }
        return machine.states.indices.map { Int32(graph.step(on: number, from: $0)?.to ?? -1) }
    }

    /// Every step possible in `leaf`, one per event it accepts: the leaf's own transitions first,
    /// then each enclosing state's, in declaration order, without those an inner transition on
    /// the same event shadows.
    public func steps(from leaf: Int) -> [QueryStep] {
        var steps: [QueryStep] = []
        graph.forEachStep(from: leaf) { transition, to, _ in steps.append(QueryStep(from: leaf, transition: transition, to: to)) }
        return steps
    }

    /// The events `leaf` accepts, each once, in the order `steps(from:)` lists them.
    public func acceptedEvents(in leaf: Int) -> [String] {
        steps(from: leaf).compactMap { machine.transitions[$0.transition].event }
    }

    /// Whether `new X` can restart an instance in `leaf`: where it is new (the leaf it starts
    /// in) or has ended (a final state at the top level; one inside a composite ends only the
    /// composite, whose transitions still fire).
    public func canRestart(from leaf: Int) -> Bool {
        leaf == start || (machine.states[leaf].isFinal && machine.states[leaf].parent == nil)
    }

    /// Per transition, whether some leaf takes it (`MachineGraph.transitionsTaken`): not one a
    /// transition declared before it in its state shadows, nor one from a final state, nor one
    /// shadowed in every state inside its source.
    public func transitionsTaken() -> [Bool] { graph.transitionsTaken().fires }

    /// The step `transition` makes when it fires in `state` (which lies in its source): where
    /// the machine lands, whatever else `state` accepts. For listing transitions by what they
    /// do, as `trace --into` does.
    public func step(taking transition: Int, from state: Int) -> QueryStep {
        QueryStep(from: state, transition: transition, to: MachineGraph.landing(entering: entries[transition], from: state))
    }
}
