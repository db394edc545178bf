import LifecycleSource
import LifecycleModel

/// The machine as a graph (`MachineGraph`): composites entered without an initial state,
/// unreachable states, dead ends, and states from which no final state can be reached, all
/// following the steps every command takes (`MachineGraph.forEachStep`, <doc:Semantics>).
extension Checker {
    /// `targets` are the transitions' targets and `events` their events as numbers (-1 for none;
    /// the parser's name ids), in declaration order: the passes read them, not the much larger
    /// `Transition` values.
    ///
    /// `internalFlags`, when the machine has internal transitions, flags them: they enter no state
    /// (the machine stays in the leaf it is in).
    mutating func analyseGraph(_ machine: Machine, targets: [Int32], events: [Int32], internalFlags: [Bool]?,
                               machineRange: SourceRange) {
        var graph = MachineGraph(states: machine.states)
        var found = Diagnostics(limit: diagnostics.limit)
        var entry = CompositeEntry()
        let start = entry.enter(machine.initialState, in: graph, machine: machine, by: { machineRange }, &found)
        // The state each transition enters.
        let transitionCount = targets.count
        var entries = [Int32](repeating: 0, count: transitionCount)
        var readAhead = ReadAhead()
        for t in 0..<transitionCount {
            if t + ReadAhead.distance < transitionCount {
                readAhead.read(graph.initialChildren[Int(targets[t + ReadAhead.distance])])
            }
            if let internalFlags, internalFlags[t] {
                entries[t] = -1
                continue
            }
            // The range is read only for a message.
            entries[t] = Int32(entry.enter(Int(targets[t]), in: graph, machine: machine, by: { machine.transitions[t].range }, &found))
        }
        readAhead.finish()
        graph.connect(outgoing: machine.outgoing, entries: entries, events: events)
        reportShadowedEverywhere(machine, graph, &found)

        let reached = graph.reach(from: start)
        let initial = machine.states[machine.initialState].name
        for index in 0..<graph.count where !reached[index] {
            // Report only the outermost unreachable state, and nothing inside a composite
            // whose missing initial state was just reported.
            let parent = Int(graph.parents[index])
            if parent >= 0, !reached[parent] || entry.reported.contains(parent) { continue }
            found.append(.unreachableState(machine.states[index].name, from: initial, at: machine.states[index].range))
        }
        for index in graph.deadEnds(reached: reached) {
            found.append(.deadEndState(machine.states[index].name, at: machine.states[index].range))
        }
        // A composite entered without an initial state stops every walk through it: what
        // cannot end because of it is that error's consequence, not a second finding.
        if graph.hasFinalState && entry.reported.isEmpty {
            let canEnd = graph.canEnd()
            for index in 0..<graph.count where reached[index] && graph.hasWayOut(index) && !canEnd[index]
                && !graph.isComposite(index) && !graph.isFinal(index) {
                found.append(.finalUnreachable(machine.states[index].name, at: machine.states[index].range))
            }
        }
        diagnostics.append(contentsOf: found)
    }

    /// Warns about each transition of a composite that no leaf takes, because every leaf inside
    /// it lies in a state with its own transition on the event (those states' transitions are
    /// the notes, up to three). A later transition on an event its state already has is
    /// reported by `checkTransitions`.
    func reportShadowedEverywhere(_ machine: Machine, _ graph: MachineGraph, _ found: inout Diagnostics) {
        // Per state named in a note, its first transition on each event: each state's list is
        // read once, however many transitions it shadows (a state may shadow thousands).
        var firstOnEvent: [Int: [String: Int]] = [:]
        func winner(_ state: Int, _ event: String) -> Int? {
            if firstOnEvent[state] == nil {
                var table: [String: Int] = [:]
                for t in machine.outgoing[state] { if let event = machine.transitions[t].event, table[event] == nil { table[event] = t } }
                firstOnEvent[state] = table
            }
            return firstOnEvent[state]![event]
        }
        for (t, holes) in graph.transitionsTaken().shadowedEverywhere {
            let transition = machine.transitions[t]
            guard let event = transition.event else { continue }
            let source = machine.states[transition.source].name
            var diagnostic = Diagnostic.shadowedEverywhere(source, machine.states[transition.target].name, event: event,
                                                           isInternal: transition.isInternal, at: transition.range)
            for hole in holes.prefix(3) {
                guard let winner = winner(hole, event) else { continue }
                diagnostic = diagnostic.note("'\(machine.states[hole].name)' takes '\(event)' here", at: machine.transitions[winner].range)
            }
            if holes.count > 3 { diagnostic = diagnostic.note("and in \(holes.count - 3) more states", at: nil) }
            found.append(diagnostic)
        }
    }

    /// Entering states, reporting each composite entered without an initial state once.
    struct CompositeEntry {
        /// The composites reported (few: one per mistake).
        private(set) var reported: Set<Int> = []

        /// `graph.enter(state)`; a composite where the walk stops is reported as entered by `range`.
        mutating func enter(_ state: Int, in graph: MachineGraph, machine: Machine, by range: () -> SourceRange,
                            _ diagnostics: inout Diagnostics) -> Int {
            let entered = graph.enter(state)
            if graph.isComposite(entered), reported.insert(entered).inserted {
                // Composites that are entered must say where entering leads.
                let name = machine.states[entered].name
                diagnostics.append(.compositeWithoutInitial(name, at: machine.states[entered].range)
                    .note("'\(name)' is entered here", at: range()))
            }
            return entered
        }
    }
}
