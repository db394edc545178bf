import Foundation
import Testing

/// `trace` and `simulate` as scripts see them: exit statuses, what goes to stdout and what to
/// stderr. The outputs themselves are checked by the golden tests of the library.
@Suite struct QueryCommandTests {
    static let app = "Examples/AppLifecycle.lifecycle"
    static let scene = "Examples/SceneLifecycle.lifecycle"

    func run(_ arguments: String...) throws -> CLIRunner.Output { try CLIRunner.run(arguments) }

    @Test func traceShortestPath() throws {
        let output = try run("trace", Self.app, "--from", "Background", "--to", "Active")
        #expect(output == CLIRunner.Output(stdout: """
            Finishing (in Background) --reopen (user)--> Foreground (enters Interrupted)
                applicationWillEnterForeground(_:)
            Interrupted (in Inactive) --activate (system)--> Active
                applicationDidBecomeActive(_:)

            """, stderr: "", status: 0))
    }

    @Test func traceFromACompositeStartsInItsInitialState() throws {
        let output = try run("trace", Self.app, "--from", "Foreground", "--to", "Active")
        #expect(output == CLIRunner.Output(stdout: """
            Interrupted (in Inactive) --activate (system)--> Active
                applicationDidBecomeActive(_:)

            """, stderr: "", status: 0))
    }

    @Test func aTerminatedAppCanBeLaunchedAgain() throws {
        let output = try run("trace", Self.app, "--from", "Suspended", "--to", "Active")
        #expect(output.status == 0)
        let relaunch = try run("simulate", Self.app, "launch", "activate", "interrupt", "swipeAway", "launch")
        #expect(relaunch.status == 0)
        #expect(relaunch.stdout.contains("Interrupted (in Inactive) --swipeAway (user)--> NotRunning\n    applicationWillTerminate(_:)\n"))
        #expect(relaunch.stdout.hasSuffix("Ends in Launching (in Inactive, in Foreground).\nAccepts: activate, leave, swipeAway, crash.\n"))
    }

    @Test func traceNoPathExitsOne() throws {
        let output = try run("trace", "Examples/MediaPlayer.lifecycle", "--from", "Closed", "--to", "Playing")
        #expect(output == CLIRunner.Output(stdout: "", stderr: """
            lifecycle trace: error: no path from 'Closed' to 'Playing' in 'MediaPlayback'

            """, status: 1))
    }

    @Test func traceUnknownStateSuggests() throws {
        let output = try run("trace", Self.app, "--into", "inactive")
        #expect(output.status == 1)
        #expect(output.stdout == "")
        #expect(output.stderr == "lifecycle trace: error: no state 'inactive' in 'App'; did you mean 'Inactive'?\n")
    }

    /// Issue 40: without `--machine`, the one machine declaring every state and event named is used.
    @Test func machineInferredFromTheNamesGiven() throws {
        let inferred = try run("simulate", Self.scene, "connect", "activate")
        #expect(inferred == (try run("simulate", Self.scene, "--machine", "Scene", "connect", "activate")))
        #expect(inferred.status == 0)
        let traced = try run("trace", Self.scene, "--into", "Inactive")
        #expect(traced == (try run("trace", Self.scene, "--machine", "Scene", "--into", "Inactive")))
        #expect(traced.status == 0)
        let app = try run("trace", Self.scene, "--from", "NotRunning", "--to", "Suspended")
        #expect(app == (try run("trace", Self.scene, "--machine", "AppSessions", "--from", "NotRunning", "--to", "Suspended")))
    }

    /// Names both machines declare (or none, or a mix) still ask for `--machine`, listing both.
    @Test func severalMachinesNeedMachineOption() throws {
        for command in [["trace", Self.scene, "--into", "Suspended"], ["simulate", Self.scene, "reopen"],
                        ["simulate", Self.scene, "connect", "launch"], ["paths", Self.scene]] {
            let output = try CLIRunner.run(command)
            #expect(output.status == 2)
            #expect(output.stdout == "")
            #expect(output.stderr.hasPrefix("""
                lifecycle \(command[0]): error: '\(Self.scene)' has 2 machines; choose one with '--machine': 'AppSessions', 'Scene'
                Usage: lifecycle \(command[0]) 
                """))
        }
    }

    @Test func unknownMachineSuggests() throws {
        let output = try run("simulate", Self.scene, "--machine", "scene", "connect")
        #expect(output == CLIRunner.Output(stdout: "", stderr: """
            lifecycle simulate: error: no machine 'scene' in '\(Self.scene)'; did you mean 'Scene'?
            lifecycle simulate: note: '\(Self.scene)' declares 'AppSessions', 'Scene'

            """, status: 1))
    }

    @Test func rejectedEventShowsStepsSoFarAndWhatIsAccepted() throws {
        let output = try run("simulate", Self.scene, "--machine", "Scene", "connect", "activate", "reopen")
        #expect(output.status == 1)
        #expect(output.stdout.hasSuffix("Inactive --activate (system)--> Active\n    sceneDidBecomeActive(_:)\n"))
        #expect(output.stderr == """
            lifecycle simulate: error: 'Active' does not accept 'reopen'
            lifecycle simulate: note: 'Active' accepts 'interrupt', 'alert', 'leave'

            """)
    }

    /// Issue 43: the JSON of a path reached by waiting says the wait, and a run's timed step when
    /// time took it; before, both were lost.
    @Test func jsonSaysTheTime() throws {
        let trace = try run("trace", Self.scene, "--machine", "Scene", "--from", "Active", "--to", "Suspended", "--format", "json")
        #expect(trace.status == 0)
        let path = try #require(try JSONSerialization.jsonObject(with: Data(trace.stdout.utf8)) as? [[String: Any]])
        #expect(path.map { $0["wait"] as? String } == [nil, "5s"])
        #expect(path.map { $0["after"] as? String } == [nil, "5s"])
        let simulate = try run("simulate", Self.scene, "--machine", "Scene", "connect", "activate", "leave", "wait", "6s", "--format", "json")
        #expect(simulate.status == 0)
        let steps = try #require(try JSONSerialization.jsonObject(with: Data(simulate.stdout.utf8)) as? [[String: Any]])
        #expect(steps.map { $0["at"] as? String } == [nil, nil, nil, "5s"])
        #expect(steps.last?["to"] as? String == "Suspended")
    }

    @Test func jsonIsOneArrayOfSteps() throws {
        let output = try run("simulate", Self.app, "--format", "json", "launch", "activate")
        #expect(output.status == 0)
        let steps = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]])
        #expect(steps.map { $0["from"] as? String } == ["NotRunning", "Launching"])
        #expect(steps.map { $0["to"] as? String } == ["Launching", "Active"])
        #expect(steps.map { $0["by"] as? String } == ["user", "system"])
        #expect(steps[1]["callbacks"] as? [String] == ["applicationDidBecomeActive(_:)"])
    }

    /// A script reading stdout gets a JSON error object, never text or nothing (issue 17).
    @Test func jsonErrorOnStdoutOnError() throws {
        let output = try run("simulate", Self.app, "--format", "json", "launch", "interrupt")
        #expect(output.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect((object["error"] as? String)?.contains("'interrupt'") == true, "\(output.stdout)")
        #expect((object["steps"] as? [Any])?.count == 1)
    }

    @Test func usageProblemsExitTwo() throws {
        for arguments in [
            ["trace", Self.app, "--from", "Active"],
            ["trace", Self.app, "--into", "Active", "--to", "Background"],
            ["trace", Self.app, "--into", "Active", "--format", "yaml"],
            ["trace"],
            ["simulate"],
        ] {
            let output = try CLIRunner.run(arguments)
            #expect(output.status == 2, "\(arguments)")
            #expect(output.stderr.contains("Usage: lifecycle \(arguments[0])"), "\(arguments)")
        }
    }

    @Test func helpListsTheCommands() throws {
        let output = try run("--help")
        #expect(output.stdout.contains("  trace "))
        #expect(output.stdout.contains("  simulate "))
    }
}
