import LifecycleModel

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
        /// For each step a timed transition took (issue 43), when it fired: its index in
        /// `steps` and the milliseconds from the start. Empty for a run without waits.
        public var timed: [Int: Int64] = [:]
        /// The waits of the run, in order: after how many steps, and until when.
        public var waits: [Wait] = []
        /// The deadlines missed during waits (issue 43), in time order, each with how many
        /// steps came before it.
        public var missed: [Missed] = []

        public struct Missed: Sendable, Equatable {
            public var afterSteps: Int
            public var miss: DeadlineWatch.Miss
        }

        public struct Wait: Sendable, Equatable {
            public var afterSteps: Int
            public var until: Int64
        }

        public init(start: Int, steps: [QueryStep]) {
            self.start = start
            self.steps = steps
        }
    }

    /// The result of `run`: the whole run, or the steps taken before an event was rejected.
    public struct Failure: Error, Sendable, Equatable {
        public var run: Run
        /// The position of the rejected event in the list, from 0.
        public var eventIndex: Int
        public var error: QueryError
    }

    /// `wait` followed by a duration, among a simulation's events.
    public static let waitWord = "wait"

    /// The events of a simulation's arguments, without its waits (`wait` and the duration
    /// after it): what the arguments name of the machine, for `MachineSelection`.
    public static func namedEvents(_ arguments: [String]) -> [String] {
        var events: [String] = []
        var position = 0
        while position < arguments.count {
            if arguments[position] == waitWord, position + 1 < arguments.count, TimeSpan(parsing: arguments[position + 1]) != nil {
                position += 2
                continue
            }
            events.append(arguments[position])
            position += 1
        }
        return events
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
        // `wait 6s` between events (issue 43): time passes, and timed transitions fire.
        let timing = TimedStepper(stepper)
        var clock = timing.start()
        var deadlines = DeadlineWatch(machine)
        var skip = false
        for (position, event) in events.enumerated() {
            if skip {
                skip = false
                continue
            }
            if event == Simulator.waitWord, position + 1 < events.count, let span = TimeSpan(parsing: events[position + 1]) {
                skip = true
                let until = clock.now + span.milliseconds
                // Timed transitions one at a time, so that each deadline is checked while the
                // machine is where it was when its time ran out.
                var fired = 0
                while fired < 10_000, let due = timing.nextDue(clock), due.at <= until {
                    for miss in deadlines.passTime(to: due.at, clock) { run.missed.append(.init(afterSteps: run.steps.count, miss: miss)) }
                    guard let timed = timing.wait(until: due.at, &clock, limit: 1).first else { break }
                    run.timed[run.steps.count] = timed.at
                    run.steps.append(timed.step)
                    deadlines.took(timed.step, at: timed.at)
                    fired += 1
                }
                for miss in deadlines.passTime(to: until, clock) { run.missed.append(.init(afterSteps: run.steps.count, miss: miss)) }
                clock.now = max(clock.now, until)
                run.waits.append(Run.Wait(afterSteps: run.steps.count, until: until))
                continue
            }
            let state = run.end
            guard let step = stepper.step(on: event, from: state) else {
                let error = QueryError.rejectedEvent(event, state: machine.states[state].name,
                                                     accepted: stepper.acceptedEvents(in: state),
                                                     hasEnded: machine.states[state].isFinal && machine.states[state].parent == nil)
                return .failure(Failure(run: run, eventIndex: position, error: error))
            }
            run.steps.append(step)
            timing.apply(step, at: clock.now, to: &clock)
            deadlines.took(step, at: clock.now)
        }
        return .success(run)
    }

    /// The events `state` accepts, each once, in the order `MachineStepper.steps(from:)` lists
    /// them (own transitions first, then each ancestor's).
    public static func acceptedEvents(in machine: Machine, at state: Int) -> [String] {
        MachineStepper(machine).acceptedEvents(in: state)
    }
}
