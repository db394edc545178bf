/// One machine: its delegate, states and transitions.
extension Checker {
    /// The members of a machine, flattened: states in pre-order with their parents. Transitions
    /// are only counted here: they are many and large, so `checkMachine` visits them in the
    /// tree (`walk`) instead of holding a copy of each.
    struct Flattened {
        var states: [FlatState] = []
        var transitionCount = 0
        var requires: [RequireDecl] = []
        var delegates: [DelegateDecl] = []
    }

    /// What the checker needs of a `StateDecl`, without its body: copying whole declarations
    /// retained their member arrays and tripled the bytes walked per state.
    struct FlatState {
        var modifier: StateDecl.Modifier
        var name: SourceRange
        var description: String?
        /// The enclosing state's index, or -1 at the top level.
        var parent: Int32
        /// Whether the body declares states (a final state may not).
        var hasChildStates: Bool
    }

    /// Visits the members of a machine body in pre-order (a state's body right after the
    /// state), with the index of the enclosing state in that order. An explicit stack of
    /// (members, next index, parent state) keeps this iterative.
    static func walk(_ members: [MemberSyntax], _ visit: (_ member: MemberSyntax, _ parent: Int?) -> Void) {
        var stateCount = 0
        var stack: [(members: [MemberSyntax], next: Int, parent: Int?)] = [(members, 0, nil)]
        while !stack.isEmpty {
            let top = stack.count - 1
            guard stack[top].next < stack[top].members.count else {
                stack.removeLast()
                continue
            }
            let member = stack[top].members[stack[top].next]
            stack[top].next += 1
            visit(member, stack[top].parent)
            if case .state(let decl) = member {
                let index = stateCount
                stateCount += 1
                if let children = decl.members, !children.isEmpty {
                    stack.append((children, 0, index))
                }
            }
        }
    }

    func flatten(_ members: [MemberSyntax]) -> Flattened {
        var result = Flattened()
        Checker.walk(members) { member, parent in
            switch member {
            case .state(let decl):
                let hasChildStates = decl.members?.contains { if case .state = $0 { true } else { false } } ?? false
                result.states.append(FlatState(modifier: decl.modifier, name: decl.name.range,
                                               description: decl.description?.value,
                                               parent: parent.map(Int32.init) ?? -1, hasChildStates: hasChildStates))
            case .transition: result.transitionCount += 1
            case .require(let decl): result.requires.append(decl)
            case .delegate(let decl): result.delegates.append(decl)
            }
        }
        return result
    }

    mutating func checkMachine(_ decl: MachineDecl) -> Machine {
        let machineName = text(decl.name.range)
        let flat = flatten(decl.members)
        // Every state name is interned below: size the table once instead of doubling it
        // (and rehashing every name) twenty times on the way to a million.
        names.reserveCapacity(names.count + flat.states.count)

        // Delegate.
        var delegate: Delegate?
        for (index, delegateDecl) in flat.delegates.enumerated() {
            if index > 0 {
                report(.duplicateDelegate(machineName, at: delegateDecl.range)
                    .note("first delegate declared here", at: flat.delegates[0].range))
                continue
            }
            delegate = resolveDelegate(delegateDecl)
        }

        // States.
        var states: [State] = []
        states.reserveCapacity(flat.states.count)
        // State by interned name: ids are small and dense, so an array does a dictionary's job
        // without hashing twice.
        var stateByName = StateIndex()
        var hasDuplicates = false
        for (index, entry) in flat.states.enumerated() {
            let id = names.intern(bytes(entry.name))
            let name = text(entry.name)
            if let first = stateByName[id] {
                report(.duplicateState(name, at: entry.name)
                    .note("'\(name)' first declared here", at: states[first].range))
                hasDuplicates = true
            } else {
                stateByName[id] = index
            }
            let kind: State.Kind = switch entry.modifier {
            case .none: .normal
            case .initial: .initial
            case .final: .final
            }
            let parent = entry.parent >= 0 ? Int(entry.parent) : nil
            states.append(State(name: name, description: entry.description, kind: kind, parent: parent,
                                children: [], initialChild: nil, range: entry.name))
            if let parent { states[parent].children.append(index) }
            if kind == .final, entry.hasChildStates {
                report(.finalCompositeState(name, at: entry.name))
            }
        }

        // Initial states: one among the top level, one among each composite's children.
        var initialState = -1
        var topLevelInitials: [Int] = []
        for index in states.indices where states[index].kind == .initial {
            if let parent = states[index].parent {
                if let first = states[parent].initialChild {
                    report(.severalInitialStates("state '\(states[parent].name)'", at: states[index].range)
                        .note("'\(states[first].name)' is already initial here", at: states[first].range))
                } else {
                    states[parent].initialChild = index
                }
            } else {
                topLevelInitials.append(index)
            }
        }
        if let first = topLevelInitials.first {
            initialState = first
            for extra in topLevelInitials.dropFirst() {
                report(.severalInitialStates("machine '\(machineName)'", at: states[extra].range)
                    .note("'\(states[first].name)' is already initial here", at: states[first].range))
            }
        } else if !states.isEmpty || !syntaxHadErrors {
            // A machine without states has no initial state either: generators and queries
            // need one to start from. (After a syntax error its states may just be unparsed.)
            report(.noInitialState(machineName, at: decl.name.range))
        }

        // Transitions.
        var transitions: [Transition] = []
        transitions.reserveCapacity(flat.transitionCount)
        var seen = TransitionTable(capacity: flat.transitionCount)
        // A duplicate state has no transitions of its own (they go to the first one), so the
        // graph checks would only repeat the duplicate error.
        var graphComplete = !syntaxHadErrors && !hasDuplicates
        let scope = callbackScope(for: delegate)
        Checker.walk(decl.members) { member, _ in
            guard case .transition(let transitionDecl) = member else { return }
            guard let source = resolveState(transitionDecl.source, in: stateByName, states: states),
                  let target = resolveState(transitionDecl.target, in: stateByName, states: states) else {
                _ = transitionDecl.callbacks.map { resolveCallback($0, in: scope, delegate: delegate) }
                graphComplete = false
                return
            }
            let event = transitionDecl.event.map { text($0.range) }
            if states[source].isFinal {
                report(.transitionFromFinalState(states[source].name, at: transitionDecl.source.range)
                    .note("'\(states[source].name)' declared final here", at: states[source].range))
            }
            let callbacks = transitionDecl.callbacks.compactMap { resolveCallback($0, in: scope, delegate: delegate) }
            let transition = Transition(source: source, target: target, event: event,
                                        trigger: transitionDecl.trigger.map { $0 == .user ? .user : .system },
                                        callbacks: callbacks, description: transitionDecl.description?.value,
                                        range: transitionDecl.range)
            let eventID = transitionDecl.event.map { names.intern(bytes($0.range)) } ?? -1
            let key = TransitionTable.key(source: source, event: eventID)
            let point = transitionDecl.event?.range ?? transitionDecl.source.range
            if let other = seen[key] {
                let first = transitions[other.index]
                if first.target == target {
                    report(.duplicateTransition(states[source].name, states[target].name, event: event, at: point)
                        .note("first declared here", at: other.at))
                } else {
                    report(.nondeterministicTransition(states[source].name, event: event, at: point)
                        .note("the other goes to '\(states[first.target].name)' here", at: other.at))
                }
            } else {
                seen[key] = (transitions.count, point)
            }
            transitions.append(transition)
        }

        // Requirements.
        var requirements: [Requirement] = []
        for requireDecl in flat.requires {
            guard let callback = resolveCallback(requireDecl.callback, in: scope, delegate: delegate) else { continue }
            requirements.append(Requirement(callback: callback, reason: requireDecl.reason?.value, range: requireDecl.callback.range))
        }

        let outgoing = OutgoingTransitions(sources: transitions.map(\.source), stateCount: states.count)
        var machine = Machine(name: machineName, description: decl.description?.value, range: decl.name.range,
                              delegate: delegate, states: states, transitions: transitions,
                              requirements: requirements, initialState: max(initialState, 0), outgoing: outgoing)
        if initialState >= 0 && graphComplete {
            analyseGraph(&machine, machineRange: decl.name.range)
        }
        if graphComplete { checkRequirementsCalled(machine) }
        return machine
    }

    /// (source state, event id) -> the first transition seen with them, for duplicate and
    /// nondeterminism checks. Open addressing over a packed 64-bit key, sized once for every
    /// transition of the machine: one multiply per probe instead of SipHash, and no rehashing.
    ///
    /// A slot holds the key and the position of the first transition's entry (4 bytes, -1 when
    /// empty); the entries themselves (index, point) are appended in order, so the table costs
    /// 12 bytes a slot instead of the 32 of an optional tuple per slot.
    struct TransitionTable {
        private var keys: [UInt64]
        private var slots: [Int32]
        private var entries: [(index: Int32, at: SourceRange)] = []
        private let shift: UInt64

        init(capacity: Int) {
            var bits: UInt64 = 4
            while (1 << bits) < capacity * 2 { bits += 1 }
            keys = [UInt64](repeating: 0, count: 1 << bits)
            slots = [Int32](repeating: -1, count: 1 << bits)
            entries.reserveCapacity(capacity)
            shift = 64 - bits
        }

        static func key(source: Int, event: NameTable.ID) -> UInt64 {
            UInt64(UInt32(truncatingIfNeeded: source)) << 32 | UInt64(UInt32(bitPattern: event))
        }

        /// The slot holding `key`, or the empty slot where it belongs.
        private func slot(_ key: UInt64) -> Int {
            var slot = Int((key &* 0x9E37_79B9_7F4A_7C15) >> shift)
            while slots[slot] >= 0 && keys[slot] != key { slot = (slot + 1) & (keys.count - 1) }
            return slot
        }

        /// The first transition seen with `key`; setting it again replaces it.
        subscript(key: UInt64) -> (index: Int, at: SourceRange)? {
            get {
                let entry = slots[slot(key)]
                guard entry >= 0 else { return nil }
                return (Int(entries[Int(entry)].index), entries[Int(entry)].at)
            }
            set {
                guard let newValue else { return }
                let slot = slot(key)
                keys[slot] = key
                slots[slot] = Int32(entries.count)
                entries.append((Int32(truncatingIfNeeded: newValue.index), newValue.at))
            }
        }
    }

    /// Interned name -> state index, as an array indexed by name id (-1: no such state).
    struct StateIndex {
        private var indices: [Int32] = []

        subscript(id: NameTable.ID) -> Int? {
            get {
                let slot = Int(id)
                guard slot < indices.count, indices[slot] >= 0 else { return nil }
                return Int(indices[slot])
            }
            set {
                let slot = Int(id)
                if slot >= indices.count { indices.append(contentsOf: repeatElement(-1, count: slot + 1 - indices.count)) }
                indices[slot] = newValue.map(Int32.init) ?? -1
            }
        }
    }

    /// The state a transition names, or nil (reported, with a suggestion).
    mutating func resolveState(_ name: NameSyntax, in table: StateIndex, states: [State]) -> Int? {
        if let id = names.lookup(bytes(name.range)), let index = table[id] { return index }
        let written = text(name.range)
        let suggestion = spendSuggestion() ? Suggestions.bestMatch(for: written, in: states.map(\.name)) : nil
        var diagnostic = Diagnostic.unknownState(written, suggestion: suggestion, at: name.range)
        if let suggestion, let index = states.firstIndex(where: { $0.name == suggestion }) {
            diagnostic = diagnostic.note("'\(suggestion)' declared here", at: states[index].range)
        }
        report(diagnostic)
        return nil
    }

    /// Warns about each required callback that no transition calls.
    mutating func checkRequirementsCalled(_ machine: Machine) {
        guard !machine.requirements.isEmpty else { return }
        // Flags by type and method index: a lookup per callback, no hashing.
        var called = types.map { [Bool](repeating: false, count: $0.methods.count) }
        for transition in machine.transitions {
            for callback in transition.callbacks { called[callback.type][callback.index] = true }
        }
        var warned: Set<MethodRef> = []
        for requirement in machine.requirements where !called[requirement.callback.type][requirement.callback.index] {
            guard warned.insert(requirement.callback).inserted else { continue }
            let method = types[requirement.callback.type].methods[requirement.callback.index]
            report(.requiredNeverCalled(method.selector, at: requirement.range))
        }
    }
}
