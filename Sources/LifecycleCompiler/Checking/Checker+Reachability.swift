/// The machine as a graph: entering composites, reachability, dead ends, and final states.
///
/// Composite semantics: entering a composite enters its initial child (recursively), and a
/// transition from a composite can fire from any state inside it. Every pass below visits each
/// state and transition a bounded number of times, iteratively.
///
/// The passes jump from state to state in graph order, which at a million states is a cache
/// miss per step if it lands in `State` (about 100 bytes each). So the fields they follow are
/// first copied, in one sequential pass, into small arrays: parent and initial child as
/// `Int32` (-1 for none), whether it is composite, and each transition's entered state.
extension Checker {
    mutating func analyseGraph(_ machine: inout Machine, machineRange: SourceRange) {
        let states = machine.states
        let count = states.count
        let initial = machine.states[machine.initialState].name
        var parentOf = [Int32](repeating: -1, count: count)
        var initialChildOf = [Int32](repeating: -1, count: count)
        var isComposite = [Bool](repeating: false, count: count)
        for index in 0..<count {
            isComposite[index] = states[index].isComposite
            if let parent = states[index].parent { parentOf[index] = Int32(parent) }
            if let child = states[index].initialChild { initialChildOf[index] = Int32(child) }
        }
        /// `Machine.entry(_:)` over the small arrays.
        func entry(_ state: Int) -> Int {
            var current = state
            var steps = 0
            while initialChildOf[current] >= 0, steps < count {
                current = Int(initialChildOf[current])
                steps += 1
            }
            return current
        }
        var entries = [Int32](repeating: 0, count: machine.transitions.count)
        for (t, transition) in machine.transitions.enumerated() { entries[t] = Int32(entry(transition.target)) }

        // Composites that are entered must say where entering leads.
        var reportedEntry = [Bool](repeating: false, count: count)
        func checkEntered(_ state: Int, by range: SourceRange, _ diagnostics: inout Diagnostics) {
            var current = state
            while isComposite[current] {
                guard initialChildOf[current] >= 0 else {
                    if !reportedEntry[current] {
                        reportedEntry[current] = true
                        diagnostics.append(.compositeWithoutInitial(states[current].name, at: states[current].range)
                            .note("'\(states[current].name)' is entered here", at: range))
                    }
                    return
                }
                current = Int(initialChildOf[current])
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
        func enterLeaf(_ leaf: Int) {
            guard !reached[leaf] else { return }
            var current = leaf
            while current >= 0, !reached[current] {
                reached[current] = true
                current = Int(parentOf[current])
            }
            queue.append(leaf)
        }
        enterLeaf(entry(machine.initialState))
        var head = 0
        while head < queue.count {
            var current = queue[head]
            head += 1
            while current >= 0, !expanded[current] {
                expanded[current] = true
                for t in machine.outgoing[current] { enterLeaf(Int(entries[t])) }
                current = Int(parentOf[current])
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
            hasWayOut[index] = !machine.outgoing[index].isEmpty || (parentOf[index] >= 0 && hasWayOut[Int(parentOf[index])])
        }
        for index in 0..<count where reached[index] && !states[index].isComposite && !states[index].isFinal && !hasWayOut[index] {
            found.append(.deadEndState(states[index].name, at: states[index].range))
        }

        // Backward from the final states: which states can still end.
        if states.contains(where: \.isFinal) {
            var predecessorsStart = [Int](repeating: 0, count: count + 1)
            for t in entries.indices { predecessorsStart[Int(entries[t]) + 1] += 1 }
            for index in 0..<count { predecessorsStart[index + 1] += predecessorsStart[index] }
            var fill = predecessorsStart
            var predecessors = [Int](repeating: 0, count: machine.transitions.count)
            for (t, transition) in machine.transitions.enumerated() {
                predecessors[fill[Int(entries[t])]] = transition.source
                fill[Int(entries[t])] += 1
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
