/// Time over the one step definition (issue 43): which timed transition fires when, as the
/// machine waits. Events still step through `MachineStepper`; this only keeps, for each state
/// the machine is in, when it entered it, and takes the timed transition that comes due first
/// with `MachineStepper.step(taking:from:)` (<doc:Language>, "Time").
public struct TimedStepper: Sendable {
    public let stepper: MachineStepper
    /// The timed transitions by source state.
    private let timedBySource: [Int: [Int]]

    public init(_ stepper: MachineStepper) {
        self.stepper = stepper
        var timed: [Int: [Int]] = [:]
        for (index, transition) in stepper.machine.transitions.enumerated() where transition.delay != nil {
            timed[transition.source, default: []].append(index)
        }
        timedBySource = timed
    }

    /// Where a run is: its leaf, the time now, and when it entered each state it is in
    /// (milliseconds from the start).
    public struct Clock: Sendable, Hashable {
        public var leaf: Int
        public var now: Int64
        public var entered: [Int: Int64]
    }

    /// A timed transition taken, and when.
    public struct TimedStep: Sendable, Equatable {
        public var step: QueryStep
        public var at: Int64
    }

    public func start(at time: Int64 = 0) -> Clock {
        let leaf = stepper.start
        return Clock(leaf: leaf, now: time, entered: Dictionary(uniqueKeysWithValues: chain(leaf).map { ($0, time) }))
    }

    /// The states around `leaf`, innermost first.
    func chain(_ leaf: Int) -> [Int] {
        var states: [Int] = []
        var current: Int? = leaf
        while let c = current {
            states.append(c)
            current = stepper.machine.states[c].parent
        }
        return states
    }

    /// The timed transition due first from `clock`, with when: the earliest; at the same moment,
    /// the innermost source's, and among one state's own the first declared.
    public func nextDue(_ clock: Clock) -> (transition: Int, at: Int64)? {
        var best: (transition: Int, at: Int64)?
        for state in chain(clock.leaf) {
            guard let timed = timedBySource[state], let entered = clock.entered[state] else { continue }
            for t in timed {
                let due = entered + stepper.machine.transitions[t].delay!.milliseconds
                if best == nil || due < best!.at { best = (t, due) }
            }
        }
        return best
    }

    /// `step` taken at `time`: the states it enters start their time then.
    public func apply(_ step: QueryStep, at time: Int64, to clock: inout Clock) {
        clock.now = max(clock.now, time)
        let transition = stepper.machine.transitions[step.transition]
        guard !transition.isInternal else { return }
        // The states the step enters start their time; its domain and the states around it
        // are not left (`Machine.domain(of:)`, the one definition `callbacks(of:)` uses: a
        // transition from a state to one around it leaves and enters that one too).
        let domain = stepper.machine.domain(of: step.transition)
        var entered: [Int: Int64] = [:]
        for state in chain(step.to) {
            // The domain and the states around it are not left: their time goes on.
            if let domain, isAround(state, domain) {
                entered[state] = clock.entered[state] ?? time
            } else {
                entered[state] = time
            }
        }
        clock.entered = entered
        clock.leaf = step.to
    }

    /// Whether `outer` is `state` or a state around it.
    func isAround(_ outer: Int, _ state: Int) -> Bool { chain(state).contains(outer) }

    /// Waits until `time`, taking each timed transition as it comes due (at most `limit`, so
    /// that a cycle of timed transitions cannot run away).
    public func wait(until time: Int64, _ clock: inout Clock, limit: Int = 10_000) -> [TimedStep] {
        var taken: [TimedStep] = []
        while taken.count < limit, let due = nextDue(clock), due.at <= time {
            let step = stepper.step(taking: due.transition, from: clock.leaf)
            apply(step, at: due.at, to: &clock)
            taken.append(TimedStep(step: step, at: due.at))
        }
        clock.now = max(clock.now, time)
        return taken
    }
}
