import Foundation
import Testing
import LifecycleCompiler

/// Issue 43, third part: `conform` on timestamps. A log whose callback lines carry times is
/// checked in time too (`TimedConformance` over `TimedStepper` and `DeadlineWatch`): deadlines
/// met, missed by a little, missed at the end of the log; a timed transition the log says was
/// not taken; lines without timestamps say that time was not checked. Our own small spec, not
/// the examples.
@Suite struct TimedConformanceTests {
    static let spec = """
        machine App {
            delegate AppDelegate: Tasks
            initial state Active
            state Background within 30s "background time ends"
            state Suspended
            state Launching within 2s "the watchdog ends a slow launch"
            Active -> Background on background by user calls applicationDidEnterBackground
            Background -> Active on foreground by user calls applicationWillEnterForeground
            Background -> Suspended on idle by system after 5s
            Suspended -> Active on resume by user calls applicationDidResume
            Active -> Active on task by user calls beginBackgroundTask
            Active -> Active on endTask by user calls endBackgroundTask
            Active -> Launching on relaunch by user calls applicationWillRelaunch
            Launching -> Active on launched by system calls applicationDidRelaunch
            from beginBackgroundTask to endBackgroundTask within 30s "a task never ended gets the app killed"
        }

        protocol Tasks {
            func applicationDidEnterBackground()
            func applicationWillEnterForeground()
            func applicationDidResume()
            func beginBackgroundTask()
            func endBackgroundTask()
            func applicationWillRelaunch()
            func applicationDidRelaunch()
        }
        """

    static func automaton(_ source: String = spec) throws -> MachineAutomaton {
        let compilation = Compiler.compile(path: "App.lifecycle", source: source)
        #expect(compilation.diagnostics.errorCount == 0, "\(compilation.diagnostics.all.map(\.message))")
        let model = try #require(compilation.model)
        return MachineAutomaton(model: model, machine: try #require(model.machine(named: "App")))
    }

    static func check(_ lines: [String], strict: Bool = false, source: String = spec) throws -> (Conformance.Report, String) {
        let automaton = try automaton(source)
        let files = SourceFiles()
        let file = files.add(path: "test.log", bytes: Array(lines.joined(separator: "\n").utf8))
        let report = Conformance.check(LogReader(automaton).read(file), against: automaton, strict: strict)
        return (report, DiagnosticRenderer(files: files).render(report.diagnostics))
    }

    /// The same log through `LogCheck` (what the command runs: chunks, excerpts).
    static func logCheck(_ lines: [String], chunk: Int = 7, asTheyAppear: Bool = false) throws -> (Conformance.Report, String) {
        let automaton = try automaton()
        let files = SourceFiles()
        let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        var survey = LogSurvey(LogReader(automaton))
        bytes.withUnsafeBufferPointer { _ = survey.feed($0) }
        survey.finish()
        let check = LogCheck(automaton, reader: LogReader(automaton), logging: asTheyAppear ? .asTheyAppear : .named(survey.named), allowEmpty: false,
                             path: "test.log", excerpts: files)
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + chunk)
            _ = bytes[start..<end].withUnsafeBufferPointer { check.feed($0) }
            start = end
        }
        let report = check.finish()[0]
        return (report, DiagnosticRenderer(files: files).render(report.diagnostics))
    }

    // MARK: - Timestamps

    @Test func timestampsOfEveryTextFormatAreRead() throws {
        // Xcode's console / NSLog with a zone, NSLog without, `log stream --style compact`,
        // `log show`/`log stream` default style, ISO 8601 with `T` and `Z`.
        let lines: [(String, Int64, Int)] = [
            ("2026-11-23 09:41:02.118734+0900 Notes[48213:2817345] [SceneDelegate] x", 1_795_394_462_118, 540),
            ("2015-06-01 10:24:51.308 MyApp[1734:60b] -[AppDelegate applicationDidBecomeActive:]", 1_433_154_291_308, 0),
            ("2026-11-24 18:40:02.118 Df Notes[6208:3a1c2] [com.example.notes:lifecycle] x", 1_795_545_602_118, 0),
            ("2026-11-24 18:40:02.118421+0100 0x3a1c2    Default     0x0    6208   0    Notes: x", 1_795_542_002_118, 60),
            ("  2026-11-24T17:40:02.5Z x", 1_795_542_002_500, 0),
            ("2026-11-24 18:40:02-05:30 x", 1_795_565_402_000, -330),
        ]
        for (line, milliseconds, zone) in lines {
            let stamp = try #require(LogTimestamp.parse(line), "\(line)")
            #expect(stamp.milliseconds == milliseconds, "\(line)")
            #expect(stamp.zoneMinutes == zone, "\(line)")
        }
        for line in ["applicationDidBecomeActive", "2026-11-24 18:40 x", "2026-13-24 18:40:02 x", "2026-11-24 18:40:02.x",
                     "2026-11-24 18:40:02.118abc", "[2026-11-24 18:40:02]", "", "20261124 184002"] {
            #expect(LogTimestamp.parse(line) == nil, "\(line)")
        }
        #expect(LogTimestamp.timeOfDay(1_795_542_002_100, zoneMinutes: 60) == "18:40:02.1")
        #expect(LogTimestamp.timeOfDay(1_795_542_002_000, zoneMinutes: 0) == "17:40:02")
    }

    // MARK: - Deadlines

    static let t0 = "2026-11-24 10:00:"

    @Test func aPairDeadlineMetConforms() throws {
        let (report, text) = try Self.check([
            "\(Self.t0)00.100 Df Notes[1:2] beginBackgroundTask",
            "\(Self.t0)30.100 Df Notes[1:2] endBackgroundTask",
        ])
        #expect(report.conforms, "\(text)")
        #expect(report.time?.checked == true)
    }

    @Test func aPairDeadlineMissedByALittleIsAnErrorSayingByHowMuch() throws {
        let (report, text) = try Self.check([
            "\(Self.t0)00.100 Df Notes[1:2] beginBackgroundTask",
            "\(Self.t0)30.102 Df Notes[1:2] endBackgroundTask",
        ])
        #expect(!report.conforms)
        #expect(text.contains("test.log:2:"), "\(text)")
        #expect(text.contains("'endBackgroundTask()' did not follow 'beginBackgroundTask()' (at 10:00:00.1) within 30s: the deadline ran out at 10:00:30.1, and by this line it was 0.002 s late"), "\(text)")
        #expect(text.contains("a task never ended gets the app killed"), "\(text)")
    }

    @Test func aStateDeadlineMissedByALittle() throws {
        let lines = [
            "\(Self.t0)00.000 Df Notes[1:2] applicationWillRelaunch",
            "\(Self.t0)02.001 Df Notes[1:2] applicationDidRelaunch",
        ]
        let (report, text) = try Self.check(lines)
        #expect(!report.conforms)
        #expect(text.contains("'Launching' lasted 2.001 s (from 10:00:00 to 10:00:02.001); 'within 2s' required leaving it by 10:00:02 (0.001 s late)"), "\(text)")
        // Leaving exactly at the end meets it.
        var met = lines
        met[1] = "\(Self.t0)02.000 Df Notes[1:2] applicationDidRelaunch"
        #expect(try Self.check(met).0.conforms)
    }

    @Test func aDeadlineStillOpenAtTheEndIsAnErrorOnlyPastItsEnd() throws {
        // 'endBackgroundTask' appears (so it is logged), then a task is begun and never ended.
        let open = [
            "\(Self.t0)00.100 Df Notes[1:2] beginBackgroundTask",
            "\(Self.t0)00.200 Df Notes[1:2] endBackgroundTask",
            "\(Self.t0)00.300 Df Notes[1:2] beginBackgroundTask",
            "\(Self.t0)10.000 Df Notes[1:2] some other line",
            "\(Self.t0)30.300 Df Notes[1:2] still running",
        ]
        #expect(try Self.check(open).0.conforms, "the log ends exactly at the deadline's end")
        var past = open
        past.append("\(Self.t0)31.000 Df Notes[1:2] still running")
        for (report, text) in [try Self.check(past), try Self.logCheck(past)] {
            #expect(!report.conforms)
            #expect(text.contains("test.log:6:1: error: 'endBackgroundTask()' did not follow 'beginBackgroundTask()' (at 10:00:00.3) within 30s"), "\(text)")
            #expect(text.contains("0.7 s late"), "\(text)")
            #expect(text.contains("the log's last line with a time"), "\(text)")
        }
    }

    @Test func aLogReadAsItComesIsCheckedInTimeToo() throws {
        // 'endBackgroundTask' is first seen on the late line: no run may have called it
        // silently before (it is logged), so the pair deadline is missed there.
        let lines = [
            "\(Self.t0)00.100 Df Notes[1:2] beginBackgroundTask",
            "\(Self.t0)20.100 Df Notes[1:2] applicationDidEnterBackground",
            "\(Self.t0)24.100 Df Notes[1:2] applicationWillEnterForeground",
            "\(Self.t0)32.400 Df Notes[1:2] endBackgroundTask",
        ]
        let (report, text) = try Self.logCheck(lines, asTheyAppear: true)
        #expect(!report.conforms)
        #expect(text.contains("test.log:4:"), "\(text)")
        #expect(text.contains("by this line it was 2.3 s late"), "\(text)")
        var inTime = lines
        inTime[3] = "\(Self.t0)30.100 Df Notes[1:2] endBackgroundTask"
        #expect(try Self.logCheck(inTime, asTheyAppear: true).0.conforms)
    }

    // MARK: - Timed transitions

    @Test func aTimedTransitionTheLogSaysWasNotTakenIsAnError() throws {
        let late = [
            "\(Self.t0)00.100 Df Notes[1:2] applicationDidEnterBackground",
            "\(Self.t0)08.300 Df Notes[1:2] applicationWillEnterForeground",
        ]
        for (report, text) in [try Self.check(late), try Self.logCheck(late)] {
            #expect(!report.conforms)
            #expect(text.contains("test.log:2:"), "\(text)")
            #expect(text.contains("'Background' lasted 8.2 s (from 10:00:00.1 to 10:00:08.3); 'idle after 5s' should have taken it to 'Suspended' at 10:00:05.1"), "\(text)")
        }
        // In time, or through Suspended, it conforms.
        var early = late
        early[1] = "\(Self.t0)05.100 Df Notes[1:2] applicationWillEnterForeground"
        #expect(try Self.check(early).0.conforms)
        var resumed = late
        resumed[1] = "\(Self.t0)08.300 Df Notes[1:2] applicationDidResume"
        #expect(try Self.check(resumed).0.conforms)
        // Resuming before the system suspended the app cannot be.
        var tooEarly = late
        tooEarly[1] = "\(Self.t0)03.000 Df Notes[1:2] applicationDidResume"
        #expect(!(try Self.check(tooEarly).0.conforms))
    }

    @Test func aStepThatPrintsNothingMayLeaveInTime() throws {
        // 'beginBackgroundTask' is not logged here: the task may have started silently at any
        // time, so nothing about its deadline is certain; the state deadline still holds.
        let lines = [
            "\(Self.t0)00.000 Df Notes[1:2] endBackgroundTask",
            "\(Self.t0)50.000 Df Notes[1:2] endBackgroundTask",
        ]
        #expect(try Self.check(lines).0.conforms)
    }

    // MARK: - Lines without timestamps

    @Test func aLogWithoutTimestampsSaysTimeWasNotChecked() throws {
        let (report, text) = try Self.check(["applicationDidEnterBackground", "x", "applicationWillEnterForeground"])
        #expect(report.conforms, "\(text)")
        #expect(report.time?.checked == false)
        #expect(report.time?.linesWithoutTimestamp == 2)
        #expect(report.time?.firstLineWithoutTimestamp == 1)
        let summary = ConformanceFormatter.text(log: "test.log", automaton: "App", report: report)
        #expect(summary.contains("  time not checked: 2 callback lines without a timestamp, first at line 1\n"), "\(summary)")
        let json = ConformanceFormatter.json([.init(path: "test.log", automaton: "App", report: report)], files: SourceFiles())
        #expect(json.contains("\"linesWithoutTimestamp\": 2") || json.contains("\"linesWithoutTimestamp\":2"), "\(json)")
        #expect(json.contains("time not checked: 2 callback lines without a timestamp, first at line 1"), "\(json)")
    }

    @Test func timeIsCheckedUpToTheFirstLineWithoutATimestamp() throws {
        let (report, text) = try Self.check([
            "\(Self.t0)00.100 Df Notes[1:2] beginBackgroundTask",
            "\(Self.t0)10.100 Df Notes[1:2] endBackgroundTask",
            "endBackgroundTask",
            "\(Self.t0)20.100 Df Notes[1:2] beginBackgroundTask",
            "\(Self.t0)59.100 Df Notes[1:2] endBackgroundTask",
        ])
        #expect(report.conforms, "\(text)")
        #expect(report.time?.summary == "time not checked: 1 callback line without a timestamp, first at line 3")
    }

    /// A log whose clock goes back (logs pasted together, a block repeated, a clock set back)
    /// cannot be judged in time from there: time is not checked from that line on, and the
    /// summary says which line is earlier than which; the order is still checked.
    @Test func timeGoingBackStopsTheTimeCheckAndSaysWhere() throws {
        let (report, text) = try Self.check([
            "\(Self.t0)10.100 Df Notes[1:2] beginBackgroundTask",
            "\(Self.t0)20.100 Df Notes[1:2] endBackgroundTask",
            "\(Self.t0)05.000 Df Notes[1:2] beginBackgroundTask",
            "\(Self.t0)59.100 Df Notes[1:2] endBackgroundTask",
        ])
        // Had time gone on being checked, the task of line 3 ended 54 s after it began.
        #expect(report.conforms, "\(text)")
        #expect(report.time?.checked == false)
        #expect(report.time?.fromLine == 3)
        #expect(report.time?.summary == "time not checked from line 3: its time, 10:00:05, is earlier than line 2's, 10:00:20.1")
        // The order is still checked after it.
        let wrong = try Self.check([
            "\(Self.t0)10.100 Df Notes[1:2] applicationDidEnterBackground",
            "\(Self.t0)09.100 Df Notes[1:2] applicationDidEnterBackground",
        ], strict: true).0
        #expect(!wrong.conforms)
        // The same time twice is not going back.
        let same = try Self.check([
            "\(Self.t0)10.100 Df Notes[1:2] beginBackgroundTask",
            "\(Self.t0)10.100 Df Notes[1:2] endBackgroundTask",
        ]).0
        #expect(same.time?.checked == true)
    }

    @Test func aSpecWithoutTimeFactsReadsNoTimeAndSaysNothing() throws {
        let untimed = Self.spec.replacingOccurrences(of: " after 5s", with: "")
            .replacingOccurrences(of: " within 30s \"background time ends\"", with: "")
            .replacingOccurrences(of: " within 2s \"the watchdog ends a slow launch\"", with: "")
            .replacingOccurrences(of: "from beginBackgroundTask to endBackgroundTask within 30s \"a task never ended gets the app killed\"", with: "")
        let (report, text) = try Self.check(["\(Self.t0)00.100 Df Notes[1:2] beginBackgroundTask", "\(Self.t0)59.100 Df Notes[1:2] endBackgroundTask"],
                                            source: untimed)
        #expect(report.conforms, "\(text)")
        #expect(report.time == nil)
        #expect(!ConformanceFormatter.text(log: "test.log", automaton: "App", report: report).contains("time"))
    }

    // MARK: - Against TimedStepper

    /// A log written from runs `TimedStepper` makes (random events and waits, every callback
    /// printed at its step's time) conforms, strictly; one where a wait is stretched past a
    /// deadline `DeadlineWatch` reports does not.
    @Test func logsOfSimulatedTimedRunsConformAndAStretchedWaitDoesNot() throws {
        let automaton = try Self.automaton()
        let machine = automaton.machine, model = automaton.model
        let timed = TimedStepper(automaton.stepper)
        let events = ["background", "foreground", "resume", "task", "endTask", "relaunch", "launched"]
        var generator = SplitMix(seed: 43)
        var conforming = 0, missed = 0
        for _ in 0..<60 {
            var clock = timed.start(at: 0)
            var watch = DeadlineWatch(machine)
            var lines: [String] = []
            var missedAt: Int64?
            let base: Int64 = 1_795_542_000_000
            func stamp(_ ms: Int64) -> String {
                // `2026-11-24 17:40:00.000` UTC plus `ms`.
                let total = base + ms
                let day = LogTimestamp.timeOfDay(total, zoneMinutes: 0)
                return "2026-11-24 \(day.contains(".") ? day : day + ".0") App[1:2] "
            }
            func take(_ step: QueryStep, at time: Int64) {
                if missedAt == nil, let miss = watch.passTime(to: time, clock).first { missedAt = miss.at }
                timed.apply(step, at: time, to: &clock)
                watch.took(step, at: time)
                for ref in machine.callbacks(of: step) { lines.append(stamp(time) + model.method(ref).reference) }
            }
            for _ in 0..<8 {
                let wait = Int64(generator.next() % 7_000)
                let until = clock.now + wait
                while let due = timed.nextDue(clock), due.at <= until {
                    take(timed.stepper.step(taking: due.transition, from: clock.leaf), at: due.at)
                }
                clock.now = until
                let event = events[Int(generator.next() % UInt64(events.count))]
                if let step = automaton.stepper.step(on: event, from: clock.leaf), machine.transitions[step.transition].delay == nil {
                    take(step, at: until)
                }
            }
            if missedAt == nil, let miss = watch.passTime(to: clock.now, clock).first { missedAt = miss.at }
            guard !lines.isEmpty else { continue }
            // The log goes on until the run's end (a line naming no callback).
            lines.append(stamp(clock.now) + "idle")
            let (report, text) = try Self.check(lines, strict: true)
            if missedAt == nil {
                #expect(report.conforms, "\(lines.joined(separator: "\n"))\n\(text)")
                conforming += 1
            } else {
                #expect(!report.conforms, "a run that missed a deadline at \(missedAt!): \(lines.joined(separator: "\n"))")
                missed += 1
            }
        }
        #expect(conforming > 10 && missed > 3, "\(conforming) conforming, \(missed) missing a deadline")
    }
}

/// A small deterministic generator (SplitMix64).
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
