/// The machine as a graph: entering composites, reachability, dead ends, and final states.
///
/// Composite semantics: entering a composite enters its initial child (recursively), and a
/// transition from a composite can fire from any state inside it. Every pass below visits each
/// state and transition a bounded number of times, iteratively.
extension Checker {
    mutating func analyseGraph(_ machine: inout Machine, machineRange: SourceRange) {
        let states = machine.states
        let count = states.count
        let initial = machine.states[machine.initialState].name

        // Composites that are entered must say where entering leads.
        var reportedEntry = [Bool](repeating: false, count: count)
        func checkEntered(_ state: Int, by range: SourceRange, _ diagnostics: inout Diagnostics) {
            var current = state
            while states[current].isComposite {
                guard let child = states[current].initialChild else {
                    if !reportedEntry[current] {
                        reportedEntry[current] = true
                        diagnostics.append(.compositeWithoutInitial(states[current].name, at: states[current].range)
                            .note("'\(states[current].name)' is entered here", at: range))
                    }
                    return
                }
                current = child
            }
        }
        var found = Diagnostics()
        checkEntered(machine.initialState, by: machineRange, &found)
        for transition in machine.transitions {
            checkEntered(transition.target, by: transition.range, &found)
        }

        // Forward: which states can be reached from the initial one.
        var reached = [Bool](repeating: false, count: count)
        var expanded = [Bool](repeating: false, count: count)
        var queue: [Int] = []
        func enter(_ state: Int) {
            let leaf = machine.entry(state)
            guard !reached[leaf] else { return }
            var current: Int? = leaf
            while let c = current, !reached[c] {
                reached[c] = true
                current = states[c].parent
            }
            queue.append(leaf)
        }
        enter(machine.initialState)
        var head = 0
        while head < queue.count {
            var current: Int? = queue[head]
            head += 1
            while let c = current, !expanded[c] {
                expanded[c] = true
                for t in machine.outgoing[c] { enter(machine.transitions[t].target) }
                current = states[c].parent
            }
        }
        for index in 0..<count where !reached[index] {
            // Report only the outermost unreachable state, and nothing inside a composite
            // whose missing initial state was just reported.
            if let parent = states[index].parent, !reached[parent] || reportedEntry[parent] { continue }
            found.append(.unreachableState(states[index].name, from: initial, at: states[index].range))
        }

        // Dead ends: a reachable, non-final leaf with no transition out of it or its ancestors.
        var hasWayOut = [Bool](repeating: false, count: count)
        for index in 0..<count {
            hasWayOut[index] = !machine.outgoing[index].isEmpty || (states[index].parent.map { hasWayOut[$0] } ?? false)
        }
        for index in 0..<count where reached[index] && !states[index].isComposite && !states[index].isFinal && !hasWayOut[index] {
            found.append(.deadEndState(states[index].name, at: states[index].range))
        }

        // Backward from the final states: which states can still end.
        if states.contains(where: \.isFinal) {
            var predecessorsStart = [Int](repeating: 0, count: count + 1)
            var entries = [Int](repeating: 0, count: machine.transitions.count)
            for (t, transition) in machine.transitions.enumerated() {
                entries[t] = machine.entry(transition.target)
                predecessorsStart[entries[t] + 1] += 1
            }
            for index in 0..<count { predecessorsStart[index + 1] += predecessorsStart[index] }
            var fill = predecessorsStart
            var predecessors = [Int](repeating: 0, count: machine.transitions.count)
            for (t, transition) in machine.transitions.enumerated() {
                predecessors[fill[entries[t]]] = transition.source
                fill[entries[t]] += 1
            }
            var good = [Bool](repeating: false, count: count)
            var work: [Int] = []
            for index in 0..<count where states[index].isFinal {
                good[index] = true
                work.append(index)
            }
            while let state = work.popLast() {
                for p in predecessors[predecessorsStart[state]..<predecessorsStart[state + 1]] where !good[p] {
                    good[p] = true
                    work.append(p)
                }
                for child in states[state].children where !good[child] {
                    good[child] = true
                    work.append(child)
                }
            }
            for index in 0..<count where reached[index] && hasWayOut[index] && !good[index]
                && !states[index].isComposite && !states[index].isFinal {
                found.append(.finalUnreachable(states[index].name, at: states[index].range))
            }
        }
        diagnostics.append(contentsOf: found)
    }
}
