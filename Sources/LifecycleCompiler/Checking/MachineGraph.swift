/// One machine's states and transitions as a graph of small arrays, for the passes that follow
/// it: entering composites, nesting, reachability, dead ends, and which states can still end.
///
/// Composite semantics: entering a composite enters its initial child (recursively), and a
/// transition from a composite can fire from any state inside it.
///
/// Why small arrays: the passes jump from state to state in graph order, and at a million
/// states every step that lands in a `State` (about 100 bytes) is a cache miss. So what they
/// follow is copied once, in order, into `Int32`s (-1 for none) and one byte of flags per state;
/// successors are one array in the order of `Machine.outgoing` (compressed rows). Every
/// operation is iterative and visits each state and transition a bounded number of times.
///
/// The checker builds one per machine (`Checker.analyseGraph`); the DOT generator uses its
/// hierarchy for edge geometry (`DotGenerator.EdgeGeometry`).
struct MachineGraph {
    /// Each state's parent, -1 at the top level.
    let parents: [Int32]
    /// Each state's initial child, -1 if it has none.
    let initialChildren: [Int32]
    /// Per-state flags, one byte each.
    private var flags: [Flags]
    /// State `s`'s transitions enter `successors[successorStarts[s]..<successorStarts[s + 1]]`
    /// (empty until `connect`).
    private var successorStarts: [Int32]
    private var successors: [Int32] = []

    struct Flags: OptionSet {
        let rawValue: UInt8
        static let composite = Flags(rawValue: 1 << 0)
        static let final = Flags(rawValue: 1 << 1)
        /// It, or an ancestor, has a transition that leaves the state it is in.
        static let hasWayOut = Flags(rawValue: 1 << 2)
    }

    /// The hierarchy of `states` (parents before children), without transitions.
    init(states: [State]) {
        let count = states.count
        var parents = [Int32](repeating: -1, count: count)
        var initialChildren = [Int32](repeating: -1, count: count)
        var flags = [Flags](repeating: [], count: count)
        for index in 0..<count {
            let state = states[index]
            if !state.children.isEmpty { flags[index].insert(.composite) }
            if state.kind == .final { flags[index].insert(.final) }
            if let parent = state.parent { parents[index] = Int32(parent) }
            if let child = state.initialChild { initialChildren[index] = Int32(child) }
        }
        self.parents = parents
        self.initialChildren = initialChildren
        self.flags = flags
        successorStarts = [Int32](repeating: 0, count: count + 1)
    }

    /// Adds the transitions: `outgoing` groups them by source, `entries[t]` is the state
    /// transition `t` enters (`enter(_:)` of its target), and `leaves[t]` (all true when nil)
    /// whether it leaves its state (an internal transition does not: its entry is its source).
    mutating func connect(outgoing: OutgoingTransitions, entries: [Int32], leaves: [Bool]?) {
        successorStarts = outgoing.starts
        var successors = [Int32](repeating: 0, count: outgoing.indices.count)
        outgoing.indices.withUnsafeBufferPointer { indices in
            for i in 0..<indices.count { successors[i] = entries[Int(indices[i])] }
        }
        self.successors = successors
        // Parents come before their children, so one pass in order sees the parent's answer.
        for state in 0..<count {
            var hasOwn = successorStarts[state] != successorStarts[state + 1]
            if let leaves, hasOwn {
                hasOwn = outgoing[state].contains { leaves[$0] }
            }
            let parent = Int(parents[state])
            if hasOwn || (parent >= 0 && flags[parent].contains(.hasWayOut)) { flags[state].insert(.hasWayOut) }
        }
    }

    var count: Int { parents.count }

    func isComposite(_ state: Int) -> Bool { flags[state].contains(.composite) }
    func isFinal(_ state: Int) -> Bool { flags[state].contains(.final) }
    /// Whether a transition of the state or of an ancestor leaves it (after `connect`).
    func hasWayOut(_ state: Int) -> Bool { flags[state].contains(.hasWayOut) }
    var hasFinalState: Bool { flags.contains { $0.contains(.final) } }

    /// The state entered when `state` is the target: its initial child, recursively
    /// (`Machine.entry(_:)`). Stops at a composite without an initial state.
    func enter(_ state: Int) -> Int {
        var current = state
        var steps = 0
        while true {
            let child = initialChildren[current]
            guard child >= 0, steps < count else { return current }
            current = Int(child)
            steps += 1
        }
    }

    /// Whether `state` is `ancestor` or lies inside it (`Machine.isWithin(_:_:)`).
    func isWithin(_ state: Int, _ ancestor: Int) -> Bool {
        var current = state
        while current >= 0 {
            if current == ancestor { return true }
            current = Int(parents[current])
        }
        return false
    }

    /// Which states a run from `start` (an entered state) can be in, or inside: a state is
    /// reached when it or a state inside it is, and a transition fires from its source or any
    /// state inside it.
    func reach(from start: Int) -> [Bool] {
        let reached: UInt8 = 1, expanded: UInt8 = 2
        var marks = [UInt8](repeating: 0, count: count)
        var readAhead = ReadAhead()
        // The queue holds reached leaves; a leaf's ancestors are marked reached when it is
        // taken from the queue rather than when it is put in (the same states end up reached),
        // so that everything read for a leaf is read then, and can be read ahead.
        var queue: [Int32] = [Int32(start)]
        marks[start] = reached
        var head = 0
        while head < queue.count {
            readAhead.ahead(of: head, in: queue, offsets: successorStarts, alongside: parents, lists: successors)
            let leaf = Int(queue[head])
            head += 1
            var up = Int(parents[leaf])
            while up >= 0, marks[up] & reached == 0 {
                marks[up] |= reached
                up = Int(parents[up])
            }
            // Follow the transitions of the leaf and of its ancestors (each state's once).
            var current = leaf
            while current >= 0, marks[current] & expanded == 0 {
                marks[current] |= expanded
                for i in Int(successorStarts[current])..<Int(successorStarts[current + 1]) {
                    let next = successors[i]
                    if marks[Int(next)] & reached == 0 {
                        marks[Int(next)] |= reached
                        queue.append(next)
                    }
                }
                current = Int(parents[current])
            }
        }
        readAhead.finish()
        return marks.map { $0 & reached != 0 }
    }

    /// The reached leaves that are not final and have no way out: a run that gets there stays.
    func deadEnds(reached: [Bool]) -> [Int] {
        (0..<count).filter { reached[$0] && flags[$0].isDisjoint(with: [.composite, .final, .hasWayOut]) }
    }

    /// Which states can still reach a final state: the final states, the sources of transitions
    /// into a state that can end, and (a transition from a composite firing from inside it)
    /// the children of a composite that can end.
    func canEnd() -> [Bool] {
        let count = self.count
        // Predecessors by entered state, as offsets and one array (like `successors`).
        var predecessorsStart = [Int32](repeating: 0, count: count + 1)
        var readAhead = ReadAhead()
        for i in 0..<successors.count {
            if i + ReadAhead.distance < successors.count {
                readAhead.read(predecessorsStart[Int(successors[i + ReadAhead.distance]) + 1])
            }
            predecessorsStart[Int(successors[i]) + 1] += 1
        }
        for state in 0..<count { predecessorsStart[state + 1] += predecessorsStart[state] }
        var fill = predecessorsStart
        var predecessors = [Int32](repeating: 0, count: successors.count)
        for source in 0..<count {
            for i in Int(successorStarts[source])..<Int(successorStarts[source + 1]) {
                if i + ReadAhead.distance < successors.count { readAhead.read(fill[Int(successors[i + ReadAhead.distance])]) }
                let entered = Int(successors[i])
                predecessors[Int(fill[entered])] = Int32(source)
                fill[entered] += 1
            }
        }
        // Children as linked lists (first child, next sibling).
        var firstChild = [Int32](repeating: -1, count: count)
        var nextSibling = [Int32](repeating: -1, count: count)
        for state in stride(from: count - 1, through: 0, by: -1) {
            let parent = Int(parents[state])
            guard parent >= 0 else { continue }
            nextSibling[state] = firstChild[parent]
            firstChild[parent] = Int32(state)
        }
        // A queue rather than a stack (the order does not change the result), so that the
        // states to come are known and their offsets can be read ahead.
        var canEnd = [Bool](repeating: false, count: count)
        var work: [Int32] = []
        for state in 0..<count where flags[state].contains(.final) {
            canEnd[state] = true
            work.append(Int32(state))
        }
        var head = 0
        while head < work.count {
            readAhead.ahead(of: head, in: work, offsets: predecessorsStart, alongside: firstChild, lists: predecessors)
            let state = Int(work[head])
            head += 1
            for i in Int(predecessorsStart[state])..<Int(predecessorsStart[state + 1]) {
                let p = Int(predecessors[i])
                if !canEnd[p] {
                    canEnd[p] = true
                    work.append(Int32(p))
                }
            }
            var child = firstChild[state]
            while child >= 0 {
                if !canEnd[Int(child)] {
                    canEnd[Int(child)] = true
                    work.append(child)
                }
                child = nextSibling[Int(child)]
            }
        }
        readAhead.finish()
        return canEnd
    }
}
