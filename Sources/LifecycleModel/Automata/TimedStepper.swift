/// Time over the one step definition (issue 43): which timed transition fires when, as the
/// machine waits. Events still step through `MachineStepper`; this only keeps, for each state
/// the machine is in, when it entered it, and takes the timed transition that comes due first
/// with `MachineStepper.step(taking:from:)` (<doc:Language>, "Time").
public struct TimedStepper: Sendable {
    public let stepper: MachineStepper
    /// By state, its timed transitions with their delays (in declaration order), and its parent
    /// (-1 for none); by transition, its domain (`Machine.domain(of:)`, -1 for the machine) or
    /// -2 for an internal one. Read at every step of every run `TimedConformance` follows.
    private let timedBySource: [[(transition: Int, delay: Int64)]]
    private let parent: [Int]
    private let domain: [Int]
    private let hasTimed: Bool
    /// By state, whether its time matters: the source of a timed transition, or a state with a
    /// deadline. A clock keeps the entry times of these alone, so that two runs that differ
    /// only in when they entered another state are one (`TimedConformance` keeps runs in a set).
    private let timeMatters: [Bool]

    public init(_ stepper: MachineStepper) {
        self.stepper = stepper
        let machine = stepper.machine
        var timed: [[(transition: Int, delay: Int64)]] = Array(repeating: [], count: machine.states.count)
        var matters = machine.states.map { $0.deadline != nil }
        for (index, transition) in machine.transitions.enumerated() {
            guard let delay = transition.delay else { continue }
            timed[transition.source].append((index, delay.milliseconds))
            matters[transition.source] = true
        }
        timedBySource = timed
        hasTimed = machine.transitions.contains { $0.delay != nil }
        timeMatters = matters
        parent = machine.states.map { $0.parent ?? -1 }
        domain = machine.transitions.indices.map { machine.transitions[$0].isInternal ? -2 : machine.domain(of: $0) ?? -1 }
    }

    /// Where a run is: its leaf, the time now, and when it entered each state it is in whose
    /// time matters (milliseconds from the start; see `timeMatters`).
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

    /// A run in `leaf` (the machine's start when nil), having entered it and the states around it at `time`.
    public func start(at time: Int64 = 0, in leaf: Int? = nil) -> Clock {
        let leaf = leaf ?? stepper.start
        var entered: [Int: Int64] = [:]
        for state in chain(leaf) where timeMatters[state] { entered[state] = time }
        return Clock(leaf: leaf, now: time, entered: entered)
    }

    /// The states around `leaf`, innermost first.
    func chain(_ leaf: Int) -> [Int] {
        var states: [Int] = []
        var current = leaf
        while current >= 0 {
            states.append(current)
            current = parent[current]
        }
        return states
    }

    /// The timed transition due first from `clock`, with when: the earliest; at the same moment,
    /// the innermost source's, and among one state's own the first declared.
    public func nextDue(_ clock: Clock) -> (transition: Int, at: Int64)? {
        var best: (transition: Int, at: Int64)?
        guard hasTimed else { return nil }
        var state = clock.leaf
        while state >= 0 {
            defer { state = parent[state] }
            guard !timedBySource[state].isEmpty, let entered = clock.entered[state] else { continue }
            for (t, delay) in timedBySource[state] {
                let due = entered + delay
                if best == nil || due < best!.at { best = (t, due) }
            }
        }
        return best
    }

    /// `step` taken at `time`: the states it enters start their time then.
    public func apply(_ step: QueryStep, at time: Int64, to clock: inout Clock) {
        clock.now = max(clock.now, time)
        let domain = self.domain[step.transition]
        guard domain != -2 else { return }
        // The states the step enters start their time; its domain and the states around it
        // are not left (`Machine.domain(of:)`, the one definition `callbacks(of:)` uses: a
        // transition from a state to one around it leaves and enters that one too).
        var entered: [Int: Int64] = [:]
        var state = step.to
        while state >= 0 {
            defer { state = parent[state] }
            guard timeMatters[state] else { continue }
            // The domain and the states around it are not left: their time goes on.
            if domain >= 0 && encloses(state, domain) {
                entered[state] = clock.entered[state] ?? time
            } else {
                entered[state] = time
            }
        }
        clock.entered = entered
        clock.leaf = step.to
    }

    /// Whether `outer` is `inner` or a state around it (`StateTree.isWithin(inner, outer)`, as
    /// `Machine.isWithin`, over `parent`).
    func encloses(_ outer: Int, _ inner: Int) -> Bool {
        StateTree.isWithin(inner, outer) { parent[$0] >= 0 ? parent[$0] : nil }
    }

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
