/// Steps a system's composed state: one leaf state per instance, as one `Int32` each.
///
/// A composed state is `instanceCount` consecutive `Int32`s, `state[i]` being instance `i`'s
/// current (leaf) state in its machine. `initial` is where every system starts; `apply(_:to:)`
/// applies one system event in place, and says whether it happened, was not expected (its
/// `when` clause does not hold), or was blocked at a step. `fire(_:from:)` does the same on an
/// array and also says which transition each step took, for printing.
///
/// An event happens, and is possible, only when its `when` clause holds and every step can be
/// applied in turn (<doc:Language>, "Systems"). A step `X.event` makes exactly the step
/// `MachineStepper.step(on:from:)` makes on X alone (<doc:Semantics>); `new X` is possible when
/// X is in the leaf it starts in or has ended (a final state at the top level) and puts it back
/// where it starts; a
/// condition `X is S` keeps X where it is when it is within S. Everything is looked up in rows
/// built once from those (`rowSize(of:)` says how large), so each costs one array read.
///
/// `ComposedExploration` searches the composed states with `apply`; `SystemQueries` and
/// `SystemAutomaton` (`simulate`, `trace`, `paths` and `conform` with `--system`) use `fire`.
public struct ComposedStepper: Sendable {
    public let system: System
    /// Per machine of `system.machines`: its steps.
    public let steppers: [MachineStepper]
    /// Where each event's entries start in the flattened list (its conditions, then its
    /// steps); `stepStarts[events.count]` is the total.
    let stepStarts: [Int]
    /// Per event: how many of its entries are conditions.
    let conditionCounts: [Int]
    /// Per machine: the leaf it starts in.
    let starts: [Int32]
    /// What `apply` reads, flat: per flattened entry, its instance, and where its row starts in
    /// `nextStates`. A row gives, per state of a machine, the leaf one (machine, event) pair
    /// leads to (-1: not possible there), or for a condition the state itself where it holds;
    /// entries with the same pair share one row.
    let stepInstance: [Int32]
    let rowStart: [Int]
    let nextStates: [Int32]

    /// The most `Int32`s the next-state rows of one system may take (64 MB): a row per distinct
    /// (machine, event) pair of its steps and (machine, state) pair of its conditions, one entry
    /// per state of the machine. The checker
    /// reports a system past it (`rowSize(of:)`) instead of building its rows.
    public static let maximumRowSize = 1 << 24

    /// How many `Int32`s `init(system:)` would allocate for `system`'s rows.
    public static func rowSize(of system: System) -> Int {
        var seen = Set<String>()
        var total = 0
        for event in system.events {
            for condition in event.conditions {
                let machine = system.instances[condition.instance].machine
                if seen.insert(conditionKey(machine, condition.state)).inserted {
                    total += system.machines[machine].states.count
                }
            }
            for step in event.steps {
                let machine = system.instances[step.instance].machine
                if seen.insert(rowKey(machine, step.action)).inserted {
                    total += system.machines[machine].states.count
                }
            }
        }
        return total
    }

    static func rowKey(_ machine: Int, _ action: SystemStep.Action) -> String {
        switch action {
        case .fire(let event): "\(machine) \(event)"
        case .new: "\(machine)"
        }
    }

    static func conditionKey(_ machine: Int, _ state: Int) -> String { "\(machine) is \(state)" }

    /// How many `Int32`s a composed state takes.
    public var instanceCount: Int { system.instances.count }

    /// Every instance in its machine's initial (leaf) state.
    public var initial: [Int32] { system.instances.map { starts[$0.machine] } }

    /// Builds the rows: each entry one step (`MachineStepper.landings(on:)`, a walk out through
    /// the state's enclosing states), so time linear in their size times the machines' nesting.
    public init(system: System) {
        self.system = system
        let steppers = system.machines.map(MachineStepper.init)
        let starts = steppers.map { Int32($0.start) }
        var stepStarts: [Int] = []
        var stepInstance: [Int32] = []
        var rowStart: [Int] = []
        var nextStates: [Int32] = []
        var rowOf: [String: Int] = [:]
        for event in system.events {
            stepStarts.append(rowStart.count)
            for condition in event.conditions {
                let machineIndex = system.instances[condition.instance].machine
                let key = ComposedStepper.conditionKey(machineIndex, condition.state)
                stepInstance.append(Int32(condition.instance))
                if let row = rowOf[key] {
                    rowStart.append(row)
                    continue
                }
                let machine = system.machines[machineIndex]
                rowOf[key] = nextStates.count
                rowStart.append(nextStates.count)
                for state in machine.states.indices {
                    nextStates.append(machine.isWithin(state, condition.state) ? Int32(state) : -1)
                }
            }
            for step in event.steps {
                let machineIndex = system.instances[step.instance].machine
                let key = ComposedStepper.rowKey(machineIndex, step.action)
                stepInstance.append(Int32(step.instance))
                if let row = rowOf[key] {
                    rowStart.append(row)
                    continue
                }
                let machine = system.machines[machineIndex]
                let row = nextStates.count
                rowOf[key] = row
                rowStart.append(row)
                switch step.action {
                case .new:
                    for state in machine.states.indices {
                        nextStates.append(steppers[machineIndex].canRestart(from: state) ? starts[machineIndex] : -1)
                    }
                case .fire(let name):
                    nextStates.append(contentsOf: steppers[machineIndex].landings(on: name))
                }
            }
        }
        stepStarts.append(rowStart.count)
        self.steppers = steppers
        self.stepStarts = stepStarts
        self.conditionCounts = system.events.map(\.conditions.count)
        self.starts = starts
        self.stepInstance = stepInstance
        self.rowStart = rowStart
        self.nextStates = nextStates
    }

    /// What applying a system event did. Only `.done` is the event happening.
    public enum Outcome: Sendable, Equatable {
        /// Every step happened.
        case done
        /// Its `when` clause does not hold here.
        case unexpected
        /// Step `step` (its index in the event's steps) cannot happen after the ones before it.
        case blocked(step: Int)
    }

    /// Applies `event` to the composed state at `state` (`instanceCount` values), in place.
    /// After `.unexpected` the state is unchanged; after `.blocked` it holds the steps before
    /// the blocked one.
    @inline(__always)
    public func apply(_ event: Int, to state: UnsafeMutablePointer<Int32>) -> Outcome {
        let first = stepStarts[event], end = stepStarts[event + 1]
        let steps = first + conditionCounts[event]
        return stepInstance.withUnsafeBufferPointer { instances in
            rowStart.withUnsafeBufferPointer { rows in
                nextStates.withUnsafeBufferPointer { next in
                    var index = first
                    while index < end {
                        let instance = Int(instances[index])
                        let to = next[rows[index] &+ Int(state[instance])]
                        if to < 0 { return index < steps ? .unexpected : .blocked(step: index - steps) }
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
        let first = stepStarts[event] + conditionCounts[event]
        for index in stepStarts[event]..<first where nextStates[rowStart[index] + Int(current[Int(stepInstance[index])])] < 0 {
            return Firing(outcome: .unexpected, state: current, steps: [])
        }
        for index in first..<stepStarts[event + 1] {
            let instance = Int(stepInstance[index])
            let before = Int(current[instance])
            let after = nextStates[rowStart[index] + before]
            if after < 0 {
                return Firing(outcome: .blocked(step: index - first), state: current, steps: fired)
            }
            // Which transition it was (only printing needs it).
            var transition: Int?
            if case .fire(let name) = system.events[event].steps[index - first].action {
                transition = steppers[system.instances[instance].machine].step(on: name, from: before)?.transition
            }
            current[instance] = after
            fired.append(FiredStep(instance: instance, transition: transition, from: before, to: Int(after)))
        }
        return Firing(outcome: .done, state: current, steps: fired)
    }

    /// The events possible in `state` (every condition holds, every step happens), in
    /// declaration order.
    public func possibleEvents(in state: [Int32]) -> [Int] {
        var scratch = state
        return system.events.indices.filter { event in
            for i in scratch.indices { scratch[i] = state[i] }
            return scratch.withUnsafeMutableBufferPointer { apply(event, to: $0.baseAddress!) } == .done
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
    /// Per event with a `when` clause: the first state (breadth-first, so reached by fewest
    /// events) where the clause holds and a step is blocked, and that step; nil when none.
    public private(set) var failures: [(state: Int, step: Int)?]
    /// Per event: whether its `when` clause (if any) holds in some visited state.
    public private(set) var expected: [Bool]
    /// Per event: the furthest step it is blocked at in a visited state (where its clause
    /// holds), and the first state found that blocks it there; nil when it is never blocked.
    /// When the event is never possible, that step fails wherever the steps before it happen.
    public private(set) var furthest: [(state: Int, step: Int)?]
    /// Per instance: whether it is in another state than its initial one in some visited state.
    public private(set) var leftInitial: [Bool]

    /// How many states were visited.
    public var count: Int { parents.count }

    /// The most states any search of `stepper`'s system may visit, whatever the limit asked
    /// for, so that its memory (about 2^28 bytes of states) and its work (about 2^28 reads and
    /// writes of instance states, a few seconds) stay bounded on any input: a state takes
    /// `instanceCount` values, and visiting it copies them once per event and reads each step.
    public static func budget(for stepper: ComposedStepper) -> Int {
        let n = stepper.instanceCount
        let perState = n * (stepper.system.events.count + 1) + stepper.stepInstance.count + 1
        return max(1, min((1 << 26) / (n + 4), (1 << 28) / perState))
    }

    /// Explores `stepper`'s system from its start.
    public init(_ stepper: ComposedStepper, limit: Int, goal: (([Int32]) -> Bool)? = nil) {
        let n = stepper.instanceCount
        instanceCount = n
        let eventCount = stepper.system.events.count
        possible = [Bool](repeating: false, count: eventCount)
        failures = [(state: Int, step: Int)?](repeating: nil, count: eventCount)
        expected = [Bool](repeating: false, count: eventCount)
        furthest = [(state: Int, step: Int)?](repeating: nil, count: eventCount)
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
                // Most events are not possible in most states: tell from the first entry
                // before copying the state.
                let firstEntry = stepper.stepStarts[event]
                if firstEntry < stepper.stepStarts[event + 1] {
                    let instance = Int(stepper.stepInstance[firstEntry])
                    if stepper.nextStates[stepper.rowStart[firstEntry] + Int(states[head * n + instance])] < 0 {
                        if stepper.conditionCounts[event] == 0 {
                            expected[event] = true
                            if furthest[event] == nil { furthest[event] = (head, 0) }
                        }
                        continue
                    }
                }
                states.withUnsafeBufferPointer { all in
                    scratch.withUnsafeMutableBufferPointer { copy in
                        for i in 0..<n { copy[i] = all[head &* n &+ i] }
                    }
                }
                let outcome = scratch.withUnsafeMutableBufferPointer { stepper.apply(event, to: $0.baseAddress!) }
                switch outcome {
                case .unexpected:
                    continue
                case .blocked(let step):
                    expected[event] = true
                    if stepper.conditionCounts[event] > 0 && failures[event] == nil { failures[event] = (head, step) }
                    if step > furthest[event]?.step ?? -1 { furthest[event] = (head, step) }
                    continue
                case .done:
                    expected[event] = true
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
