/// The tables of a generated runtime monitor (`lifecycle swift --monitor`): the strict
/// `ConformanceSearch`, unrolled over numbered positions so that a few arrays drive it.
///
/// Positions are what the search keeps: a configuration between steps, or a step with its next
/// callback still to come (every callback is logged). The monitor runs the search's algorithm
/// on them, in the same order: for each position, the positions each callback moves to; then,
/// over the growing set, the positions each one reaches by a step that calls nothing. So its
/// verdict, its "where the run can be" and its "expected" lists are `conform --strict`'s, word
/// for word. Only positions reachable from the initial configuration are numbered.
public struct MonitorTables<Automaton: LifecycleAutomaton> {
    /// How a message names each position: `'Background'`, or `partway through 'e' (…)` inside a
    /// step (`LifecycleAutomaton.describe(partway:from:)`).
    public var names: [String]
    /// Whether a position lies between steps (`names` then go after "in").
    public var settled: [Bool]
    /// `moves[p]`: for each callback position `p` accepts, in the search's order, where it leads.
    public var moves: [[(callback: Int, targets: [Int])]]
    /// `silent[p]`: the positions one step that calls nothing leads to from `p`, in step order.
    public var silent: [[Int]]
    /// The positions a run starts in (the initial configuration, then the silent closure).
    public var initial: [Int]
    /// What each position is: a configuration between steps (`step` -1), or the `step`-th of
    /// `automaton.steps(from: configuration)` with its callback `next` still to come.
    public var places: [(configuration: Automaton.Configuration, step: Int, next: Int)]

    struct Key: Hashable {
        var configuration: Automaton.Configuration
        var step: Int
        var next: Int
    }

    public init(_ automaton: Automaton) {
        var index: [Key: Int] = [:]
        var keys: [Key] = []
        var steps: [[AutomatonStep<Automaton.Configuration>]] = []
        var stepsIndex: [Automaton.Configuration: Int] = [:]
        func stepsOf(_ configuration: Automaton.Configuration) -> [AutomatonStep<Automaton.Configuration>] {
            if let known = stepsIndex[configuration] { return steps[known] }
            stepsIndex[configuration] = steps.count
            steps.append(automaton.steps(from: configuration))
            return steps[steps.count - 1]
        }
        func number(_ key: Key) -> Int {
            if let known = index[key] { return known }
            index[key] = keys.count
            keys.append(key)
            return keys.count - 1
        }
        names = []
        settled = []
        moves = []
        silent = []
        let start = number(Key(configuration: automaton.initialConfiguration, step: -1, next: -1))
        var head = 0
        while head < keys.count {
            let key = keys[head]
            head += 1
            let outgoing = stepsOf(key.configuration)
            var accepted: [(callback: Int, targets: [Int])] = []
            var quiet: [Int] = []
            func move(_ callback: Int, to target: Int) {
                if let existing = accepted.firstIndex(where: { $0.callback == callback }) {
                    if !accepted[existing].targets.contains(target) { accepted[existing].targets.append(target) }
                } else {
                    accepted.append((callback, [target]))
                }
            }
            func after(_ step: Int, _ position: Int) -> Int {
                let callbacks = outgoing[step].callbacks
                return position + 1 < callbacks.count
                    ? number(Key(configuration: key.configuration, step: step, next: position + 1))
                    : number(Key(configuration: outgoing[step].target, step: -1, next: -1))
            }
            if key.step < 0 {
                names.append(automaton.describe(key.configuration))
                settled.append(true)
                for (step, candidate) in outgoing.enumerated() {
                    if candidate.callbacks.isEmpty {
                        let target = number(Key(configuration: candidate.target, step: -1, next: -1))
                        if !quiet.contains(target) { quiet.append(target) }
                    } else {
                        move(candidate.callbacks[0], to: after(step, 0))
                    }
                }
            } else {
                let step = outgoing[key.step]
                names.append(automaton.describe(partway: step, from: key.configuration))
                settled.append(false)
                move(step.callbacks[key.next], to: after(key.step, key.next))
            }
            moves.append(accepted)
            silent.append(quiet)
        }
        // The silent closure of the start, as the search computes it.
        var initial = [start]
        var position = 0
        while position < initial.count {
            for target in silent[initial[position]] where !initial.contains(target) { initial.append(target) }
            position += 1
        }
        self.initial = initial
        places = keys.map { ($0.configuration, $0.step, $0.next) }
    }
}
