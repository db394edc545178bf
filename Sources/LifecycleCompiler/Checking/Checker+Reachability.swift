/// The machine as a graph: entering composites, reachability, dead ends, and final states.
///
/// Composite semantics: entering a composite enters its initial child (recursively), and a
/// transition from a composite can fire from any state inside it. Every pass below visits each
/// state and transition a bounded number of times, iteratively.
///
/// The passes jump from state to state in graph order, which at a million states is a cache
/// miss per step if it lands in `State` (about 100 bytes each). So the fields they follow are
/// first copied, in one sequential pass, into small arrays: parent and initial child as
/// `Int32` (-1 for none), and every per-state flag the passes read or set in one byte
/// (`StateMarks`), so that the marks of a million states take 1 MB and mostly stay in cache.
/// The forward search reads each state's successors (the states its transitions enter) from
/// one array in the order of `outgoing`, rather than going through transition indices.
extension Checker {
    /// Per-state flags of the graph passes, one byte per state.
    struct StateMarks: OptionSet {
        let rawValue: UInt8
        static let composite = StateMarks(rawValue: 1 << 0)
        static let final = StateMarks(rawValue: 1 << 1)
        /// Reported as a composite entered without an initial state.
        static let reportedEntry = StateMarks(rawValue: 1 << 2)
        /// Reachable from the initial state.
        static let reached = StateMarks(rawValue: 1 << 3)
        /// Its transitions have been followed by the forward search.
        static let expanded = StateMarks(rawValue: 1 << 4)
        /// It, or an ancestor, has a transition out.
        static let hasWayOut = StateMarks(rawValue: 1 << 5)
        /// A final state can still be reached from it.
        static let canEnd = StateMarks(rawValue: 1 << 6)
    }

    /// `sources` and `targets` are the transitions' states (`machine.transitions`, as `Int32`):
    /// the passes read them, not the much larger `Transition` values.
    ///
    /// `internalFlags`, when the machine has internal transitions, flags them: they enter no state
    /// (their entry is their own source, already reached when they can fire).
    mutating func analyseGraph(_ machine: inout Machine, sources: [Int32], targets: [Int32], internalFlags: [Bool]?,
                               machineRange: SourceRange) {
        let states = machine.states
        let count = states.count
        let transitionCount = machine.transitions.count
        let initial = machine.states[machine.initialState].name
        // Built in one pass, then only read (`let`): closures below capture them by value,
        // without the heap boxes and exclusivity checks of captured variables.
        var parents = [Int32](repeating: -1, count: count)
        var initialChildren = [Int32](repeating: -1, count: count)
        var marks = [StateMarks](repeating: [], count: count)
        var hasFinal = false
        for index in 0..<count {
            if states[index].isComposite { marks[index].insert(.composite) }
            if states[index].isFinal {
                marks[index].insert(.final)
                hasFinal = true
            }
            if let parent = states[index].parent { parents[index] = Int32(parent) }
            if let child = states[index].initialChild { initialChildren[index] = Int32(child) }
        }
        let parentOf = parents, initialChildOf = initialChildren

        /// The state entered when `state` is the target (`Machine.entry(_:)` over the small
        /// arrays). A composite on the way without an initial state is reported, once, as
        /// entered by `range`; the walk then stops at it.
        func enter(_ state: Int, by range: () -> SourceRange, _ marks: inout [StateMarks], _ diagnostics: inout Diagnostics) -> Int32 {
            var current = state
            var steps = 0
            while true {
                let child = initialChildOf[current]
                guard child >= 0, steps < count else { break }
                current = Int(child)
                steps += 1
            }
            if marks[current].contains(.composite) && !marks[current].contains(.reportedEntry) {
                // Composites that are entered must say where entering leads.
                marks[current].insert(.reportedEntry)
                diagnostics.append(.compositeWithoutInitial(states[current].name, at: states[current].range)
                    .note("'\(states[current].name)' is entered here", at: range()))
            }
            return Int32(current)
        }
        var found = Diagnostics(limit: diagnostics.limit)
        let start = enter(machine.initialState, by: { machineRange }, &marks, &found)
        // The state each transition enters.
        var entries = [Int32](repeating: 0, count: transitionCount)
        var readAhead = ReadAhead()
        for t in 0..<transitionCount {
            if t + ReadAhead.distance < transitionCount {
                let ahead = Int(targets[t + ReadAhead.distance])
                readAhead.read(initialChildOf[ahead] ^ Int32(marks[ahead].rawValue))
            }
            if let internalFlags, internalFlags[t] {
                entries[t] = sources[t]
                continue
            }
            // The range is read only for a message.
            entries[t] = enter(Int(targets[t]), by: { machine.transitions[t].range }, &marks, &found)
        }

        // Forward: which states can be reached from the initial one. `successors` lists the
        // entered states of each state's transitions, in the order of `outgoing`.
        let starts = machine.outgoing.starts
        var successors = [Int32](repeating: 0, count: transitionCount)
        machine.outgoing.indices.withUnsafeBufferPointer { indices in
            for i in 0..<indices.count { successors[i] = entries[Int(indices[i])] }
        }
        //
        // The queue holds reached leaves; a leaf's ancestors are marked reached when it is taken
        // from the queue rather than when it is put in (the same states end up reached), so that
        // everything read for a leaf is read then, and can be read ahead (`ReadAhead`).
        var queue: [Int32] = [start]
        marks[Int(start)].insert(.reached)
        var head = 0
        while head < queue.count {
            readAhead.ahead(of: head, in: queue, offsets: starts, alongside: parentOf, lists: successors)
            let leaf = Int(queue[head])
            head += 1
            var up = Int(parentOf[leaf])
            while up >= 0, !marks[up].contains(.reached) {
                marks[up].insert(.reached)
                up = Int(parentOf[up])
            }
            // Follow the transitions of the leaf and of its ancestors (each state's once).
            var current = leaf
            while current >= 0, !marks[current].contains(.expanded) {
                marks[current].insert(.expanded)
                for i in Int(starts[current])..<Int(starts[current + 1]) {
                    let next = successors[i]
                    if !marks[Int(next)].contains(.reached) {
                        marks[Int(next)].insert(.reached)
                        queue.append(next)
                    }
                }
                current = Int(parentOf[current])
            }
        }
        for index in 0..<count where !marks[index].contains(.reached) {
            // Report only the outermost unreachable state, and nothing inside a composite
            // whose missing initial state was just reported.
            let parent = Int(parentOf[index])
            if parent >= 0, !marks[parent].contains(.reached) || marks[parent].contains(.reportedEntry) { continue }
            found.append(.unreachableState(states[index].name, from: initial, at: states[index].range))
        }

        // Dead ends: a reachable, non-final leaf with no transition out of it or its ancestors.
        // Parents come before their children, so one pass in order sees the parent's answer.
        // An internal transition is no way out: it leaves the machine where it is.
        var leavesState: [Bool]? = nil
        if let internalFlags {
            var flags = [Bool](repeating: false, count: count)
            for t in 0..<transitionCount where !internalFlags[t] { flags[Int(sources[t])] = true }
            leavesState = flags
        }
        for index in 0..<count {
            let parent = Int(parentOf[index])
            let hasOwn = leavesState.map { $0[index] } ?? (starts[index] != starts[index + 1])
            if hasOwn || (parent >= 0 && marks[parent].contains(.hasWayOut)) {
                marks[index].insert(.hasWayOut)
            }
        }
        for index in 0..<count {
            let mark = marks[index]
            if mark.contains(.reached) && mark.isDisjoint(with: [.composite, .final, .hasWayOut]) {
                found.append(.deadEndState(states[index].name, at: states[index].range))
            }
        }

        // Backward from the final states: which states can still end.
        if hasFinal {
            // Predecessors by entered state, as offsets and one array (like `outgoing`).
            var predecessorsStart = [Int32](repeating: 0, count: count + 1)
            for t in 0..<transitionCount {
                if t + ReadAhead.distance < transitionCount {
                    readAhead.read(predecessorsStart[Int(entries[t + ReadAhead.distance]) + 1])
                }
                predecessorsStart[Int(entries[t]) + 1] += 1
            }
            for index in 0..<count { predecessorsStart[index + 1] += predecessorsStart[index] }
            var fill = predecessorsStart
            var predecessors = [Int32](repeating: 0, count: transitionCount)
            for t in 0..<transitionCount {
                if t + ReadAhead.distance < transitionCount { readAhead.read(fill[Int(entries[t + ReadAhead.distance])]) }
                let entered = Int(entries[t])
                predecessors[Int(fill[entered])] = sources[t]
                fill[entered] += 1
            }
            // Children as linked lists (first child, next sibling): a transition from a
            // composite fires from inside it, so a composite that can end makes its children so.
            var firstChild = [Int32](repeating: -1, count: count)
            var nextSibling = [Int32](repeating: -1, count: count)
            for index in stride(from: count - 1, through: 0, by: -1) {
                let parent = Int(parentOf[index])
                guard parent >= 0 else { continue }
                nextSibling[index] = firstChild[parent]
                firstChild[parent] = Int32(index)
            }
            // A queue rather than a stack (the order does not change the result), so that the
            // states to come are known and their offsets can be read ahead.
            var work: [Int32] = []
            for index in 0..<count where marks[index].contains(.final) {
                marks[index].insert(.canEnd)
                work.append(Int32(index))
            }
            var head = 0
            while head < work.count {
                readAhead.ahead(of: head, in: work, offsets: predecessorsStart, alongside: firstChild, lists: predecessors)
                let state = Int(work[head])
                head += 1
                for i in Int(predecessorsStart[state])..<Int(predecessorsStart[state + 1]) {
                    let p = Int(predecessors[i])
                    if !marks[p].contains(.canEnd) {
                        marks[p].insert(.canEnd)
                        work.append(Int32(p))
                    }
                }
                var child = firstChild[state]
                while child >= 0 {
                    if !marks[Int(child)].contains(.canEnd) {
                        marks[Int(child)].insert(.canEnd)
                        work.append(child)
                    }
                    child = nextSibling[Int(child)]
                }
            }
            for index in 0..<count {
                let mark = marks[index]
                if mark.isSuperset(of: [.reached, .hasWayOut]) && mark.isDisjoint(with: [.canEnd, .composite, .final]) {
                    found.append(.finalUnreachable(states[index].name, at: states[index].range))
                }
            }
        }
        diagnostics.append(contentsOf: found)
        readAheadSink = readAhead.sink
    }

    /// Reads of graph arrays for states a search will reach a few steps later: nothing waits
    /// for them, so their cache misses overlap the work at hand (a software prefetch; at a
    /// million states each step of a search is otherwise a miss or two waited for in turn).
    struct ReadAhead {
        /// How many entries of a queue ahead the offsets are read (the lists they point to, half
        /// as far ahead, once the offsets are likely in cache).
        static let distance = 16
        /// Every value read, folded together and kept (`Checker.readAheadSink`) only so that
        /// the reads are not optimized away.
        private(set) var sink: Int32 = 0

        mutating func read(_ value: Int32) { sink ^= value }

        /// Reads ahead of a breadth-first `queue` whose next entry is at `head`: the state
        /// `distance` places ahead has its offset and one more per-state value read, the
        /// state half as far ahead the first entry of its list (`lists[offsets[state]]`).
        @inline(__always)
        mutating func ahead(of head: Int, in queue: [Int32], offsets: [Int32], alongside values: [Int32], lists: [Int32]) {
            if head + Self.distance < queue.count {
                let state = Int(queue[head + Self.distance])
                read(offsets[state] ^ values[state])
            }
            if head + Self.distance / 2 < queue.count {
                let first = Int(offsets[Int(queue[head + Self.distance / 2])])
                if first < lists.count { read(lists[first]) }
            }
        }
    }
}
