/// `lifecycle paths`: a few event sequences from the initial configuration that together visit
/// every goal (every state, or every transition), each with its callbacks in order — a manual
/// test plan.
///
/// Greedy and deterministic: from where the sequence is, walk the shortest path (breadth first,
/// steps in their fixed order) to the nearest step or configuration that covers something not
/// yet covered, and repeat; when nothing uncovered is reachable from there, start a new
/// sequence from the initial configuration. Every goal reachable at all is covered. The
/// configurations reachable from the initial one are numbered first, so the automaton is
/// asked for each configuration's steps once.
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
    }

    let automaton: Automaton
    let goalCount: Int
    /// The goals a configuration covers when a run is in it.
    let coveredIn: (Configuration) -> [Int]
    /// The goals a step covers when a run takes it.
    let coveredBy: (AutomatonStep<Configuration>) -> [Int]

    public init(_ automaton: Automaton, goalCount: Int, coveredIn: @escaping (Configuration) -> [Int],
                coveredBy: @escaping (AutomatonStep<Configuration>) -> [Int]) {
        self.automaton = automaton
        self.goalCount = goalCount
        self.coveredIn = coveredIn
        self.coveredBy = coveredBy
    }

    public func plan() -> Plan {
        // Number the reachable configurations (breadth first) and keep their steps.
        var index: [Configuration: Int] = [automaton.initialConfiguration: 0]
        var configurations = [automaton.initialConfiguration]
        var steps: [[AutomatonStep<Configuration>]] = []
        var targets: [[Int]] = []
        var head = 0
        while head < configurations.count {
            let outgoing = automaton.steps(from: configurations[head])
            head += 1
            steps.append(outgoing)
            targets.append(outgoing.map { step in
                if let known = index[step.target] { return known }
                index[step.target] = configurations.count
                configurations.append(step.target)
                return configurations.count - 1
            })
        }
        let stateGoals = configurations.map(coveredIn)
        let stepGoals = steps.map { $0.map(coveredBy) }

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
        return Plan(sequences: sequences, goalCount: goalCount, uncovered: (0..<goalCount).filter { !covered[$0] })
    }
}

/// What `paths` covers.
public enum Coverage: String, Sendable, CaseIterable {
    case states, transitions
}

extension TestPlanner where Automaton == MachineAutomaton {
    /// A plan for a machine: every state (a run in a leaf is in each state around it too), or
    /// every transition.
    public init(machine automaton: MachineAutomaton, cover coverage: Coverage) {
        let machine = automaton.machine
        switch coverage {
        case .states:
            self.init(automaton, goalCount: machine.states.count, coveredIn: { machine.ancestry($0) }, coveredBy: { _ in [] })
        case .transitions:
            self.init(automaton, goalCount: machine.transitions.count, coveredIn: { _ in [] }, coveredBy: { [$0.transition] })
        }
    }
}
