/// One machine: its delegate, states and transitions.
///
/// The machine's syntax is flat (`MachineDecl`): states in pre-order with parent indices,
/// transitions in source order. So this reads each array front to back, with no walk of a
/// tree and no copy of its nodes.
extension Checker {
    mutating func checkMachine(_ decl: MachineDecl) -> Machine {
        let machineName = text(decl.name.range)
        // The parser interned every state, source, target and event name of the file.
        let names = root.names

        // Delegate.
        var delegate: Delegate?
        for (index, delegateDecl) in decl.delegates.enumerated() {
            if index > 0 {
                report(.duplicateDelegate(machineName, at: delegateDecl.range)
                    .note("first delegate declared here", at: decl.delegates[0].range))
                continue
            }
            delegate = resolveDelegate(delegateDecl)
        }

        // States.
        var states: [State] = []
        states.reserveCapacity(decl.states.count)
        // State by interned name: ids are small and dense, so an array does a dictionary's job
        // without hashing twice.
        var stateByName = StateIndex(count: names.count)
        var hasDuplicates = false
        for (index, entry) in decl.states.enumerated() {
            let id = entry.nameID
            let name = text(entry.name.range)
            if let first = stateByName[id] {
                report(.duplicateState(name, at: entry.name.range)
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
            states.append(State(name: name, description: entry.description.map(value), kind: kind, parent: parent,
                                children: [], initialChild: nil, range: entry.name.range))
            if let parent { states[parent].children.append(index) }
            if kind == .final, entry.hasChildStates {
                report(.finalCompositeState(name, at: entry.name.range))
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
        transitions.reserveCapacity(decl.transitions.count)
        var seen = TransitionTable(capacity: decl.transitions.count)
        // A duplicate state has no transitions of its own (they go to the first one), so the
        // graph checks would only repeat the duplicate error.
        var graphComplete = !syntaxHadErrors && !hasDuplicates
        let scope = callbackScope(for: delegate)
        for transitionDecl in decl.transitions {
            let callbackRefs = decl.callbacks(of: transitionDecl)
            guard let source = resolveState(transitionDecl.source, id: transitionDecl.sourceID, in: stateByName, states: states),
                  let target = resolveState(transitionDecl.target, id: transitionDecl.targetID, in: stateByName, states: states) else {
                for ref in callbackRefs { _ = resolveCallback(ref, in: scope, delegate: delegate) }
                graphComplete = false
                continue
            }
            let event = transitionDecl.event.map { text($0.range) }
            if states[source].isFinal {
                report(.transitionFromFinalState(states[source].name, at: transitionDecl.source.range)
                    .note("'\(states[source].name)' declared final here", at: states[source].range))
            }
            var callbacks: [MethodRef] = []
            if !callbackRefs.isEmpty {
                callbacks.reserveCapacity(callbackRefs.count)
                for ref in callbackRefs {
                    if let method = resolveCallback(ref, in: scope, delegate: delegate) { callbacks.append(method) }
                }
            }
            let transition = Transition(source: source, target: target, event: event,
                                        trigger: transitionDecl.trigger.map { $0 == .user ? .user : .system },
                                        callbacks: callbacks, description: transitionDecl.description.map(value),
                                        range: transitionDecl.range)
            let key = TransitionTable.key(source: source, event: transitionDecl.eventID)
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
        for requireDecl in decl.requires {
            guard let callback = resolveCallback(requireDecl.callback, in: scope, delegate: delegate) else { continue }
            requirements.append(Requirement(callback: callback, reason: requireDecl.reason.map(value), range: requireDecl.callback.range))
        }

        let outgoing = OutgoingTransitions(sources: transitions.map(\.source), stateCount: states.count)
        var machine = Machine(name: machineName, description: decl.description.map(value), range: decl.name.range,
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
        private var indices: [Int32]

        /// An index of names `0..<count`, none of them a state yet.
        init(count: Int) { indices = [Int32](repeating: -1, count: count) }

        subscript(id: NameTable.ID) -> Int? {
            get {
                let slot = Int(id)
                guard slot >= 0, slot < indices.count, indices[slot] >= 0 else { return nil }
                return Int(indices[slot])
            }
            set {
                indices[Int(id)] = newValue.map(Int32.init) ?? -1
            }
        }
    }

    /// The state a transition names (`id` is its name's id), or nil (reported, with a suggestion).
    mutating func resolveState(_ name: NameSyntax, id: NameTable.ID, in table: StateIndex, states: [State]) -> Int? {
        if let index = table[id] { return index }
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
