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
        // Read for each transition's source: a byte per state rather than a 100-byte `State`.
        var isFinal = [Bool](repeating: false, count: decl.states.count)
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
            isFinal[index] = kind == .final
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

        // Transitions. First their states, silently (an unknown name is reported below, in
        // order with the transition's other messages), then their duplicates, state by state.
        let transitionCount = decl.transitions.count
        var sourceOf = [Int32](repeating: -1, count: transitionCount)
        var targetOf = [Int32](repeating: -1, count: transitionCount)
        var allResolved = true
        var readAhead = ReadAhead()
        decl.transitions.withUnsafeBufferPointer { decls in
            for t in 0..<transitionCount {
                // Targets are all over the machine: read one ahead (see `ReadAhead`).
                if t + ReadAhead.distance < transitionCount {
                    readAhead.read(stateByName.readAhead(decls[t + ReadAhead.distance].targetID))
                }
                if let source = stateByName[decls[t].sourceID], let target = stateByName[decls[t].targetID] {
                    sourceOf[t] = Int32(source)
                    targetOf[t] = Int32(target)
                } else {
                    allResolved = false
                }
            }
        }
        readAheadSink ^= readAhead.sink
        let bySource = OutgoingTransitions(sources: sourceOf, stateCount: states.count)
        let firstSame = Checker.firstWithSameEvent(bySource, events: decl.transitions)

        var transitions: [Transition] = []
        transitions.reserveCapacity(transitionCount)
        // A duplicate state has no transitions of its own (they go to the first one), so the
        // graph checks would only repeat the duplicate error.
        let graphComplete = !syntaxHadErrors && !hasDuplicates && allResolved
        let scope = callbackScope(for: delegate)
        // Callbacks: every reference that resolves, resolved first without a word (messages
        // come below, in order with the transition's others), into one array whose slices are
        // the transitions' lists: one allocation instead of one per transition.
        var resolvedSpellings = [MethodRef?](repeating: nil, count: root.callbackSpellings.count)
        var methods: [MethodRef] = []
        methods.reserveCapacity(decl.callbacks.count)
        var methodStarts = [Int32](repeating: 0, count: transitionCount + 1)
        for t in 0..<transitionCount {
            for ref in decl.callbacks(of: decl.transitions[t]) {
                if let method = lookupCallback(ref, in: scope, cache: &resolvedSpellings) { methods.append(method) }
            }
            methodStarts[t + 1] = Int32(methods.count)
        }
        for (t, transitionDecl) in decl.transitions.enumerated() {
            let callbackRefs = decl.callbacks(of: transitionDecl)
            guard sourceOf[t] >= 0 else {
                // Reports the unknown source, or else the unknown target.
                if resolveState(transitionDecl.source, id: transitionDecl.sourceID, in: stateByName, states: states) != nil {
                    _ = resolveState(transitionDecl.target, id: transitionDecl.targetID, in: stateByName, states: states)
                }
                for ref in callbackRefs where resolvedSpellings[Int(ref.spelling)] == nil {
                    _ = resolveCallback(ref, in: scope, delegate: delegate)
                }
                continue
            }
            let source = Int(sourceOf[t]), target = Int(targetOf[t])
            let event = transitionDecl.event.map { text($0.range) }
            if isFinal[source] {
                report(.transitionFromFinalState(states[source].name, at: transitionDecl.source.range)
                    .note("'\(states[source].name)' declared final here", at: states[source].range))
            }
            // The references that did not resolve are resolved again, to be reported.
            for ref in callbackRefs where resolvedSpellings[Int(ref.spelling)] == nil {
                _ = resolveCallback(ref, in: scope, delegate: delegate)
            }
            transitions.append(Transition(source: source, target: target, event: event,
                                          trigger: transitionDecl.trigger.map { $0 == .user ? .user : .system },
                                          callbacks: methods[Int(methodStarts[t])..<Int(methodStarts[t + 1])],
                                          description: transitionDecl.description.map(value),
                                          range: transitionDecl.range))
            let first = Int(firstSame[t])
            if first >= 0 {
                let point = transitionDecl.event?.range ?? transitionDecl.source.range
                let firstDecl = decl.transitions[first]
                let firstPoint = firstDecl.event?.range ?? firstDecl.source.range
                let firstTarget = Int(targetOf[first])
                if firstTarget == target {
                    report(.duplicateTransition(states[source].name, states[target].name, event: event, at: point)
                        .note("first declared here", at: firstPoint))
                } else {
                    report(.nondeterministicTransition(states[source].name, event: event, at: point)
                        .note("the other goes to '\(states[firstTarget].name)' here", at: firstPoint))
                }
            }
        }

        // Requirements.
        var requirements: [Requirement] = []
        for requireDecl in decl.requires {
            guard let callback = resolveCallback(requireDecl.callback, in: scope, delegate: delegate) else { continue }
            requirements.append(Requirement(callback: callback, reason: requireDecl.reason.map(value), range: requireDecl.callback.range))
        }

        // Without unknown states, the model's transitions are the declared ones, already grouped.
        let outgoing = allResolved ? bySource
            : OutgoingTransitions(sources: transitions.map { Int32($0.source) }, stateCount: states.count)
        var machine = Machine(name: machineName, description: decl.description.map(value), range: decl.name.range,
                              delegate: delegate, states: states, transitions: transitions,
                              requirements: requirements, initialState: max(initialState, 0), outgoing: outgoing)
        if initialState >= 0 && graphComplete {
            analyseGraph(&machine, sources: sourceOf, targets: targetOf, machineRange: decl.name.range)
        }
        if graphComplete { checkRequirementsCalled(machine, calls: methods) }
        checkAvailability(of: decl, delegate: delegate, requirements: requirements, resolved: resolvedSpellings)
        return machine
    }

    /// For each transition, the first one declared before it with the same source state and
    /// event (a duplicate or a nondeterministic choice), or -1.
    ///
    /// Works through the transitions grouped by source (`bySource`), so that it reads one
    /// state's transitions together, mostly in declaration order, instead of probing a hash
    /// table keyed by (state, event) at random for each. A state's few transitions are compared
    /// pairwise; a state with many goes through a dictionary, so no state costs quadratic time.
    static func firstWithSameEvent(_ bySource: OutgoingTransitions, events decls: [TransitionDecl]) -> [Int32] {
        var first = [Int32](repeating: -1, count: decls.count)
        let pairwiseLimit = 16
        var firstByEvent: [NameTable.ID: Int32] = [:]
        decls.withUnsafeBufferPointer { decls in
            for state in 0..<bySource.count {
                let group = bySource.indices[Int(bySource.starts[state])..<Int(bySource.starts[state + 1])]
                guard group.count > 1 else { continue }
                if group.count <= pairwiseLimit {
                    for i in group.indices.dropFirst() {
                        let event = decls[Int(group[i])].eventID
                        for j in group.startIndex..<i where decls[Int(group[j])].eventID == event {
                            first[Int(group[i])] = group[j]
                            break
                        }
                    }
                } else {
                    firstByEvent.removeAll(keepingCapacity: true)
                    for t in group {
                        let event = decls[Int(t)].eventID
                        if let earlier = firstByEvent[event] {
                            first[Int(t)] = earlier
                        } else {
                            firstByEvent[event] = t
                        }
                    }
                }
            }
        }
        return first
    }

    /// Interned name -> state index, as an array indexed by name id (-1: no such state).
    struct StateIndex {
        private var indices: [Int32]

        /// An index of names `0..<count`, none of them a state yet.
        init(count: Int) { indices = [Int32](repeating: -1, count: count) }

        /// Reads the entry of `id` only to bring it into cache (`ReadAhead`).
        func readAhead(_ id: NameTable.ID) -> Int32 {
            let slot = Int(id)
            return slot >= 0 && slot < indices.count ? indices[slot] : 0
        }

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
    /// `calls` are the callbacks of all the machine's transitions.
    mutating func checkRequirementsCalled(_ machine: Machine, calls: [MethodRef]) {
        guard !machine.requirements.isEmpty else { return }
        // Flags by type and method index: a lookup per callback, no hashing.
        var called = types.map { [Bool](repeating: false, count: $0.methods.count) }
        for callback in calls { called[callback.type][callback.index] = true }
        var warned: Set<MethodRef> = []
        for requirement in machine.requirements where !called[requirement.callback.type][requirement.callback.index] {
            guard warned.insert(requirement.callback).inserted else { continue }
            let method = types[requirement.callback.type].methods[requirement.callback.index]
            report(.requiredNeverCalled(method.selector, at: requirement.range))
        }
    }
}
