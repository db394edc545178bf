import Foundation
import Testing

/// `conform` on logs as apps and devices print them (`Examples/logs/`), on standard input and
/// live pipes, on logs with nothing to check, and on logs of any size.
@Suite struct ConformLogsTests {
    func run(_ arguments: [String], input: Data? = nil) throws -> CLIRunner.Output { try CLIRunner.run(arguments, input: input) }

    /// Every example log with its verdict: the command, its status, and what it prints on
    /// stdout; a failing one's stderr is the golden file `Examples/logs/NAME.stderr`.
    static let examples: [(arguments: [String], status: Int32, stdout: String)] = [
        (["Examples/SceneLifecycle.lifecycle", "Examples/logs/scene-switcher-swipe.log", "--machine", "Scene", "--strict"], 0, """
            Examples/logs/scene-switcher-swipe.log: conforms to 'Scene' (9 callbacks, 0 other lines)
              ends in 'Unattached'
              time checked: every callback line's timestamp

            """),
        (["Examples/SceneLifecycle.lifecycle", "Examples/logs/scene-log-stream.log", "--machine", "Scene"], 0, """
            Examples/logs/scene-log-stream.log: conforms to 'Scene' (5 callbacks, 1 other line)
              not logged: sceneDidDisconnect(_:)
              ends in 'Finishing', 'Suspended', 'ExtraTime', 'BackgroundMode' or 'Unattached'
              time checked: every callback line's timestamp

            """),
        (["Examples/AppLifecycle.lifecycle", "Examples/logs/app-delegate-objc.log"], 0, """
            Examples/logs/app-delegate-objc.log: conforms to 'App' (9 callbacks, 0 other lines)
              ends in 'NotRunning'
              time checked: every callback line's timestamp

            """),
        (["Examples/AppLifecycle.lifecycle", "Examples/logs/app-delegate-objc-swapped.log"], 1, ""),
        (["Examples/AppLifecycle.lifecycle", "Examples/logs/app-delegate-cmd.log"], 0, """
            Examples/logs/app-delegate-cmd.log: conforms to 'App' (7 callbacks, 0 other lines)
              not logged: applicationWillTerminate(_:)
              ends in 'Active' or 'NotRunning'
              time not checked: 7 callback lines without a timestamp, first at line 1

            """),
        (["Examples/AppLifecycle.lifecycle", "Examples/logs/app-delegate-parts.log", "--strict"], 0, """
            Examples/logs/app-delegate-parts.log: conforms to 'App' (5 callbacks, 0 other lines)
              ends in 'Finishing', 'Suspended', 'ExtraTime', 'BackgroundMode' or 'NotRunning'
              time checked: every callback line's timestamp

            """),
        (["Examples/AppLifecycle.lifecycle", "Examples/logs/app-slow-launch.log"], 1, ""),
        (["Examples/SwiftUILifecycle.lifecycle", "Examples/logs/swiftui-phases.log", "--machine", "AppPhase"], 0, """
            Examples/logs/swiftui-phases.log: conforms to 'AppPhase' (9 phase changes, 2 other lines)
              ends in 'Active'

            """),
        (["Examples/SwiftUILifecycle.lifecycle", "Examples/logs/swiftui-phases-swapped.log", "--machine", "AppPhase"], 1, ""),
        (["Examples/SwiftUILifecycle.lifecycle", "Examples/logs/swiftui-scene-phase.log", "--machine", "Window", "--strict"], 0, """
            Examples/logs/swiftui-scene-phase.log: conforms to 'Window' (7 phase changes, 0 other lines)
              ends in 'Active'

            """),
        (["Examples/SceneLifecycle.lifecycle", "Examples/logs/two-windows.log"], 0, """
            Examples/logs/two-windows.log: conforms to 'AppSessions' (4 callbacks, 0 other lines)
              not logged: application(_:didDiscardSceneSessions:), applicationDidReceiveMemoryWarning(_:), applicationWillTerminate(_:)
              ends in 'Running', 'Suspended' or 'NotRunning'
            Examples/logs/two-windows.log: conforms to 'Scene' (10 callbacks, 0 other lines)
              not logged: sceneDidDisconnect(_:)
              time checked: every callback line's timestamp
              2 instances, told apart by the object each line prints, each checked on its own lines:
                0x600000c04000, from line 4 (5 callbacks): ends in 'Finishing', 'Suspended', 'ExtraTime', 'BackgroundMode' or 'Unattached'
                0x600000c1c000, from line 8 (5 callbacks): ends in 'Finishing', 'Suspended', 'ExtraTime', 'BackgroundMode' or 'Unattached'

            """),
        (["Examples/NavigationLifecycle.lifecycle", "Examples/logs/push-pop-classes.log", "--system", "Navigation"], 1, ""),
        (["Examples/NavigationLifecycle.lifecycle", "Examples/logs/push-pop-classes.log", "--system", "Navigation",
          "--instance", "Root=A_ViewController", "--instance", "Second=B_ViewController"], 0, """
            Examples/logs/push-pop-classes.log: conforms to 'Navigation' (12 callbacks, 0 other lines)
              callbacks no event of 'Navigation' calls: 1st viewWillLayoutSubviews() ×1, 1st viewDidLayoutSubviews() ×1, 2st viewWillLayoutSubviews() ×1, 2st viewDidLayoutSubviews() ×1
              not logged: 1st loadView(), 1st viewIsAppearing(_:), 2st loadView(), 2st viewIsAppearing(_:)
              ends in Root=Appeared, Second=Released

            """),
    ]

    @Test(arguments: examples.indices) func eachExampleLogKeepsItsVerdict(_ index: Int) throws {
        let (arguments, status, stdout) = Self.examples[index]
        let output = try run(["conform"] + arguments)
        #expect(output.status == status, "\(output)")
        #expect(output.stdout == stdout)
        guard status != 0 else {
            #expect(output.stderr == "")
            return
        }
        let golden = CLIRunner.packageRoot + "/" + arguments[1].replacingOccurrences(of: ".log", with: ".stderr")
        let expected = try? String(contentsOfFile: golden, encoding: .utf8)
        if expected != output.stderr && ProcessInfo.processInfo.environment["LIFECYCLE_RECORD"] == "1" {
            try output.stderr.write(toFile: golden, atomically: true, encoding: .utf8)
            Issue.record("recorded \(golden); unset LIFECYCLE_RECORD and run again")
        }
        #expect(output.stderr == expected)
    }

    @Test func everyExampleLogIsTested() throws {
        let logs = try FileManager.default.contentsOfDirectory(atPath: CLIRunner.packageRoot + "/Examples/logs").filter { $0.hasSuffix(".log") }
        let tested = Set((Self.examples.map { $0.arguments[1] } + ["scene-home-and-back.log", "scene-swapped.log", "push-pop.log", "push-pop-swapped.log"])
            .map { ($0 as NSString).lastPathComponent })
        #expect(Set(logs).subtracting(tested).isEmpty, "untested: \(Set(logs).subtracting(tested))")
    }

    @Test func crOnlyCrlfAndColouredLogsGetThePlainVerdicts() throws {
        // Each example log, rewritten: the same status, and an error (if any) on the same line.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-logs-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cases = Self.examples.map(\.arguments) + [
            ["Examples/SceneLifecycle.lifecycle", "Examples/logs/scene-swapped.log", "--machine", "Scene"],
            ["Examples/NavigationLifecycle.lifecycle", "Examples/logs/push-pop-swapped.log", "--system", "Navigation"],
        ]
        for arguments in cases {
            let plain = try run(["conform"] + arguments)
            let text = try String(contentsOfFile: CLIRunner.packageRoot + "/" + arguments[1], encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let variants = [
                "cr": text.replacingOccurrences(of: "\n", with: "\r"),
                "crlf": text.replacingOccurrences(of: "\n", with: "\r\n"),
                "colour": lines.map { $0.isEmpty ? "" : "\u{1B}[2m\($0.prefix(2))\u{1B}[0m\u{1B}[1;32m\($0.dropFirst(2))\u{1B}[0m" }.joined(separator: "\n"),
            ]
            for (name, variant) in variants {
                let path = folder + "/\(name).log"
                try variant.write(toFile: path, atomically: true, encoding: .utf8)
                var changed = arguments
                changed[1] = path
                let output = try run(["conform"] + changed)
                #expect(output.status == plain.status, "\(name) \(arguments[1]): \(output)")
                let line = { (stderr: String) in stderr.split(separator: ":").dropFirst().first.map(String.init) }
                #expect(line(output.stderr) == line(plain.stderr), "\(name) \(arguments[1]): \(output)")
                #expect(output.stdout.replacingOccurrences(of: path, with: arguments[1]) == plain.stdout, "\(name) \(arguments[1])")
            }
        }
    }

    // MARK: - Standard input

    static let scene = "Examples/SceneLifecycle.lifecycle"

    @Test func aDashReadsStandardInput() throws {
        let log = try Data(contentsOf: URL(fileURLWithPath: CLIRunner.packageRoot + "/Examples/logs/scene-home-and-back.log"))
        let output = try run(["conform", Self.scene, "-", "--machine", "Scene"], input: log)
        #expect(output == CLIRunner.Output(stdout: """
            <stdin>: conforms to 'Scene' (7 callbacks, 2 other lines)
              not logged: sceneDidDisconnect(_:)
              ends in 'Active'
              time checked: every callback line's timestamp

            """, stderr: "", status: 0))
        let json = try run(["conform", Self.scene, "-", "--machine", "Scene", "--format", "json"], input: log)
        let results = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(results.first?["log"] as? String == "<stdin>")
        #expect(results.first?["conforms"] as? Bool == true)
        let twice = try run(["conform", Self.scene, "-", "-", "--machine", "Scene"], input: log)
        #expect(twice.status == 2)
        #expect(twice.stderr.hasPrefix("lifecycle conform: error: standard input ('-') can be read only once\n"))
    }

    @Test func aPipeReadAsItComesGetsTheFilesVerdict() throws {
        // The swapped log from a pipe: rejected too, at the first line no run can print then.
        let log = try Data(contentsOf: URL(fileURLWithPath: CLIRunner.packageRoot + "/Examples/logs/scene-swapped.log"))
        let output = try run(["conform", Self.scene, "-", "--machine", "Scene"], input: log)
        #expect(output.status == 1)
        #expect(output.stderr.hasPrefix("<stdin>:6:70: error: 'sceneWillResignActive(_:)' cannot happen here"), "\(output)")
        #expect(output.stderr.contains("<stdin>:6:70: note: this log was read once as it came, learning which callbacks are logged as they appear; checked as a file, it may deviate earlier\n"))
        // Strict, nothing needs learning: the same line as the file.
        let strict = try run(["conform", Self.scene, "-", "--machine", "Scene", "--strict"], input: log)
        #expect(strict.stderr.hasPrefix("<stdin>:5:70: error: 'sceneDidEnterBackground(_:)' cannot happen here"), "\(strict)")
    }

    @Test func aLiveLogStopsAtTheFirstDeviation() throws {
        // `log stream … | lifecycle conform Spec -`: the verdict comes while the stream is still open.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLIRunner.binary)
        process.arguments = ["conform", Self.scene, "-", "--machine", "Scene", "--strict"]
        process.currentDirectoryURL = URL(fileURLWithPath: CLIRunner.packageRoot)
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let input = Pipe(), err = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        try process.run()
        defer { try? input.fileHandleForWriting.close() }
        try input.fileHandleForWriting.write(contentsOf: Data("scene(_:willConnectTo:options:)\nsceneWillEnterForeground(_:)\n".utf8))
        Thread.sleep(forTimeInterval: 0.2)
        #expect(process.isRunning, "conform must wait for more of a log that conforms so far")
        // Inactive: resigning active cannot come before becoming active.
        try input.fileHandleForWriting.write(contentsOf: Data("sceneWillResignActive(_:)\n".utf8))
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        let stopped = !process.isRunning
        // The test runner's threads block most signals, and a child inherits that mask: SIGKILL.
        if !stopped { kill(process.processIdentifier, SIGKILL) }
        #expect(stopped, "conform kept reading after the deviation")
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(stderr.hasPrefix("<stdin>:3:1: error: 'sceneWillResignActive(_:)' cannot happen here: 'Scene' is in 'Inactive'"), "\(stderr)")
    }

    // MARK: - Nothing to check

    @Test func anEmptyOrUnrelatedLogIsAnErrorUnlessAllowed() throws {
        let empty = try run(["conform", Self.scene, "-", "--machine", "Scene", "--strict"], input: Data())
        #expect(empty.status == 1)
        #expect(empty.stdout == "")
        #expect(empty.stderr.hasPrefix("<stdin>:1:1: error: the log is empty: it names no callback of 'Scene', so nothing was checked; '--allow-empty' accepts such a log\n"))
        let unrelated = Data("Hello from the app\nuser tapped Save\n".utf8)
        let other = try run(["conform", Self.scene, "-", "--machine", "Scene"], input: unrelated)
        #expect(other.status == 1)
        #expect(other.stderr == """
            <stdin>:1:1: error: no line of the log (2 lines) names a callback of 'Scene' that can be checked, so nothing was checked; '--allow-empty' accepts such a log
                1 | Hello from the app
                  | ^
            <stdin>:1:1: note: this line names no callback of 'Scene'
            <stdin>:2:1: note: this line names no callback of 'Scene'
                2 | user tapped Save
                  | ^

            """)
        let allowed = try run(["conform", Self.scene, "-", "--machine", "Scene", "--allow-empty"], input: unrelated)
        #expect(allowed.status == 0)
        #expect(allowed.stdout.hasPrefix("<stdin>: conforms to 'Scene' (0 callbacks, 2 other lines)\n"))
        let json = try run(["conform", Self.scene, "-", "--machine", "Scene", "--format", "json"], input: unrelated)
        #expect(json.status == 1)
        let results = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(results.first?["conforms"] as? Bool == false)
        let diagnostics = try #require(results.first?["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { $0["id"] as? String } == ["noCallbackInLog"])
        #expect((diagnostics.first?["notes"] as? [[String: Any]])?.count == 2)
    }

    @Test func theJSONSummaryCountsTheLinesItCouldNotUse() throws {
        let output = try run(["conform", "Examples/NavigationLifecycle.lifecycle", "Examples/logs/push-pop-classes.log", "--system", "Navigation",
                              "--instance", "Root=A_ViewController", "--format", "json", "--allow-empty"])
        let results = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]])
        let result = try #require(results.first)
        #expect(result["lines"] as? Int == 16)
        let unmatched = try #require(result["unmatchedLines"] as? [String: Any])
        #expect(unmatched["count"] as? Int == 5)
        #expect((unmatched["examples"] as? [[String: Any]])?.first?["text"] as? String == "B_ViewController viewDidLoad()")
        #expect(unmatched["instanceNames"] as? [[String]] == [["1st", "Root", "A_ViewController"], ["2st", "Second"]])
        let unchecked = try #require(result["uncheckedCallbacks"] as? [[String: Any]])
        #expect(unchecked.map { $0["callback"] as? String } == ["1st viewWillLayoutSubviews()", "1st viewDidLayoutSubviews()",
                                                                 "viewWillLayoutSubviews()", "viewDidLayoutSubviews()"])
    }

    @Test func instanceNamesAreChecked() throws {
        let base = ["conform", "Examples/NavigationLifecycle.lifecycle", "Examples/logs/push-pop-classes.log"]
        let noSystem = try run(base + ["--instance", "Root=A"])
        #expect(noSystem.status == 2)
        #expect(noSystem.stderr.hasPrefix("lifecycle conform: error: '--instance' names an instance of a system: give '--system' too\n"))
        let malformed = try run(base + ["--system", "Navigation", "--instance", "Root"])
        #expect(malformed.status == 2)
        #expect(malformed.stderr.hasPrefix("lifecycle conform: error: '--instance' takes an instance and the word a log names it by"))
        #expect(try run(base + ["--system", "Navigation", "--instance", "Root=A B"]).status == 2)
        let unknown = try run(base + ["--system", "Navigation", "--instance", "Rot=A_ViewController"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.hasPrefix("lifecycle conform: error: no instance 'Rot' in system 'Navigation'; did you mean 'Root'?\n"))
        // By label as well as by name.
        #expect(try run(base + ["--system", "Navigation", "--instance", "1st=A_ViewController", "--instance", "2st=B_ViewController"]).status == 0)
    }
}
