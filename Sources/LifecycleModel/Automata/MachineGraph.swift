import LifecycleSource

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
/// leaves inside its source (final ones too: one inside a composite accepts the composite's
/// transitions) except those inside a state between that has its own transition on the event. States are numbered in pre-order, so a region is its source's
/// range of numbers minus the ranges of those inner states (`holes`), computed once from the
/// same rule as `step(on:from:)` (innermost first). A transition without holes, the usual
/// case, is a step in every leaf inside its source; `MachineGraphStepTests` checks the passes
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
///
/// The type is `public` and its members `package`, as `ReadAhead`'s are, so that the per-state
/// queries (`isComposite(_:)`, `enter(_:)`…), which the checker and the DOT generator ask in
/// other targets, are inlined there.
public struct MachineGraph: Sendable {
    /// Each state's parent, -1 at the top level.
    @usableFromInline package let parents: [Int32]
    /// Each state's initial child, -1 if it has none.
    @usableFromInline package let initialChildren: [Int32]
    /// Per-state flags, one byte each. (`@usableFromInline`: the per-state queries read it.)
    @usableFromInline var flags: [Flags]
    /// State `s`'s own transitions are the slots `successorStarts[s]..<successorStarts[s + 1]`,
    /// in declaration order (empty until `connect`).
    private var successorStarts: [Int32]
    /// Per slot: the state its transition enters (`enter(_:)` of its target); -1 for an
    /// internal transition, which enters nothing; `-2 - entered` for a transition an inner state
    /// shadows somewhere (listed in `shadowed`), so that the passes, which follow the entries
    /// that are not negative state by state, leave it to its region. `landing` reads all three.
    private var successors: [Int32] = []
    /// Per slot: the transition's index in `Machine.transitions`.
    private var slotTransitions: [Int32] = []
    /// Per transition (in declaration order): its event as a number (equal numbers, same
    /// event), -1 for none.
    private var events: [Int32] = []
    /// Per state: the end (exclusive) of its range of numbers, itself and the states inside it.
    private var subtreeEnds: [Int32] = []
    /// The transitions entering a state that an inner state shadows somewhere (their regions
    /// have holes), by slot, each with its source, the state it enters and the states whose
    /// ranges are cut out of its region: `holeStates[shadowed[i].holes]`, in order. Empty when
    /// no such transition is shadowed.
    private var shadowed: [ShadowedSlot] = []
    /// The internal transitions an inner state shadows somewhere, likewise.
    private var shadowedInternal: [ShadowedSlot] = []
    private var holeStates: [Int32] = []

    struct ShadowedSlot {
        var slot: Int32
        var source: Int32
        var entered: Int32
        var holes: Range<Int>
    }

    /// (The flags are computed properties, not `static let`s, so that an inlined query does not
    /// call a global's accessor.)
    @usableFromInline struct Flags: OptionSet, Sendable {
        @usableFromInline let rawValue: UInt8
        @inlinable init(rawValue: UInt8) { self.rawValue = rawValue }
        @inlinable static var composite: Flags { Flags(rawValue: 1 << 0) }
        @inlinable static var final: Flags { Flags(rawValue: 1 << 1) }
        /// A step possible in it leaves it (`forEachStep` has an external step).
        @inlinable static var hasWayOut: Flags { Flags(rawValue: 1 << 2) }
        /// It lies in the region of a shadowed transition that enters a state (`reach` then
        /// looks for such transitions when it reaches the state).
        static var inShadowedRegion: Flags { Flags(rawValue: 1 << 3) }
    }

    /// The hierarchy of `states` (parents before children), without transitions.
    package init(states: [State]) {
        let count = states.count
        var parents = [Int32](repeating: -1, count: count)
        var initialChildren = [Int32](repeating: -1, count: count)
        var flags = [Flags](repeating: [], count: count)
        // Field by field from the borrowed array: copying a whole `State` would retain its name,
        // description and children for each state.
        states.withUnsafeBufferPointer { states in
            for index in 0..<count {
                if !states[index].children.isEmpty { flags[index].insert(.composite) }
                if states[index].kind == .final { flags[index].insert(.final) }
                if let parent = states[index].parent { parents[index] = Int32(parent) }
                if let child = states[index].initialChild { initialChildren[index] = Int32(child) }
            }
        }
        self.parents = parents
        self.initialChildren = initialChildren
        self.flags = flags
        successorStarts = [Int32](repeating: 0, count: count + 1)
    }

    /// Adds the transitions. `outgoing` groups them by source; per transition, in declaration
    /// order, `entries[t]` is the state it enters (`enter(_:)` of its target, or -1 for an
    /// internal transition) and `events[t]` its event as a number from 0 (-1 for none).
    ///
    /// Only the transitions that can fire become slots: not one from a final state (an error
    /// the checker reports), nor one on an event that a transition declared before it in the
    /// same state already has (the first one wins; the checker says which). So every pass, and
    /// every step, follows only what can happen (`isSlot(_:)` says which were kept).
    package mutating func connect(outgoing: OutgoingTransitions, entries: [Int32], events: [Int32]) {
        self.events = events
        let eventCount = Int(events.max() ?? -1) + 1
        (successorStarts, slotTransitions) = Self.firing(outgoing, events: events, eventCount: eventCount, flags: flags)
        let slotCount = slotTransitions.count
        var successors = [Int32](repeating: 0, count: slotCount)
        slotTransitions.withUnsafeBufferPointer { indices in
            for i in 0..<slotCount { successors[i] = entries[Int(indices[i])] }
        }
        self.successors = successors
        var ends = [Int32](repeating: 0, count: count)
        for state in stride(from: count - 1, through: 0, by: -1) {
            ends[state] = max(ends[state], Int32(state + 1))
            let parent = Int(parents[state])
            if parent >= 0 { ends[parent] = max(ends[parent], ends[state]) }
        }
        subtreeEnds = ends
        findHoles(eventCount: eventCount)
        for entry in shadowed { self.successors[Int(entry.slot)] = -2 - entry.entered }
        markWaysOut()
    }

    /// `outgoing`'s rows without the transitions that never fire: those of a final state, and
    /// those on an event a transition declared before them in their state already has. One pass,
    /// with the state that last claimed each event (no clearing between states).
    private static func firing(_ outgoing: OutgoingTransitions, events: [Int32], eventCount: Int,
                               flags: [Flags]) -> (starts: [Int32], slots: [Int32]) {
        let count = outgoing.count
        var claimedBy = [Int32](repeating: -1, count: eventCount)
        var starts = [Int32](repeating: 0, count: count + 1)
        var slots: [Int32] = []
        slots.reserveCapacity(outgoing.indices.count)
        for state in 0..<count {
            if !flags[state].contains(.final) {
                for slot in Int(outgoing.starts[state])..<Int(outgoing.starts[state + 1]) {
                    let transition = outgoing.indices[slot]
                    let event = Int(events[Int(transition)])
                    if event >= 0 {
                        if claimedBy[event] == Int32(state) { continue }
                        claimedBy[event] = Int32(state)
                    }
                    slots.append(transition)
                }
            }
            starts[state + 1] = Int32(slots.count)
        }
        return (starts, slots)
    }

    @inlinable package var count: Int { parents.count }

    @inlinable package func isComposite(_ state: Int) -> Bool { flags[state].contains(.composite) }
    @inlinable package func isFinal(_ state: Int) -> Bool { flags[state].contains(.final) }
    /// Whether a step possible in the state leaves it (after `connect`).
    @inlinable package func hasWayOut(_ state: Int) -> Bool { flags[state].contains(.hasWayOut) }
    @inlinable package var hasFinalState: Bool { flags.contains { $0.contains(.final) } }

    /// The state entered when `state` is the target: its initial child, recursively
    /// (`StateTree.entry`, as `Machine.entry(_:)`, over `initialChildren`).
    @inlinable package func enter(_ state: Int) -> Int {
        StateTree.entry(state, count: count) { initialChildren[$0] >= 0 ? Int(initialChildren[$0]) : nil }
    }

    /// Whether `state` is `ancestor` or lies inside it (`StateTree.isWithin`, as
    /// `Machine.isWithin(_:_:)`, over `parents`).
    @inlinable package func isWithin(_ state: Int, _ ancestor: Int) -> Bool {
        StateTree.isWithin(state, ancestor) { parents[$0] >= 0 ? Int(parents[$0]) : nil }
    }

    // MARK: - Steps: what an event does

    /// Calls `body` with each slot whose transition an event may fire in `leaf`, in the order a
    /// step looks for them: the leaf's own transitions in declaration order, then its parent's,
    /// and so on outwards. A final state has none of its own (`connect` keeps none), so a
    /// top-level one has none at all, and one inside a composite has the composite's and its
    /// ancestors' (UML's and SCXML's rule: it completes its composite, which can still be
    /// left). `body` returns false to stop.
    @inline(__always)
    private func forEachCandidate(from leaf: Int, _ body: (Int) -> Bool) {
        var current = leaf
        while current >= 0 {
            for slot in Int(successorStarts[current])..<Int(successorStarts[current + 1]) where !body(slot) { return }
            current = Int(parents[current])
        }
    }

    /// Where the machine is once `slot`'s transition has fired in `leaf`.
    @inline(__always)
    private func landing(_ slot: Int, from leaf: Int) -> Int {
        let entered = successors[slot]
        return Self.landing(entering: entered < -1 ? -2 - entered : entered, from: leaf)
    }

    /// Where the machine is once a transition that enters `entered` (-1: an internal one) has
    /// fired in `leaf`: still in `leaf` for an internal transition, else in the entered state.
    @inline(__always)
    static func landing(entering entered: Int32, from leaf: Int) -> Int { entered < 0 ? leaf : Int(entered) }

    /// What `event` does when the machine is in `leaf`: the transition it fires and the state
    /// the machine is in afterwards, or nil when `leaf` does not accept it.
    ///
    /// This is the definition every command follows (<doc:Semantics>): the first transition on
    /// `event` among `leaf`'s own, else among its parent's, and so on outwards (the innermost
    /// wins); in a final state, only the transitions of the states around it (none at the top
    /// level, where the machine has ended). An internal transition leaves the machine in `leaf`;
    /// any other enters its target (its initial child, recursively). The step calls that
    /// transition's callbacks, in order, and nothing else.
    func step(on event: Int32, from leaf: Int) -> (transition: Int, to: Int)? {
        var found = -1
        forEachCandidate(from: leaf) { slot in
            guard events[Int(slotTransitions[slot])] == event else { return true }
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
            let event = events[Int(slotTransitions[slot])]
            if event < 0 || seen.insert(event) {
                body(Int(slotTransitions[slot]), landing(slot, from: leaf), successors[slot] == -1)
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

    /// Calls `body` with the ranges of state numbers making up a shadowed transition's region
    /// (its source's range between its holes); composites in them are not steps' places.
    @inline(__always)
    private func forEachRange(of entry: ShadowedSlot, _ body: (Int, Int) -> Void) {
        var start = Int(entry.source)
        for i in entry.holes {
            let hole = Int(holeStates[i])
            if start < hole { body(start, hole) }
            start = Int(subtreeEnds[hole])
        }
        let end = Int(subtreeEnds[Int(entry.source)])
        if start < end { body(start, end) }
    }

    /// Finds the holes: one pass in pre-order, keeping for each event the transitions on it of
    /// the composite states on the path from the top down to the current state (a stack per
    /// event, linked through one array). A state with a transition on an event cuts its range
    /// out of the regions of the innermost state above it with one on that event — the
    /// transition `step(on:from:)` would otherwise find. Only events some composite has a
    /// transition on can be shadowed, so only their transitions are looked at; a composite
    /// leaves the path when the pass goes past its range.
    private mutating func findHoles(eventCount: Int) {
        guard eventCount > 0 else { return }
        var holes: [(slot: Int32, state: Int32)] = []
        var sources: [Int32: Int32] = [:]
        successorStarts.withUnsafeBufferPointer { starts in
        slotTransitions.withUnsafeBufferPointer { transitions in
        self.events.withUnsafeBufferPointer { transitionEvents in
        subtreeEnds.withUnsafeBufferPointer { ends in
            let flags = self.flags, successors = self.successors
            /// Slot `slot`'s event.
            func events(_ slot: Int) -> Int32 { transitionEvents[Int(transitions[slot])] }
            var onComposite = [Bool](repeating: false, count: eventCount)
            var any = false
            for state in 0..<count where flags[state].contains(.composite) {
                for slot in Int(starts[state])..<Int(starts[state + 1]) where events(slot) >= 0 {
                    onComposite[Int(events(slot))] = true
                    any = true
                }
            }
            guard any else { return }
            onComposite.withUnsafeBufferPointer { onComposite in
            // Per event, the top of its stack (an index into the entries, -1: none); the
            // entries are the slots pushed, in order, each linked to the one below on its event.
            var top = [Int32](repeating: -1, count: eventCount)
            var below: [Int32] = [], entries: [Int32] = []
            // The composites on the path, and where each one's entries start.
            var path: [(state: Int32, firstEntry: Int32)] = []
            for state in 0..<count where starts[state] != starts[state + 1] {
                let slots = Int(starts[state])..<Int(starts[state + 1])
                var candidate = false
                for slot in slots where events(slot) >= 0 && onComposite[Int(events(slot))] {
                    candidate = true
                    break
                }
                guard candidate else { continue }
                while let last = path.last, Int32(state) >= ends[Int(last.state)] {
                    path.removeLast()
                    while entries.count > Int(last.firstEntry) {
                        top[Int(events(Int(entries.removeLast())))] = below.removeLast()
                    }
                }
                for slot in slots where events(slot) >= 0 && onComposite[Int(events(slot))] {
                    // Every transition on the event of the innermost state above with one (a
                    // second of this state's own on the event repeats a hole: harmless).
                    var entry = Int(top[Int(events(slot))])
                    guard entry >= 0 else { continue }
                    // The entries of the composite that pushed it start at its path element's.
                    let owner = path.last { Int32(entry) >= $0.firstEntry }!
                    while entry >= Int(owner.firstEntry) {
                        holes.append((entries[entry], Int32(state)))
                        sources[entries[entry]] = owner.state
                        entry = Int(below[entry])
                    }
                }
                guard flags[state].contains(.composite) else { continue }
                path.append((Int32(state), Int32(entries.count)))
                for slot in slots where events(slot) >= 0 && onComposite[Int(events(slot))] {
                    let event = Int(events(slot))
                    entries.append(Int32(slot))
                    below.append(top[event])
                    top[event] = Int32(entries.count - 1)
                }
            }
            }
        }
        }
        }
        }
        guard !holes.isEmpty else { return }
        // Grouped by slot (a stable sort: each slot's holes stay in pre-order).
        let bySlot = holes.indices.sorted { (holes[$0].slot, $0) < (holes[$1].slot, $1) }
        holeStates = bySlot.map { holes[$0].state }
        var first = 0
        while first < bySlot.count {
            let slot = holes[bySlot[first]].slot
            var end = first + 1
            while end < bySlot.count && holes[bySlot[end]].slot == slot { end += 1 }
            let entry = ShadowedSlot(slot: slot, source: sources[slot]!, entered: successors[Int(slot)], holes: first..<end)
            // An internal transition enters nothing: the passes need not its region, only
            // `firesSomewhere` does.
            if entry.entered >= 0 { shadowed.append(entry) } else { shadowedInternal.append(entry) }
            first = end
        }
    }

    /// `.hasWayOut`: a transition not shadowed that enters a state is a way out of every state
    /// inside its source (one pass in pre-order: parents first); a shadowed one, of the states
    /// in its region.
    private mutating func markWaysOut() {
        let count = self.count
        parents.withUnsafeBufferPointer { parents in
        successorStarts.withUnsafeBufferPointer { starts in
        successors.withUnsafeBufferPointer { plain in
        flags.withUnsafeMutableBufferPointer { flags in
            for state in 0..<count where !flags[state].contains(.final) {
                let parent = Int(parents[state])
                var wayOut = parent >= 0 && flags[parent].contains(.hasWayOut)
                var slot = Int(starts[state])
                let end = Int(starts[state + 1])
                while !wayOut && slot < end {
                    wayOut = plain[slot] >= 0
                    slot += 1
                }
                if wayOut { flags[state].insert(.hasWayOut) }
            }
        }
        }
        }
        }
        guard !shadowed.isEmpty else { return }
        var painter = RangePainter(count: count) { flags[$0].contains(.final) }
        var painted: [Int32] = []
        // How many regions start minus how many end at each state, summed below.
        var depth = [Int32](repeating: 0, count: count + 1)
        for entry in shadowed {
            forEachRange(of: entry) { start, end in
                depth[start] += 1
                depth[end] -= 1
                painter.paint(start..<end, into: &painted)
            }
        }
        for state in painted { flags[Int(state)].insert(.hasWayOut) }
        var inside: Int32 = 0
        for state in 0..<count {
            inside += depth[state]
            if inside > 0 { flags[state].insert(.inShadowedRegion) }
        }
    }

    // MARK: - Passes

    /// Which states a run from `start` (an entered state) can be in, or inside: the states its
    /// steps enter, from every non-final leaf it reaches, and the states around them.
    ///
    /// A transition not shadowed is a step in every leaf inside its source, so it is followed
    /// once, when the first leaf inside is reached (each state's own transitions once); a
    /// shadowed one waits in an `IntervalStabbing` until a leaf of its region is reached.
    package func reach(from start: Int) -> [Bool] {
        let reached: UInt8 = 1, expanded: UInt8 = 2
        var marks = [UInt8](repeating: 0, count: count)
        var readAhead = ReadAhead()
        // The regions of shadowed transitions that enter a state, and which states lie in one.
        var ranges: [(start: Int32, end: Int32, value: Int32)] = []
        for entry in shadowed {
            forEachRange(of: entry) { ranges.append((Int32($0), Int32($1), entry.entered)) }
        }
        var stabbing = IntervalStabbing(ranges)
        var stabbed: [Int32] = []
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
            let leafFlags = flags[leaf]
            // The transitions not shadowed of the leaf and of its ancestors (each state's once;
            // a final leaf has none of its own, and at the top level no ancestors either).
            var current = leaf
            while current >= 0, marks[current] & expanded == 0 {
                marks[current] |= expanded
                for slot in Int(successorStarts[current])..<Int(successorStarts[current + 1]) {
                    let next = Int(successors[slot])
                    if next >= 0 && marks[next] & reached == 0 {
                        marks[next] |= reached
                        queue.append(Int32(next))
                    }
                }
                current = Int(parents[current])
            }
            // The shadowed transitions whose region holds the leaf.
            guard leafFlags.contains(.inShadowedRegion) else { continue }
            stabbed.removeAll(keepingCapacity: true)
            stabbing.stab(Int32(leaf)) { stabbed.append($0) }
            for entered in stabbed {
                let next = Int(entered)
                if marks[next] & reached == 0 {
                    marks[next] |= reached
                    queue.append(Int32(next))
                }
            }
        }
        readAhead.finish()
        return marks.map { $0 & reached != 0 }
    }

    /// Which transitions some leaf takes. `fires` is per transition (in declaration order):
    /// false for one `connect` left out (from a final state, or on an event its state already
    /// has a transition on) and for one shadowed in every leaf inside its source. Those are
    /// also in `shadowedEverywhere`, each with the states whose own transitions on its event
    /// shadow it (its region's holes, in declaration order). Linear: the leaves are counted
    /// once, in pre-order.
    package func transitionsTaken() -> (fires: [Bool], shadowedEverywhere: [(transition: Int, by: [Int])]) {
        var fires = [Bool](repeating: false, count: events.count)
        for transition in slotTransitions { fires[Int(transition)] = true }
        guard !shadowed.isEmpty || !shadowedInternal.isEmpty else { return (fires, []) }
        // leavesBefore[s]: how many leaves come before state `s` in pre-order.
        var leavesBefore = [Int32](repeating: 0, count: count + 1)
        for state in 0..<count {
            leavesBefore[state + 1] = leavesBefore[state] + (flags[state].contains(.composite) ? 0 : 1)
        }
        var everywhere: [(transition: Int, by: [Int])] = []
        for list in [shadowed, shadowedInternal] {
            for entry in list {
                var any = false
                forEachRange(of: entry) { start, end in any = any || leavesBefore[end] > leavesBefore[start] }
                guard !any else { continue }
                let transition = Int(slotTransitions[Int(entry.slot)])
                fires[transition] = false
                everywhere.append((transition, entry.holes.map { Int(holeStates[$0]) }))
            }
        }
        everywhere.sort { $0.transition < $1.transition }
        return (fires, everywhere)
    }

    /// The reached leaves that are not final and have no way out: a run that gets there stays.
    @inlinable package func deadEnds(reached: [Bool]) -> [Int] {
        (0..<count).filter { reached[$0] && flags[$0].isDisjoint(with: [.composite, .final, .hasWayOut]) }
    }

    /// Which states can still reach a final state: the final states, and the leaves of the
    /// region of a transition entering a state that can end (backwards from the final states,
    /// each transition once, each leaf once); a composite can when a state inside it can.
    package func canEnd() -> [Bool] {
        let count = self.count
        // The transitions entering each state, as offsets and one array: a source state, or for
        // a shadowed transition -1 - its index in `shadowed`.
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
        for entry in shadowed { predecessorsStart[Int(entry.entered) + 1] += 1 }
        for state in 0..<count { predecessorsStart[state + 1] += predecessorsStart[state] }
        var fill = predecessorsStart
        var predecessors = [Int32](repeating: 0, count: Int(predecessorsStart[count]))
        for source in 0..<count {
            for slot in Int(successorStarts[source])..<Int(successorStarts[source + 1]) {
                if slot + ReadAhead.distance < slotCount {
                    let later = successors[slot + ReadAhead.distance]
                    if later >= 0 { readAhead.read(fill[Int(later)]) }
                }
                let entered = Int(successors[slot])
                guard entered >= 0 else { continue }
                predecessors[Int(fill[entered])] = Int32(source)
                fill[entered] += 1
            }
        }
        for (index, entry) in shadowed.enumerated() {
            let entered = Int(entry.entered)
            predecessors[Int(fill[entered])] = -1 - Int32(index)
            fill[entered] += 1
        }
        var canEnd = [Bool](repeating: false, count: count)
        var work: [Int32] = []
        for state in 0..<count where flags[state].contains(.final) {
            canEnd[state] = true
            work.append(Int32(state))
        }
        // A transition from a leaf makes that leaf able to end; one from a composite, or a
        // shadowed one, the leaves of its region, painted once each (the painter is made when
        // first needed; a leaf marked directly may be painted again later, and is skipped then).
        var painter: RangePainter?
        var painted: [Int32] = []
        var head = 0
        while head < work.count {
            if head + ReadAhead.distance < work.count { readAhead.read(predecessorsStart[Int(work[head + ReadAhead.distance])]) }
            let state = Int(work[head])
            head += 1
            for i in Int(predecessorsStart[state])..<Int(predecessorsStart[state + 1]) {
                let source = Int(predecessors[i])
                if source >= 0 && !flags[source].contains(.composite) {
                    if !canEnd[source] {
                        canEnd[source] = true
                        work.append(Int32(source))
                    }
                    continue
                }
                if painter == nil { painter = RangePainter(count: count) { flags[$0].contains(.composite) || flags[$0].contains(.final) } }
                painted.removeAll(keepingCapacity: true)
                if source >= 0 {
                    painter!.paint(source..<Int(subtreeEnds[source]), into: &painted)
                } else {
                    forEachRange(of: shadowed[-1 - source]) { painter!.paint($0..<$1, into: &painted) }
                }
                for leaf in painted where !canEnd[Int(leaf)] {
                    canEnd[Int(leaf)] = true
                    work.append(leaf)
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

/// Numbers `0..<count` painted once each: `paint(_:into:)` lists each number of a range not
/// painted yet (nor skipped), in time proportional to those, plus nearly constant time per
/// range (a union-find of "the next number not painted", with path halving).
struct RangePainter {
    private var next: [Int32]

    /// `skip` numbers are never painted.
    init(count: Int, skip: (Int) -> Bool) {
        next = [Int32](unsafeUninitializedCapacity: count + 1) { buffer, initialized in
            for number in 0..<count { buffer[number] = Int32(skip(number) ? number + 1 : number) }
            buffer[count] = Int32(count)
            initialized = count + 1
        }
    }

    private mutating func find(_ number: Int) -> Int {
        var current = number
        while Int(next[current]) != current {
            next[current] = next[Int(next[current])]
            current = Int(next[current])
        }
        return current
    }

    /// Appends to `painted` each number of `range` not painted yet, and paints it.
    mutating func paint(_ range: Range<Int>, into painted: inout [Int32]) {
        var number = find(range.lowerBound)
        while number < range.upperBound {
            painted.append(Int32(number))
            next[number] = Int32(number + 1)
            number = find(number + 1)
        }
    }
}
