import Foundation
import Testing

/// `conform` on timestamps as scripts see it (issue 43): a missed deadline in a `log show`
/// default-style log and in a JSON log is an error (status 1) at its line; an untimed log of a
/// spec with time facts conforms and says "time not checked"; malformed JSON is an error at
/// its line:col (status 1); `--format json` carries a `time` field. Our own spec and logs, in a
/// temporary folder.
@Suite struct ConformTimeTests {
    static let spec = """
        machine App {
            delegate AppDelegate: Tasks
            initial state Active
            state Background within 30s "background time ends"
            state Suspended
            Active -> Background on background by user calls applicationDidEnterBackground
            Background -> Active on foreground by user calls applicationWillEnterForeground
            Background -> Suspended on idle by system after 5s
            Suspended -> Active on resume by user calls applicationDidResume
            Active -> Active on task by user calls beginBackgroundTask
            Active -> Active on endTask by user calls endBackgroundTask
            from beginBackgroundTask to endBackgroundTask within 30s "a task never ended gets the app killed"
        }

        protocol Tasks {
            func applicationDidEnterBackground()
            func applicationWillEnterForeground()
            func applicationDidResume()
            func beginBackgroundTask()
            func endBackgroundTask()
        }

        """

    /// A folder with the spec and `files`.
    static func folder(_ files: [String: String]) throws -> String {
        let path = NSTemporaryDirectory() + "conform-time-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try spec.write(toFile: path + "/App.lifecycle", atomically: true, encoding: .utf8)
        for (name, text) in files { try text.write(toFile: path + "/" + name, atomically: true, encoding: .utf8) }
        return path
    }

    static let logShow = """
        Timestamp                       Thread     Type        Activity             PID    TTL
        2026-11-24 10:00:00.100000+0100 0x3a1c2    Default     0x0                  6208   0    Notes: beginBackgroundTask
        2026-11-24 10:00:20.100000+0100 0x3a1c2    Default     0x0                  6208   0    Notes: applicationDidEnterBackground
        2026-11-24 10:00:24.100000+0100 0x3a1c2    Default     0x0                  6208   0    Notes: applicationWillEnterForeground
        2026-11-24 10:00:32.400000+0100 0x3a1c2    Default     0x0                  6208   0    Notes: endBackgroundTask

        """

    @Test func aMissedDeadlineInALogShowLogIsAnErrorAtItsLine() throws {
        let dir = try Self.folder(["show.log": Self.logShow])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let output = try CLIRunner.run(["conform", dir + "/App.lifecycle", dir + "/show.log"])
        #expect(output.status == 1)
        #expect(output.stderr.contains("show.log:5:"), "\(output.stderr)")
        #expect(output.stderr.contains("error: 'endBackgroundTask()' did not follow 'beginBackgroundTask()' (at 10:00:00.1) within 30s: the deadline ran out at 10:00:30.1, and by this line it was 2.3 s late"), "\(output.stderr)")
    }

    @Test func anUntimedLogSaysTimeWasNotChecked() throws {
        let dir = try Self.folder(["plain.log": "applicationDidEnterBackground\nsomething\napplicationWillEnterForeground\n"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let output = try CLIRunner.run(["conform", dir + "/App.lifecycle", dir + "/plain.log"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.hasSuffix("  time not checked: 2 callback lines without a timestamp, first at line 1\n"), "\(output.stdout)")
        let json = try CLIRunner.run(["conform", dir + "/App.lifecycle", dir + "/plain.log", "--format", "json"])
        let results = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let time = try #require(results.first?["time"] as? [String: Any])
        #expect(time["checked"] as? Bool == false)
        #expect(time["linesWithoutTimestamp"] as? Int == 2)
        #expect(time["firstLineWithoutTimestamp"] as? Int == 1)
    }

    @Test func jsonLogsAreCheckedInTimeAndMalformedOnesAreLocated() throws {
        let pretty = """
            [{
              "eventMessage" : "applicationDidEnterBackground",
              "timestamp" : "2026-11-24 10:00:00.100000+0100"
            },{
              "eventMessage" : "applicationWillEnterForeground",
              "timestamp" : "2026-11-24 10:00:08.300000+0100"
            }]

            """
        let ndjson = "{\"timestamp\":\"2026-11-24 10:00:00.1+0100\",\"eventMessage\":\"applicationDidEnterBackground\"}\n"
            + "{\"timestamp\":\"2026-11-24 10:00:03.3+0100\",\"eventMessage\":\"applicationWillEnterForeground\"}\n"
        let bad = "[{\n  \"eventMessage\" : \"applicationDidEnterBackground\",\n  \"timestamp\" : \"2026-11-24 10:00:00.1\" x\n}]\n"
        let dir = try Self.folder(["log.json": pretty, "log.ndjson": ndjson, "bad.json": bad])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let late = try CLIRunner.run(["conform", dir + "/App.lifecycle", dir + "/log.json"])
        #expect(late.status == 1)
        #expect(late.stderr.contains("log.json:5:"), "\(late.stderr)")
        #expect(late.stderr.contains("'Background' lasted 8.2 s (from 10:00:00.1 to 10:00:08.3); 'idle after 5s' should have taken it to 'Suspended' at 10:00:05.1"), "\(late.stderr)")
        let good = try CLIRunner.run(["conform", dir + "/App.lifecycle", dir + "/log.ndjson"])
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stdout.contains("time checked: every callback line's timestamp"), "\(good.stdout)")
        let malformed = try CLIRunner.run(["conform", dir + "/App.lifecycle", dir + "/bad.json"])
        #expect(malformed.status == 1)
        #expect(malformed.stderr.contains("bad.json:3:41: error: this JSON log is malformed: expected ',' or '}', found 'x'"), "\(malformed.stderr)")
    }
}
