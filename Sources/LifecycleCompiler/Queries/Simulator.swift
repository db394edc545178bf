/// Runs a machine on a list of events, the way UIKit would drive it.
///
/// The machine starts in its initial state (entered like any target: a composite initial state
/// enters its initial child). For each event, the transitions that can fire are the current
/// state's own, then its ancestors' (`Machine.transitions(from:)`): the first one on that event
/// wins, so an inner transition shadows an outer one.
public enum Simulator {
    /// A finished (or stopped) run.
    public struct Run: Sendable, Equatable {
        /// The state the machine started in.
        public var start: Int
        public var steps: [QueryStep]
        /// The state the machine is in after the last step.
        public var end: Int { steps.last?.to ?? start }
    }

    /// The result of `run`: the whole run, or the steps taken before an event was rejected.
    public struct Failure: Error, Sendable, Equatable {
        public var run: Run
        /// The position of the rejected event in the list, from 0.
        public var eventIndex: Int
        public var error: QueryError
    }

    /// The state a machine starts in.
    public static func start(of machine: Machine) -> Int { machine.entry(machine.initialState) }

    /// Applies `events` in order from the initial state.
    ///
    /// - Returns: the run, or a failure at the first event the current state does not accept
    ///   (`.rejectedEvent`, listing what it accepts), with the steps taken until then.
    public static func run(_ events: [String], in machine: Machine) -> Result<Run, Failure> {
        var run = Run(start: start(of: machine), steps: [])
        for (position, event) in events.enumerated() {
            let state = run.end
            guard let step = fire(event, in: machine, at: state) else {
                let error = QueryError.rejectedEvent(event, state: machine.states[state].name,
                                                     accepted: acceptedEvents(in: machine, at: state),
                                                     isFinal: machine.states[state].isFinal)
                return .failure(Failure(run: run, eventIndex: position, error: error))
            }
            run.steps.append(step)
        }
        return .success(run)
    }

    /// The step `event` makes in `state`, or nil when `state` does not accept it.
    public static func fire(_ event: String, in machine: Machine, at state: Int) -> QueryStep? {
        machine.transitions(from: state).first { machine.transitions[$0].event == event }
            .map { machine.step($0, from: state) }
    }

    /// The events `state` accepts, each once, in the order `fire` looks at them (own
    /// transitions first, then each ancestor's).
    public static func acceptedEvents(in machine: Machine, at state: Int) -> [String] {
        machine.enabledTransitions(in: state).compactMap { machine.transitions[$0].event }
    }
}
