import LifecycleModel

/// `lifecycle paths`: a few event sequences from the initial configuration that together visit
/// every goal (every state, every transition, or every pair of transitions taken one right after
/// the other), each with its callbacks in order — a manual test plan, and the cases of the test
/// suites `lifecycle tests` generates.
///
/// Greedy and deterministic: from where the sequence is, walk the shortest path (breadth first,
/// steps in their fixed order) to the nearest step or configuration that covers something not
/// yet covered, and repeat; when nothing uncovered is reachable from there, start a new
/// sequence from the initial configuration. Every goal reachable at all is covered. The
/// configurations reachable from the initial one are numbered first, so the automaton is
/// asked for each configuration's steps once. A planner that covers pairs of steps
/// (`remembersLastStep`) numbers a configuration with the step that reached it, so that a
/// step's goals may depend on the step before it.
public struct TestPlanner<Automaton: LifecycleAutomaton> {
    public typealias Configuration = Automaton.Configuration

    /// One event sequence: the configurations it passes through and the steps it takes.
    public struct Sequence {
        public var steps: [AutomatonStep<Configuration>]
    }

    public struct Plan {
        public var sequences: [Sequence]
        public var goalCount: Int
        /// Goals no run reaches, in goal order.
        public var uncovered: [Int]
        /// With pairs as goals: goal `g` is taking `pairs[g].first` (a step's `transition`),
        /// then `pairs[g].second` right after it; or, when `first` is -1, taking `second` at all
        /// (a transition in no pair, which a plan of pairs still takes). Empty otherwise.
        public var pairs: [StepPair] = []
    }

    /// Two steps taken one right after the other, by their `AutomatonStep.transition`.
    public struct StepPair: Hashable, Sendable {
        public var first: Int
        public var second: Int
    }

    /// A configuration as the planner numbers it: with the transition of the step that reached
    /// it (-1 at the start) when goals are pairs, else with -1.
    struct Key: Hashable {
        var configuration: Configuration
        var last: Int
    }

    let automaton: Automaton
    let goalCount: Int
    /// The goals a configuration covers when a run is in it.
    let coveredIn: (Configuration) -> [Int]
    /// The goals a step covers when a run takes it, after a step of transition `last` (-1: first step).
    let coveredBy: (_ last: Int, AutomatonStep<Configuration>) -> [Int]
    /// Whether a step's goals depend on the step before it (pairs).
    let remembersLastStep: Bool
    /// The pairs that are goals, for `Plan.pairs`.
    var pairs: [StepPair] = []

    public init(_ automaton: Automaton, goalCount: Int, coveredIn: @escaping (Configuration) -> [Int],
                coveredBy: @escaping (AutomatonStep<Configuration>) -> [Int]) {
        self.automaton = automaton
        self.goalCount = goalCount
        self.coveredIn = coveredIn
        self.coveredBy = { _, step in coveredBy(step) }
        remembersLastStep = false
    }

    /// A plan whose goals are `pairs`: each pair of steps taken one right after the other (and
    /// each transition in no pair, `first` -1, taken at all).
    public init(_ automaton: Automaton, pairs: [StepPair]) {
        self.automaton = automaton
        goalCount = pairs.count
        var index: [StepPair: Int] = [:], alone: [Int: Int] = [:]
        for (goal, pair) in pairs.enumerated() {
            if pair.first < 0 {
                if alone[pair.second] == nil { alone[pair.second] = goal }
            } else if index[pair] == nil {
                index[pair] = goal
            }
        }
        coveredIn = { _ in [] }
        coveredBy = { last, step in
            [index[StepPair(first: last, second: step.transition)], alone[step.transition]].compactMap { $0 }
        }
        remembersLastStep = true
        self.pairs = pairs
    }

    /// Every pair of steps one right after the other from `configurations` (a step from one of
    /// them, then a step from where it lands), each once, in the order found: the goals of
    /// `init(_:pairs:)`; then each transition of those steps that is in no pair (one into a final
    /// state from a state nothing leads back to), so that a plan of pairs takes every
    /// transition a plan of transitions does. A machine passes every leaf, so that pairs no run
    /// reaches are listed too.
    public static func pairs(of automaton: Automaton, from configurations: [Configuration]) -> [StepPair] {
        var found: [StepPair] = []
        var seen: Set<StepPair> = []
        var transitions: [Int] = [], seenTransitions: Set<Int> = [], inPair: Set<Int> = []
        for configuration in configurations {
            for first in automaton.steps(from: configuration) {
                if seenTransitions.insert(first.transition).inserted { transitions.append(first.transition) }
                for second in automaton.steps(from: first.target) {
                    let pair = StepPair(first: first.transition, second: second.transition)
                    if seen.insert(pair).inserted { found.append(pair) }
                    inPair.insert(first.transition)
                    inPair.insert(second.transition)
                }
            }
        }
        return found + transitions.filter { !inPair.contains($0) }.map { StepPair(first: -1, second: $0) }
    }

    /// The configurations reachable from the initial one, breadth first.
    public static func reachable(in automaton: Automaton) -> [Configuration] {
        var seen: Set<Configuration> = [automaton.initialConfiguration]
        var order = [automaton.initialConfiguration]
        var head = 0
        while head < order.count {
            for step in automaton.steps(from: order[head]) where seen.insert(step.target).inserted { order.append(step.target) }
            head += 1
        }
        return order
    }

    public func plan() -> Plan {
        // Number the reachable configurations (breadth first) and keep their steps.
        let start = Key(configuration: automaton.initialConfiguration, last: -1)
        var index: [Key: Int] = [start: 0]
        var configurations = [start]
        var steps: [[AutomatonStep<Configuration>]] = []
        var targets: [[Int]] = []
        var head = 0
        while head < configurations.count {
            let outgoing = automaton.steps(from: configurations[head].configuration)
            head += 1
            steps.append(outgoing)
            targets.append(outgoing.map { step in
                let key = Key(configuration: step.target, last: remembersLastStep ? step.transition : -1)
                if let known = index[key] { return known }
                index[key] = configurations.count
                configurations.append(key)
                return configurations.count - 1
            })
        }
        let stateGoals = configurations.map { coveredIn($0.configuration) }
        let stepGoals = steps.indices.map { from in steps[from].map { coveredBy(configurations[from].last, $0) } }

        var covered = [Bool](repeating: false, count: goalCount)
        var left = goalCount
        func cover(_ goals: [Int]) {
            for goal in goals where !covered[goal] {
                covered[goal] = true
                left -= 1
            }
        }
        func isNew(_ goals: [Int]) -> Bool { goals.contains { !covered[$0] } }

        /// The shortest path from `start` to the first configuration or step with a new goal, as (configuration, step) pairs.
        func nearest(from start: Int) -> [(Int, Int)]? {
            var reachedBy = [(Int, Int)?](repeating: nil, count: configurations.count)
            var visited = [Bool](repeating: false, count: configurations.count)
            visited[start] = true
            var queue = [start]
            var head = 0
            func path(to configuration: Int, last: (Int, Int)?) -> [(Int, Int)] {
                var result: [(Int, Int)] = last.map { [$0] } ?? []
                var current = configuration
                while let (from, step) = reachedBy[current] {
                    result.append((from, step))
                    current = from
                }
                return result.reversed()
            }
            while head < queue.count {
                let configuration = queue[head]
                head += 1
                if isNew(stateGoals[configuration]) { return path(to: configuration, last: nil) }
                for (step, target) in targets[configuration].enumerated() {
                    if isNew(stepGoals[configuration][step]) { return path(to: configuration, last: (configuration, step)) }
                    guard !visited[target] else { continue }
                    visited[target] = true
                    reachedBy[target] = (configuration, step)
                    queue.append(target)
                }
            }
            return nil
        }

        var sequences: [Sequence] = []
        var current: [AutomatonStep<Configuration>] = []
        var position = 0
        cover(stateGoals[0])
        while left > 0 {
            guard let path = nearest(from: position), !path.isEmpty else {
                // Nothing new from here: end this sequence and start again from the beginning.
                if current.isEmpty { break }
                sequences.append(Sequence(steps: current))
                current = []
                position = 0
                continue
            }
            for (from, step) in path {
                current.append(steps[from][step])
                cover(stepGoals[from][step])
                position = targets[from][step]
                cover(stateGoals[position])
            }
        }
        if !current.isEmpty { sequences.append(Sequence(steps: current)) }
        return Plan(sequences: sequences, goalCount: goalCount, uncovered: (0..<goalCount).filter { !covered[$0] }, pairs: pairs)
    }
}

/// What `paths` covers.
public enum Coverage: String, Sendable, CaseIterable {
    /// Every state is visited.
    case states
    /// Every transition is taken.
    case transitions
    /// Every two transitions that can be taken one right after the other are, in that order.
    case pairs
}

extension TestPlanner where Automaton == MachineAutomaton {
    /// A plan for a machine: every state (a run in a leaf is in each state around it too),
    /// every transition, or every pair of transitions one right after the other (from any
    /// leaf: the pairs no run reaches are listed as uncovered).
    public init(machine automaton: MachineAutomaton, cover coverage: Coverage) {
        let machine = automaton.machine
        switch coverage {
        case .states:
            self.init(automaton, goalCount: machine.states.count, coveredIn: { machine.ancestry($0) }, coveredBy: { _ in [] })
        case .transitions:
            self.init(automaton, goalCount: machine.transitions.count, coveredIn: { _ in [] }, coveredBy: { [$0.transition] })
        case .pairs:
            let leaves = machine.states.indices.filter { !machine.states[$0].isComposite }
            self.init(automaton, pairs: Self.pairs(of: automaton, from: leaves))
        }
    }
}
