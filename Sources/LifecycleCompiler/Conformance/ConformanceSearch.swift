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
public struct ConformanceSearch<Automaton: LifecycleAutomaton> {
    public typealias Configuration = Automaton.Configuration

    /// Where a run can be: between steps in `configuration` (`step == -1`), or inside step
    /// `step` of `configuration` with `callbacks[next]` the next logged callback it prints.
    struct Position: Hashable {
        var configuration: Configuration
        var step: Int32
        var next: Int32
    }

    /// The events a run took to get somewhere: the last `Trail.kept` of them, and how many.
    public struct Trail: Sendable, Equatable {
        public static var kept: Int { 16 }
        public internal(set) var labels: [String] = []
        public internal(set) var count = 0
    }

    /// A run's events are a chain of nodes in `nodes`, shared by the runs that took them: one
    /// node per step, no copying per line. `compact()` keeps only the last `Trail.kept` of each.
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
    }

    /// A configuration's steps, and the index of each one's first logged callback (-1: none).
    struct Steps {
        var steps: [AutomatonStep<Configuration>]
        var firstLogged: [Int]
    }

    public let automaton: Automaton
    /// `logged[c]`: whether callback `c` is printed whenever it is called.
    public let logged: [Bool]
    private var live: [Live] = []
    private var nodes: [Node] = []
    private var cache: [Configuration: Steps] = [:]
    /// Positions already in the set being built (used once it holds more than a few).
    private var seen: Set<Position> = []

    /// Starts in the automaton's initial configuration, and wherever it goes silently from there.
    public init(_ automaton: Automaton, logged: [Bool]) {
        self.automaton = automaton
        self.logged = logged
        var start = [Live(position: Position(configuration: automaton.initialConfiguration, step: -1, next: -1), trail: -1, depth: 0)]
        seen = []
        close(&start)
        live = start
    }

    /// Every callback logged (`conform --strict`, and the monitor).
    public init(strict automaton: Automaton) {
        self.init(automaton, logged: [Bool](repeating: true, count: automaton.callbacks.count))
    }

    /// Moves past `callback`. Returns false, and stays where it was, when no run can print it now.
    public mutating func observe(_ callback: Int) -> Bool {
        var next: [Live] = []
        seen.removeAll(keepingCapacity: true)
        for current in live {
            let position = current.position
            let steps = self.steps(of: position.configuration)
            if position.step < 0 {
                for (index, first) in steps.firstLogged.enumerated() where first >= 0 {
                    guard steps.steps[index].callbacks[first] == callback else { continue }
                    let (trail, depth) = extend(current, steps.steps[index].label)
                    advance(from: position.configuration, step: index, after: first, trail: trail, depth: depth, steps: steps, into: &next)
                }
            } else {
                let step = Int(position.step), index = Int(position.next)
                guard steps.steps[step].callbacks[index] == callback else { continue }
                advance(from: position.configuration, step: step, after: index, trail: current.trail, depth: current.depth,
                        steps: steps, into: &next)
            }
        }
        guard !next.isEmpty else { return false }
        close(&next)
        live = next
        if nodes.count > 1 << 16 && nodes.count > 64 * Trail.kept * live.count { compact() }
        return true
    }

    /// A new node for `label` after `live`'s last event.
    private mutating func extend(_ live: Live, _ label: String) -> (Int32, Int) {
        nodes.append(Node(label: label, parent: live.trail))
        return (Int32(nodes.count - 1), live.depth + 1)
    }

    /// Keeps the last `Trail.kept` nodes of each live run (shared ones once), drops the rest:
    /// memory stays bounded however long the log.
    private mutating func compact() {
        var kept: [Node] = []
        var moved: [Int32: Int32] = [:]
        for index in live.indices {
            // The chain's nodes, newest first, up to `Trail.kept`.
            var chain: [Int32] = []
            var node = live[index].trail
            while node >= 0 && moved[node] == nil && chain.count < Trail.kept {
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

    /// After a step printed `callbacks[index]`: inside it while logged callbacks remain, else in its target.
    private mutating func advance(from configuration: Configuration, step: Int, after index: Int, trail: Int32, depth: Int,
                                  steps: Steps, into next: inout [Live]) {
        let callbacks = steps.steps[step].callbacks
        var following = index + 1
        while following < callbacks.count && !logged[callbacks[following]] { following += 1 }
        let position = following < callbacks.count
            ? Position(configuration: configuration, step: Int32(step), next: Int32(following))
            : Position(configuration: steps.steps[step].target, step: -1, next: -1)
        add(Live(position: position, trail: trail, depth: depth), to: &next)
    }

    private mutating func add(_ candidate: Live, to set: inout [Live]) {
        if set.count < 8 {
            guard !set.contains(where: { $0.position == candidate.position }) else { return }
            if set.count == 7 { for member in set { seen.insert(member.position) } ; seen.insert(candidate.position) }
        } else {
            guard seen.insert(candidate.position).inserted else { return }
        }
        set.append(candidate)
    }

    /// Adds every configuration reached from those in `set` by steps that print nothing.
    private mutating func close(_ set: inout [Live]) {
        var index = 0
        while index < set.count {
            let current = set[index]
            index += 1
            guard current.position.step < 0 else { continue }
            let steps = self.steps(of: current.position.configuration)
            for (step, first) in steps.firstLogged.enumerated() where first < 0 {
                let (trail, depth) = extend(current, steps.steps[step].label)
                add(Live(position: Position(configuration: steps.steps[step].target, step: -1, next: -1), trail: trail, depth: depth), to: &set)
            }
        }
    }

    private mutating func steps(of configuration: Configuration) -> Steps {
        if let known = cache[configuration] { return known }
        let steps = automaton.steps(from: configuration)
        let first = steps.map { step in step.callbacks.firstIndex { logged[$0] } ?? -1 }
        let entry = Steps(steps: steps, firstLogged: first)
        cache[configuration] = entry
        return entry
    }

    // MARK: - Where the run can be

    /// The callbacks that can come next, each once, in the order the positions list them.
    public mutating func expected() -> [Int] {
        var result: [Int] = []
        for current in live {
            let steps = self.steps(of: current.position.configuration)
            if current.position.step < 0 {
                for (index, first) in steps.firstLogged.enumerated() where first >= 0 {
                    let callback = steps.steps[index].callbacks[first]
                    if !result.contains(callback) { result.append(callback) }
                }
            } else {
                let callback = steps.steps[Int(current.position.step)].callbacks[Int(current.position.next)]
                if !result.contains(callback) { result.append(callback) }
            }
        }
        return result
    }

    /// Where the run can be, for a message: `'Background'`, or
    /// `between 'Unattached' and 'Inactive' on 'connect'` inside a step. Each once.
    public mutating func situations() -> (settled: [String], inside: [String]) {
        var settled: [String] = [], inside: [String] = []
        for current in live {
            let position = current.position
            if position.step < 0 {
                let text = automaton.describe(position.configuration)
                if !settled.contains(text) { settled.append(text) }
            } else {
                let step = steps(of: position.configuration).steps[Int(position.step)]
                let text = "between \(automaton.describe(position.configuration)) and \(automaton.describe(step.target)) on '\(step.label)'"
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
        while node >= 0 && trail.labels.count < Trail.kept {
            trail.labels.append(nodes[Int(node)].label)
            node = nodes[Int(node)].parent
        }
        trail.labels.reverse()
        return trail
    }

    /// How many positions the run can be at (a measure of the log's ambiguity).
    public var positionCount: Int { live.count }
}
