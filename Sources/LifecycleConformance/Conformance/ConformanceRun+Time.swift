import LifecycleSource
import LifecycleModel

/// `conform` on timestamps (issue 43; <doc:Logs>, "Time"): each instance's run also goes
/// through `TimedConformance` at its lines' times, when its machine has time facts. The
/// untimed path (a spec without time facts) reads no timestamp at all.
extension ConformanceRun {
    /// Sets up time for `subject`: a machine with time facts is checked in time; a system with
    /// some says that its time is not checked.
    static func prepareTime(_ subject: Subject) {
        if let machine = subject.automaton as? MachineAutomaton {
            guard machine.machine.hasTime else { return }
            subject.timeFacts = true
            subject.timeTemplate = TimedConformance(machine)
            subject.report.time = Conformance.TimeCheck()
        } else if let system = subject.automaton as? SystemAutomaton, system.system.machines.contains(where: \.hasTime) {
            subject.report.time = Conformance.TimeCheck(notCheckedBecause: "a system's timed transitions and deadlines are not checked on a log yet (only 'simulate' and 'trace' run them)")
        }
    }

    /// The timestamp at the start of `line`, remembered as the log's last one (pointed at while
    /// the line is in the chunk being read, copied by `keepLastStamp` before the chunk goes).
    func readStamp(_ line: LogLine) -> LogTimestamp? {
        guard var stamp = Self.stamp(of: line.bytes) else { return nil }
        stamp.end = min(stamp.end, line.bytes.count)
        lastStampInChunk = (line.number, line.offset, UnsafeBufferPointer(rebasing: line.bytes.prefix(stamp.end)), stamp)
        // A line that spans chunks is in a buffer the next such line reuses: copied at once.
        if !line.inChunk { keepLastStamp() }
        return stamp
    }

    /// Copies the last line with a timestamp when it is in the chunk just read (or in the
    /// buffer of a line that spans chunks), before it goes.
    func keepLastStamp() {
        guard let pending = lastStampInChunk else { return }
        lastStampInChunk = nil
        var bytes = lastStamp?.bytes ?? []
        lastStamp = nil
        bytes.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: pending.bytes)
        lastStamp = (pending.number, pending.offset, bytes, pending.time)
    }

    /// The timestamp at the start of `bytes` (a line), plain or coloured.
    static func stamp(of bytes: UnsafeBufferPointer<UInt8>) -> LogTimestamp? {
        LogTimestamp.parse(bytes) ?? colouredStamp(bytes)
    }

    /// The timestamp of a coloured line (`TerminalEscapes` around or inside it, as a terminal's
    /// `log stream` prints), read as the words are: without the escapes. `end` is in `bytes`.
    static func colouredStamp(_ bytes: UnsafeBufferPointer<UInt8>) -> LogTimestamp? {
        guard TerminalEscapes.present(in: bytes) else { return nil }
        var text: [UInt8] = [], offsets: [Int] = []
        TerminalEscapes.strip(bytes, into: &text, offsets: &offsets)
        guard var stamp = text.withUnsafeBufferPointer({ LogTimestamp.parse($0) }) else { return nil }
        stamp.end = stamp.end < offsets.count ? offsets[stamp.end] : bytes.count
        return stamp
    }

    /// `subject`'s run `index` printed one of `candidates` at `line` (its time `stamp`): the
    /// timed runs follow; the error at `range` when time leaves none. (`candidates` are made
    /// only when the run is still timed: a line's array is not allocated for nothing.)
    func time(_ subject: Subject, _ index: Int, _ candidates: @autoclosure () -> [Int], line: LogLine, range: Range<Int>, stamp: LogTimestamp?) {
        guard let stamp else {
            // A callback line without a time: time is not checked from here on, and the summary says so.
            subject.report.time?.linesWithoutTimestamp += 1
            if subject.report.time?.firstLineWithoutTimestamp == nil { subject.report.time?.firstLineWithoutTimestamp = line.number }
            stopTime(subject)
            return
        }
        subject.zone = stamp.zoneMinutes
        guard subject.tracks[index].timed != nil else { return }
        if let last = subject.lastTime, stamp.milliseconds < last.milliseconds {
            timeWentBack(subject, line: line.number, stamp: stamp, last: last)
            return
        }
        subject.lastTime = (line.number, stamp.milliseconds)
        let going = subject.tracks[index].timed!.observe(anyOf: candidates(), at: stamp.milliseconds, logged: subject.logged,
                                                         undecided: subject.undecided)
        if subject.tracks[index].timed!.gaveUp {
            tooManyTimedRuns(subject, line: line.number)
            return
        }
        guard !going else { return }
        let at = self.range(range, in: line.bytes, number: line.number, offset: line.offset)
        var diagnostic = subject.tracks[index].timed!.failure(at: at, time: stamp.milliseconds, zone: stamp.zoneMinutes)
        if let key = subject.tracks[index].key {
            diagnostic = diagnostic.note("these are the lines of \(key.text), checked on their own as one instance from line \(subject.tracks[index].firstLine)", at: nil)
        }
        fail(subject, diagnostic, line: line.number)
    }

    /// Time is not checked for `subject` any more.
    func stopTime(_ subject: Subject) {
        subject.timeTemplate = nil
        for index in subject.tracks.indices { subject.tracks[index].timed = nil }
        timing = subjects.contains { $0.timeTemplate != nil }
    }

    /// Line `line`'s time is earlier than line `last.line`'s: the lines are not in the order they
    /// happened (a log pasted together, a clock set back), so time is not checked from there on.
    func timeWentBack(_ subject: Subject, line: Int, stamp: LogTimestamp, last: (line: Int, milliseconds: Int64)) {
        if subject.report.time?.notCheckedBecause == nil {
            let now = LogTimestamp.timeOfDay(stamp.milliseconds, zoneMinutes: stamp.zoneMinutes)
            let before = LogTimestamp.timeOfDay(last.milliseconds, zoneMinutes: stamp.zoneMinutes)
            subject.report.time?.notCheckedBecause = "its time, \(now), is earlier than line \(last.line)'s, \(before)"
            subject.report.time?.fromLine = line
        }
        stopTime(subject)
    }

    func tooManyTimedRuns(_ subject: Subject, line: Int) {
        if subject.report.time?.notCheckedBecause == nil {
            subject.report.time?.notCheckedBecause = "more than \(TimedConformance.maximumRuns) runs fit these times at once"
            subject.report.time?.fromLine = line
        }
        stopTime(subject)
    }

    /// At the end of the log: a deadline still open is an error only when the log's last
    /// timestamp is past its end (and no run could have met it silently).
    func finishTime() {
        keepLastStamp()
        guard timeFacts, let last = lastStamp else { return }
        for subject in subjects where !subject.stopped && subject.timeTemplate != nil {
            for index in subject.tracks.indices where subject.tracks[index].timed != nil {
                let met = subject.tracks[index].timed!.finish(at: last.time.milliseconds, logged: subject.logged, undecided: subject.undecided)
                if subject.tracks[index].timed!.gaveUp {
                    tooManyTimedRuns(subject, line: last.number)
                    break
                }
                guard !met else { continue }
                let at = last.bytes.withUnsafeBufferPointer { range(0..<last.time.end, in: $0, number: last.number, offset: last.offset) }
                var diagnostic = subject.tracks[index].timed!.failure(at: at, time: last.time.milliseconds, zone: last.time.zoneMinutes)
                if let key = subject.tracks[index].key {
                    diagnostic = diagnostic.note("these are the lines of \(key.text), checked on their own as one instance from line \(subject.tracks[index].firstLine)", at: nil)
                }
                diagnostic = diagnostic.note("this is the log's last line with a time: the deadline had run out by then, though the log ends before the run does", at: nil)
                fail(subject, diagnostic, line: last.number)
                break
            }
        }
    }
}

extension ConformanceRun {
    /// The log cannot be read on from line `line` (malformed JSON, `LogJSONLines`): the error
    /// of every subject still going.
    func failAll(_ diagnostic: Diagnostic, line: Int) {
        for subject in subjects where !subject.stopped { fail(subject, diagnostic, line: line) }
        stopped = true
    }
}
