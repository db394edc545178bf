import Foundation
import Testing
import LifecycleCompiler
@testable import LifecycleSyntax
@testable import LifecycleXML
@testable import LifecycleModel
@testable import LifecycleQueries

/// `paths`: every plan is a set of real runs from the initial state that covers every goal a
/// run can reach; the examples' plans are golden files (`Fixtures/Queries/paths-*`).
@Suite struct TestPlanTests {
    static let examples = ["AppLifecycle", "SceneLifecycle", "MediaPlayer", "ViewControllerLifecycle"]

    static func model(_ example: String) throws -> Model {
        let path = "Examples/\(example).lifecycle"
        let source = try String(contentsOfFile: Repository.root.path + "/" + path, encoding: .utf8)
        return try #require(Compiler.compile(path: path, source: source).model)
    }

    @Test(arguments: examples, Coverage.allCases) func plansAreRunsThatCoverEverything(_ example: String, _ coverage: Coverage) throws {
        let model = try Self.model(example)
        for machine in model.machines {
            let automaton = MachineAutomaton(model: model, machine: machine)
            let plan = TestPlanner(machine: automaton, cover: coverage).plan()
            #expect(plan.uncovered.isEmpty, "\(machine.name): \(plan.uncovered)")
            var visitedStates = Set<Int>(), takenTransitions = Set<Int>()
            for sequence in plan.sequences {
                // Each sequence replays with the simulator, event by event, from the initial state.
                let events = sequence.steps.compactMap { machine.transitions[$0.transition].event }
                #expect(events.count == sequence.steps.count)
                let run = try Simulator.run(events, in: machine).get()
                #expect(run.steps.map(\.transition) == sequence.steps.map(\.transition))
                visitedStates.formUnion(machine.ancestry(run.start))
                for step in run.steps {
                    visitedStates.formUnion(machine.ancestry(step.to))
                    takenTransitions.insert(step.transition)
                }
            }
            if coverage == .states { #expect(visitedStates.count == machine.states.count) }
            else { #expect(takenTransitions.count == machine.transitions.count) }
        }
    }

    @Test func unreachableGoalsAreListed() throws {
        // 'P -> C on back' never fires: in B, P's only state, 'B -> A on back' shadows it. (C
        // itself is reachable another way, or the checker would report it.)
        let source = """
        machine M {
            initial state A
            state P {
                initial state B
            }
            state C
            A -> P on go
            B -> A on back
            P -> C on back
            C -> A on go
            A -> C on skip
        }
        """
        let model = try #require(Compiler.compile(path: "M.lifecycle", source: source).model)
        let machine = model.machines[0]
        let plan = TestPlanner(machine: MachineAutomaton(model: model, machine: machine), cover: .transitions).plan()
        let formatter = TestPlanFormatter(model: model, machine: machine, coverage: .transitions, plan: plan)
        #expect(formatter.text().hasPrefix("""
            1 sequence covers 4 of the 5 transitions of M.
            No run from the initial state reaches: P --back--> C.

            """))
    }

    struct Golden: Sendable, CustomTestStringConvertible {
        var name: String, example: String, machine: String?, coverage: Coverage, format: String
        var testDescription: String { name }
    }

    static let goldens = [
        Golden(name: "paths-scene-transitions.txt", example: "SceneLifecycle", machine: "Scene", coverage: .transitions, format: "text"),
        Golden(name: "paths-app-states.md", example: "AppLifecycle", machine: nil, coverage: .states, format: "markdown"),
        Golden(name: "paths-media-transitions.md", example: "MediaPlayer", machine: nil, coverage: .transitions, format: "markdown"),
        Golden(name: "paths-controller-states.json", example: "ViewControllerLifecycle", machine: nil, coverage: .states, format: "json"),
    ]

    @Test(arguments: goldens) func golden(_ test: Golden) throws {
        let model = try Self.model(test.example)
        let machine = try MachineSelection.select(test.machine, in: model).get()
        let plan = TestPlanner(machine: MachineAutomaton(model: model, machine: machine), cover: test.coverage).plan()
        let formatter = TestPlanFormatter(model: model, machine: machine, coverage: test.coverage, plan: plan)
        let output = switch test.format {
        case "markdown": formatter.markdown()
        case "json": formatter.json()
        default: formatter.text()
        }
        GoldenFile.check(output, against: Repository.fixtures.appendingPathComponent("Queries/\(test.name)"))
    }

    @Test func markdownNeverLetsUserTextBecomeMarkup() {
        #expect(Markdown.text("a *b* [c](d) <e> `f` | g\nh") == #"a \*b\* \[c\](d) \<e\> \`f\` \| g h"#)
        #expect(Markdown.code("a`b") == "`` a`b ``")
    }
}

/// The protocol-only plan rendering that a system's `paths` uses until it has its own.
@Suite struct AutomatonPlanFormatterTests {
    @Test func rendersAMachineFromTheProtocolAlone() throws {
        let model = try TestPlanTests.model("SceneLifecycle")
        let automaton = MachineAutomaton(model: model, machine: try #require(model.machine(named: "Scene")))
        let plan = TestPlanner(machine: automaton, cover: .states).plan()
        let text = AutomatonPlanFormatter(automaton: automaton, plan: plan, goalNames: automaton.machine.states.map(\.name),
                                          goalNoun: "states").text()
        #expect(text == """
            1 sequence covers all 9 states of Scene.

            1. connect, activate, leave, idle, wake, beginBackgroundTask, reopen, leave, backgroundMode
            'Unattached' --connect--> 'Inactive'
                scene(_:willConnectTo:options:)
                sceneWillEnterForeground(_:)
            'Inactive' --activate--> 'Active'
                sceneDidBecomeActive(_:)
            'Active' --leave--> 'Finishing'
                sceneWillResignActive(_:)
                sceneDidEnterBackground(_:)
            'Finishing' --idle--> 'Suspended'
                (nothing is called)
            'Suspended' --wake--> 'Finishing'
                (nothing is called)
            'Finishing' --beginBackgroundTask--> 'ExtraTime'
                (nothing is called)
            'ExtraTime' --reopen--> 'Inactive'
                sceneWillEnterForeground(_:)
            'Inactive' --leave--> 'Finishing'
                sceneDidEnterBackground(_:)
            'Finishing' --backgroundMode--> 'BackgroundMode'
                (nothing is called)

            """)
    }

    /// A made-up automaton of two instances, as a system would be: callbacks name their instance.
    struct TwoCounters: LifecycleAutomaton {
        var callbacks = [LoggedCallback(instance: 0, selector: "tick()"), LoggedCallback(instance: 1, selector: "tick()")]
        var instances = [LoggedInstance(names: ["1st"]), LoggedInstance(names: ["2st"])]
        var name = "Counters"
        var initialConfiguration = [0, 0]
        func steps(from configuration: [Int]) -> [AutomatonStep<[Int]>] {
            (0..<2).compactMap { instance in
                guard configuration[instance] < 1 else { return nil }
                var target = configuration
                target[instance] += 1
                return AutomatonStep(label: "\(instances[instance].names[0]).tick", callbacks: [instance], target: target, transition: instance, from: 0)
            }
        }
        func describe(_ configuration: [Int]) -> String { "(\(configuration.map(String.init).joined(separator: ", ")))" }
    }

    @Test func aSystemLikeAutomatonPlugsIn() {
        let automaton = TwoCounters()
        let plan = TestPlanner(automaton, goalCount: 2, coveredIn: { _ in [] }, coveredBy: { [$0.transition] }).plan()
        let text = AutomatonPlanFormatter(automaton: automaton, plan: plan, goalNames: ["1st.tick", "2st.tick"], goalNoun: "transitions").text()
        #expect(text.hasPrefix("1 sequence covers all 2 transitions of Counters.\n\n1. 1st.tick, 2st.tick\n(0, 0) --1st.tick--> (1, 0)\n    1st tick()\n"))
        // And conform follows it, telling the instances apart by the label on each line.
        let files = SourceFiles()
        let good = files.add(path: "good.log", bytes: Array("2st tick\n1st tick\n".utf8))
        var search = ConformanceSearch(strict: automaton)
        let entries = LogReader(automaton).read(good).entries
        #expect(entries.map(\.callback) == [1, 0])
        var accepted: [Bool] = []
        for entry in entries { accepted.append(search.observe(entry.callback)) }
        accepted.append(search.observe(1))  // 2st ticks only once
        #expect(accepted == [true, true, false])
    }
}
