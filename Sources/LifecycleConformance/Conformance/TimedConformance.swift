import LifecycleSource
import LifecycleModel

/// Time as a filter on `conform`'s search (issue 43; <doc:Logs>, "Time"): follows the runs of
/// one machine's instance that print a log's callback lines *at their timestamps*, each run
/// with its `TimedStepper.Clock` (when it entered each state) and its `DeadlineWatch` (the pair
/// deadlines still open). It never decides alone what a step is or when a timed transition
/// fires: steps are `MachineAutomaton`'s (the search's), time is `TimedStepper`'s, deadlines
/// are `DeadlineWatch`'s.
///
/// `ConformanceRun` moves the untimed search first; only a line the untimed search accepts
/// comes here. When no timed run is left, the line is where time made the log impossible,
/// and `failure` says why (a deadline missed, or a timed transition the log says was not taken).
///
/// What a run does between two lines with times `t0 < t1`:
/// - a step whose first callback the log prints happens at that line's time;
/// - a step that prints nothing may happen at `t0` or as late as allowed (just when a timed
///   transition of the state comes due, or at `t1`): both are kept, so that a silent step is
///   never blamed for a miss it could have avoided;
/// - a timed transition fires exactly when it comes due, unless a step leaves its state first;
///   due at the line's very time, either may come first. One that calls logged callbacks prints
///   them at the next lines (at its time or later).
/// - a step is atomic: no timed transition fires while its printed callbacks are still to come.
struct TimedConformance {
    let automaton: MachineAutomaton
    let timed: TimedStepper
    var machine: Machine { automaton.machine }

    /// The most timed runs kept: past it, time is no longer checked (`gaveUp`), never guessed.
    static var maximumRuns: Int { 512 }

    struct Run: Hashable {
        var clock: TimedStepper.Clock
        var watch: DeadlineWatch
        /// The callbacks of the step in progress still to come (empty between steps).
        var remaining: [Int] = []
        /// A log read as it comes: the callbacks not seen yet that the run called without
        /// printing them (sorted). One that appears later was logged all along: the run is dropped.
        var silent: [Int] = []
        /// Steps that printed nothing since the last line: not part of what a run is (two runs
        /// that differ only in it are one), only which loss a message explains.
        var detours = 0

        static func == (a: Run, b: Run) -> Bool { a.clock == b.clock && a.watch == b.watch && a.remaining == b.remaining && a.silent == b.silent }
        func hash(into hasher: inout Hasher) {
            hasher.combine(clock)
            hasher.combine(watch)
            hasher.combine(remaining)
            hasher.combine(silent)
        }
    }

    /// Why a run was dropped, for the message when none is left; `detours`: the run's (the
    /// message explains the loss of a run closest to what the log shows).
    enum Loss {
        case deadline(DeadlineWatch.Miss, clock: TimedStepper.Clock, detours: Int)
        case timed(transition: Int, source: Int, entered: Int64, due: Int64, detours: Int)

        var detours: Int {
            switch self {
            case .deadline(_, _, let detours), .timed(_, _, _, _, let detours): detours
            }
        }

        /// When the time ran out.
        var at: Int64 {
            switch self {
            case .deadline(let miss, _, _): miss.at
            case .timed(_, _, _, let due, _): due
            }
        }
    }

    private(set) var runs: [Run] = []
    /// Whether the runs have started (at the first line with a time).
    private(set) var started = false
    /// Set when the runs grew past `maximumRuns`: time is not checked any further.
    private(set) var gaveUp = false
    /// The losses of the last `observe` or `finish`, in the order met (at most a few).
    private(set) var losses: [Loss] = []

    /// Each leaf's untimed steps as the search sees them, made once (`MachineAutomaton.steps(from:)`
    /// builds labels and phase changes, and every run asks at every line).
    private let steps: StepsByLeaf

    init(_ automaton: MachineAutomaton) {
        self.automaton = automaton
        timed = TimedStepper(automaton.stepper)
        steps = StepsByLeaf(automaton)
    }

    /// `MachineAutomaton.steps(from:)` without the timed transitions (they fire by time, in
    /// `closure`), each leaf's made at its first use; shared by the copies of one check.
    final class StepsByLeaf {
        let automaton: MachineAutomaton
        private var made: [[AutomatonStep<Int>]?]

        init(_ automaton: MachineAutomaton) {
            self.automaton = automaton
            made = Array(repeating: nil, count: automaton.machine.states.count)
        }

        subscript(leaf: Int) -> [AutomatonStep<Int>] {
            if let steps = made[leaf] { return steps }
            let steps = automaton.steps(from: leaf).filter { automaton.machine.transitions[$0.transition].delay == nil }
            made[leaf] = steps
            return steps
        }

        /// Timed transition `transition` taken from `leaf` (`MachineStepper.step(taking:from:)`), as a
        /// query step and as the search sees it.
        private var timedSteps: [Int: (QueryStep, AutomatonStep<Int>)] = [:]

        func taking(_ transition: Int, from leaf: Int, _ timed: TimedStepper) -> (QueryStep, AutomatonStep<Int>) {
            let key = transition * made.count + leaf
            if let step = timedSteps[key] { return step }
            let query = timed.stepper.step(taking: transition, from: leaf)
            let step = (query, automaton.automatonStep(query))
            timedSteps[key] = step
            return step
        }
    }

    /// Whether a call of `c` may be printed: logged, or not known yet (`undecided`).
    @inline(__always)
    private static func audible(_ c: Int, _ logged: [Bool], _ undecided: [Bool]) -> Bool {
        logged[c] || (!undecided.isEmpty && undecided[c])
    }

    private static func mayBeSilent(_ c: Int, _ logged: [Bool], _ undecided: [Bool]) -> Bool {
        !logged[c] || (!undecided.isEmpty && undecided[c])
    }

    /// Moves past a line at `time` naming the first of `candidates` a timed run can print
    /// (any of them). False when none can: `losses` says what time ruled out.
    mutating func observe(anyOf candidates: [Int], at time: Int64, logged: [Bool], undecided: [Bool]) -> Bool {
        guard !gaveUp else { return true }
        losses.removeAll()
        if !started {
            started = true
            runs = [Run(clock: timed.start(at: time), watch: DeadlineWatch(machine))]
        }
        guard let reachable = closure(until: time, logged: logged, undecided: undecided) else { return true }
        var next: [Run] = []
        var seen: Set<Run> = []
        func add(_ run: Run) {
            if seen.insert(run).inserted { next.append(run) }
        }
        for run in reachable {
            if !run.remaining.isEmpty {
                // Inside a step: its next audible callback must be one of the candidates.
                guard let matched = Self.match(run.remaining, candidates, logged, undecided),
                      !run.silent.contains(run.remaining[matched]) else { continue }
                var watch = run.watch
                let misses = watch.passTime(to: time, run.clock)
                if let miss = misses.first { lose(.deadline(miss, clock: run.clock, detours: run.detours)); continue }
                var clock = run.clock
                clock.now = max(clock.now, time)
                let silent = Self.adding(run.remaining[..<matched], to: run.silent, undecided)
                for rest in Self.after(run.remaining, matched, logged, undecided) {
                    add(Run(clock: clock, watch: watch, remaining: rest, silent: rest.isEmpty ? Self.adding(run.remaining[(matched + 1)...], to: silent, undecided) : silent))
                }
                continue
            }
            let due = timed.nextDue(run.clock)
            for step in steps[run.clock.leaf] {
                guard let first = step.callbacks.firstIndex(where: { Self.audible($0, logged, undecided) }) else { continue }
                let callbacks = Array(step.callbacks[first...])
                guard let matched = Self.match(callbacks, candidates, logged, undecided), !run.silent.contains(callbacks[matched]) else { continue }
                if let due, due.at < time {
                    // The timed transition came due first: the run that did not take it is not possible.
                    lose(.timed(transition: due.transition, source: machine.transitions[due.transition].source,
                                entered: run.clock.entered[machine.transitions[due.transition].source] ?? run.clock.now, due: due.at,
                                detours: run.detours))
                    continue
                }
                var watch = run.watch
                if let miss = watch.passTime(to: time, run.clock).first { lose(.deadline(miss, clock: run.clock, detours: run.detours)); continue }
                var clock = run.clock
                let query = QueryStep(from: run.clock.leaf, transition: step.transition, to: step.target)
                timed.apply(query, at: time, to: &clock)
                watch.took(query, at: time)
                let silent = Self.adding(callbacks[..<matched], to: run.silent, undecided)
                for rest in Self.after(callbacks, matched, logged, undecided) {
                    add(Run(clock: clock, watch: watch, remaining: rest,
                            silent: rest.isEmpty ? Self.adding(callbacks[(matched + 1)...], to: silent, undecided) : silent))
                }
            }
        }
        guard !next.isEmpty else { return false }
        if next.count > Self.maximumRuns { gaveUp = true; runs = []; return true }
        runs = next
        return true
    }

    /// At the end of the log, whose last time is `time`: false when every run missed a
    /// deadline (or would have had to take a timed transition it cannot) by then.
    mutating func finish(at time: Int64, logged: [Bool], undecided: [Bool]) -> Bool {
        guard started, !gaveUp else { return true }
        losses.removeAll()
        guard let reachable = closure(until: time, logged: logged, undecided: undecided) else { return true }
        for run in reachable {
            // A run whose timed transition came due has gone on (its successor is in the set).
            if run.remaining.isEmpty, let due = timed.nextDue(run.clock), due.at < time { continue }
            var watch = run.watch
            if let miss = watch.passTime(to: time, run.clock).first {
                lose(.deadline(miss, clock: run.clock, detours: run.detours))
                continue
            }
            return true
        }
        return false
    }

    /// The index in `callbacks` of the first audible one if it is one of `candidates` (the
    /// undecided ones before it may be skipped), or nil.
    private static func match(_ callbacks: [Int], _ candidates: [Int], _ logged: [Bool], _ undecided: [Bool]) -> Int? {
        var index = 0
        while index < callbacks.count {
            let c = callbacks[index]
            if candidates.contains(c) && audible(c, logged, undecided) { return index }
            guard mayBeSilent(c, logged, undecided) else { return nil }
            index += 1
        }
        return nil
    }

    /// What is left of a step after `callbacks[matched]`: the rest, or (when every audible one
    /// left may be silent) also nothing.
    private static func after(_ callbacks: [Int], _ matched: Int, _ logged: [Bool], _ undecided: [Bool]) -> [[Int]] {
        let rest = Array(callbacks[(matched + 1)...])
        guard rest.contains(where: { logged[$0] || (!undecided.isEmpty && undecided[$0]) }) else { return [[]] }
        if rest.allSatisfy({ mayBeSilent($0, logged, undecided) }) { return [rest, []] }
        return [rest]
    }

    /// Every run reachable from `runs` by `time` without printing anything: steps that print
    /// nothing (at the earliest and the latest moment they can happen) and timed transitions as
    /// they come due. Nil when they grow past `maximumRuns` (time is then given up).
    private mutating func closure(until time: Int64, logged: [Bool], undecided: [Bool]) -> [Run]? {
        var all = runs
        var seen = Set(runs)
        var index = 0
        func add(_ run: Run) {
            if seen.insert(run).inserted { all.append(run) }
        }
        while index < all.count {
            let run = all[index]
            index += 1
            if all.count > Self.maximumRuns {
                gaveUp = true
                runs = []
                return nil
            }
            guard run.remaining.isEmpty else { continue }
            let due = timed.nextDue(run.clock)
            let latest = min(due?.at ?? time, time)
            for step in steps[run.clock.leaf] {
                guard step.callbacks.allSatisfy({ Self.mayBeSilent($0, logged, undecided) }) else { continue }
                let query = QueryStep(from: run.clock.leaf, transition: step.transition, to: step.target)
                for moment in latest > run.clock.now ? [run.clock.now, latest] : [run.clock.now] {
                    var watch = run.watch
                    if let miss = watch.passTime(to: moment, run.clock).first { lose(.deadline(miss, clock: run.clock, detours: run.detours)); continue }
                    var clock = run.clock
                    timed.apply(query, at: moment, to: &clock)
                    watch.took(query, at: moment)
                    add(Run(clock: clock, watch: watch, silent: Self.adding(step.callbacks, to: run.silent, undecided), detours: run.detours + 1))
                }
            }
            guard let due, due.at <= time else { continue }
            var watch = run.watch
            if let miss = watch.passTime(to: due.at, run.clock).first { lose(.deadline(miss, clock: run.clock, detours: run.detours)); continue }
            let (query, step) = steps.taking(due.transition, from: run.clock.leaf, timed)
            var clock = run.clock
            timed.apply(query, at: due.at, to: &clock)
            watch.took(query, at: due.at)
            if let first = step.callbacks.firstIndex(where: { Self.audible($0, logged, undecided) }) {
                // It prints: its callbacks come at the next lines.
                let rest = Array(step.callbacks[first...])
                add(Run(clock: clock, watch: watch, remaining: rest, silent: run.silent, detours: run.detours))
                if rest.allSatisfy({ Self.mayBeSilent($0, logged, undecided) }) {
                    add(Run(clock: clock, watch: watch, silent: Self.adding(step.callbacks, to: run.silent, undecided), detours: run.detours))
                }
            } else {
                add(Run(clock: clock, watch: watch, silent: Self.adding(step.callbacks, to: run.silent, undecided), detours: run.detours))
            }
        }
        return all
    }

    /// `silent` with the callbacks of `called` not seen yet (`undecided`) added.
    private static func adding(_ called: some Collection<Int>, to silent: [Int], _ undecided: [Bool]) -> [Int] {
        guard !undecided.isEmpty else { return silent }
        var result = silent
        for callback in called where undecided[callback] && !result.contains(callback) { result.append(callback) }
        if result.count != silent.count { result.sort() }
        return result
    }

    private mutating func lose(_ loss: Loss) {
        if losses.count < 16 { losses.append(loss) }
    }

    // MARK: - Messages

    /// The error at `range`, a line at `time`, from what ruled the last runs out: a deadline
    /// missed (the earliest), else a timed transition not taken. `zone`: the log's zone, for times of day.
    func failure(at range: SourceRange, time: Int64, zone: Int) -> Diagnostic {
        func clock(_ ms: Int64) -> String { LogTimestamp.timeOfDay(ms, zoneMinutes: zone) }
        func span(_ ms: Int64) -> String { TimeSpan(milliseconds: ms).seconds }
        // The loss of a run with the fewest silent steps since the last line, the one whose
        // time ran out last among those (what held out longest is closest to the log).
        guard let loss = losses.min(by: { ($0.detours, -$0.at) < ($1.detours, -$1.at) }) else {
            return .timesRuleOutLog(automaton: automaton.name, at: range)
        }
        if case .deadline(let miss, let runClock, _) = loss {
            switch miss.kind {
            case .state(let state):
                let deadline = machine.states[state].deadline!
                let entered = runClock.entered[state] ?? (miss.at - deadline.span.milliseconds)
                var diagnostic = Diagnostic.stateDeadlineMissedInLog(machine.states[state].name, span: deadline.span.description,
                                                                     lasted: "\(span(time - entered)) (from \(clock(entered)) to \(clock(time)))",
                                                                     end: clock(miss.at), late: span(time - miss.at), at: range)
                if let reason = deadline.reason { diagnostic = diagnostic.note("the deadline's reason: \(reason)", at: nil) }
                return diagnostic
            case .callbacks(let index):
                let deadline = machine.callbackDeadlines[index]
                var diagnostic = Diagnostic.callbackDeadlineMissedInLog(from: automaton.model.method(deadline.from).reference, to: automaton.model.method(deadline.to).reference,
                                                                        span: deadline.span.description,
                                                                        started: clock(miss.at - deadline.span.milliseconds),
                                                                        end: clock(miss.at), late: span(time - miss.at), at: range)
                if let reason = deadline.reason { diagnostic = diagnostic.note("the deadline's reason: \(reason)", at: nil) }
                return diagnostic
            }
        }
        if case .timed(let index, let source, let entered, let due, _) = loss {
            let transition = machine.transitions[index]
            return .timedTransitionNotTakenInLog(machine.states[source].name,
                                                 lasted: "\(span(time - entered)) (from \(clock(entered)) to \(clock(time)))",
                                                 transition: transition.eventAndDelay ?? "after \(transition.delay!)",
                                                 target: machine.states[transition.target].name, due: clock(due), at: range)
        }
        return .timesRuleOutLog(automaton: automaton.name, at: range)
    }
}
