import LifecycleSource
import LifecycleSyntax
import LifecycleModel

/// One machine: its delegate, states and transitions.
///
/// The machine's syntax is flat (`MachineDecl`): states in pre-order with parent indices,
/// transitions in source order. So this reads each array front to back, with no walk of a
/// tree and no copy of its nodes.
extension Checker {
    mutating func checkMachine(_ decl: MachineDecl) -> Machine {
        let machineName = text(decl.name.range)
        let delegate = resolveDelegates(of: decl, named: machineName)
        var declared = declareStates(of: decl)
        let initialState = resolveInitialStates(&declared.states, of: decl, named: machineName)
        resolveDeadlines(of: decl, into: &declared.states)
        // Resolved silently: an unknown name is reported by `checkTransitions`, in order with
        // the transition's other messages.
        let ends = resolveEnds(of: decl.transitions, in: declared.index)
        let scope = callbackScope(for: delegate)
        let callbacks = lookUpCallbacks(of: decl, in: scope)
        let bySource = OutgoingTransitions(sources: ends.sources, stateCount: declared.states.count)
        let (transitions, hasInternal) = checkTransitions(of: decl, declared, ends, bySource: bySource, callbacks: callbacks,
                                           scope: scope, delegate: delegate)

        var requirements: [Requirement] = []
        for requireDecl in decl.requires {
            guard let callback = resolveCallback(requireDecl.callback, in: scope, delegate: delegate) else { continue }
            requirements.append(Requirement(callback: callback, reason: requireDecl.reason.map(value), range: requireDecl.callback.range))
        }

        // Without unknown states, the model's transitions are the declared ones, already grouped.
        let outgoing = ends.allResolved ? bySource
            : OutgoingTransitions(sources: transitions.map { Int32($0.source) }, stateCount: declared.states.count)
        var machine = Machine(name: machineName, description: decl.description.map(value), range: decl.name.range,
                              delegate: delegate, states: declared.states, transitions: transitions,
                              requirements: requirements, initialState: max(initialState, 0), outgoing: outgoing)
        machine.phases = resolveScenePhases(of: decl, named: machineName, states: declared.states, delegate: delegate)
        machine.appStates = resolveAppStates(of: decl, states: declared.states)
        machine.stateCallbacks = resolveStateActions(of: decl, states: declared.states, scope: scope, delegate: delegate)
        if !decl.callbackDeadlines.isEmpty {
            machine.callbackDeadlines = resolveCallbackDeadlines(of: decl, scope: scope, delegate: delegate)
        }
        // A duplicate state has no transitions of its own (they go to the first one), so the
        // graph checks would only repeat the duplicate error.
        let graphComplete = !syntaxHadErrors && !declared.hasDuplicates && ends.allResolved
        if initialState >= 0 && graphComplete {
            // An internal transition enters nothing: the machine stays in the state it is in.
            let internalFlags = hasInternal ? decl.transitions.map(\.isInternal) : nil
            analyseGraph(machine, targets: ends.targets, events: ends.events, internalFlags: internalFlags,
                         machineRange: decl.name.range)
        }
        if graphComplete { checkRequirementsCalled(machine, calls: callbacks.methods + machine.stateCallbacks.all) }
        if graphComplete && machine.hasTime { checkTime(machine) }
        checkAvailability(of: decl, delegate: delegate, requirements: requirements, resolved: callbacks.bySpelling)
        return machine
    }

    /// Each state's `entry calls …` and `exit calls …`, resolved in the delegate's scope (an
    /// unknown callback is reported as in a transition); several of one kind in a state are
    /// called in the order written. A final state's exit is reported: nothing leaves the
    /// machine's own final states, and one inside a composite is left only by the composite's
    /// transitions, so it is kept.
    mutating func resolveStateActions(of decl: MachineDecl, states: [State], scope: CallbackScope,
                                      delegate: Delegate?) -> StateCallbacks {
        var result = StateCallbacks()
        for action in decl.stateActions {
            let state = Int(action.state)
            var methods: [MethodRef] = []
            for ref in decl.callbacks(of: action) {
                if let method = resolveCallback(ref, in: scope, delegate: delegate) { methods.append(method) }
            }
            if action.kind == .exit, states[state].isFinal, states[state].parent == nil {
                report(.exitOfFinalState(states[state].name, at: action.keyword.range))
            }
            switch action.kind {
            case .entry: result.entry[state, default: []] += methods
            case .exit: result.exit[state, default: []] += methods
            }
        }
        return result
    }

    /// The machine's delegate: the first one declared (another is reported).
    mutating func resolveDelegates(of decl: MachineDecl, named machineName: String) -> Delegate? {
        let delegate = decl.delegates.first.map { resolveDelegate($0) }
        for extra in decl.delegates.dropFirst() {
            report(.duplicateDelegate(machineName, at: extra.range)
                .note("first delegate declared here", at: decl.delegates[0].range))
        }
        return delegate
    }

    /// A machine's states, before their initial children are known.
    struct DeclaredStates {
        var states: [State] = []
        /// State by interned name: ids are small and dense, so an array does a dictionary's
        /// job without hashing twice.
        var index: StateIndex
        var hasDuplicates = false
        /// Read for each transition's source: a byte per state rather than a 100-byte `State`.
        var isFinal: [Bool]
    }

    /// The states in declaration order, with duplicate names and final composites reported.
    mutating func declareStates(of decl: MachineDecl) -> DeclaredStates {
        // The parser interned every state, source, target and event name of the file.
        var declared = DeclaredStates(index: StateIndex(count: root.names.count),
                                      isFinal: [Bool](repeating: false, count: decl.states.count))
        declared.states.reserveCapacity(decl.states.count)
        for (index, entry) in decl.states.enumerated() {
            let name = text(entry.name.range)
            if let first = declared.index[entry.nameID] {
                report(.duplicateState(name, at: entry.name.range)
                    .note("'\(name)' first declared here", at: declared.states[first].range))
                declared.hasDuplicates = true
            } else {
                declared.index[entry.nameID] = index
            }
            let kind: State.Kind = switch entry.modifier {
            case .none: .normal
            case .initial: .initial
            case .final: .final
            }
            let parent = entry.parent >= 0 ? Int(entry.parent) : nil
            declared.states.append(State(name: name, description: entry.description.map(value), kind: kind, parent: parent,
                                         children: [], initialChild: nil, range: entry.name.range))
            if let parent { declared.states[parent].children.append(index) }
            declared.isFinal[index] = kind == .final
            if kind == .final, entry.hasChildStates {
                report(.finalCompositeState(name, at: entry.name.range))
            }
        }
        return declared
    }

    /// Sets each composite's initial child and returns the machine's initial state (-1 if
    /// none): one among the top level, one among each composite's children.
    mutating func resolveInitialStates(_ states: inout [State], of decl: MachineDecl, named machineName: String) -> Int {
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
        guard let first = topLevelInitials.first else {
            if !states.isEmpty || !syntaxHadErrors {
                // A machine without states has no initial state either: generators and queries
                // need one to start from. (After a syntax error its states may just be unparsed.)
                report(.noInitialState(machineName, at: decl.name.range))
            }
            return -1
        }
        for extra in topLevelInitials.dropFirst() {
            report(.severalInitialStates("machine '\(machineName)'", at: states[extra].range)
                .note("'\(states[first].name)' is already initial here", at: states[first].range))
        }
        return first
    }

    /// Each transition's source and target state, -1 for both when either is unknown, and its
    /// event's name id (-1: none), for the graph passes.
    struct TransitionEnds {
        var sources: [Int32]
        var targets: [Int32]
        var events: [Int32]
        var allResolved = true
    }

    func resolveEnds(of transitions: [TransitionDecl], in stateByName: StateIndex) -> TransitionEnds {
        let count = transitions.count
        var ends = TransitionEnds(sources: [Int32](repeating: -1, count: count), targets: [Int32](repeating: -1, count: count),
                                  events: [Int32](repeating: -1, count: count))
        var readAhead = ReadAhead()
        transitions.withUnsafeBufferPointer { decls in
            for t in 0..<count {
                // Targets are all over the machine: read one ahead (`ReadAhead`).
                if t + ReadAhead.distance < count {
                    readAhead.read(stateByName.entry(decls[t + ReadAhead.distance].targetID))
                }
                ends.events[t] = decls[t].eventID
                if let source = stateByName[decls[t].sourceID], let target = stateByName[decls[t].targetID] {
                    ends.sources[t] = Int32(source)
                    ends.targets[t] = Int32(target)
                } else {
                    ends.allResolved = false
                }
            }
        }
        readAhead.finish()
        return ends
    }

    /// Every callback reference that resolves, resolved without a word (messages come with
    /// the transition's others), into one array whose slices are the transitions' lists: one
    /// allocation instead of one per transition.
    struct ResolvedCallbacks {
        /// By spelling (`CallbackRef.spelling`): a spelling resolves the same way for the whole
        /// machine, so most references cost an array read.
        var bySpelling: [MethodRef?]
        var methods: [MethodRef] = []
        /// Transition `t`'s callbacks are `methods[starts[t]..<starts[t + 1]]`.
        var starts: [Int32]

        func of(_ t: Int) -> ArraySlice<MethodRef> { methods[Int(starts[t])..<Int(starts[t + 1])] }
    }

    func lookUpCallbacks(of decl: MachineDecl, in scope: CallbackScope) -> ResolvedCallbacks {
        var resolved = ResolvedCallbacks(bySpelling: [MethodRef?](repeating: nil, count: root.callbackSpellings.count),
                                         starts: [Int32](repeating: 0, count: decl.transitions.count + 1))
        resolved.methods.reserveCapacity(decl.callbacks.count)
        for t in 0..<decl.transitions.count {
            for ref in decl.callbacks(of: decl.transitions[t]) {
                let slot = Int(ref.spelling)
                if resolved.bySpelling[slot] == nil, case .method(let method) = scope.lookup(ref, spellings: root.callbackSpellings) {
                    resolved.bySpelling[slot] = method
                }
                if let method = resolved.bySpelling[slot] { resolved.methods.append(method) }
            }
            resolved.starts[t + 1] = Int32(resolved.methods.count)
        }
        return resolved
    }

    /// The model's transitions, with every transition's mistakes reported in order: unknown
    /// states, leaving a final state, no event, a self-transition on a composite, unresolved
    /// callbacks, and duplicate or nondeterministic transitions.
    mutating func checkTransitions(of decl: MachineDecl, _ declared: DeclaredStates, _ ends: TransitionEnds,
                                   bySource: OutgoingTransitions, callbacks: ResolvedCallbacks,
                                   scope: CallbackScope, delegate: Delegate?) -> (transitions: [Transition], hasInternal: Bool) {
        let states = declared.states
        let firstSame = Checker.firstWithSameEvent(bySource, events: decl.transitions)
        var transitions: [Transition] = []
        transitions.reserveCapacity(decl.transitions.count)
        var hasInternal = false
        for (t, transitionDecl) in decl.transitions.enumerated() {
            let unresolved = decl.callbacks(of: transitionDecl).lazy.filter { callbacks.bySpelling[Int($0.spelling)] == nil }
            guard ends.sources[t] >= 0 else {
                // Reports the unknown source, or else the unknown target.
                if resolveState(transitionDecl.source, id: transitionDecl.sourceID, in: declared.index, states: states) != nil {
                    _ = resolveState(transitionDecl.target, id: transitionDecl.targetID, in: declared.index, states: states)
                }
                for ref in unresolved { _ = resolveCallback(ref, in: scope, delegate: delegate) }
                continue
            }
            let source = Int(ends.sources[t]), target = Int(ends.targets[t])
            let event = transitionDecl.event.map { text($0.range) }
            if declared.isFinal[source] {
                report(.transitionFromFinalState(states[source].name, at: transitionDecl.source.range)
                    .note("'\(states[source].name)' declared final here", at: states[source].range))
            }
            if event == nil && !syntaxHadErrors {
                // Nothing can fire it; the duplicate and nondeterminism checks would only repeat
                // this. After a syntax error the event may just be misplaced (`by user on go`),
                // which the parser reported.
                let range = SourceRange(file: transitionDecl.source.range.file, start: transitionDecl.source.range.startOffset,
                                        end: transitionDecl.target.range.endOffset)
                if let delay = transitionDecl.delay, delay.range.length > 0 {
                    report(.timedTransitionWithoutEvent(states[source].name, states[target].name, delay: text(delay.range), at: range))
                } else {
                    report(.transitionWithoutEvent(states[source].name, states[target].name, at: range))
                }
            }
            let first = Int(firstSame[t])
            // A transition that never fires (an earlier one on its event wins) is reported as such below.
            if source == target, !transitionDecl.isInternal, first < 0, let initial = states[source].initialChild {
                let name = states[source].name
                report(.selfTransitionOnComposite(name, initial: states[initial].name, at: transitionDecl.target.range)
                    .note("to stay in the current state, write 'internal on \(event ?? "event") …' inside '\(name)'", at: states[source].range))
            }
            // The references that did not resolve are resolved again, to be reported.
            for ref in unresolved { _ = resolveCallback(ref, in: scope, delegate: delegate) }
            if transitionDecl.isInternal { hasInternal = true }
            transitions.append(Transition(source: source, target: target, event: event,
                                          trigger: transitionDecl.trigger.map { $0 == .user ? .user : .system },
                                          isInternal: transitionDecl.isInternal,
                                          callbacks: callbacks.of(t),
                                          description: transitionDecl.description.map(value),
                                          range: transitionDecl.range,
                                          delay: transitionDecl.delay == nil ? nil
                                            : transitionDelay(transitionDecl, source: states[source].name, target: states[target].name, event: event)))
            if first >= 0, let event {
                // The first transition on the event wins (<doc:Semantics>); this one never fires.
                let point = transitionDecl.event?.range ?? transitionDecl.source.range
                let firstDecl = decl.transitions[first]
                let firstPoint = firstDecl.event?.range ?? firstDecl.source.range
                let firstTarget = Int(ends.targets[first])
                let name = states[source].name, targetName = states[target].name
                if firstTarget != target {
                    let other = firstDecl.isInternal ? "the other is internal (it stays in the state it is in)"
                        : "the other goes to '\(states[firstTarget].name)'"
                    report(.nondeterministicTransition(name, event: event, at: point).note(other + " here", at: firstPoint))
                } else if firstDecl.isInternal == transitionDecl.isInternal && firstDecl.trigger == transitionDecl.trigger
                            && callbacks.of(first).elementsEqual(callbacks.of(t)) {
                    report(.duplicateTransition(name, targetName, event: event, isInternal: transitionDecl.isInternal, at: point)
                        .note("first declared here", at: firstPoint))
                } else {
                    report(.shadowedTransition(name, targetName, event: event, isInternal: transitionDecl.isInternal, at: point)
                        .note("the transition that fires is \(Diagnostic.transitionText(name, targetName, event: event, isInternal: firstDecl.isInternal)) here",
                              at: firstPoint))
                }
            }
        }
        return (transitions, hasInternal)
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

        /// The raw entry of `id` (-1: no state), read ahead to bring it into cache (`ReadAhead`).
        func entry(_ id: NameTable.ID) -> Int32 {
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
