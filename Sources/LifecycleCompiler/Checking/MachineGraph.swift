/// One machine's states and transitions as small arrays, with the one definition of what an
/// event does (`step(on:from:)`, `forEachStep(from:_:)`: see <doc:Semantics>) and the passes the
/// checker runs over it: entering composites, nesting, reachability, dead ends, and which states
/// can still end.
///
/// Every command steps a machine through this type: `MachineStepper` (simulate, trace, paths,
/// conform, the monitor tables, system stepping) wraps it, and the checker's passes follow the
/// same steps. The machine is always in a leaf state (its configuration); entering a composite
/// enters its initial child, recursively.
///
/// Why small arrays: the passes jump from state to state in graph order, and at a million
/// states every step that lands in a `State` (about 100 bytes) is a cache miss. So what they
/// follow is copied once, in order, into `Int32`s (-1 for none) and one byte of flags per state;
/// transitions are kept by source state in the order of `Machine.outgoing` (compressed rows),
/// each as a slot. Every operation is iterative.
///
/// The checker builds one per machine (`Checker.analyseGraph`); the DOT generator uses its
/// hierarchy for edge geometry (`DotGenerator.EdgeGeometry`).
struct MachineGraph: Sendable {
    /// Each state's parent, -1 at the top level.
    let parents: [Int32]
    /// Each state's initial child, -1 if it has none.
    let initialChildren: [Int32]
    /// Per-state flags, one byte each.
    private var flags: [Flags]
    /// State `s`'s own transitions are the slots `successorStarts[s]..<successorStarts[s + 1]`,
    /// in declaration order (empty until `connect`).
    private var successorStarts: [Int32]
    /// Per slot: the state its transition enters (`enter(_:)` of its target), or -1 for an
    /// internal transition, which enters nothing.
    private var successors: [Int32] = []
    /// Per slot: the transition's index in `Machine.transitions`.
    private var slotTransitions: [Int32] = []
    /// Per slot: its event as a number (equal numbers, same event), -1 for none.
    private var slotEvents: [Int32] = []
    /// For each `.shadowing` state, the states its steps (`forEachStep`) enter, internal steps
    /// left out: `inheritedEntries[inheritedStarts[s]..<inheritedStarts[s + 1]]`. Both are empty
    /// when no state shadows.
    private var inheritedStarts: [Int32] = []
    private var inheritedEntries: [Int32] = []

    struct Flags: OptionSet {
        let rawValue: UInt8
        static let composite = Flags(rawValue: 1 << 0)
        static let final = Flags(rawValue: 1 << 1)
        /// A step possible in it leaves it (`forEachStep` has an external step).
        static let hasWayOut = Flags(rawValue: 1 << 2)
        /// It has a transition on an event a state around it also has a transition on, so its
        /// steps are not its own plus its parent's: the inner transition wins (`forEachStep`).
        static let shadowing = Flags(rawValue: 1 << 3)
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

    /// Adds the transitions. `outgoing` groups them by source; per transition, in declaration
    /// order, `entries[t]` is the state it enters (`enter(_:)` of its target, or -1 for an
    /// internal transition) and `events[t]` its event as a number from 0 (-1 for none).
    mutating func connect(outgoing: OutgoingTransitions, entries: [Int32], events: [Int32]) {
        successorStarts = outgoing.starts
        slotTransitions = outgoing.indices
        let slotCount = slotTransitions.count
        var successors = [Int32](repeating: 0, count: slotCount)
        var slotEvents = [Int32](repeating: -1, count: slotCount)
        var eventCount = 0
        slotTransitions.withUnsafeBufferPointer { indices in
            for i in 0..<slotCount {
                let transition = Int(indices[i])
                successors[i] = entries[transition]
                slotEvents[i] = events[transition]
                eventCount = max(eventCount, Int(events[transition]) + 1)
            }
        }
        self.successors = successors
        self.slotEvents = slotEvents
        markShadowing(eventCount: eventCount)
        collectInheritedSteps()
        // Parents come before their children, so one pass in order sees the parent's answer.
        for state in 0..<count where !flags[state].contains(.final) {
            let wayOut: Bool
            if flags[state].contains(.shadowing) {
                wayOut = inheritedStarts[state] != inheritedStarts[state + 1]
            } else {
                let parent = Int(parents[state])
                wayOut = (successorStarts[state]..<successorStarts[state + 1]).contains { successors[Int($0)] >= 0 }
                    || (parent >= 0 && flags[parent].contains(.hasWayOut))
            }
            if wayOut { flags[state].insert(.hasWayOut) }
        }
    }

    var count: Int { parents.count }

    func isComposite(_ state: Int) -> Bool { flags[state].contains(.composite) }
    func isFinal(_ state: Int) -> Bool { flags[state].contains(.final) }
    /// Whether a step possible in the state leaves it (after `connect`).
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

    // MARK: - Steps: what an event does

    /// Calls `body` with each slot whose transition an event may fire in `leaf`, in the order a
    /// step looks for them: the leaf's own transitions in declaration order, then its parent's,
    /// and so on outwards. A final state has none. `body` returns false to stop.
    @inline(__always)
    private func forEachCandidate(from leaf: Int, _ body: (Int) -> Bool) {
        guard !flags[leaf].contains(.final) else { return }
        var current = leaf
        while current >= 0 {
            for slot in Int(successorStarts[current])..<Int(successorStarts[current + 1]) where !body(slot) { return }
            current = Int(parents[current])
        }
    }

    /// Where the machine is once `slot`'s transition has fired in `leaf`.
    @inline(__always)
    private func landing(_ slot: Int, from leaf: Int) -> Int { Self.landing(entering: successors[slot], from: leaf) }

    /// Where the machine is once a transition that enters `entered` (-1: an internal one) has
    /// fired in `leaf`: still in `leaf` for an internal transition, else in the entered state.
    @inline(__always)
    static func landing(entering entered: Int32, from leaf: Int) -> Int { entered < 0 ? leaf : Int(entered) }

    /// What `event` does when the machine is in `leaf`: the transition it fires and the state
    /// the machine is in afterwards, or nil when `leaf` does not accept it.
    ///
    /// This is the definition every command follows (<doc:Semantics>): the first transition on
    /// `event` among `leaf`'s own, else among its parent's, and so on outwards (the innermost
    /// wins); nothing in a final state. An internal transition leaves the machine in `leaf`;
    /// any other enters its target (its initial child, recursively). The step calls that
    /// transition's callbacks, in order, and nothing else.
    func step(on event: Int32, from leaf: Int) -> (transition: Int, to: Int)? {
        var found = -1
        forEachCandidate(from: leaf) { slot in
            guard slotEvents[slot] == event else { return true }
            found = slot
            return false
        }
        return found < 0 ? nil : (Int(slotTransitions[found]), landing(found, from: leaf))
    }

    /// Every step possible in `leaf`, in the order its transition is found (`forEachCandidate`):
    /// for each event, the step `step(on:from:)` makes — the first transition found on an event
    /// shadows the later ones. A transition with no event (an error the checker reports) is a
    /// step of its own.
    func forEachStep(from leaf: Int, _ body: (_ transition: Int, _ to: Int, _ isInternal: Bool) -> Void) {
        var seen = EventSet()
        forEachCandidate(from: leaf) { slot in
            let event = slotEvents[slot]
            if event < 0 || seen.insert(event) {
                body(Int(slotTransitions[slot]), landing(slot, from: leaf), successors[slot] < 0)
            }
            return true
        }
    }

    /// The events a step has already taken, for `forEachStep`: a short list searched in place,
    /// and a set only past `inlineLimit` (a state with many transitions).
    private struct EventSet {
        static let inlineLimit = 16
        private var list: [Int32] = []
        private var set: Set<Int32> = []

        /// Adds `event`; false when it was there.
        mutating func insert(_ event: Int32) -> Bool {
            if list.count < Self.inlineLimit {
                if list.contains(event) { return false }
                list.append(event)
                return true
            }
            if list.contains(event) { return false }
            return set.insert(event).inserted
        }
    }

    /// Flags `.shadowing` states: one pass in pre-order, keeping how many states on the path from
    /// the top down to the current one have a transition on each event.
    private mutating func markShadowing(eventCount: Int) {
        guard eventCount > 0 else { return }
        var onPath = [Int32](repeating: 0, count: eventCount)
        var path: [Int32] = []
        for state in 0..<count {
            let parent = parents[state]
            while let last = path.last, last != parent {
                path.removeLast()
                for slot in Int(successorStarts[Int(last)])..<Int(successorStarts[Int(last) + 1]) where slotEvents[slot] >= 0 {
                    onPath[Int(slotEvents[slot])] -= 1
                }
            }
            let slots = Int(successorStarts[state])..<Int(successorStarts[state + 1])
            guard !slots.isEmpty else {
                path.append(Int32(state))
                continue
            }
            // Two of its own on one event (an error the checker reports) are not shadowing: the
            // passes then follow both, so that the error is not repeated as unreachable states.
            var shadows = false
            for slot in slots where slotEvents[slot] >= 0 && onPath[Int(slotEvents[slot])] > 0 { shadows = true }
            for slot in slots where slotEvents[slot] >= 0 { onPath[Int(slotEvents[slot])] += 1 }
            if shadows { flags[state].insert(.shadowing) }
            path.append(Int32(state))
        }
    }

    /// The entries of `.shadowing` states' steps, from `forEachStep`: a state that shadows
    /// nothing steps as its own transitions and then its parent's steps, which the passes below
    /// follow without listing them per state.
    private mutating func collectInheritedSteps() {
        guard flags.contains(where: { $0.contains(.shadowing) }) else { return }
        var starts = [Int32](repeating: 0, count: count + 1)
        var entries: [Int32] = []
        for state in 0..<count {
            if flags[state].contains(.shadowing) {
                forEachStep(from: state) { _, to, isInternal in
                    if !isInternal { entries.append(Int32(to)) }
                }
            }
            starts[state + 1] = Int32(entries.count)
        }
        inheritedStarts = starts
        inheritedEntries = entries
    }

    /// Calls `body` with each state a step from `state` enters that `forEachStep(from: state)`
    /// gives, except the steps of an unshadowing state's parent (`lift` says where to continue:
    /// its parent, or -1 when `state` lists every step itself). Internal steps enter nothing.
    @inline(__always)
    private func forEachEntry(from state: Int, _ body: (Int) -> Void) -> Int {
        if flags[state].contains(.final) { return -1 }
        if flags[state].contains(.shadowing) {
            for i in Int(inheritedStarts[state])..<Int(inheritedStarts[state + 1]) { body(Int(inheritedEntries[i])) }
            return -1
        }
        for slot in Int(successorStarts[state])..<Int(successorStarts[state + 1]) where successors[slot] >= 0 {
            body(Int(successors[slot]))
        }
        return Int(parents[state])
    }

    // MARK: - Passes

    /// Which states a run from `start` (an entered state) can be in, or inside: the states its
    /// steps (`forEachStep`) enter, from every state they enter, and the states around them.
    ///
    /// Each leaf reached lists its steps; an unshadowing state's steps are its own transitions
    /// and then its parent's steps, so its parent is expanded once for all of its children
    /// (a shadowing state's steps are listed whole, `inheritedEntries`). That keeps the search
    /// linear in the machine when few states shadow.
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
            // The leaf's steps, and its ancestors' for an unshadowing chain (each state's once).
            var current = leaf
            while current >= 0, marks[current] & expanded == 0 {
                marks[current] |= expanded
                current = forEachEntry(from: current) { next in
                    if marks[next] & reached == 0 {
                        marks[next] |= reached
                        queue.append(Int32(next))
                    }
                }
            }
        }
        readAhead.finish()
        return marks.map { $0 & reached != 0 }
    }

    /// The reached leaves that are not final and have no way out: a run that gets there stays.
    func deadEnds(reached: [Bool]) -> [Int] {
        (0..<count).filter { reached[$0] && flags[$0].isDisjoint(with: [.composite, .final, .hasWayOut]) }
    }

    /// Calls `body(state, entered)` for every step `forEachEntry` lists, state by state; `ahead`
    /// is given the entered state of a step `ReadAhead.distance` slots later, to read ahead.
    @inline(__always)
    private func forEachEdge(readingAhead ahead: (Int) -> Void, _ body: (Int, Int) -> Void) {
        let slotCount = successors.count
        for state in 0..<count {
            if flags[state].contains(.final) { continue }
            if flags[state].contains(.shadowing) {
                for i in Int(inheritedStarts[state])..<Int(inheritedStarts[state + 1]) { body(state, Int(inheritedEntries[i])) }
                continue
            }
            for slot in Int(successorStarts[state])..<Int(successorStarts[state + 1]) {
                if slot + ReadAhead.distance < slotCount {
                    let later = successors[slot + ReadAhead.distance]
                    if later >= 0 { ahead(Int(later)) }
                }
                let entered = successors[slot]
                if entered >= 0 { body(state, Int(entered)) }
            }
        }
    }

    /// Which states can still reach a final state: the final states, the states with a step into
    /// a state that can end, and (an unshadowing state steps as its parent does) the unshadowing
    /// children of a state that can end.
    func canEnd() -> [Bool] {
        let count = self.count
        // Predecessors by entered state, as offsets and one array.
        var predecessorsStart = [Int32](repeating: 0, count: count + 1)
        var readAhead = ReadAhead()
        forEachEdge(readingAhead: { readAhead.read(predecessorsStart[$0 + 1]) }) { _, entered in
            predecessorsStart[entered + 1] += 1
        }
        for state in 0..<count { predecessorsStart[state + 1] += predecessorsStart[state] }
        var fill = predecessorsStart
        var predecessors = [Int32](repeating: 0, count: Int(predecessorsStart[count]))
        forEachEdge(readingAhead: { readAhead.read(fill[$0]) }) { source, entered in
            predecessors[Int(fill[entered])] = Int32(source)
            fill[entered] += 1
        }
        // Unshadowing, non-final children as linked lists (first child, next sibling).
        var firstChild = [Int32](repeating: -1, count: count)
        var nextSibling = [Int32](repeating: -1, count: count)
        for state in stride(from: count - 1, through: 0, by: -1) {
            let parent = Int(parents[state])
            guard parent >= 0, flags[state].isDisjoint(with: [.shadowing, .final]) else { continue }
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
