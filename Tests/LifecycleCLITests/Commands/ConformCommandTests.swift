import Foundation
import Testing

/// `conform` as scripts see it: exit statuses, what goes to stdout and what to stderr, and the
/// example logs in `Examples/logs/` (the swapped one's diagnostic is a golden file beside it;
/// `LIFECYCLE_RECORD=1` rewrites it, and the test still fails).
@Suite struct ConformCommandTests {
    static let scene = "Examples/SceneLifecycle.lifecycle"
    static let good = "Examples/logs/scene-home-and-back.log"
    static let swapped = "Examples/logs/scene-swapped.log"

    func run(_ arguments: String...) throws -> CLIRunner.Output { try CLIRunner.run(arguments) }

    @Test func theXcodeLogConforms() throws {
        let output = try run("conform", Self.scene, Self.good, "--machine", "Scene")
        #expect(output == CLIRunner.Output(stdout: """
            Examples/logs/scene-home-and-back.log: conforms to 'Scene' (7 callbacks, 2 other lines)
              not logged: sceneDidDisconnect(_:)
              ends in 'Active'
              time checked: every callback line's timestamp

            """, stderr: "", status: 0))
        // Every callback it could call is logged, so it conforms strictly too.
        #expect(try run("conform", Self.scene, Self.good, "--machine", "Scene", "--strict").status == 0)
    }

    @Test func theSwappedLogIsRejectedAtTheRightLine() throws {
        let output = try run("conform", Self.scene, Self.swapped, "--machine", "Scene")
        #expect(output.status == 1)
        #expect(output.stdout == "")
        #expect(output.stderr.hasPrefix("Examples/logs/scene-swapped.log:5:70: error: 'sceneDidEnterBackground(_:)' cannot happen here"))
        let golden = CLIRunner.packageRoot + "/Examples/logs/scene-swapped.stderr"
        let expected = try? String(contentsOfFile: golden, encoding: .utf8)
        if expected != output.stderr && ProcessInfo.processInfo.environment["LIFECYCLE_RECORD"] == "1" {
            try output.stderr.write(toFile: golden, atomically: true, encoding: .utf8)
            Issue.record("recorded scene-swapped.stderr; unset LIFECYCLE_RECORD and run again")
        }
        #expect(output.stderr == expected)
    }

    @Test func eachLogIsCheckedFromTheInitialState() throws {
        let output = try run("conform", Self.scene, Self.good, Self.swapped, Self.good, "--machine", "Scene")
        #expect(output.status == 1)
        #expect(output.stdout.components(separatedBy: "conforms to 'Scene'").count == 3)
        #expect(output.stderr.components(separatedBy: ": error: ").count == 2)
    }

    @Test func jsonReportsEveryLog() throws {
        let output = try run("conform", Self.scene, Self.good, Self.swapped, "--machine", "Scene", "--format", "json")
        #expect(output.status == 1)
        #expect(output.stderr == "")
        let results = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]])
        #expect(results.map { $0["conforms"] as? Bool } == [true, false])
        let diagnostics = try #require(results[1]["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.first?["line"] as? Int == 5)
        #expect(diagnostics.first?["column"] as? Int == 70)
        #expect(diagnostics.first?["id"] as? String == "callbackOutOfOrder")
        let notes = try #require(diagnostics.first?["notes"] as? [[String: Any]])
        #expect(notes.first?["message"] as? String == "events assumed so far: connect, activate")
    }

    @Test func usageAndIOProblems() throws {
        let missing = try run("conform", Self.scene)
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("lifecycle conform: error: missing log file argument\n"))
        // A spec of several machines: each is checked on its own callbacks (issue 37).
        let several = try run("conform", Self.scene, Self.good)
        #expect(several.status == 0, "\(several)")
        #expect(several.stdout.hasPrefix("Examples/logs/scene-home-and-back.log: not checked against 'AppSessions': no line names one of its callbacks\n"
            + "Examples/logs/scene-home-and-back.log: conforms to 'Scene' (7 callbacks, 2 other lines)\n"), "\(several.stdout)")
        let unreadable = try run("conform", Self.scene, "Examples/logs/no-such.log", "--machine", "Scene")
        #expect(unreadable.status == 3)
        #expect(unreadable.stderr.hasPrefix("Examples/logs/no-such.log: error: cannot read file: "))
        let format = try run("conform", Self.scene, Self.good, "--machine", "Scene", "--format", "xml")
        #expect(format.status == 2)
    }
}

/// `paths` and `swift --monitor` as scripts see them.
@Suite struct PathsCommandTests {
    func run(_ arguments: String...) throws -> CLIRunner.Output { try CLIRunner.run(arguments) }

    @Test func formats() throws {
        let text = try run("paths", "Examples/AppLifecycle.lifecycle")
        #expect(text.status == 0)
        #expect(text.stdout.hasPrefix("1 sequence covers all 22 transitions of App.\n\n1. launch, activate, "))
        let json = try run("paths", "Examples/AppLifecycle.lifecycle", "--format", "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["covered"] as? Int == object["goals"] as? Int)
        let markdown = try run("paths", "Examples/AppLifecycle.lifecycle", "--format", "markdown", "--cover", "states")
        #expect(markdown.stdout.hasPrefix("# Test plan: App\n"))
        #expect(markdown.stdout.contains("\n- [ ] **launch** (by user)"))
    }

    @Test func usageErrors() throws {
        #expect(try run("paths", "Examples/AppLifecycle.lifecycle", "--cover", "edges").status == 2)
        #expect(try run("paths", "Examples/AppLifecycle.lifecycle", "--format", "html").status == 2)
        #expect(try run("paths", "Examples/SceneLifecycle.lifecycle").status == 2)
        #expect(try run("paths").status == 2)
    }

    @Test func swiftMonitor() throws {
        let output = try run("swift", "Examples/SceneLifecycle.lifecycle", "--monitor")
        #expect(output.status == 0)
        #expect(output.stdout.contains("struct SceneLifecycleMonitor: Sendable {"))
        #expect(output.stdout.contains("// Regenerate with: lifecycle swift Examples/SceneLifecycle.lifecycle --monitor\n"))
        let update = try run("swift", "Examples/SceneLifecycle.lifecycle", "--monitor", "--update", "Examples/SceneLifecycle.swift")
        #expect(update.status == 2)
    }
}

/// `conform --system` and `paths --system`: the seed's push/pop log of two view controllers.
@Suite struct SystemConformCommandTests {
    static let navigation = "Examples/NavigationLifecycle.lifecycle"
    static let pushPop = "Examples/logs/push-pop.log"
    static let swapped = "Examples/logs/push-pop-swapped.log"

    func run(_ arguments: String...) throws -> CLIRunner.Output { try CLIRunner.run(arguments) }

    @Test func theSeedsLogConforms() throws {
        let output = try run("conform", Self.navigation, Self.pushPop, "--system", "Navigation")
        #expect(output == CLIRunner.Output(stdout: """
            Examples/logs/push-pop.log: conforms to 'Navigation' (17 callbacks, 7 other lines)
              not logged: 1st loadView(), 1st viewIsAppearing(_:), 2st loadView(), 2st viewIsAppearing(_:)
              ends in Root=Disappeared, Second=Appeared

            """, stderr: "", status: 0))
        // It does not log loadView or viewIsAppearing, so it is not strict.
        #expect(try run("conform", Self.navigation, Self.pushPop, "--system", "Navigation", "--strict").status == 1)
    }

    @Test func theSwappedLogIsRejectedAtTheRightLine() throws {
        let output = try run("conform", Self.navigation, Self.swapped, "--system", "Navigation")
        #expect(output.status == 1)
        #expect(output.stdout == "")
        #expect(output.stderr.hasPrefix("Examples/logs/push-pop-swapped.log:14:5: error: '1st viewWillAppear(_:)' cannot happen here"))
        let golden = CLIRunner.packageRoot + "/Examples/logs/push-pop-swapped.stderr"
        let expected = try? String(contentsOfFile: golden, encoding: .utf8)
        if expected != output.stderr && ProcessInfo.processInfo.environment["LIFECYCLE_RECORD"] == "1" {
            try output.stderr.write(toFile: golden, atomically: true, encoding: .utf8)
            Issue.record("recorded push-pop-swapped.stderr; unset LIFECYCLE_RECORD and run again")
        }
        #expect(output.stderr == expected)
    }

    @Test func systemAndMachineAreExclusiveAndUnknownSystemsGetASuggestion() throws {
        let both = try run("conform", Self.navigation, Self.pushPop, "--system", "Navigation", "--machine", "ViewController")
        #expect(both.status == 2)
        #expect(both.stderr.contains("'--system' cannot be combined with '--machine'"))
        #expect(try run("paths", Self.navigation, "--system", "Navigation", "--machine", "ViewController").status == 2)
        let unknown = try run("conform", Self.navigation, Self.pushPop, "--system", "Navigaton")
        #expect(unknown.status == 1)
        #expect(unknown.stderr.hasPrefix("lifecycle conform: error: no system 'Navigaton' in 'Examples/NavigationLifecycle.lifecycle'; did you mean 'Navigation'?\n"))
        #expect(try run("paths", Self.navigation, "--system", "Navigaton").status == 1)
    }

    @Test func pathsCoverEverySystemEventAndInstanceState() throws {
        let events = try run("paths", Self.navigation, "--system", "Navigation")
        #expect(events.status == 0)
        #expect(events.stdout.hasPrefix("1 sequence covers all 3 events of Navigation.\n\n1. launch, push, pop\n"))
        #expect(events.stdout.contains("--push--> Root=Disappeared, Second=Appeared\n    2st loadView()\n    2st viewDidLoad()\n    1st viewWillDisappear(_:)\n"))
        let states = try run("paths", Self.navigation, "--system", "AppWithOneScene", "--cover", "states")
        #expect(states.status == 0)
        #expect(states.stdout.contains(" instance states of AppWithOneScene.\n"))
    }

    @Test func pathsOfASystemInJSONAndMarkdown() throws {
        let json = try run("paths", Self.navigation, "--system", "Navigation", "--format", "json")
        #expect(json.status == 0 && json.stderr == "")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["system"] as? String == "Navigation" && object["cover"] as? String == "transitions")
        #expect(object["goals"] as? Int == 3 && object["covered"] as? Int == 3)
        let sequences = try #require(object["sequences"] as? [[String: Any]])
        #expect(sequences.first?["events"] as? [String] == ["launch", "push", "pop"])
        let push = try #require((sequences.first?["steps"] as? [[String: Any]])?[1])
        #expect(push["from"] as? String == "Root=Appeared, Second=Created" && push["to"] as? String == "Root=Disappeared, Second=Appeared")
        #expect(push["by"] as? String == "user")
        let callbacks = try #require(push["callbacks"] as? [[String: String]])
        #expect(callbacks.prefix(3).map { "\($0["instance"] ?? "") \($0["callback"] ?? "")" }
                == ["Second loadView()", "Second viewDidLoad()", "Root viewWillDisappear(_:)"])
        let states = try run("paths", Self.navigation, "--system", "AppWithOneScene", "--cover", "states", "--format", "json")
        #expect(states.status == 0 && states.stdout.contains("\"cover\": \"states\""))
        let markdown = try run("paths", Self.navigation, "--system", "Navigation", "--format", "markdown")
        #expect(markdown.status == 0)
        #expect(markdown.stdout.hasPrefix("# Test plan: Navigation\n\n1 sequence covers all 3 events of Navigation. Start each sequence in Root=Created, Second=Created; "))
        #expect(markdown.stdout.contains("\n- [ ] **push** (by user): The user taps a row: a new second controller is pushed; its view loads before the root starts to disappear.\n  Root=Appeared, Second=Created → Root=Disappeared, Second=Appeared. Expect: `Second loadView()`, `Second viewDidLoad()`, `Root viewWillDisappear(_:)`,"))
    }
}
