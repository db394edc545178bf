import Foundation
import Testing

/// `simulate --system`, `trace --system` and `--state-limit` as scripts see them: exit
/// statuses and which stream gets what. The outputs themselves are golden files of the
/// library (`SystemQueryTests`).
@Suite struct SystemCommandTests {
    static let navigation = "Examples/NavigationLifecycle.lifecycle"

    func run(_ arguments: String...) throws -> CLIRunner.Output { try CLIRunner.run(arguments) }

    @Test func simulateSystemPrintsEachEventThenCallbacksWithTheirInstance() throws {
        let output = try run("simulate", Self.navigation, "--system", "Navigation", "launch", "push")
        #expect(output.status == 0 && output.stderr == "")
        #expect(output.stdout.hasPrefix("launch (system)\n  Root: loadView()\n  Root: viewDidLoad()\n"))
        #expect(output.stdout.contains("push (user)\n  Second: loadView()\n  Second: viewDidLoad()\n  Root: viewWillDisappear(_:)\n"))
        #expect(output.stdout.hasSuffix("Ends in Root=Disappeared, Second=Appeared.\nPossible: pop.\n"))
    }

    @Test func simulateSystemImpossibleEventExitsOne() throws {
        let output = try run("simulate", Self.navigation, "--system", "Navigation", "pop")
        #expect(output == CLIRunner.Output(stdout: "", stderr: """
            lifecycle simulate: error: 'pop' is not possible in Root=Created, Second=Created
            lifecycle simulate: note: possible there: 'launch'

            """, status: 1))
    }

    @Test func traceSystemJSONIsAnArrayOfEvents() throws {
        let output = try run("trace", Self.navigation, "--system", "AppWithOneScene", "--to", "Main=Background", "--format", "json")
        #expect(output.status == 0 && output.stderr == "")
        let events = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]])
        #expect(events.map { $0["event"] as? String } == ["launch", "home"])
        let states = try #require(events.last?["states"] as? [String: String])
        #expect(states == ["App": "Running", "Main": "Background"])
    }

    @Test func severalSystemsNeedSystemName() throws {
        let output = try run("simulate", Self.navigation, "--system", "Navigaton", "launch")
        #expect(output.status == 1)
        #expect(output.stderr.hasPrefix("lifecycle simulate: error: no system 'Navigaton' in 'Examples/NavigationLifecycle.lifecycle'; did you mean 'Navigation'?\n"))
    }

    @Test func usageErrorsExitTwo() throws {
        for arguments in [
            ["simulate", Self.navigation, "--system", "Navigation", "--machine", "ViewController", "launch"],
            ["trace", Self.navigation, "--system", "Navigation"],
            ["trace", Self.navigation, "--system", "Navigation", "--to", "Second"],
            ["trace", Self.navigation, "--system", "Navigation", "--from", "Root=Created", "--to", "Root=Appeared"],
            ["check", Self.navigation, "--state-limit", "0"],
            ["simulate", Self.navigation, "--system", "Navigation", "--state-limit", "many"],
        ] {
            let output = try CLIRunner.run(arguments)
            #expect(output.status == 2, "\(arguments): \(output)")
            #expect(output.stdout == "")
            #expect(output.stderr.contains("error: "), "\(arguments): \(output)")
        }
    }

    @Test func stateLimitStopsCheckWithALocatedError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-systems-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var lines = ["machine Ring {", "    initial state S0"]
        for i in 1..<10 { lines.append("    state S\(i)") }
        for i in 0..<10 { lines.append("    S\(i) -> S\((i + 1) % 10) on next") }
        lines += ["}", "system Rings {"]
        for k in 0..<4 { lines.append("    instance I\(k): Ring") }
        for k in 0..<4 { lines.append("    on step\(k): I\(k).next") }
        lines.append("}")
        let spec = folder.appendingPathComponent("Rings.lifecycle")
        try (lines.joined(separator: "\n") + "\n").write(to: spec, atomically: true, encoding: .utf8)

        let limited = try run("check", spec.path, "--state-limit", "9999")
        #expect(limited.status == 1)
        #expect(limited.stderr.contains("Rings.lifecycle:23:8: error: system 'Rings' has more than 9999 reachable states; its checks stopped there (raise the limit with '--state-limit')\n"))
        let enough = try run("check", spec.path, "--state-limit", "10000")
        #expect(enough == CLIRunner.Output(stdout: "", stderr: "", status: 0))
        let trace = try run("trace", spec.path, "--system", "Rings", "--to", "I0=S9,I1=S9,I2=S9,I3=S9", "--state-limit", "10000")
        #expect(trace.status == 0)
        #expect(trace.stdout.hasSuffix("Ends in I0=S9, I1=S9, I2=S9, I3=S9.\n"))
    }
}
