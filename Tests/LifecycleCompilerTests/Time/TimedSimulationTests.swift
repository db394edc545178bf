import Testing
import LifecycleCompiler

/// Issue 43, step 2: `simulate` with `wait 6s` between events; timed transitions fire as time
/// passes, through the one step definition (`MachineStepper.step(taking:from:)`).
@Suite struct TimedSimulationTests {
    static let spec = """
        machine App {
            initial state Active
            state Background {
                initial state Running
                state Snapshot
                Running -> Snapshot on snap by system after 1s
                Snapshot -> Running on again by user
            }
            state Suspended
            Active -> Background on background by user
            Background -> Active on foreground by user
            Background -> Suspended on idle by system after 5s
            Suspended -> Active on foreground by user
        }
        """

    static func machine() throws -> Machine {
        let compilation = Compiler.compile(path: "App.lifecycle", source: spec)
        #expect(compilation.diagnostics.errorCount == 0, "\(compilation.diagnostics.all.map(\.message))")
        return try #require(compilation.model?.machines.first)
    }

    static func names(_ run: Simulator.Run, _ machine: Machine) -> [String] {
        run.steps.map { machine.transitions[$0.transition].event ?? "?" }
    }

    @Test func aWaitLetsTimedTransitionsFireInOrder() throws {
        let machine = try Self.machine()
        let run = try Simulator.run(["background", "wait", "6s"], in: machine).get()
        #expect(Self.names(run, machine) == ["background", "snap", "idle"])
        #expect(run.timed == [1: 1000, 2: 5000])
        #expect(machine.states[run.end].name == "Suspended")
    }

    @Test func aShortWaitFiresNothingAndAnEventBeforeTheTimeLeaves() throws {
        let machine = try Self.machine()
        let run = try Simulator.run(["background", "wait", "500ms", "foreground", "wait", "10s"], in: machine).get()
        #expect(Self.names(run, machine) == ["background", "foreground"])
        #expect(run.timed.isEmpty)
        #expect(run.waits.map(\.until) == [500, 10_500])
    }

    @Test func timeInsideAStateGoesOnWhenAnInnerStateChanges() throws {
        // `again` moves inside Background: Background's 5 s go on from when it was entered.
        let machine = try Self.machine()
        let run = try Simulator.run(["background", "wait", "2s", "again", "wait", "3s"], in: machine).get()
        #expect(Self.names(run, machine) == ["background", "snap", "again", "snap", "idle"])
        #expect(run.timed[4] == 5000)
        #expect(run.timed[3] == 3000)
    }

    @Test func leavingAndEnteringAgainStartsTheTimeAgain() throws {
        let machine = try Self.machine()
        let run = try Simulator.run(["background", "wait", "4s", "foreground", "background", "wait", "4s"], in: machine).get()
        #expect(!Self.names(run, machine).contains("idle"))
        #expect(machine.states[run.end].name == "Snapshot")
    }

    @Test func theFormatterSaysWhenATimedTransitionFires() throws {
        let machine = try Self.machine()
        let compilation = Compiler.compile(path: "App.lifecycle", source: Self.spec)
        let model = try #require(compilation.model)
        let run = try Simulator.run(["background", "wait", "6s"], in: machine).get()
        let text = QueryFormatter(model: model, machine: machine).text(run: run)
        #expect(text.contains("At 1s, after 1s in Running:"))
        #expect(text.contains("At 5s, after 5s in Background:"))
        #expect(text.contains("Waits until 6s."))
        // A run without waits prints as before.
        let plain = QueryFormatter(model: model, machine: machine).text(run: try Simulator.run(["background"], in: machine).get())
        #expect(!plain.contains("Waits") && !plain.contains("At "))
    }
}
