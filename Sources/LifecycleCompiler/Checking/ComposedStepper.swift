/// Steps a system's composed state: one leaf state per instance, as one `Int32` each.
///
/// A composed state is `instanceCount` consecutive `Int32`s, `state[i]` being instance `i`'s
/// current (leaf) state in its machine. `initial` is where every system starts; `apply(_:to:)`
/// applies one system event in place, and says whether it happened, was not possible (its first
/// step cannot happen), or failed at a later step. `fire(_:from:)` does the same on an array and
/// also says which transition each step took, for printing.
///
/// A step `X.event` fires exactly what `Simulator` would fire on X alone (the current state's
/// own transitions first, then its ancestors'); `new X` is possible when X is in its initial
/// state or a final state and puts it back in its initial state. Everything is looked up in
/// tables built once, so a step costs one array read.
public struct ComposedStepper: Sendable {
    public let system: System
    /// Where each event's steps start in the flattened step list; `stepStarts[events.count]` is
    /// the total.
    let stepStarts: [Int]
    /// Per flattened step, per state of its instance's machine: the transition it fires there,
    /// or -1 when that state does not accept the step's event (for `new`: 0 when allowed, -1
    /// when not).
    let stepTables: [[Int32]]
    /// Per flattened step: its instance.
    let stepInstances: [Int]
    /// Per flattened step: whether it is `new`.
    let stepIsNew: [Bool]
    /// Per machine, per transition: the leaf state it ends in.
    let entries: [[Int32]]
    /// Per machine: the leaf it starts in.
    let starts: [Int32]
    /// What `apply` reads, flat: per flattened step, its instance, and where its row starts in
    /// `nextStates`, whose row gives, per state of the instance's machine, the state the step
    /// leads to (-1: not possible there).
    let stepInstance: [Int32]
    let rowStart: [Int32]
    let nextStates: [Int32]

    /// How many `Int32`s a composed state takes.
    public var instanceCount: Int { system.instances.count }

    /// Every instance in its machine's initial (leaf) state.
    public var initial: [Int32] { system.instances.map { starts[$0.machine] } }

    public init(system: System) {
        self.system = system
        var entries: [[Int32]] = []
        var starts: [Int32] = []
        for machine in system.machines {
            entries.append(machine.transitions.map { Int32(machine.entry($0.target)) })
            starts.append(Int32(machine.initialState >= 0 ? machine.entry(machine.initialState) : 0))
        }
        var stepStarts: [Int] = []
        var tables: [[Int32]] = []
        var instances: [Int] = []
        var isNew: [Bool] = []
        // One table per distinct (instance's machine, event): steps repeat them often.
        var tableCache: [String: [Int32]] = [:]
        for event in system.events {
            stepStarts.append(tables.count)
            for step in event.steps {
                let machineIndex = system.instances[step.instance].machine
                let machine = system.machines[machineIndex]
                let key: String
                switch step.action {
                case .fire(let name): key = "\(machineIndex) \(name)"
                case .new: key = "\(machineIndex)"
                }
                let table: [Int32]
                if let cached = tableCache[key] {
                    table = cached
                } else {
                    table = machine.states.indices.map { state in
                        switch step.action {
                        case .fire(let name):
                            guard machine.states[state].children.isEmpty else { return -1 }
                            return Int32(machine.transitions(from: state).first { machine.transitions[$0].event == name } ?? -1)
                        case .new:
                            let allowed = machine.states[state].isFinal
                                || (machine.initialState >= 0 && machine.isWithin(state, machine.initialState))
                            return allowed ? 0 : -1
                        }
                    }
                    tableCache[key] = table
                }
                tables.append(table)
                instances.append(step.instance)
                isNew.append(step.action == .new)
            }
        }
        stepStarts.append(tables.count)
        var rowStart: [Int32] = []
        var nextStates: [Int32] = []
        for (index, table) in tables.enumerated() {
            let machine = system.instances[instances[index]].machine
            rowStart.append(Int32(nextStates.count))
            for found in table {
                nextStates.append(found < 0 ? -1 : isNew[index] ? starts[machine] : entries[machine][Int(found)])
            }
        }
        self.stepInstance = instances.map { Int32($0) }
        self.rowStart = rowStart
        self.nextStates = nextStates
        self.stepStarts = stepStarts
        self.stepTables = tables
        self.stepInstances = instances
        self.stepIsNew = isNew
        self.entries = entries
        self.starts = starts
    }

    /// What applying a system event did.
    public enum Outcome: Sendable, Equatable {
        /// Every step happened.
        case done
        /// The first step cannot happen here: the event is not possible.
        case notPossible
        /// Step `step` (its index in the event, from 1) cannot happen once the event started.
        case failed(step: Int)
    }

    /// Applies `event` to the composed state at `state` (`instanceCount` values), in place.
    /// After `.notPossible` the state is unchanged; after `.failed` it holds the steps before the
    /// failing one.
    @inline(__always)
    public func apply(_ event: Int, to state: UnsafeMutablePointer<Int32>) -> Outcome {
        let first = stepStarts[event], end = stepStarts[event + 1]
        return stepInstance.withUnsafeBufferPointer { instances in
            rowStart.withUnsafeBufferPointer { rows in
                nextStates.withUnsafeBufferPointer { next in
                    var index = first
                    while index < end {
                        let instance = Int(instances[index])
                        let to = next[Int(rows[index]) &+ Int(state[instance])]
                        if to < 0 { return index == first ? .notPossible : .failed(step: index - first) }
                        state[instance] = to
                        index += 1
                    }
                    return .done
                }
            }
        }
    }

    /// One step as it happened: the instance, the transition it took (nil for `new`), and the
    /// states before and after.
    public struct FiredStep: Sendable, Equatable {
        public var instance: Int
        public var transition: Int?
        public var from: Int
        public var to: Int
    }

    /// `apply` on an array, with what each step did.
    public struct Firing: Sendable, Equatable {
        public var outcome: Outcome
        /// The state after the event (before the failing step, after a failure).
        public var state: [Int32]
        public var steps: [FiredStep]
    }

    /// Applies `event` to `state` and reports each step.
    public func fire(_ event: Int, from state: [Int32]) -> Firing {
        var current = state
        var fired: [FiredStep] = []
        let first = stepStarts[event]
        for index in first..<stepStarts[event + 1] {
            let instance = stepInstances[index]
            let before = Int(current[instance])
            let found = stepTables[index][before]
            if found < 0 {
                return Firing(outcome: index == first ? .notPossible : .failed(step: index - first), state: current, steps: fired)
            }
            let machine = system.instances[instance].machine
            let after = stepIsNew[index] ? starts[machine] : entries[machine][Int(found)]
            current[instance] = after
            fired.append(FiredStep(instance: instance, transition: stepIsNew[index] ? nil : Int(found), from: before, to: Int(after)))
        }
        return Firing(outcome: .done, state: current, steps: fired)
    }

    /// The events possible in `state`, in declaration order.
    public func possibleEvents(in state: [Int32]) -> [Int] {
        system.events.indices.filter { event in
            let index = stepStarts[event]
            guard index < stepStarts[event + 1] else { return true }
            return stepTables[index][Int(state[stepInstances[index]])] >= 0
        }
    }
}

/// The composed states of a system reachable from its start, found breadth-first.
///
/// States are kept in one flat `Int32` array (`instanceCount` values each, in the order found)
/// and indexed by an open-addressing hash table of state numbers, so the search allocates a few
/// large arrays and is linear in the states it visits times the events. It stops at `limit`
/// states, or as soon as a state satisfies `goal`. For every state it keeps the state and event
/// it was first reached from, which gives a shortest sequence of events to any of them.
public struct ComposedExploration: Sendable {
    public enum Result: Sendable, Equatable {
        /// Every reachable state was visited (or, with a goal, none satisfies it).
        case complete
        /// More than `limit` states are reachable.
        case limitReached
        /// State `index` satisfies the goal.
        case found(Int)
    }

    public let instanceCount: Int
    public private(set) var result = Result.complete
    /// The states found, `instanceCount` values each.
    public private(set) var states: [Int32] = []
    /// Per state: the state it was first reached from (-1 for the start) and the event.
    public private(set) var parents: [Int32] = []
    public private(set) var viaEvents: [Int32] = []
    /// Per event: whether it is possible in some visited state.
    public private(set) var possible: [Bool]
    /// Per event: the first state (breadth-first, so reached by fewest events) in which it
    /// starts and then fails, and at which step; nil when it never fails.
    public private(set) var failures: [(state: Int, step: Int)?]
    /// Per instance: whether it is in another state than its initial one in some visited state.
    public private(set) var leftInitial: [Bool]

    /// How many states were visited.
    public var count: Int { parents.count }

    /// Explores `stepper`'s system from its start.
    public init(_ stepper: ComposedStepper, limit: Int, goal: (([Int32]) -> Bool)? = nil) {
        let n = stepper.instanceCount
        instanceCount = n
        let eventCount = stepper.system.events.count
        possible = [Bool](repeating: false, count: eventCount)
        failures = [(state: Int, step: Int)?](repeating: nil, count: eventCount)
        leftInitial = [Bool](repeating: false, count: n)
        let start = stepper.initial
        var table = [Int32](repeating: -1, count: 64)
        var mask = 63
        states.append(contentsOf: start)
        parents.append(-1)
        viaEvents.append(-1)
        insert(0, hash: ComposedExploration.hash(start[...]), into: &table, mask: mask)
        var scratch = [Int32](repeating: 0, count: max(n, 1))
        var head = 0
        while head < parents.count {
            if let goal, goal(Array(states[head * n..<(head + 1) * n])) {
                result = .found(head)
                return
            }
            for i in 0..<n where states[head * n + i] != start[i] { leftInitial[i] = true }
            for event in 0..<eventCount {
                states.withUnsafeBufferPointer { all in
                    scratch.withUnsafeMutableBufferPointer { copy in
                        for i in 0..<n { copy[i] = all[head &* n &+ i] }
                    }
                }
                let outcome = scratch.withUnsafeMutableBufferPointer { stepper.apply(event, to: $0.baseAddress!) }
                switch outcome {
                case .notPossible:
                    continue
                case .failed(let step):
                    possible[event] = true
                    if failures[event] == nil { failures[event] = (head, step) }
                    continue
                case .done:
                    possible[event] = true
                }
                let hash = ComposedExploration.hash(scratch[0..<n])
                var slot = Int(truncatingIfNeeded: hash) & mask
                let known: Bool = states.withUnsafeBufferPointer { all in
                    scratch.withUnsafeBufferPointer { candidate in
                        table.withUnsafeBufferPointer { slots in
                            while slots[slot] >= 0 {
                                let base = Int(slots[slot]) &* n
                                var same = true
                                for i in 0..<n where all[base &+ i] != candidate[i] {
                                    same = false
                                    break
                                }
                                if same { return true }
                                slot = (slot &+ 1) & mask
                            }
                            return false
                        }
                    }
                }
                if known { continue }
                if parents.count >= limit {
                    result = .limitReached
                    return
                }
                let index = parents.count
                states.append(contentsOf: scratch[0..<n])
                parents.append(Int32(head))
                viaEvents.append(Int32(event))
                table[slot] = Int32(index)
                if parents.count * 2 > table.count {
                    table = [Int32](repeating: -1, count: table.count * 2)
                    mask = table.count - 1
                    for state in 0..<parents.count {
                        insert(state, hash: ComposedExploration.hash(states[state * n..<(state + 1) * n]), into: &table, mask: mask)
                    }
                }
            }
            head += 1
        }
    }

    private func insert(_ state: Int, hash: UInt64, into table: inout [Int32], mask: Int) {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while table[slot] >= 0 { slot = (slot + 1) & mask }
        table[slot] = Int32(state)
    }

    static func hash(_ values: ArraySlice<Int32>) -> UInt64 {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15
        for value in values {
            h = (h ^ UInt64(UInt32(bitPattern: value))) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 31
        }
        return h
    }

    /// State `index` as an array.
    public func state(_ index: Int) -> [Int32] { Array(states[index * instanceCount..<(index + 1) * instanceCount]) }

    /// The events that lead from the start to state `index`, fewest first found.
    public func events(to index: Int) -> [Int] {
        var events: [Int] = []
        var current = index
        while parents[current] >= 0 {
            events.append(Int(viaEvents[current]))
            current = Int(parents[current])
        }
        return events.reversed()
    }
}
