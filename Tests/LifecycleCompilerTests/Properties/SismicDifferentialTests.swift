import Foundation
import Testing
import LifecycleCompiler
@testable import LifecycleModel
import SpecGeneration

/// Every command against sismic, on a few hundred random specs (`SismicReference`): what each
/// event does in each leaf, `simulate --format json`, `trace`, `paths`, the checker's
/// reachability (unreachable states, dead ends, states that cannot end), and `conform` strict
/// and loose. (`MonitorTests` compares the generated monitors too.) On a disagreement the spec, sismic's statechart and the events or
/// the log are printed in full.
@Suite struct SismicDifferentialTests {
    /// A machine's state by name.
    static func state(_ name: String, in machine: Machine) -> Int { machine.state(named: name)! }

    /// `MachineStepper` against sismic's graph: every leaf sismic reaches, every event, the same
    /// move; and the leaves reachable by our steps are sismic's.
    @Test func everyEventInEveryLeafDoesWhatSismicDoes() throws {
        guard let cases = SismicReference.cases() else { return }
        for item in cases {
            let machine = item.machine, stepper = MachineStepper(machine)
            #expect(machine.states[stepper.start].name == item.start, "\(item.shown)")
            for (leaf, row) in item.graph {
                for event in SemanticsSpecGenerator.events {
                    let ours = stepper.step(on: event, from: Self.state(leaf, in: machine)).map { step in
                        SismicReference.Move(calls: machine.callbacks(of: step).map { item.checked.method($0).selector },
                                             leaf: machine.states[step.to].name, external: !machine.transitions[step.transition].isInternal)
                    }
                    #expect(ours == row[event], "in \(leaf) on \(event): ours \(ours.map(\.description) ?? "nothing"), sismic's \(row[event]?.description ?? "nothing")\n\(item.shown)")
                }
            }
            var reached: Set<Int> = [stepper.start], queue = [stepper.start]
            while let leaf = queue.popLast() {
                for step in stepper.steps(from: leaf) where reached.insert(step.to).inserted { queue.append(step.to) }
            }
            #expect(Set(reached.map { machine.states[$0].name }) == Set(item.graph.keys), "\(item.shown)")
        }
    }

    /// A system of two instances of each sismic-checked machine, with random events (a few
    /// steps, sometimes `new`, sometimes a `when` clause): in every composed state reached, each
    /// event happens exactly when sismic takes every step in turn from where each instance
    /// stands (and the clause holds), and lands where sismic's steps land. Events possible
    /// nowhere are left out (an error), as `SystemPropertyTests` does.
    @Test func systemEventsComposeSismicsSteps() throws {
        guard let cases = SismicReference.cases() else { return }
        var compared = 0
        for (number, item) in cases.enumerated() {
            var random = SplitMix64(seed: UInt64(2_600 + number))
            let machineName = item.machine.name
            var lines = ["system S {", "    instance A: \(machineName)", "    instance B: \(machineName)"]
            for e in 0..<(2 + random.below(4)) {
                var steps: [String] = []
                for _ in 0..<(1 + random.below(3)) {
                    let instance = random.chance(50) ? "A" : "B"
                    steps.append(random.chance(10) ? "new \(instance)" : "\(instance).\(random.pick(SemanticsSpecGenerator.events))")
                }
                let when = random.chance(20) ? " when A is \(random.pick(item.machine.states).name)" : ""
                lines.append("    on s\(e)\(when): " + steps.joined(separator: ", "))
            }
            lines.append("}")
            var source = item.spec.text + "\n" + lines.joined(separator: "\n") + "\n"
            var compilation = Compiler.compile(path: "\(item.spec.name).lifecycle", source: source)
            for _ in 0..<3 where compilation.model == nil {
                let impossible = compilation.diagnostics.all.filter { ["systemEventNeverPossible", "systemEventNeverExpected", "systemStepFailsWhereExpected"].contains($0.id) }
                    .compactMap { $0.message.split(separator: "'").dropFirst().first }
                    .map { "    on \($0)" }
                guard !impossible.isEmpty, impossible.count == compilation.diagnostics.errorCount else { break }
                source = source.split(separator: "\n").filter { line in !impossible.contains { line.hasPrefix($0 + ":") || line.hasPrefix($0 + " ") } }
                    .joined(separator: "\n") + "\n"
                compilation = Compiler.compile(path: "\(item.spec.name).lifecycle", source: source)
            }
            guard let model = compilation.model, let system = model.system(named: "S"), !system.events.isEmpty else { continue }
            let machine = system.machines[0]
            let stepper = ComposedStepper(system: system)
            let exploration = ComposedExploration(stepper, limit: 10_000)
            for index in 0..<exploration.count {
                let state = exploration.state(index)
                for event in system.events.indices {
                    // Sismic's answer: each step from where its instance stands, in turn.
                    var leaves: [String]? = state.map { machine.states[Int($0)].name }
                    for condition in system.events[event].conditions {
                        if let current = leaves?[condition.instance],
                           !machine.isWithin(machine.state(named: current)!, condition.state) { leaves = nil }
                    }
                    for step in system.events[event].steps {
                        guard let current = leaves?[step.instance] else { break }
                        switch step.action {
                        case .new:
                            // Where the instance starts, or where it has ended (sismic's
                            // configuration is empty only in a final state of the root).
                            let leaf = machine.state(named: current)!
                            if current == item.start || (machine.states[leaf].isFinal && machine.states[leaf].parent == nil) {
                                leaves?[step.instance] = item.start
                            } else {
                                leaves = nil
                            }
                        case .fire(let name):
                            if let move = item.graph[current]?[name] { leaves?[step.instance] = move.leaf } else { leaves = nil }
                        }
                    }
                    let firing = stepper.fire(event, from: state)
                    let ours = firing.outcome == .done ? firing.state.map { machine.states[Int($0)].name } : nil
                    #expect(ours == leaves, "seed \(item.spec.seed), \(system.describe(state)), event \(system.events[event].name): ours \(ours ?? []), sismic's \(leaves ?? [])\n\(source)")
                    compared += 1
                }
            }
        }
        #expect(compared > 500, "only \(compared) comparisons")
    }

    /// `simulate --format json`: the JSON `SimulateCommand` prints, step by step, against sismic
    /// running the same events from the start; the rejected event at the same place.
    @Test func simulateTakesSismicsSteps() throws {
        guard let cases = SismicReference.cases() else { return }
        var rejected = 0, steps = 0
        for item in cases {
            let formatter = QueryFormatter(model: item.checked, machine: item.machine)
            for (events, sismic) in zip(item.sequences, item.runs) {
                let (taken, stoppedAt): ([QueryStep], Int?) = switch Simulator.run(events, in: item.machine) {
                case .success(let run): (run.steps, nil)
                case .failure(let failure): (failure.run.steps, failure.eventIndex)
                }
                let json = try #require(try JSONSerialization.jsonObject(with: Data(formatter.json(taken).utf8)) as? [[String: Any]])
                let ours = json.map { SismicReference.Move(calls: $0["callbacks"] as? [String] ?? [], leaf: $0["to"] as? String ?? "", external: true) }
                let theirs = sismic.compactMap { $0.map { SismicReference.Move(calls: $0.calls, leaf: $0.leaf, external: true) } }
                let sismicStop = sismic.last.flatMap { $0 == nil ? sismic.count - 1 : nil }
                #expect(ours == theirs && stoppedAt == sismicStop,
                        "simulate \(events.joined(separator: " ")): ours \(ours), stopped at \(stoppedAt.map(String.init) ?? "none"); sismic's \(theirs), stopped at \(sismicStop.map(String.init) ?? "none")\n\(item.shown)")
                if stoppedAt != nil { rejected += 1 }
                steps += ours.count
            }
        }
        // Both outcomes occur, so agreement means something.
        #expect(rejected > cases.count / 2 && steps > cases.count * 4, "\(rejected) rejected runs, \(steps) steps")
        // Entry and exit callbacks are part of what is compared (sismic's `on entry`, `on exit`).
        let withActions = cases.filter { $0.spec.states.contains { !$0.entry.isEmpty || !$0.exit.isEmpty } }.count
        #expect(withActions > cases.count / 2, "only \(withActions) specs with entry or exit callbacks")
    }

    /// `trace`: the shortest path to each leaf is as long as sismic's shortest run there, and
    /// sismic takes it; `paths`: every sequence of the plan is a run of sismic's, and every
    /// state is covered.
    @Test func traceAndPathsAreSismicsRuns() throws {
        guard let cases = SismicReference.cases() else { return }
        for item in cases {
            let machine = item.machine
            // Sismic's shortest runs, breadth first over its graph.
            var distance = [item.start: 0], queue = [item.start]
            while !queue.isEmpty {
                let leaf = queue.removeFirst()
                for event in SemanticsSpecGenerator.events {
                    guard let move = item.graph[leaf]?[event], distance[move.leaf] == nil else { continue }
                    distance[move.leaf] = distance[leaf]! + 1
                    queue.append(move.leaf)
                }
            }
            func replays(_ steps: [QueryStep]) -> Bool {
                var leaf = item.start
                for step in steps {
                    let event = machine.transitions[step.transition].event ?? ""
                    guard let move = item.graph[leaf]?[event], move.leaf == machine.states[step.to].name,
                          move.calls == machine.callbacks(of: step).map({ item.checked.method($0).selector }) else { return false }
                    leaf = move.leaf
                }
                return true
            }
            for (leaf, expected) in distance {
                let path = Tracer.shortestPath(in: machine, from: machine.initialState, to: Self.state(leaf, in: machine))
                #expect(path?.steps.count == expected && path.map { replays($0.steps) } == true,
                        "trace to \(leaf): \(path.map { "\($0.steps.count) steps" } ?? "no path"), sismic's shortest run \(expected)\n\(item.shown)")
            }
            let automaton = MachineAutomaton(model: item.checked, machine: machine)
            for coverage in Coverage.allCases {
                let plan = TestPlanner(machine: automaton, cover: coverage).plan()
                for sequence in plan.sequences {
                    let steps = sequence.steps.map { QueryStep(from: $0.from, transition: $0.transition, to: $0.target) }
                    #expect(replays(steps), "paths --cover \(coverage): \(sequence.steps.map(\.label)) is not a run of sismic's\n\(item.shown)")
                }
                if coverage == .states { #expect(plan.uncovered.isEmpty, "\(item.shown)") }
            }
        }
    }

    /// The checker: the states it reports unreachable (the outermost of them) are those sismic
    /// never enters, and its dead ends and states that cannot end are sismic's; beneath the
    /// reports, its passes reach every state sismic enters and no other, and find exactly the
    /// leaves from which sismic can reach a final state. The specs include transitions that
    /// never fire (which the checker must not follow) and final states inside composites that
    /// sismic leaves by the composites' transitions.
    @Test func checkerReachabilityIsSismics() throws {
        guard let cases = SismicReference.cases(all: true) else { return }
        var unreachable = 0, deadEnds = 0, cannotEnd = 0, neverFiring = 0, completedComposites = 0
        for item in cases {
            let states = item.spec.states
            let index = Dictionary(uniqueKeysWithValues: states.indices.map { (states[$0].name, $0) })
            // A state is reached when a leaf inside it is.
            var reached = Set<Int>()
            for leaf in item.graph.keys {
                var state: Int? = index[leaf]
                while let current = state, reached.insert(current).inserted { state = states[current].parent }
            }
            let expectedUnreachable = Set(states.indices.filter { !reached.contains($0) && states[$0].parent.map(reached.contains) != false }
                .map { states[$0].name })
            // Leaves from which sismic can reach a final state.
            var canEnd = Set(item.graph.keys.filter { states[index[$0]!].isFinal })
            var grew = true
            while grew {
                grew = false
                for (leaf, row) in item.graph where !canEnd.contains(leaf) && row.values.contains(where: { canEnd.contains($0.leaf) }) {
                    canEnd.insert(leaf)
                    grew = true
                }
            }
            let hasFinal = states.contains(where: \.isFinal)
            var expectedDeadEnds: Set<String> = [], expectedCannotEnd: Set<String> = []
            for (leaf, row) in item.graph where !states[index[leaf]!].isFinal {
                let wayOut = row.values.contains(where: \.external)
                if !wayOut { expectedDeadEnds.insert(leaf) }
                if wayOut && hasFinal && !canEnd.contains(leaf) { expectedCannotEnd.insert(leaf) }
            }
            let diagnostics = Compiler.compile(path: "\(item.spec.name).lifecycle", source: item.spec.text).diagnostics.all
            func named(_ id: String) -> Set<String> {
                Set(diagnostics.filter { $0.id == id }.compactMap { $0.message.split(separator: "'").dropFirst().first.map(String.init) })
            }
            #expect(named("unreachableState") == expectedUnreachable, "unreachable states\n\(item.shown)")
            #expect(named("deadEndState") == expectedDeadEnds, "dead ends\n\(item.shown)")
            #expect(named("finalUnreachable") == expectedCannotEnd, "no final state reachable\n\(item.shown)")
            unreachable += expectedUnreachable.count
            deadEnds += expectedDeadEnds.count
            cannotEnd += expectedCannotEnd.count
            neverFiring += diagnostics.filter { ["shadowedTransition", "duplicateTransition", "shadowedEverywhere"].contains($0.id) }.count
            // Under the reports, every state: the checker's passes reach exactly the states
            // sismic enters, and a reached leaf can end exactly when sismic can get from it to
            // a final state.
            if let model = item.model {
                let machine = model.machines[0], stepper = MachineStepper(machine)
                let reach = stepper.graph.reach(from: stepper.start), ends = stepper.graph.canEnd()
                #expect(states.indices.filter { reach[$0] }.map { states[$0].name }.sorted() == reached.map { states[$0].name }.sorted(),
                        "reached states\n\(item.shown)")
                for leaf in item.graph.keys {
                    #expect(ends[index[leaf]!] == canEnd.contains(leaf), "\(leaf) can end\n\(item.shown)")
                }
                // A final state inside a composite that sismic leaves by the composite's transitions.
                completedComposites += item.graph.filter { leaf, row in
                    states[index[leaf]!].isFinal && states[index[leaf]!].parent != nil && !row.isEmpty
                }.count
            }
        }
        #expect(unreachable > 0 && deadEnds > 0 && cannotEnd > 0 && neverFiring > 50 && completedComposites > 20,
                "\(unreachable) unreachable states, \(deadEnds) dead ends, \(cannotEnd) states that cannot end, \(neverFiring) transitions that never fire, \(completedComposites) completed composites left")
    }

    /// `conform`, strict and not: a log is accepted exactly when some run of sismic's prints it,
    /// and rejected at the line where no run can go on.
    @Test func conformAcceptsWhatSismicsRunsPrint() throws {
        guard let cases = SismicReference.cases() else { return }
        var accepted = 0, total = 0
        for item in cases {
            let automaton = MachineAutomaton(model: item.checked, machine: item.machine)
            for verdict in item.verdicts {
                for strict in [true, false] {
                    let (line, _) = Self.conform(verdict.log, automaton, strict: strict)
                    let expected = strict ? verdict.strict : verdict.loose
                    #expect(line == expected, "conform\(strict ? " --strict" : ""): line \(line), sismic's \(expected), log:\n\(verdict.log.joined(separator: "\n"))\n\(item.shown)")
                    if expected == 0 { accepted += 1 }
                    total += 1
                }
            }
        }
        #expect(accepted > total / 5 && accepted < total * 4 / 5, "\(accepted) of \(total) verdicts accept")
    }

    /// `conform` on a log of `selectors`, one per line: the line of the first deviation (0 when
    /// the log conforms) and its message.
    static func conform(_ selectors: [String], _ automaton: MachineAutomaton, strict: Bool) -> (Int, String) {
        let files = SourceFiles()
        let file = files.add(path: "run.log", bytes: Array(selectors.map { $0 + "\n" }.joined().utf8))
        let report = Conformance.check(LogReader(automaton).read(file), against: automaton, strict: strict)
        guard let error = report.diagnostics.all.first(where: { $0.severity == .error }) else { return (0, "") }
        return (files[error.range.file].lineColumn(of: error.range.startOffset, table: LineTable(file.bytes)).line, error.message)
    }
}
