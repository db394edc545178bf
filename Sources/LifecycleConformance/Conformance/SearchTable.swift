import LifecycleModel

/// `ConformanceSearch` determinised: so that each logged callback is one table step.
///
/// The search keeps the ordered set of positions a run can be at and moves it one callback at
/// a time; what it moves to depends only on that set and the callback. So the sets met are the
/// states of a deterministic automaton (the subset construction over the search's positions),
/// built lazily: a step not met before runs the search once from the set and is remembered
/// (`build`), and a log then costs one table look-up per callback. The table is shared by every
/// run of a machine in a log (the logged callbacks are the log's), and bounded: past
/// `maximumStates` states, or `maximumEntries` entries, a run goes on with the search itself
/// (`SearchCursor` falls back). Not for a log read as it comes (its undecided callbacks change
/// as it goes): that one uses the search.
///
/// Messages need what the search knows besides the set: how many events each run took and the
/// last of them. Each entry keeps, for each position it leads to, the position it came from
/// and the events taken on the way (`Move`); a cursor keeps each run's event count and its last
/// steps (`SearchCursor.history`), from which the search is rebuilt when a message needs it.
final class SearchTable<A: LifecycleAutomaton> {
    typealias Position = ConformanceSearch<A>.Position

    /// How one position of a step's target was reached: from the position `source` of the
    /// state before (-1: from the initial configuration), by `labels` (events, by `labels` index).
    struct Move {
        var source: Int32
        var labels: [Int32]
    }

    static var maximumStates: Int { 1 << 12 }
    static var maximumEntries: Int { 1 << 22 }
    /// Entries of `next` not built yet, rejected callbacks, and steps past the bounds.
    static var unknown: Int32 { -1 }
    static var rejected: Int32 { -2 }
    static var overflow: Int32 { -3 }

    let automaton: A
    let logged: [Bool]
    let callbackCount: Int
    /// This table's bounds (the defaults above; tests make them small to take the fallback).
    let stateBound: Int
    let entryBound: Int
    /// The search the steps are computed with (its cache of each configuration's steps kept).
    private var builder: ConformanceSearch<A>
    /// Each state's positions, in the search's order.
    private(set) var states: [[Position]] = []
    private var stateIndex: [[Position]: Int32] = [:]
    /// `next[s * callbackCount + c]`: the state after callback `c` in state `s`, or `unknown`
    /// or `rejected`. Grown by whole states; a cursor reads it through `entries`.
    @exclusivity(unchecked) private(set) var entries: UnsafeMutablePointer<Int32>
    private var capacity: Int
    /// `moves[m]` for the entry whose `moveOf` is `m`: one `Move` per position of its target.
    private(set) var moves: [[Move]] = []
    /// `moveOf[e]`: the `m` of entry `e` (read only after a step that moved), kept beside
    /// `entries` so that a step finds its moves without hashing.
    @exclusivity(unchecked) private var moveOf: UnsafeMutablePointer<Int32>
    /// What a step needs of `moves[m]` to count each run's events, flat: for position `k` of
    /// the target, `depthSource[depthStart[m] + k]` (its source position, -1 for the initial
    /// configuration) and `depthAdded[...]` (the events taken on the way).
    @exclusivity(unchecked) private var depthStart: [Int32] = [0]
    @exclusivity(unchecked) private var depthSource: [Int32] = []
    @exclusivity(unchecked) private var depthAdded: [Int32] = []
    /// Event names, numbered.
    private(set) var labels: [String] = []
    private var labelIndex: [String: Int32] = [:]
    /// The initial state, and each of its runs' event counts and events.
    private(set) var initial: Int32 = 0
    private(set) var initialDepths: [Int] = []
    private(set) var initialTrails: [[String]] = []

    init(_ automaton: A, logged: [Bool], maximumStates: Int = SearchTable.maximumStates, maximumEntries: Int = SearchTable.maximumEntries) {
        self.automaton = automaton
        self.logged = logged
        stateBound = maximumStates
        entryBound = maximumEntries
        callbackCount = max(1, automaton.callbacks.count)
        capacity = 16 * callbackCount
        entries = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        moveOf = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        builder = ConformanceSearch(automaton, logged: logged)
        let start = builder
        initialDepths = start.depths
        initialTrails = start.provenance(sources: 0).map(\.labels)
        initial = intern(start.positions)
    }

    deinit {
        entries.deallocate()
        moveOf.deallocate()
    }

    /// The state after `callback` in `state`: built when not known yet; `rejected` when no run
    /// can print it there; `overflow` when a new state would pass the bounds.
    @inline(__always) func step(_ state: Int32, _ callback: Int) -> Int32 {
        let entry = entries[Int(state) * callbackCount + callback]
        return entry != Self.unknown ? entry : build(state, callback)
    }

    /// How the positions of `step(state, callback)`'s target were reached (after a step that moved).
    func moves(_ state: Int32, _ callback: Int) -> [Move] {
        moves[Int(moveOf[Int(state) * callbackCount + callback])]
    }

    /// Writes into `next` the events taken at each position after `callback` from `state`,
    /// whose positions took `depths`; returns how many positions there are. `next` only grows
    /// (its first entries are the ones written), so that a step never empties an array.
    @inline(__always) func depths(after state: Int32, _ callback: Int, from depths: [Int], into next: inout [Int]) -> Int {
        let move = Int(moveOf[Int(state) * callbackCount + callback])
        let start = Int(depthStart[move])
        let count = Int(depthStart[move + 1]) - start
        if next.count < count { next.append(contentsOf: repeatElement(0, count: count - next.count)) }
        next.withUnsafeMutableBufferPointer { out in
            for slot in 0..<count {
                let source = Int(depthSource[start + slot])
                out[slot] = (source >= 0 ? depths[source] : 0) + Int(depthAdded[start + slot])
            }
        }
        return count
    }

    private func build(_ state: Int32, _ callback: Int) -> Int32 {
        let source = states[Int(state)]
        builder.restart(at: source)
        guard builder.observe(callback) else {
            entries[Int(state) * callbackCount + callback] = Self.rejected
            return Self.rejected
        }
        let target = builder.positions
        if stateIndex[target] == nil && (states.count >= stateBound || (states.count + 1) * callbackCount > entryBound) {
            return Self.overflow
        }
        let moved = builder.provenance(sources: source.count).map { Move(source: Int32($0.source), labels: $0.labels.map(label)) }
        let next = intern(target)
        let entry = Int(state) * callbackCount + callback
        entries[entry] = next
        moveOf[entry] = Int32(moves.count)
        moves.append(moved)
        for move in moved {
            depthSource.append(move.source)
            depthAdded.append(Int32(move.labels.count))
        }
        depthStart.append(Int32(depthSource.count))
        return next
    }

    /// The number of `positions`, made a state with no entry built when new.
    private func intern(_ positions: [Position]) -> Int32 {
        if let known = stateIndex[positions] { return known }
        let number = Int32(states.count)
        states.append(positions)
        stateIndex[positions] = number
        let needed = states.count * callbackCount
        if needed > capacity {
            let grown = UnsafeMutablePointer<Int32>.allocate(capacity: max(needed, capacity * 2))
            grown.update(from: entries, count: (states.count - 1) * callbackCount)
            entries.deallocate()
            entries = grown
            let grownMoves = UnsafeMutablePointer<Int32>.allocate(capacity: max(needed, capacity * 2))
            grownMoves.update(from: moveOf, count: (states.count - 1) * callbackCount)
            moveOf.deallocate()
            moveOf = grownMoves
            capacity = max(needed, capacity * 2)
        }
        (entries + (states.count - 1) * callbackCount).initialize(repeating: Self.unknown, count: callbackCount)
        return number
    }

    private func label(_ text: String) -> Int32 {
        if let known = labelIndex[text] { return known }
        labels.append(text)
        labelIndex[text] = Int32(labels.count - 1)
        return Int32(labels.count - 1)
    }
}

/// One run of a log through a machine's `SearchTable`: the state, how many events each of its
/// runs took, and its last steps, from which the search is rebuilt for a message
/// (`materialized`). Past the table's bounds it goes on with the search itself.
struct SearchCursor<A: LifecycleAutomaton> {
    /// The last steps kept, enough for `ConformanceSearch.Trail.kept` events in all but odd machines.
    static var historyLength: Int { 64 }

    /// The table it steps through, or nil once it runs the search (`fallback`).
    private(set) var table: SearchTable<A>?
    private var fallback: ConformanceSearch<A>?
    private(set) var state: Int32
    /// Events taken by the run at each position of `state`: the first `depthCount` of `depths`
    /// (which, like `spare`, only grows).
    private var depths: [Int]
    private var depthCount: Int
    private var spare: [Int] = []
    /// The state before each of the last steps and its callback: step `n` (from 0) at `n %
    /// historyLength`, the last `min(steps, historyLength)` kept.
    private var history: [(state: Int32, callback: Int32)] = []
    /// Steps taken in all.
    private var steps = 0

    init(_ table: SearchTable<A>) {
        self.table = table
        state = table.initial
        depths = table.initialDepths
        depthCount = depths.count
        history = [(state: Int32, callback: Int32)](repeating: (0, 0), count: Self.historyLength)
    }

    /// A cursor that runs `search` itself (a log read as it comes).
    init(search: ConformanceSearch<A>) {
        fallback = search
        state = -1
        depths = []
        depthCount = 0
    }

    /// Moves past `callback`; false, staying put, when no run can print it now.
    mutating func observe(_ callback: Int) -> Bool {
        guard let table else { return fallback!.observe(callback) }
        let next = table.step(state, callback)
        if next >= 0 {
            depthCount = table.depths(after: state, callback, from: depths, into: &spare)
            swap(&depths, &spare)
            remember(state, callback)
            state = next
            return true
        }
        if next == SearchTable<A>.rejected { return false }
        // Past the table's bounds: on with the search.
        fallback = materialized()
        self.table = nil
        return fallback!.observe(callback)
    }

    /// Whether the cursor has run the search from the start (`init(search:)`) or past the table's bounds.
    var isSearching: Bool { table == nil }

    /// The search itself, for what only it does (learning a callback is logged, keeping the runs
    /// that ended): the cursor runs it from now on.
    mutating func withSearch<R>(_ body: (inout ConformanceSearch<A>) -> R) -> R {
        if fallback == nil {
            fallback = materialized()
            table = nil
        }
        return body(&fallback!)
    }

    @inline(__always) private mutating func remember(_ state: Int32, _ callback: Int) {
        history[steps % Self.historyLength] = (state, Int32(callback))
        steps += 1
    }

    /// The search this cursor stands for, with each run's event count and its last events.
    func materialized() -> ConformanceSearch<A> {
        if let fallback { return fallback }
        guard let table else { fatalError("a cursor runs a table or a search") }
        let positions = table.states[Int(state)]
        let kept = min(steps, Self.historyLength)
        let ordered = (steps - kept..<steps).map { history[$0 % Self.historyLength] }
        let fromStart = steps == kept
        let trails = positions.indices.map { index -> [String] in
            var labels: [[Int32]] = []
            var count = 0
            var position = Int32(index)
            var step = ordered.count - 1
            while step >= 0 && position >= 0 && count < ConformanceSearch<A>.Trail.kept {
                let (before, callback) = ordered[step]
                let move = table.moves(before, Int(callback))[Int(position)]
                labels.append(move.labels)
                count += move.labels.count
                position = move.source
                step -= 1
            }
            var trail = labels.reversed().flatMap { $0.map { table.labels[Int($0)] } }
            if step < 0 && fromStart && position >= 0 && count < ConformanceSearch<A>.Trail.kept {
                trail = table.initialTrails[Int(position)] + trail
            }
            return trail
        }
        return ConformanceSearch(table.automaton, logged: table.logged, resumingAt: positions, depths: Array(depths.prefix(depthCount)), trails: trails)
    }
}
