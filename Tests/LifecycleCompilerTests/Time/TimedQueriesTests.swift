import Testing
import LifecycleCompiler
@testable import LifecycleSyntax
@testable import LifecycleModel

/// Issue 43, step 2 (second part): `trace` and `paths` reach timed transitions by waiting,
/// machine inference skips `wait 6s`, and `simulate` reports the deadlines a wait misses.
@Suite struct TimedQueriesTests {
    static let spec = """
        machine App {
            delegate AppDelegate: Tasks
            initial state Active
            state Background within 30s "the system suspends or ends the app" {
                initial state Running
                state Snapshot
                Running -> Snapshot on snap by system after 1s
                Snapshot -> Running on again by user
            }
            state Suspended
            Active -> Background on background by user calls beginBackgroundTask
            Background -> Active on foreground by user calls endBackgroundTask
            Background -> Suspended on idle by system after 40s
            Suspended -> Active on foreground by user
            from beginBackgroundTask to endBackgroundTask within 20s "a task never ended gets the app killed"
        }

        machine Other {
            initial state A
            state B
            A -> B on go
            B -> A on back
        }

        protocol Tasks {
            func beginBackgroundTask()
            func endBackgroundTask()
        }
        """

    static func setUp() throws -> (Model, Machine) {
        let compilation = Compiler.compile(path: "App.lifecycle", source: spec)
        #expect(compilation.diagnostics.errorCount == 0, "\(compilation.diagnostics.all.map(\.message))")
        let model = try #require(compilation.model)
        return (model, try #require(model.machine(named: "App")))
    }

    @Test func machineInferenceSkipsWaits() throws {
        let (model, machine) = try Self.setUp()
        let arguments = ["background", "wait", "6s", "foreground", "wait"]
        #expect(Simulator.namedEvents(arguments) == ["background", "foreground", "wait"])
        // `wait` alone is an event; `wait 6s` is time. With the waits, App is the one machine named.
        #expect(try MachineSelection.select(nil, in: model, naming: Simulator.namedEvents(["background", "wait", "6s"])).get().name == machine.name)
        // Before: '6s' and 'wait' were looked for among the states and events, and no machine had them.
        #expect(throws: QueryError.self) { try MachineSelection.select(nil, in: model, naming: ["background", "wait", "6s"]).get() }
    }

    @Test func aWaitPastAStateDeadlineAndAPairDeadlineReportsBoth() throws {
        let (model, machine) = try Self.setUp()
        let run = try Simulator.run(["background", "wait", "35s", "foreground"], in: machine).get()
        let misses = run.missed.map(\.miss)
        let background = try #require(machine.state(named: "Background"))
        #expect(misses == [DeadlineWatch.Miss(kind: .callbacks(0), at: 20_000), DeadlineWatch.Miss(kind: .state(background), at: 30_000)])
        let text = QueryFormatter(model: model, machine: machine).text(run: run)
        #expect(text.contains("At 20s, missed deadline: endBackgroundTask() within 20s of beginBackgroundTask() (\"a task never ended gets the app killed\").\n"), "\(text)")
        #expect(text.contains("At 30s, missed deadline: Background within 30s (\"the system suspends or ends the app\").\nWaits until 35s.\n"), "\(text)")
        // Each miss comes before the wait's end and before the step after it.
        let wait = try #require(text.range(of: "Waits until 35s."))
        let foreground = try #require(text.range(of: "--foreground"))
        #expect(wait.upperBound < foreground.lowerBound)
    }

    @Test func leavingInTimeOrExactlyAtTheDeadlineMeetsIt() throws {
        let (_, machine) = try Self.setUp()
        let inTime = try Simulator.run(["background", "wait", "19s", "foreground", "wait", "1min"], in: machine).get()
        #expect(inTime.missed.isEmpty, "\(inTime.missed)")
        let exactly = try Simulator.run(["background", "wait", "20s", "foreground"], in: machine).get()
        #expect(exactly.missed.isEmpty, "\(exactly.missed)")
        let late = try Simulator.run(["background", "wait", "20.001s"], in: machine).get()
        #expect(late.missed.map(\.miss.at) == [20_000])
    }

    @Test func tracesReachATimedTransitionByWaiting() throws {
        let (model, machine) = try Self.setUp()
        let formatter = QueryFormatter(model: model, machine: machine)
        // From Active, waiting in Running fires snap (1 s) first: the path sends idle by name.
        let active = try #require(machine.state(named: "Active")), to = try #require(machine.state(named: "Suspended"))
        let direct = try #require(Tracer.shortestPath(in: machine, from: active, to: to))
        #expect(TimedPath.waits(direct.steps, from: direct.start, in: machine) == [nil, nil])
        #expect(!formatter.text(path: direct, from: active, to: to).contains("Wait"))
        // From Snapshot (entered, with Background, when the path starts) waiting fires idle.
        let from = try #require(machine.state(named: "Snapshot"))
        let path = try #require(Tracer.shortestPath(in: machine, from: from, to: to))
        #expect(TimedPath.waits(path.steps, from: path.start, in: machine) == [TimeSpan(milliseconds: 40_000)])
        let text = formatter.text(path: path, from: from, to: to)
        #expect(text.hasPrefix("Wait 40s, after 40s in Background:\nSnapshot (in Background) --idle (system)--> Suspended\n"), "\(text)")
        // Through Snapshot, the 1 s already spent in Background counts: 39 s more.
        let snapshot = try #require(machine.state(named: "Snapshot"))
        let steps = try Simulator.run(["background", "snap", "idle"], in: machine).get().steps
        #expect(machine.states[steps[1].to].name == "Snapshot" && snapshot == steps[1].to)
        #expect(TimedPath.waits(steps, from: Simulator.start(of: machine), in: machine)
            == [nil, TimeSpan(milliseconds: 1000), TimeSpan(milliseconds: 39_000)])
    }

    @Test func aTimedTransitionAnotherTimerBeatsKeepsItsEvent() throws {
        // From Running, waiting fires snap (1 s) before idle (40 s): the path's idle is sent by name.
        let (_, machine) = try Self.setUp()
        let background = try Simulator.run(["background"], in: machine).get().steps
        let idle = try #require(MachineStepper(machine).step(on: "idle", from: background[0].to))
        #expect(TimedPath.waits(background + [idle], from: Simulator.start(of: machine), in: machine) == [nil, nil])
    }

    @Test func pathsSayWaitForTimedTransitions() throws {
        let (model, machine) = try Self.setUp()
        let automaton = MachineAutomaton(model: model, machine: machine)
        let plan = TestPlanner(machine: automaton, cover: .transitions).plan()
        let formatter = TestPlanFormatter(model: model, machine: machine, coverage: .transitions, plan: plan)
        let text = formatter.text()
        #expect(text.contains("wait 1s"), "\(text)")
        #expect(text.contains("Wait 1s, after 1s in Running:\n"), "\(text)")
        #expect(formatter.json().contains("\"wait 1s\""))
        #expect(formatter.markdown().contains("**wait 1s**"))
    }
}
