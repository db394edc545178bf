/// The deadlines of a run (issue 43; <doc:Language>, "Time"): a state's `within`, missed when
/// time passes its end with the machine still in the state, and a pair of callbacks' `from f
/// to g within`, missed when time passes its end before a step calls `g`. Leaving the state,
/// or calling `g`, exactly at the end meets the deadline.
///
/// Fed the run as `TimedStepper` makes it: `passTime(to:)` before each step and at the end of
/// each wait, `took(_:at:clock:)` after each step.
public struct DeadlineWatch: Sendable {
    /// The machine, and each state's deadline in milliseconds, held once for every copy (a
    /// conform check keeps hundreds of watches and copies them at every step).
    private final class Shared: Sendable {
        let machine: Machine
        let stateDeadlines: [Int64?]
        init(_ machine: Machine) {
            self.machine = machine
            stateDeadlines = machine.states.map { $0.deadline?.span.milliseconds }
        }
    }
    private let shared: Shared
    public var machine: Machine { shared.machine }

    /// A deadline missed, and when.
    public struct Miss: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            /// A state's own deadline.
            case state(Int)
            /// `machine.callbackDeadlines[index]`.
            case callbacks(Int)
        }
        public var kind: Kind
        /// When the time ran out, in milliseconds from the start.
        public var at: Int64
    }

    /// Each open pair deadline's end, by index into `callbackDeadlines`.
    private(set) var pending: [Int: Int64] = [:]
    /// The state deadlines already reported, by state, with when the state was entered.
    private var reported: [Int: Int64] = [:]

    public init(_ machine: Machine) { shared = Shared(machine) }

    /// Time passes from `clock.now` to `time` with the machine where `clock` says: the
    /// deadlines that run out meanwhile, in time order.
    public mutating func passTime(to time: Int64, _ clock: TimedStepper.Clock) -> [Miss] {
        var misses: [Miss] = []
        for (state, entered) in clock.entered {
            guard let span = shared.stateDeadlines[state], reported[state] != entered else { continue }
            let end = entered + span
            if end < time {
                reported[state] = entered
                misses.append(Miss(kind: .state(state), at: end))
            }
        }
        for (index, end) in pending where end < time {
            pending[index] = nil
            misses.append(Miss(kind: .callbacks(index), at: end))
        }
        return misses.sorted { ($0.at, Self.order($0.kind)) < ($1.at, Self.order($1.kind)) }
    }

    static func order(_ kind: Miss.Kind) -> Int {
        switch kind {
        case .state(let state): state
        case .callbacks(let index): 1 << 30 + index
        }
    }

    /// A step taken at `time`: its callbacks, in order, end the pair deadlines waiting for
    /// them and start those they begin.
    public mutating func took(_ step: QueryStep, at time: Int64) {
        guard !machine.callbackDeadlines.isEmpty else { return }
        for callback in machine.callbacks(of: step) {
            for (index, deadline) in machine.callbackDeadlines.enumerated() {
                if deadline.to == callback { pending[index] = nil }
                if deadline.from == callback, pending[index] == nil { pending[index] = time + deadline.span.milliseconds }
            }
        }
    }
}

/// Two watches are equal when the same deadlines are open and the same were reported: what
/// `TimedConformance` needs to keep each timed run once.
extension DeadlineWatch: Hashable {
    public static func == (a: DeadlineWatch, b: DeadlineWatch) -> Bool { a.pending == b.pending && a.reported == b.reported }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(pending)
        hasher.combine(reported)
    }

    /// When open pair deadline `index` runs out, if it is open.
    public func end(of index: Int) -> Int64? { pending[index] }
}
