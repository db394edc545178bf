import LifecycleModel

/// Follows a sequence of logged callbacks through an automaton, keeping every configuration
/// the run could be in: the answer to "is this what some run prints?".
///
/// The app logs only some callbacks (`logged`): a run prints its callbacks that are logged, in
/// order, and nothing else. A step whose callbacks are all unlogged happens silently; a step
/// that calls a logged callback must print it, every time. So a callback can only be matched
/// by the next logged callback of a step in progress, or by the first logged callback of a step
/// from a configuration reached silently. The search keeps, per callback, the set of
/// positions a run can be at (a configuration between steps, or a step with its next logged
/// callback still to come): at most the automaton's configurations plus its callback
/// positions, however long the log. Each callback costs a pass over that set: linear in the
/// log, nothing backtracks.
///
/// A log may stop anywhere, also inside a step (the paste ended there, or the app is still
/// running): the search accepts every prefix of what a run prints. This is also exactly what a
/// monitor inside the app can judge, one callback at a time.
///
/// A log read once, as it comes (`conform -`, from a pipe), cannot say up front which
/// callbacks it logs. Those callbacks are `undecided`: until one first appears, a run may call
/// it without printing it, and each position remembers the undecided callbacks its run called
/// so (`silent`); when it appears, it is logged from then on and the runs that called it
/// silently are dropped. At the end of the log this accepts exactly what the search knowing
/// the logged callbacks up front accepts; a deviation may only show later, at the first line
/// of a callback that every run had to call before. For each position only the runs with the
/// fewest silent callbacks are kept (one that called fewer survives whatever one that called
/// more survives), so the set stays small; with nothing undecided, `silent` is always empty
/// and costs nothing.
public struct ConformanceSearch<Automaton: LifecycleAutomaton> {
    public typealias Configuration = Automaton.Configuration

    /// Where a run can be: between steps in `configuration` (`step == -1`), or inside step
    /// `step` of `configuration` with `callbacks[next]` the next logged (or undecided)
    /// callback it calls; and the undecided callbacks it called without printing them.
    struct Position: Hashable {
        var configuration: Configuration
        var step: Int32
        var next: Int32
        /// An index into `silentSets`; 0 is the empty set.
        var silent: Int32 = 0

        /// The position without its silent callbacks.
        var place: Position { Position(configuration: configuration, step: step, next: next) }
    }

    /// The events a run took to get somewhere: the last `keptEvents` of them, and how many.
    public struct Trail: Sendable, Equatable {
        public static var kept: Int { 16 }
        public internal(set) var labels: [String] = []
        public internal(set) var count = 0
    }

    /// A run's events are a chain of nodes in `nodes`, shared by the runs that took them: one
    /// node per step, no copying per line. `compact()` keeps only the last `keptEvents` of each.
    struct Node {
        var label: String
        var parent: Int32
    }

    struct Live {
        var position: Position
        /// The node of the last event, or -1.
        var trail: Int32
        /// How many events the run took.
        var depth: Int
        /// Another run at the same place called fewer silent callbacks: this one is dropped.
        var dominated = false
    }

    /// A configuration's steps, and the index of each one's first audible (logged or
    /// undecided) callback (-1: none).
    struct Steps {
        var steps: [AutomatonStep<Configuration>]
        var firstAudible: [Int]
    }

    public let automaton: Automaton
    /// How many of a run's last events `trail` keeps (`Trail.kept`; `conform --emit-test` keeps
    /// more, to replay a log from its start): memory per live run is bounded by it.
    public var keptEvents = Trail.kept
    /// `logged[c]`: whether callback `c` is printed whenever it is called.
    public private(set) var logged: [Bool]
    /// `undecided[c]`: whether it is not known yet if `c` is logged (empty: none is).
    private var undecided: [Bool]
    private var undecidedCount: Int
    /// Logged or undecided: whether a call of `c` may be printed. Fixed for the whole log.
    private let audible: [Bool]
    /// Sets of silent undecided callbacks, sorted, by `Position.silent`; the first is empty.
    private var silentSets: [[Int32]] = [[]]
    private var silentIndex: [[Int32]: Int32] = [[]: 0]
    /// Whether the last `observe` that failed did so only because every run that could print
    /// the callback had called it before without printing it (see the type's comment).
    public private(set) var rejectedAsLate = false
    private var live: [Live] = []
    /// The buffer of the set before `live`, reused for the next one.
    private var spare: [Live] = []
    private var nodes: [Node] = []
    private var cache: [Configuration: Steps] = [:]
    /// Positions already in the set being built (used once it holds more than a few).
    private var seen: Set<Position> = []
    /// With undecided callbacks: the members of the set being built, by place.
    private var frontier: [Position: [Int]] = [:]

    /// Starts in the automaton's initial configuration, and wherever it goes silently from there.
    /// `logged[c]`: callback `c` is printed whenever it is called; `undecided[c]`: whether it
    /// is not known yet (empty: every callback is decided).
    public init(_ automaton: Automaton, logged: [Bool], undecided: [Bool] = []) {
        self.automaton = automaton
        self.logged = logged
        self.undecided = undecided.contains(true) ? undecided : []
        undecidedCount = undecided.count { $0 }
        audible = logged.indices.map { logged[$0] || (undecided.indices.contains($0) && undecided[$0]) }
        var start = [Live(position: Position(configuration: automaton.initialConfiguration, step: -1, next: -1), trail: -1, depth: 0)]
        seen = []
        close(&start)
        live = start.filter { !$0.dominated }
    }

    /// Every callback undecided: a log read as it comes, not strict.
    public init(undecided automaton: Automaton) {
        let none = [Bool](repeating: false, count: automaton.callbacks.count)
        self.init(automaton, logged: none, undecided: none.map { !$0 })
    }

    /// Every callback logged (`conform --strict`, and the monitor).
    public init(strict automaton: Automaton) {
        self.init(automaton, logged: [Bool](repeating: true, count: automaton.callbacks.count))
    }

    /// Moves past `callback`. Returns false, and stays where it was, when no run can print it now.
    public mutating func observe(_ callback: Int) -> Bool {
        // The set is built in the buffer of the one before last: no allocation per callback.
        var next: [Live] = []
        swap(&next, &spare)
        next.removeAll(keepingCapacity: true)
        defer { swap(&next, &spare) }
        seen.removeAll(keepingCapacity: true)
        if undecidedCount > 0 { frontier.removeAll(keepingCapacity: true) }
        // Its first appearance decides it: logged, and no run may have called it silently.
        let firstSighting = undecidedCount > 0 && undecided[callback]
        if firstSighting { decide(callback, logged: true) }
        for current in live where !(firstSighting && silent(current.position.silent, contains: callback)) {
            match(current, callback, into: &next)
        }
        guard !next.isEmpty else {
            rejectedAsLate = false
            if firstSighting {
                // Would a run that called it silently have printed it here?
                for current in live where silent(current.position.silent, contains: callback) {
                    match(current, callback, into: &next)
                }
                rejectedAsLate = !next.isEmpty
                decide(callback, logged: false)
            }
            return false
        }
        close(&next)
        if undecidedCount > 0 || firstSighting { next.removeAll { $0.dominated } }
        swap(&live, &next)
        if nodes.count > 1 << 16 && nodes.count > 64 * keptEvents * live.count { compact() }
        if silentSets.count > 1 << 12 && silentSets.count > 16 * live.count { compactSilentSets() }
        return true
    }

    /// Learns that undecided `callback` is logged, because the log printed it for another
    /// instance of the same machine: the runs that called it without printing it are dropped.
    /// False when none is left (this instance must have printed it, and did not).
    public mutating func learn(_ callback: Int) -> Bool {
        guard undecidedCount > 0, undecided[callback] else { return true }
        decide(callback, logged: true)
        let sets = silentSets
        live.removeAll { $0.position.silent != 0 && sets[Int($0.position.silent)].contains(Int32(callback)) }
        return !live.isEmpty
    }

    /// Whether some run may have ended: be between steps in a configuration with no step out
    /// (a final state). A callback logged after that may be another object's (an address used again).
    public mutating func canHaveEnded() -> Bool {
        for current in live where current.position.step < 0 && steps(of: current.position.configuration).steps.isEmpty {
            return true
        }
        return false
    }

    /// Keeps only the runs that have ended (`canHaveEnded`): the object is gone.
    public mutating func keepEnded() {
        var kept: [Live] = []
        for current in live where current.position.step < 0 && steps(of: current.position.configuration).steps.isEmpty {
            kept.append(current)
        }
        live = kept
    }

    /// Which callbacks are logged and which undecided: what a search started now for another
    /// instance of the same log must know.
    public var decisions: (logged: [Bool], undecided: [Bool]) { (logged, undecided) }

    /// Makes `callback` logged (or undecided again, to undo a failed first sighting).
    private mutating func decide(_ callback: Int, logged isLogged: Bool) {
        logged[callback] = isLogged
        undecided[callback] = !isLogged
        undecidedCount += isLogged ? -1 : 1
    }

    /// Adds to `next` where `current` goes when `callback` is printed next.
    private mutating func match(_ current: Live, _ callback: Int, into next: inout [Live]) {
        let position = current.position
        let steps = self.steps(of: position.configuration)
        if position.step < 0 {
            for (index, first) in steps.firstAudible.enumerated() where first >= 0 {
                walk(current, step: index, from: first, to: callback, starting: true, steps: steps, into: &next)
            }
        } else {
            walk(current, step: Int(position.step), from: Int(position.next), to: callback, starting: false, steps: steps, into: &next)
        }
    }

    /// Follows step `step` of `current`'s configuration from its audible callback at `index`
    /// to `callback`: undecided callbacks on the way are called silently; a logged one ends
    /// the walk. `starting`: the step begins here (a new event on the trail).
    private mutating func walk(_ current: Live, step: Int, from index: Int, to callback: Int, starting: Bool,
                               steps: Steps, into next: inout [Live]) {
        let callbacks = steps.steps[step].callbacks
        var index = index
        var silent = current.position.silent
        while callbacks[index] != callback {
            guard undecidedCount > 0, undecided[callbacks[index]] else { return }
            silent = adding(callbacks[index], to: silent)
            index = nextAudible(callbacks, after: index)
            // The step ends without printing `callback`: `close` takes it silently.
            guard index < callbacks.count else { return }
        }
        let (trail, depth) = starting ? extend(current, steps.steps[step].label) : (current.trail, current.depth)
        advance(from: current.position.configuration, step: step, after: index, silent: silent, trail: trail, depth: depth,
                steps: steps, into: &next)
    }

    /// The index of the first audible callback after `index` (`callbacks.count`: none).
    private func nextAudible(_ callbacks: [Int], after index: Int) -> Int {
        var following = index + 1
        while following < callbacks.count && !audible[callbacks[following]] { following += 1 }
        return following
    }

    /// A new node for `label` after `live`'s last event.
    private mutating func extend(_ live: Live, _ label: String) -> (Int32, Int) {
        nodes.append(Node(label: label, parent: live.trail))
        return (Int32(nodes.count - 1), live.depth + 1)
    }

    /// Keeps the last `keptEvents` nodes of each live run (shared ones once), drops the rest:
    /// memory stays bounded however long the log.
    private mutating func compact() {
        var kept: [Node] = []
        var moved: [Int32: Int32] = [:]
        for index in live.indices {
            // The chain's nodes, newest first, up to `keptEvents`.
            var chain: [Int32] = []
            var node = live[index].trail
            while node >= 0 && moved[node] == nil && chain.count < keptEvents {
                chain.append(node)
                node = nodes[Int(node)].parent
            }
            // Joined to a node kept for another run, or cut here (older events are forgotten).
            var parent: Int32 = node >= 0 ? (moved[node] ?? -1) : -1
            for old in chain.reversed() {
                kept.append(Node(label: nodes[Int(old)].label, parent: parent))
                parent = Int32(kept.count - 1)
                moved[old] = parent
            }
            if live[index].trail >= 0 { live[index].trail = moved[live[index].trail] ?? -1 }
        }
        nodes = kept
    }

    /// After a step printed `callbacks[index]`: inside it while audible callbacks remain, else
    /// in its target (also there at once when the ones left are all undecided: it may end silently).
    private mutating func advance(from configuration: Configuration, step: Int, after index: Int, silent: Int32,
                                  trail: Int32, depth: Int, steps: Steps, into next: inout [Live]) {
        let callbacks = steps.steps[step].callbacks
        let following = nextAudible(callbacks, after: index)
        let target = Position(configuration: steps.steps[step].target, step: -1, next: -1, silent: silent)
        guard following < callbacks.count else {
            add(Live(position: target, trail: trail, depth: depth), to: &next)
            return
        }
        add(Live(position: Position(configuration: configuration, step: Int32(step), next: Int32(following), silent: silent),
                 trail: trail, depth: depth), to: &next)
        if undecidedCount > 0, let quiet = silently(callbacks, from: following, adding: silent) {
            add(Live(position: Position(configuration: target.configuration, step: -1, next: -1, silent: quiet),
                     trail: trail, depth: depth), to: &next)
        }
    }

    /// When every audible callback of `callbacks` from `index` on is undecided: `silent` with
    /// them added (the step can finish without printing anything); nil otherwise.
    private mutating func silently(_ callbacks: [Int], from index: Int, adding silent: Int32) -> Int32? {
        var silent = silent
        var index = index
        while index < callbacks.count {
            guard undecided[callbacks[index]] else { return nil }
            silent = adding(callbacks[index], to: silent)
            index = nextAudible(callbacks, after: index)
        }
        return silent
    }

    private mutating func add(_ candidate: Live, to set: inout [Live]) {
        if undecidedCount > 0 { return addKeepingFewestSilent(candidate, to: &set) }
        if set.count < 8 {
            guard !set.contains(where: { $0.position == candidate.position }) else { return }
            if set.count == 7 { for member in set { seen.insert(member.position) } ; seen.insert(candidate.position) }
        } else {
            guard seen.insert(candidate.position).inserted else { return }
        }
        set.append(candidate)
    }

    /// Adds `candidate` unless a run at its place called a subset of its silent callbacks;
    /// marks those at its place that called a superset as dominated.
    private mutating func addKeepingFewestSilent(_ candidate: Live, to set: inout [Live]) {
        let place = candidate.position.place
        let members = frontier[place] ?? []
        for member in members where !set[member].dominated {
            if isSubset(set[member].position.silent, of: candidate.position.silent) { return }
        }
        for member in members where !set[member].dominated {
            if isSubset(candidate.position.silent, of: set[member].position.silent) { set[member].dominated = true }
        }
        frontier[place, default: []].append(set.count)
        set.append(candidate)
    }

    /// Adds every configuration reached from those in `set` by steps that print nothing.
    private mutating func close(_ set: inout [Live]) {
        var index = 0
        while index < set.count {
            let current = set[index]
            index += 1
            guard current.position.step < 0, !current.dominated else { continue }
            let steps = self.steps(of: current.position.configuration)
            for (step, first) in steps.firstAudible.enumerated() {
                var silent = current.position.silent
                if first >= 0 {
                    guard undecidedCount > 0, let quiet = silently(steps.steps[step].callbacks, from: first, adding: silent) else { continue }
                    silent = quiet
                }
                let (trail, depth) = extend(current, steps.steps[step].label)
                add(Live(position: Position(configuration: steps.steps[step].target, step: -1, next: -1, silent: silent),
                         trail: trail, depth: depth), to: &set)
            }
        }
    }

    // MARK: - Silent sets

    /// `set` with `callback` added, interned.
    private mutating func adding(_ callback: Int, to set: Int32) -> Int32 {
        let members = silentSets[Int(set)]
        let value = Int32(callback)
        var insertion = 0
        while insertion < members.count && members[insertion] < value { insertion += 1 }
        if insertion < members.count && members[insertion] == value { return set }
        var grown = members
        grown.insert(value, at: insertion)
        if let known = silentIndex[grown] { return known }
        silentSets.append(grown)
        silentIndex[grown] = Int32(silentSets.count - 1)
        return Int32(silentSets.count - 1)
    }

    private func silent(_ set: Int32, contains callback: Int) -> Bool {
        set != 0 && silentSets[Int(set)].contains(Int32(callback))
    }

    private func isSubset(_ a: Int32, of b: Int32) -> Bool {
        if a == b || a == 0 { return true }
        let small = silentSets[Int(a)], large = silentSets[Int(b)]
        guard small.count <= large.count else { return false }
        var index = 0
        for member in small {
            while index < large.count && large[index] < member { index += 1 }
            guard index < large.count && large[index] == member else { return false }
            index += 1
        }
        return true
    }

    /// Keeps only the silent sets live positions use.
    private mutating func compactSilentSets() {
        var sets: [[Int32]] = [[]]
        var index: [[Int32]: Int32] = [[]: 0]
        for member in live.indices {
            let members = silentSets[Int(live[member].position.silent)]
            if let known = index[members] {
                live[member].position.silent = known
            } else {
                sets.append(members)
                index[members] = Int32(sets.count - 1)
                live[member].position.silent = Int32(sets.count - 1)
            }
        }
        silentSets = sets
        silentIndex = index
    }

    private mutating func steps(of configuration: Configuration) -> Steps {
        if let known = cache[configuration] { return known }
        let steps = automaton.steps(from: configuration)
        let first = steps.map { step in step.callbacks.firstIndex { audible[$0] } ?? -1 }
        let entry = Steps(steps: steps, firstAudible: first)
        cache[configuration] = entry
        return entry
    }

    // MARK: - Determinising (`SearchTable`)

    /// The positions the run can be at, in order: a state of `SearchTable`.
    var positions: [Position] { live.map(\.position) }

    /// The number of events each run took.
    var depths: [Int] { live.map(\.depth) }

    /// Starts over at `positions` (no callback undecided), each run's trail one node of its own
    /// (node `i` for position `i`), so that `provenance(sources:)` can tell where each later
    /// position came from. The steps already computed are kept.
    mutating func restart(at positions: [Position]) {
        nodes = positions.indices.map { _ in Node(label: "", parent: -1) }
        live = positions.enumerated().map { Live(position: $1, trail: Int32($0), depth: 0) }
    }

    /// For each position now, the position of the `restart(at:)` it came from (its index, or
    /// -1 from the initial configuration) and the events taken since, oldest first.
    func provenance(sources: Int) -> [(source: Int, labels: [String])] {
        live.map { current in
            var labels: [String] = []
            var node = current.trail
            while node >= Int32(sources) {
                labels.append(nodes[Int(node)].label)
                node = nodes[Int(node)].parent
            }
            return (Int(node), labels.reversed())
        }
    }

    /// A search at `positions` (a state of `SearchTable`), the run at each having taken
    /// `depths[i]` events, the last of them `trails[i]` (oldest first).
    init(_ automaton: Automaton, logged: [Bool], resumingAt positions: [Position], depths: [Int], trails: [[String]]) {
        self.init(automaton, logged: logged)
        nodes = []
        live = []
        for index in positions.indices {
            var parent: Int32 = -1
            for label in trails[index].suffix(Trail.kept) {
                nodes.append(Node(label: label, parent: parent))
                parent = Int32(nodes.count - 1)
            }
            live.append(Live(position: positions[index], trail: parent, depth: depths[index]))
        }
    }

    // MARK: - Where the run can be

    /// The callbacks that can come next, each once, in the order the positions list them
    /// (an undecided callback, and what may follow it if it is not logged).
    public mutating func expected() -> [Int] {
        var result: [Int] = []
        func list(_ callbacks: [Int], from index: Int) {
            var index = index
            while index < callbacks.count {
                let callback = callbacks[index]
                if !result.contains(callback) { result.append(callback) }
                guard undecidedCount > 0, undecided[callback] else { return }
                index = nextAudible(callbacks, after: index)
            }
        }
        for current in live {
            let steps = self.steps(of: current.position.configuration)
            if current.position.step < 0 {
                for (index, first) in steps.firstAudible.enumerated() where first >= 0 {
                    list(steps.steps[index].callbacks, from: first)
                }
            } else {
                list(steps.steps[Int(current.position.step)].callbacks, from: Int(current.position.next))
            }
        }
        return result
    }

    /// Where the run can be, for a message: `'Background'` between steps, or
    /// `partway through 'connect' (…)` inside a step (`describe(partway:from:)`). Each once.
    public mutating func situations() -> (settled: [String], inside: [String]) {
        var settled: [String] = [], inside: [String] = []
        for current in live {
            let position = current.position
            if position.step < 0 {
                let text = automaton.describe(position.configuration)
                if !settled.contains(text) { settled.append(text) }
            } else {
                let step = steps(of: position.configuration).steps[Int(position.step)]
                let text = automaton.describe(partway: step, from: position.configuration)
                if !inside.contains(text) { inside.append(text) }
            }
        }
        return (settled, inside)
    }

    /// The events assumed on the way to the first position the run can be at.
    public var trail: Trail {
        guard let first = live.first else { return Trail() }
        var trail = Trail(labels: [], count: first.depth)
        var node = first.trail
        while node >= 0 && trail.labels.count < keptEvents {
            trail.labels.append(nodes[Int(node)].label)
            node = nodes[Int(node)].parent
        }
        trail.labels.reverse()
        return trail
    }

    /// How many positions the run can be at (a measure of the log's ambiguity).
    public var positionCount: Int { live.count }

    /// How many sets of silent callbacks are kept (bounded by `compactSilentSets`).
    var silentSetCount: Int { silentSets.count }
}
