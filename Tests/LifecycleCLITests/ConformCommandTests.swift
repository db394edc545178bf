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
        let several = try run("conform", Self.scene, Self.good)
        #expect(several.status == 2)
        #expect(several.stderr.contains("choose one with '--machine'"))
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
        #expect(text.stdout.hasPrefix("4 sequences cover all 15 transitions of App.\n\n1. launch, activate, "))
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
