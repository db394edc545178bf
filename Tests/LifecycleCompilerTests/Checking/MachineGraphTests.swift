import Foundation
import Testing
import LifecycleCompiler
@testable import LifecycleModel

/// `MachineGraph` on small nested machines: entering composites, nesting, reachability, dead
/// ends and which states can still end.
@Suite struct MachineGraphTests {
    /// States given as (name, parent, kind), in pre-order; `initial` marks a composite's initial
    /// child (or the machine's), `final` a final state.
    static func states(_ list: [(String, Int?, State.Kind)]) -> [State] {
        let range = SourceRange(file: FileID(0), start: 0, end: 0)
        var states = list.map { State(name: $0.0, description: nil, kind: $0.2, parent: $0.1, children: [], initialChild: nil, range: range) }
        for index in states.indices {
            guard let parent = states[index].parent else { continue }
            states[parent].children.append(index)
            if states[index].kind == .initial, states[parent].initialChild == nil { states[parent].initialChild = index }
        }
        return states
    }

    /// A graph of `states` with `transitions` (source, target), each entering `enter(target)`
    /// (or nothing, where `leaves` is false: an internal transition), each on an event of its
    /// own unless `events` numbers them.
    static func graph(_ states: [State], _ transitions: [(Int, Int)], leaves: [Bool]? = nil, events: [Int32]? = nil) -> MachineGraph {
        var graph = MachineGraph(states: states)
        let outgoing = OutgoingTransitions(sources: transitions.map { Int32($0.0) }, stateCount: states.count)
        let entries = transitions.indices.map { leaves?[$0] == false ? -1 : Int32(graph.enter(transitions[$0].1)) }
        graph.connect(outgoing: outgoing, entries: entries, events: events ?? transitions.indices.map { Int32($0) })
        return graph
    }

    //  0 A (initial)     1 B { 2 B1 (initial)  3 B2 { 4 B2a (initial) }  5 B3 }
    //  6 C { 7 C1 } (no initial state)   8 F (final)   9 D   10 E
    static let nested = states([
        ("A", nil, .initial), ("B", nil, .normal), ("B1", 1, .initial), ("B2", 1, .normal), ("B2a", 3, .initial),
        ("B3", 1, .normal), ("C", nil, .normal), ("C1", 6, .normal), ("F", nil, .final), ("D", nil, .normal),
        ("E", nil, .normal),
    ])
    // A -> B, B -> F (fires from anywhere inside B), B1 -> B2, D -> A, A -> E.
    static let nestedTransitions = [(0, 1), (1, 8), (2, 3), (9, 0), (0, 10)]

    @Test func enterFollowsInitialChildrenAndStopsAtACompositeWithoutOne() {
        let graph = MachineGraph(states: Self.nested)
        #expect(graph.enter(0) == 0)
        #expect(graph.enter(1) == 2)
        #expect(graph.enter(3) == 4)
        #expect(graph.enter(6) == 6)
        #expect(graph.isComposite(6) && !graph.isComposite(7))
        #expect(graph.isFinal(8) && !graph.isFinal(0))
    }

    @Test func isWithinHoldsForTheStateItselfAndEveryAncestor() {
        let graph = MachineGraph(states: Self.nested)
        #expect(graph.isWithin(4, 4))
        #expect(graph.isWithin(4, 3))
        #expect(graph.isWithin(4, 1))
        #expect(!graph.isWithin(1, 4))
        #expect(!graph.isWithin(7, 1))
        #expect(!graph.isWithin(0, 10))
        #expect(graph.parents == [-1, -1, 1, 1, 3, 1, -1, 6, -1, -1, -1])
        #expect(graph.initialChildren == [-1, 2, -1, 4, -1, -1, -1, -1, -1, -1, -1])
    }

    @Test func reachMarksEnteredStatesTheirAncestorsAndWhatTheirTransitionsEnter() {
        let graph = Self.graph(Self.nested, Self.nestedTransitions)
        let reached = graph.reach(from: graph.enter(0))
        // B3 is inside a reached composite but nothing enters it; C and C1 and D are never entered.
        #expect(reached == [true, true, true, true, true, false, false, false, true, false, true])
    }

    @Test func deadEndsAreReachedLeavesWithNoWayOutOfThemOrTheirAncestors() {
        let graph = Self.graph(Self.nested, Self.nestedTransitions)
        let reached = graph.reach(from: graph.enter(0))
        // B1 and B2a leave through B's transition; F is final; E has no transition.
        #expect(graph.deadEnds(reached: reached) == [10])
        #expect(graph.hasWayOut(4) && graph.hasWayOut(1) && !graph.hasWayOut(10) && !graph.hasWayOut(7))
    }

    @Test func canEndFollowsTransitionsBackwardAndIntoTheChildrenOfAComposite() {
        let graph = Self.graph(Self.nested, Self.nestedTransitions)
        // B can end (B -> F), so can everything inside it; A enters B1, D enters A; E and C cannot.
        #expect(graph.canEnd() == [true, true, true, true, true, true, false, false, true, true, false])
        #expect(graph.hasFinalState)
    }

    @Test func anInternalTransitionIsNoWayOut() {
        let states = Self.states([("G", nil, .initial), ("H", nil, .final)])
        let inside = Self.graph(states, [(0, 0)], leaves: [false])
        #expect(inside.deadEnds(reached: inside.reach(from: 0)) == [0])
        #expect(inside.canEnd() == [false, true])
        // The same transition as an ordinary self-transition leaves and re-enters the state.
        let selfLoop = Self.graph(states, [(0, 0)])
        #expect(selfLoop.deadEnds(reached: selfLoop.reach(from: 0)) == [])
    }

    @Test func aMachineWithoutTransitionsReachesOnlyItsStart() {
        let graph = Self.graph(Self.states([("A", nil, .initial), ("B", nil, .normal)]), [])
        #expect(graph.reach(from: 0) == [true, false])
        #expect(graph.deadEnds(reached: [true, false]) == [0])
        #expect(!graph.hasFinalState)
        #expect(graph.canEnd() == [false, false])
    }
}

/// The checker's passes against the steps themselves: on random machines with shadowed and
/// internal transitions, transitions on composites and final states inside them
/// (`SemanticsSpecGenerator`, some with unreachable states), `reach`, `hasWayOut` and `canEnd`
/// are what a search leaf by leaf over `forEachStep` finds.
@Suite struct MachineGraphStepTests {
    /// The spec's machine as a graph, its events numbered in the generator's alphabet.
    static func graph(_ spec: SemanticsSpecGenerator.Spec) -> (MachineGraph, start: Int) {
        let states = MachineGraphTests.states(spec.states.map { ($0.name, $0.parent, $0.isInitial ? .initial : $0.isFinal ? .final : .normal) })
        var graph = MachineGraph(states: states)
        let outgoing = OutgoingTransitions(sources: spec.transitions.map { Int32($0.source) }, stateCount: states.count)
        let entries = spec.transitions.map { $0.target.map { Int32(graph.enter($0)) } ?? -1 }
        let events = spec.transitions.map { Int32(SemanticsSpecGenerator.events.firstIndex(of: $0.event)!) }
        graph.connect(outgoing: outgoing, entries: entries, events: events)
        let initial = spec.states.firstIndex { $0.parent == nil && $0.isInitial }!
        return (graph, graph.enter(initial))
    }

    @Test func passesFollowTheSteps() {
        var shadowedSpecs = 0
        for seed in UInt64(0)..<1_500 {
            let spec = SemanticsSpecGenerator.make(seed: seed, name: "M", chained: seed % 3 != 0)
            let (graph, start) = Self.graph(spec)
            let leaves = spec.states.indices.filter { spec.states[$0].children.isEmpty }
            var steps: [Int: [(to: Int, isInternal: Bool)]] = [:]
            var taken = [Bool](repeating: false, count: spec.transitions.count)
            for leaf in leaves {
                var list: [(Int, Bool)] = []
                graph.forEachStep(from: leaf) { transition, to, isInternal in
                    list.append((to, isInternal))
                    taken[transition] = true
                }
                steps[leaf] = list
            }
            // The transitions some leaf takes: the checker warns about the others.
            #expect(graph.transitionsTaken().fires == taken, "seed \(seed)\n\(spec.text)")
            // Reach, leaf by leaf.
            var reached = Set([start]), queue = [start]
            while let leaf = queue.popLast() {
                for step in steps[leaf]! where reached.insert(step.to).inserted { queue.append(step.to) }
            }
            var expected = [Bool](repeating: false, count: spec.states.count)
            for leaf in reached {
                var state: Int? = leaf
                while let current = state { expected[current] = true; state = spec.states[current].parent }
            }
            #expect(graph.reach(from: start) == expected, "seed \(seed)\n\(spec.text)")
            // Ways out and ends, leaf by leaf.
            var canEnd = Set(leaves.filter { spec.states[$0].isFinal })
            var grew = true
            while grew {
                grew = false
                for leaf in leaves where !canEnd.contains(leaf) && steps[leaf]!.contains(where: { canEnd.contains($0.to) }) {
                    canEnd.insert(leaf)
                    grew = true
                }
            }
            let ends = graph.canEnd()
            for leaf in leaves where !spec.states[leaf].isFinal {
                #expect(graph.hasWayOut(leaf) == steps[leaf]!.contains { !$0.isInternal }, "seed \(seed), \(spec.states[leaf].name)\n\(spec.text)")
                #expect(ends[leaf] == canEnd.contains(leaf), "seed \(seed), \(spec.states[leaf].name)\n\(spec.text)")
            }
            // A spec where some leaf's step is not its own plus its parent's.
            if leaves.contains(where: { leaf in
                guard let parent = spec.states[leaf].parent else { return false }
                let own = Set(spec.transitions.filter { $0.source == leaf }.map(\.event))
                return spec.transitions.contains { $0.source == parent && own.contains($0.event) }
            }) { shadowedSpecs += 1 }
        }
        #expect(shadowedSpecs > 300, "\(shadowedSpecs) specs shadow a transition")
    }
}

/// `StateTree` is the one definition of entering and of being within; `MachineGraph` and
/// `TimedStepper` keep precomputed tables for speed. On every example's machines, they agree
/// with `Machine` on every state and every pair of states.
@Suite struct StateTreeAgreementTests {
    @Test func tablesAgreeWithTheMachineOnEveryExample() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Repository.examples.path)
            .filter { $0.hasSuffix(".lifecycle") }.map { String($0.dropLast(".lifecycle".count)) }.sorted()
        #expect(names.count >= 5)
        var pairs = 0, composites = 0
        for name in names {
            let model = try MonitorTests.model("Examples", name)
            for machine in model.machines {
                let graph = MachineGraph(states: machine.states)
                let timed = TimedStepper(MachineStepper(machine))
                for state in machine.states.indices {
                    #expect(graph.enter(state) == machine.entry(state), "\(name): \(machine.states[state].name)")
                    if !machine.states[state].children.isEmpty {
                        composites += 1
                        #expect(machine.entry(state) != state && machine.states[machine.entry(state)].initialChild == nil,
                                "\(name): \(machine.states[state].name) enters a child, recursively")
                    }
                    for other in machine.states.indices {
                        let within = machine.isWithin(state, other)
                        #expect(graph.isWithin(state, other) == within, "\(name): \(state) in \(other)")
                        #expect(timed.encloses(other, state) == within, "\(name): \(other) around \(state)")
                        #expect(within == machine.ancestry(state).contains(other), "\(name): \(state) in \(other)")
                        pairs += 1
                    }
                }
            }
        }
        #expect(composites > 0 && pairs > 100)
    }
}
