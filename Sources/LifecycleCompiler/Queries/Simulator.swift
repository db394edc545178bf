/// Runs a machine on a list of events, the way UIKit would drive it.
///
/// The machine starts in its initial state (entered like any target: a composite initial state
/// enters its initial child), and each event makes the step `MachineStepper.step(on:from:)`
/// says: the innermost transition on it around the current leaf, none in a final state
/// (<doc:Semantics>).
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
        let stepper = MachineStepper(machine)
        var run = Run(start: stepper.start, steps: [])
        for (position, event) in events.enumerated() {
            let state = run.end
            guard let step = stepper.step(on: event, from: state) else {
                let error = QueryError.rejectedEvent(event, state: machine.states[state].name,
                                                     accepted: stepper.acceptedEvents(in: state),
                                                     hasEnded: machine.states[state].isFinal && machine.states[state].parent == nil)
                return .failure(Failure(run: run, eventIndex: position, error: error))
            }
            run.steps.append(step)
        }
        return .success(run)
    }

    /// The events `state` accepts, each once, in the order `MachineStepper.steps(from:)` lists
    /// them (own transitions first, then each ancestor's).
    public static func acceptedEvents(in machine: Machine, at state: Int) -> [String] {
        MachineStepper(machine).acceptedEvents(in: state)
    }
}
