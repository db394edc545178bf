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
/// The passes do not list every leaf's steps (a composite's transitions would be listed again
/// for each state inside it): each transition is the step on its event in a *region*, the
/// non-final leaves inside its source except those inside a state between that has its own
/// transition on the event. States are numbered in pre-order, so a region is its source's
/// range of numbers minus the ranges of those inner states (`holes`), computed once from the
/// same rule as `step(on:from:)` (innermost first). A transition without holes, the usual
/// case, is a step in every leaf inside its source; `MachineGraphTests` checks the passes
/// against `forEachStep` leaf by leaf.
///
/// Why small arrays: the passes jump from state to state in graph order, and at a million
/// states every step that lands in a `State` (about 100 bytes) is a cache miss. So what they
/// follow is copied once, in order, into `Int32`s (-1 for none) and one byte of flags per state;
/// transitions are kept by source state in the order of `Machine.outgoing` (compressed rows),
/// each as a slot. Every operation is iterative and linear in the machine, but for a logarithm
/// per shadowed transition.
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
    /// Per state: the end (exclusive) of its range of numbers, itself and the states inside it.
    private var subtreeEnds: [Int32] = []
    /// The states whose ranges are cut out of slot `t`'s region:
    /// `holeStates[holeStarts[t]..<holeStarts[t + 1]]`, in order. Both are empty when no
    /// transition is shadowed anywhere.
    private var holeStarts: [Int32] = []
    private var holeStates: [Int32] = []

    struct Flags: OptionSet {
        let rawValue: UInt8
        static let composite = Flags(rawValue: 1 << 0)
        static let final = Flags(rawValue: 1 << 1)
        /// A step possible in it leaves it (`forEachStep` has an external step).
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
        var ends = [Int32](repeating: 0, count: count)
        for state in stride(from: count - 1, through: 0, by: -1) {
            ends[state] = max(ends[state], Int32(state + 1))
            let parent = Int(parents[state])
            if parent >= 0 { ends[parent] = max(ends[parent], ends[state]) }
        }
        subtreeEnds = ends
        findHoles(eventCount: eventCount)
        markWaysOut()
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

    // MARK: - Regions: where each transition is a step

    /// Whether slot `t`'s region has holes (an inner state shadows its transition somewhere).
    @inline(__always)
    private func hasHoles(_ slot: Int) -> Bool { !holeStarts.isEmpty && holeStarts[slot] != holeStarts[slot + 1] }

    /// Calls `body` with the ranges of state numbers making up slot `t`'s region (its source's
    /// range between its holes); composites and final states in them are not steps' places.
    @inline(__always)
    private func forEachRange(of slot: Int, source: Int, _ body: (Int, Int) -> Void) {
        var start = source
        if hasHoles(slot) {
            for i in Int(holeStarts[slot])..<Int(holeStarts[slot + 1]) {
                let hole = Int(holeStates[i])
                if start < hole { body(start, hole) }
                start = Int(subtreeEnds[hole])
            }
        }
        let end = Int(subtreeEnds[source])
        if start < end { body(start, end) }
    }

    /// Finds the holes: one pass in pre-order, keeping for each event the transitions on it of
    /// the states on the path from the top down to the current one (a stack per event). A state
    /// with a transition on an event cuts its range out of the regions of the innermost state
    /// above it with one on that event — the transition `step(on:from:)` would otherwise find.
    private mutating func findHoles(eventCount: Int) {
        guard eventCount > 0 else { return }
        // Per event, the top of its stack in `entries` (-1: none); entries link to the one below.
        var top = [Int32](repeating: -1, count: eventCount)
        var entrySlots: [Int32] = [], entryStates: [Int32] = [], entryBelow: [Int32] = []
        // The first state that met each event while adding its own (to skip its duplicates).
        var metBy = [Int32](repeating: -1, count: eventCount)
        var path: [Int32] = []
        var holes: [(slot: Int32, state: Int32)] = []
        for state in 0..<count {
            let parent = parents[state]
            while let last = path.last, last != parent {
                path.removeLast()
                for slot in stride(from: Int(successorStarts[Int(last) + 1]) - 1, through: Int(successorStarts[Int(last)]), by: -1)
                where slotEvents[slot] >= 0 {
                    let event = Int(slotEvents[slot])
                    top[event] = entryBelow[Int(top[event])]
                    entrySlots.removeLast()
                    entryStates.removeLast()
                    entryBelow.removeLast()
                }
            }
            path.append(Int32(state))
            let slots = Int(successorStarts[state])..<Int(successorStarts[state + 1])
            for slot in slots where slotEvents[slot] >= 0 {
                let event = Int(slotEvents[slot])
                guard metBy[event] != Int32(state) else { continue }
                metBy[event] = Int32(state)
                // Every transition on the event of the innermost state above that has one.
                var entry = top[event]
                let shadowed = entry >= 0 ? entryStates[Int(entry)] : -1
                while entry >= 0, entryStates[Int(entry)] == shadowed {
                    holes.append((entrySlots[Int(entry)], Int32(state)))
                    entry = entryBelow[Int(entry)]
                }
            }
            for slot in slots where slotEvents[slot] >= 0 {
                let event = Int(slotEvents[slot])
                entrySlots.append(Int32(slot))
                entryStates.append(Int32(state))
                entryBelow.append(top[event])
                top[event] = Int32(entrySlots.count - 1)
            }
        }
        guard !holes.isEmpty else { return }
        // Grouped by slot, in the order found (pre-order, so each slot's holes are in order).
        var starts = [Int32](repeating: 0, count: successors.count + 1)
        for hole in holes { starts[Int(hole.slot) + 1] += 1 }
        for slot in 0..<successors.count { starts[slot + 1] += starts[slot] }
        var fill = starts
        var states = [Int32](repeating: 0, count: holes.count)
        for hole in holes {
            states[Int(fill[Int(hole.slot)])] = hole.state
            fill[Int(hole.slot)] += 1
        }
        holeStarts = starts
        holeStates = states
    }

    /// `.hasWayOut`: a transition without holes that enters a state is a way out of every state
    /// inside its source (one pass in pre-order: parents first); one with holes, of the states
    /// in its region.
    private mutating func markWaysOut() {
        var shadowedExits = false
        for state in 0..<count where !flags[state].contains(.final) {
            let parent = Int(parents[state])
            var wayOut = parent >= 0 && flags[parent].contains(.hasWayOut)
            for slot in Int(successorStarts[state])..<Int(successorStarts[state + 1]) where successors[slot] >= 0 {
                if hasHoles(slot) { shadowedExits = true } else { wayOut = true }
            }
            if wayOut { flags[state].insert(.hasWayOut) }
        }
        guard shadowedExits else { return }
        var ranges: [Range<Int>] = []
        for state in 0..<count {
            for slot in Int(successorStarts[state])..<Int(successorStarts[state + 1]) where successors[slot] >= 0 && hasHoles(slot) {
                forEachRange(of: slot, source: state) { ranges.append($0..<$1) }
            }
        }
        let flags = self.flags
        var painter = RangePainter(count: count) { flags[$0].contains(.final) }
        for range in ranges { painter.paint(range) { self.flags[$0].insert(.hasWayOut) } }
    }

    // MARK: - Passes

    /// Which states a run from `start` (an entered state) can be in, or inside: the states its
    /// steps enter, from every non-final leaf it reaches, and the states around them.
    ///
    /// A transition without holes is a step in every leaf inside its source, so it is followed
    /// once, when the first leaf inside is reached (each state's own transitions once); one with
    /// holes waits in an `IntervalStabbing` until a leaf of its region is reached.
    func reach(from start: Int) -> [Bool] {
        let reached: UInt8 = 1, expanded: UInt8 = 2
        var marks = [UInt8](repeating: 0, count: count)
        var readAhead = ReadAhead()
        var shadowed: [(start: Int32, end: Int32, value: Int32)] = []
        if !holeStates.isEmpty {
            for state in 0..<count {
                for slot in Int(successorStarts[state])..<Int(successorStarts[state + 1]) where successors[slot] >= 0 && hasHoles(slot) {
                    forEachRange(of: slot, source: state) { shadowed.append((Int32($0), Int32($1), Int32(slot))) }
                }
            }
        }
        var stabbing = IntervalStabbing(shadowed)
        // The queue holds reached leaves; a leaf's ancestors are marked reached when it is
        // taken from the queue rather than when it is put in (the same states end up reached),
        // so that everything read for a leaf is read then, and can be read ahead.
        var queue: [Int32] = [Int32(start)]
        marks[start] = reached
        var head = 0
        func visit(_ next: Int) {
            if marks[next] & reached == 0 {
                marks[next] |= reached
                queue.append(Int32(next))
            }
        }
        while head < queue.count {
            readAhead.ahead(of: head, in: queue, offsets: successorStarts, alongside: parents, lists: successors)
            let leaf = Int(queue[head])
            head += 1
            var up = Int(parents[leaf])
            while up >= 0, marks[up] & reached == 0 {
                marks[up] |= reached
                up = Int(parents[up])
            }
            if flags[leaf].contains(.final) { continue }
            // The transitions without holes of the leaf and of its ancestors (each state's once).
            var current = leaf
            while current >= 0, marks[current] & expanded == 0 {
                marks[current] |= expanded
                for slot in Int(successorStarts[current])..<Int(successorStarts[current + 1]) {
                    let next = successors[slot]
                    if next >= 0 && !hasHoles(slot) { visit(Int(next)) }
                }
                current = Int(parents[current])
            }
            if !stabbing.isEmpty { stabbing.stab(Int32(leaf)) { visit(Int(successors[Int($0)])) } }
        }
        readAhead.finish()
        return marks.map { $0 & reached != 0 }
    }

    /// The reached leaves that are not final and have no way out: a run that gets there stays.
    func deadEnds(reached: [Bool]) -> [Int] {
        (0..<count).filter { reached[$0] && flags[$0].isDisjoint(with: [.composite, .final, .hasWayOut]) }
    }

    /// Which states can still reach a final state: the final states, and the leaves of the
    /// region of a transition entering a state that can end (backwards from the final states,
    /// each transition once, each leaf once); a composite can when a state inside it can.
    func canEnd() -> [Bool] {
        let count = self.count
        // The slots entering each state, as offsets and one array.
        var predecessorsStart = [Int32](repeating: 0, count: count + 1)
        var readAhead = ReadAhead()
        let slotCount = successors.count
        for slot in 0..<slotCount {
            if slot + ReadAhead.distance < slotCount {
                let later = successors[slot + ReadAhead.distance]
                if later >= 0 { readAhead.read(predecessorsStart[Int(later) + 1]) }
            }
            let entered = successors[slot]
            if entered >= 0 { predecessorsStart[Int(entered) + 1] += 1 }
        }
        for state in 0..<count { predecessorsStart[state + 1] += predecessorsStart[state] }
        var fill = predecessorsStart
        var predecessors = [Int32](repeating: 0, count: Int(predecessorsStart[count]))
        for slot in 0..<slotCount {
            if slot + ReadAhead.distance < slotCount {
                let later = successors[slot + ReadAhead.distance]
                if later >= 0 { readAhead.read(fill[Int(later)]) }
            }
            let entered = Int(successors[slot])
            guard entered >= 0 else { continue }
            predecessors[Int(fill[entered])] = Int32(slot)
            fill[entered] += 1
        }
        // Each slot's source, for its region.
        var slotSources = [Int32](repeating: 0, count: slotCount)
        for state in 0..<count {
            for slot in Int(successorStarts[state])..<Int(successorStarts[state + 1]) { slotSources[slot] = Int32(state) }
        }
        var canEnd = [Bool](repeating: false, count: count)
        var work: [Int32] = []
        for state in 0..<count where flags[state].contains(.final) {
            canEnd[state] = true
            work.append(Int32(state))
        }
        // Only leaves that are not final are painted; a composite's range is its leaves'.
        var painter = RangePainter(count: count) { self.flags[$0].contains(.composite) || self.flags[$0].contains(.final) }
        var head = 0
        while head < work.count {
            if head + ReadAhead.distance < work.count { readAhead.read(predecessorsStart[Int(work[head + ReadAhead.distance])]) }
            let state = Int(work[head])
            head += 1
            for i in Int(predecessorsStart[state])..<Int(predecessorsStart[state + 1]) {
                let slot = Int(predecessors[i])
                forEachRange(of: slot, source: Int(slotSources[slot])) { start, end in
                    painter.paint(start..<end) { leaf in
                        canEnd[leaf] = true
                        work.append(Int32(leaf))
                    }
                }
            }
        }
        readAhead.finish()
        for state in stride(from: count - 1, through: 0, by: -1) where canEnd[state] {
            let parent = Int(parents[state])
            if parent >= 0 { canEnd[parent] = true }
        }
        return canEnd
    }
}

/// Numbers `0..<count` painted once each: `paint(_:_:)` calls its body for each number of a
/// range not painted yet (nor skipped), in time proportional to those, plus nearly constant
/// time per range (a union-find of "the next number not painted", with path halving).
struct RangePainter {
    private var next: [Int32]

    /// `skip` numbers are never painted.
    init(count: Int, skip: (Int) -> Bool) {
        next = (0...count).map { Int32($0) }
        for number in 0..<count where skip(number) { next[number] = Int32(number + 1) }
    }

    private mutating func find(_ number: Int) -> Int {
        var current = number
        while Int(next[current]) != current {
            next[current] = next[Int(next[current])]
            current = Int(next[current])
        }
        return current
    }

    mutating func paint(_ range: Range<Int>, _ body: (Int) -> Void) {
        var number = find(range.lowerBound)
        while number < range.upperBound {
            body(number)
            next[number] = Int32(number + 1)
            number = find(number + 1)
        }
    }
}
