import Foundation
import Testing

/// `lifecycle tests`: its cases are `paths`' sequences (compared with `paths --format json` for
/// every example, machine and system, and every coverage), the driver's skeleton and its update,
/// the files it will not replace, and what it refuses.
@Suite struct TestsCommandTests {
    /// Every machine and system of the examples a component suite can test.
    static let subjects: [(spec: String, flag: String, name: String)] = [
        ("Examples/AppLifecycle.lifecycle", "--machine", "App"),
        ("Examples/SceneLifecycle.lifecycle", "--machine", "AppSessions"),
        ("Examples/SceneLifecycle.lifecycle", "--machine", "Scene"),
        ("Examples/MediaPlayer.lifecycle", "--machine", "MediaPlayback"),
        ("Examples/ViewControllerLifecycle.lifecycle", "--machine", "ViewController"),
        ("Examples/SwiftUILifecycle.lifecycle", "--machine", "AppDelegate"),
        ("Examples/PluginDemo/Sources/Downloads/Download.lifecycle", "--machine", "Downloading"),
        ("Examples/NavigationLifecycle.lifecycle", "--system", "Navigation"),
        ("Examples/NavigationLifecycle.lifecycle", "--system", "AppWithOneScene"),
    ]

    /// The events of each case of a Swift Testing suite's plan (`XPath(.a, .b),` lines), or of
    /// its round trips.
    static func cases(in suite: String, list: String = "plan") -> [[String]] {
        guard let start = suite.range(of: "    static let \(list): [") else { return [] }
        var result: [[String]] = []
        for line in suite[start.upperBound...].split(separator: "\n").dropFirst() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "]" { break }
            guard let open = trimmed.firstIndex(of: "("), trimmed.hasSuffix("),") else { continue }
            let inside = trimmed[trimmed.index(after: open)..<trimmed.index(trimmed.endIndex, offsetBy: -2)]
            result.append(inside.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { $0.hasPrefix(".") }.map { String($0.dropFirst()).replacingOccurrences(of: "`", with: "") })
        }
        return result
    }

    @Test("the cases are paths' sequences, and they cover all it claims", arguments: ["states", "transitions", "pairs"])
    func casesArePathsSequences(_ coverage: String) throws {
        for subject in Self.subjects {
            let options = [subject.spec, subject.flag, subject.name, "--cover", coverage]
            let suite = try CLIRunner.run(["tests"] + options)
            #expect(suite.status == 0, "\(suite)")
            let paths = try CLIRunner.run(["paths"] + options + ["--format", "json"])
            #expect(paths.status == 0, "\(paths)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(paths.stdout.utf8)) as? [String: Any])
            // A timed transition a path reaches by waiting (`wait 5s`) is a test case's step by its
            // event: a test sends it rather than waiting.
            let sequences = try #require(json["sequences"] as? [[String: Any]]).map { sequence in
                let events = sequence["events"] as? [String] ?? []
                let steps = (sequence["steps"] as? [[String: Any]] ?? []).map { $0["event"] as? String }
                return events.enumerated().map { index, event in
                    event.hasPrefix("wait ") && index < steps.count ? steps[index] ?? event : event
                }
            }
            #expect(Self.cases(in: suite.stdout) == sequences, "\(subject.name) --cover \(coverage)")
            #expect(!sequences.isEmpty)
            #expect(suite.stdout.contains("(`lifecycle paths --cover \(coverage)`)"))
            // Every transition is covered (every state of a machine is reachable, but not every
            // state of every instance of a system).
            if coverage == "transitions" || (coverage == "states" && subject.flag == "--machine") {
                #expect(json["covered"] as? Int == json["goals"] as? Int, "\(subject.name): \(json["uncovered"] ?? [])")
            }
        }
    }

    @Test("--neutral adds the round trips as cases of their own")
    func neutralAddsRoundTrips() throws {
        let run = try CLIRunner.run(["tests", "Examples/SceneLifecycle.lifecycle", "--machine", "Scene", "--neutral"])
        #expect(run.status == 0)
        let cases = Self.cases(in: run.stdout, list: "roundTrips")
        #expect(cases.count > 5)
        #expect(run.stdout.contains("@Test(\"a round trip changes nothing\", arguments: ScenePath.roundTrips)"))
        // Each case's round trip, from its `roundTrip: a..<b`.
        let trips: [[String]] = zip(cases, run.stdout.components(separatedBy: "roundTrip: ").dropFirst(3)).compactMap { events, rest in
            let bounds = rest.prefix { $0 != ")" }.components(separatedBy: "..<").compactMap { Int($0) }
            return bounds.count == 2 ? Array(events[bounds[0]..<bounds[1]]) : nil
        }
        #expect(trips.count == cases.count)
        // Background and back, and inactive and back, from Active.
        #expect(trips.contains(["leave", "reopen", "activate"]), "\(trips)")
        #expect(trips.contains(["interrupt", "activate"]), "\(trips)")
        let plain = try CLIRunner.run(["tests", "Examples/SceneLifecycle.lifecycle", "--machine", "Scene"])
        #expect(Self.cases(in: plain.stdout, list: "roundTrips").isEmpty)
    }

    @Test("the driver: a skeleton to write once, updated when the spec gains events, never replaced once edited")
    func driverSkeletonAndUpdate() throws {
        let folder = NSTemporaryDirectory() + "lifecycle-driver-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let spec = folder + "/Player.lifecycle"
        try """
        protocol PlayerDelegate {
            func playerDidStart()
        }
        machine Player {
            delegate PlayerController: PlayerDelegate
            initial state Idle
            state Playing
            Idle -> Playing on play calls playerDidStart()
            Playing -> Idle on pause
        }

        """.write(toFile: spec, atomically: true, encoding: .utf8)
        let written = try CLIRunner.run(["tests", "Player.lifecycle", "--driver", "-o", "PlayerTestDriver.swift"], in: folder)
        #expect(written.status == 0 && written.stderr.isEmpty, "\(written)")
        var driver = try String(contentsOfFile: folder + "/PlayerTestDriver.swift", encoding: .utf8)
        #expect(driver.contains("// Regenerate with: lifecycle tests Player.lifecycle --driver -o PlayerTestDriver.swift\n"))
        #expect(driver.contains("struct PlayerTestDriver: PlayerDriver {\n    init(delegate: PlayerRecordingDelegate) async throws {\n    }\n"))
        // The user fills it in; the spec gains an event; the update adds only its method.
        driver = driver.replacingOccurrences(of: "    func play() async throws {\n    }", with: "    func play() async throws {\n        player.play()\n    }")
        try driver.write(toFile: folder + "/PlayerTestDriver.swift", atomically: true, encoding: .utf8)
        let grown = try String(contentsOfFile: spec, encoding: .utf8).replacingOccurrences(of: "    Playing -> Idle on pause", with: "    Playing -> Idle on pause\n    Playing -> Idle on stop")
        try grown.write(toFile: spec, atomically: true, encoding: .utf8)
        let refused = try CLIRunner.run(["tests", "Player.lifecycle", "--driver", "-o", "PlayerTestDriver.swift"], in: folder)
        #expect(refused.status == 3, "\(refused)")
        #expect(refused.stderr.contains("PlayerTestDriver.swift:1:1: error: 'PlayerTestDriver.swift' was edited after lifecycle generated it; not overwriting it"))
        let updated = try CLIRunner.run(["tests", "Player.lifecycle", "--update", "PlayerTestDriver.swift"], in: folder)
        #expect(updated.status == 0, "\(updated)")
        #expect(updated.stderr == "PlayerTestDriver.swift: note: added 'stop()' to the driver\n")
        let after = try String(contentsOfFile: folder + "/PlayerTestDriver.swift", encoding: .utf8)
        #expect(after.hasPrefix(driver.components(separatedBy: "\n}\n")[0]))
        #expect(after.hasSuffix("    /// `stop`: `Playing` → `Idle`\n    func stop() async throws {\n    }\n}\n"), "\(after)")
        #expect(after.contains("        player.play()\n"))
        // Nothing left to add: the file is not touched.
        let again = try CLIRunner.run(["tests", "Player.lifecycle", "--update", "PlayerTestDriver.swift"], in: folder)
        #expect(again.status == 0 && again.stderr.isEmpty)
        #expect(try String(contentsOfFile: folder + "/PlayerTestDriver.swift", encoding: .utf8) == after)
        // A file with no driver in it is an error at the file.
        try "struct Other {}\n".write(toFile: folder + "/Other.swift", atomically: true, encoding: .utf8)
        let none = try CLIRunner.run(["tests", "Player.lifecycle", "--update", "Other.swift"], in: folder)
        #expect(none.status == 1)
        #expect(none.stderr == "Other.swift:1:1: error: no type adopting 'PlayerDriver' is declared in this file\n")
    }

    @Test("what it refuses, and why")
    func refusals() throws {
        let ui = try CLIRunner.run(["tests", "Examples/MediaPlayer.lifecycle", "--style", "xcuitest"])
        #expect(ui.status == 1)
        #expect(ui.stderr.hasPrefix("lifecycle tests: error: cannot generate tests of 'MediaPlayback': UI tests drive the app and its scenes;"), "\(ui)")
        let swiftUI = try CLIRunner.run(["tests", "Examples/SwiftUILifecycle.lifecycle", "--machine", "Window"])
        #expect(swiftUI.status == 1)
        #expect(swiftUI.stderr.contains("'ContentView' is a SwiftUI App or View"), "\(swiftUI)")
        let driverUI = try CLIRunner.run(["tests", "Examples/AppLifecycle.lifecycle", "--style", "xcuitest", "--driver"])
        #expect(driverUI.status == 2)
        #expect(driverUI.stderr.hasPrefix("lifecycle tests: error: UI tests ('--style xcuitest') need no driver"))
        let both = try CLIRunner.run(["tests", "Examples/AppLifecycle.lifecycle", "--update", "A.swift", "-o", "B.swift"])
        #expect(both.status == 2)
        let module = try CLIRunner.run(["tests", "Examples/AppLifecycle.lifecycle", "--module", "My-App"])
        #expect(module.status == 2)
        #expect(module.stderr.hasPrefix("lifecycle tests: error: '--module' takes a Swift module name (letters, digits and '_'), not 'My-App'"))
        // A machine with no event has no path to test (and its event enum could not be declared).
        let eventless = try CLIRunner.run(["tests", "/dev/stdin"], input: Data("protocol D {\n}\nmachine M {\n    delegate C: D\n    initial state A\n}\n".utf8))
        #expect(eventless.status == 1)
        #expect(eventless.stderr.contains("lifecycle tests: error: cannot generate tests of 'M': it has no event, so no path to test"), "\(eventless)")
        let emit = try CLIRunner.run(["conform", "Examples/AppLifecycle.lifecycle", "Examples/logs/app-delegate-objc.log", "--module", "App"])
        #expect(emit.status == 2)
        #expect(emit.stderr.hasPrefix("lifecycle conform: error: '--module' names the module '--emit-test' imports; give '--emit-test' too"))
    }

    @Test("conform --emit-test writes nothing when every log conforms, and a case per log that does not")
    func emitTest() throws {
        let folder = NSTemporaryDirectory() + "lifecycle-emit-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let target = folder + "/AppLogTests.swift"
        let fine = try CLIRunner.run(["conform", "Examples/AppLifecycle.lifecycle", "Examples/logs/app-delegate-objc.log", "--emit-test", target])
        #expect(fine.status == 0)
        #expect(fine.stderr == "lifecycle conform: note: no log deviates: no test written to '\(target)'\n")
        #expect(!FileManager.default.fileExists(atPath: target))
        let both = try CLIRunner.run(["conform", "Examples/SceneLifecycle.lifecycle", "--machine", "Scene", "Examples/logs/scene-swapped.log",
                                      "Examples/logs/scene-home-and-back.log", "--emit-test", target])
        #expect(both.status == 1)
        let text = try String(contentsOfFile: target, encoding: .utf8)
        #expect(text.components(separatedBy: "@Test(").count == 2, "\(text)")
        #expect(text.contains("    @Test(\"scene-swapped.log, line "))
        #expect(text.contains("try await SceneTests.replay([.connect, .activate, .leave])"), "\(text)")
    }
}
