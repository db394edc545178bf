import LifecycleSource
import LifecycleModel

/// `lifecycle conform`: whether a recorded log is what some run of an automaton prints.
///
/// The log conforms when it is exactly what some run from the initial configuration prints if
/// the app logs just the callbacks that appear in the log: a callback that appears nowhere in it
/// is taken as not logged and may be absent; one that appears anywhere must appear every time
/// the run calls it. So two swapped lines are a deviation, never "two callbacks skipped".
/// `strict`: every callback is logged. A log may stop anywhere (see `ConformanceSearch`).
///
/// `LogCheck` runs it on a log fed in chunks (what the command does, for logs of any size);
/// `check(_:against:strict:)` on a log in memory.
public enum Conformance {
    /// What checking one log found.
    public struct Report: Sendable {
        /// Lines read (up to the first error).
        public var lineCount = 0
        /// Lines that named a checked callback (a phase change included).
        public var callbackCount = 0
        /// Of those, the lines that named a change of scene phase.
        public var phaseChangeCount = 0
        /// Lines that named no callback (blank lines included).
        public var skippedLines = 0
        /// Lines that named a callback but not which instance's.
        public var unmatched = UnmatchedLines()
        /// Callbacks no step calls that lines named, in the order they first appear.
        public var unchecked: [UncheckedCallback] = []
        /// Callbacks of the automaton the log never names: taken as not logged (none when strict).
        public var notLogged: [String] = []
        /// The first error (a deviation, an ambiguous line, or a log with nothing to check).
        /// Empty when the log conforms.
        public var diagnostics = Diagnostics()
        /// Where the run can be between steps after the last line (when it conforms): `'Active'`,
        /// or `Root=Appeared, Second=Created` in a system.
        public var ends: [String] = []
        /// Where the run may end inside a step, its callbacks half logged, each in plain words
        /// (`LifecycleAutomaton.describe(partway:from:)`).
        public var endsPartway: [String] = []
        /// Whether the log was checked against a system (whose steps are events), not a machine.
        public var ofSystem = false
        /// Whether unmatched lines name a callback of several machines checked side by side
        /// (not of several instances of a system).
        public var unmatchedAreMachines = false
        /// How many objects the log's lines are about (`ObjectKey`): each was checked from the
        /// initial state on its own lines. 1 for a log that prints none.
        public var instanceCount = 1
        /// The first `Conformance.instancesKept` of them, when the lines print objects.
        public var instances: [Instance] = []
        /// No line named a callback of this machine, checked beside others that were: nothing
        /// was checked for it (not an error unless it was asked for by name).
        public var nothingLogged = false
        /// The first deviation, for a test that replays it (`conform --emit-test`); nil when the
        /// log conforms, or stopped at an ambiguous line.
        public var deviation: Deviation?

        /// Whether the lines' times were checked too (issue 43): nil when the spec says nothing
        /// about time; otherwise where and why they were not, if they were not.
        public var time: TimeCheck?

        public var conforms: Bool { !diagnostics.hasErrors }
    }

    /// How far a log's timestamps were checked against a spec's time facts (<doc:Logs>, "Time").
    /// Time is checked from the first callback line until the first one without a timestamp;
    /// a line without one, or anything else that stops it, is said here, never passed over.
    public struct TimeCheck: Sendable, Equatable {
        /// Callback lines (phase changes included) without a timestamp, and the first of them:
        /// time is not checked from there on.
        public var linesWithoutTimestamp = 0
        public var firstLineWithoutTimestamp: Int?
        /// Why time was not checked (from `fromLine` on, or at all when nil), besides lines
        /// without a timestamp: a system, or too many timed runs at once.
        public var notCheckedBecause: String?
        public var fromLine: Int?

        /// Whether every callback line's time was checked.
        public var checked: Bool { linesWithoutTimestamp == 0 && notCheckedBecause == nil }

        /// `time not checked: 3 lines without a timestamp, first at line 12`, or nil when it was.
        public var summary: String? {
            if linesWithoutTimestamp > 0, let first = firstLineWithoutTimestamp {
                let lines = linesWithoutTimestamp == 1 ? "1 callback line" : "\(linesWithoutTimestamp) callback lines"
                return "time not checked: \(lines) without a timestamp, first at line \(first)"
            }
            guard let because = notCheckedBecause else { return nil }
            return "time not checked" + (fromLine.map { " from line \($0)" } ?? "") + ": " + because
        }
    }

    /// Where a log deviates, as a test replays it: the events the check assumed up to there (the
    /// last `ConformanceSearch.keptEvents` of them, and how many there were), the callback that
    /// could not happen (its index in the automaton's callbacks; nil for a phase line no
    /// callback is) and the line that named it.
    public struct Deviation: Sendable, Equatable {
        public var events: [String]
        public var eventCount: Int
        public var callback: Int?
        public var line: Int
        /// The error's message.
        public var message: String
    }

    /// Lines naming a callback of a system without saying whose.
    public struct UnmatchedLines: Sendable, Equatable {
        public var count = 0
        /// The first few, as written.
        public var examples: [LogLine] = []
        /// How lines may name each instance (when there were such lines).
        public var instanceNames: [[String]] = []
    }

    /// One object of a machine's log and where its run ended.
    public struct Instance: Sendable, Equatable {
        /// How the lines name it (`0x600000c04000`, a UUID), or empty for the lines that name none.
        public var key: String
        /// The line of its first callback.
        public var firstLine: Int
        public var callbacks: Int
        /// Where it can be after its last line (as `Report.ends` and `endsPartway`).
        public var ends: [String]
        public var endsPartway: [String]
    }

    /// How many instances a summary lists.
    static let instancesKept = 16

    /// One line of a log, for a summary.
    public struct LogLine: Sendable, Equatable {
        public var line: Int
        public var text: String
    }

    /// A callback no step calls (`viewWillLayoutSubviews()`, `1st viewWillLayoutSubviews()` in
    /// a system) and how many lines named it.
    public struct UncheckedCallback: Sendable, Equatable {
        public var callback: String
        public var lines: Int
    }

    /// How a check learns which callbacks the log logs.
    public enum Logging: Sendable {
        /// Every callback (`--strict`).
        case all
        /// Those the log names somewhere, found by a first pass (`LogSurvey`).
        case named([Bool])
        /// Those that have appeared so far: a log read once, as it comes (see `ConformanceSearch`).
        case asTheyAppear
    }

    /// How many unmatched lines a summary quotes.
    static let examplesKept = 3

    /// Checks a log read by `LogReader` against a machine. A log that names no callback
    /// conforms here (the command makes it an error unless allowed: `LogCheck`).
    ///
    /// One concrete entry point per kind of automaton, so that the search is specialized inside
    /// this module: called generically from another module, every step would look up generic
    /// metadata (a third of the time on a 10^6-line log). A system adds its own overload.
    public static func check(_ log: LogReader.Log, against automaton: MachineAutomaton, strict: Bool) -> Report {
        check(log, automaton, strict: strict)
    }

    /// Checks a log read by `LogReader` against a system: callbacks are named with their
    /// instance (`2st viewDidLoad()`) in the report.
    public static func check(_ log: LogReader.Log, against automaton: SystemAutomaton, strict: Bool) -> Report {
        check(log, automaton, strict: strict)
    }

    static func check<A: LifecycleAutomaton>(_ log: LogReader.Log, _ automaton: A, strict: Bool) -> Report {
        var logging = Logging.all
        if !strict {
            var survey = LogSurvey(log.reader)
            _ = survey.feed(log.file.bytes)
            survey.finish()
            logging = .named(survey.named)
        }
        let run = ConformanceRun([automaton], reader: log.reader, logging: logging, allowEmpty: true, place: .file(log.file),
                                 objects: A.self == MachineAutomaton.self)
        _ = run.feed(log.file.bytes)
        return run.finish()[0]
    }

    /// `2st viewDidLoad()` in a system (the instance as a log names it first), the selector alone
    /// for a machine.
    package static func display<A: LifecycleAutomaton>(_ callback: Int, in automaton: A) -> String {
        let logged = automaton.callbacks[callback]
        guard let instance = logged.instance, let name = automaton.instances[instance].names.first else { return logged.selector }
        return "\(name) \(logged.selector)"
    }
}

/// The first pass over a log whose logged callbacks are those it names anywhere: which
/// callbacks it names. The check proper is a second pass that knows them (`Logging.named`).
///
/// The first megabyte is read line by line; then, unless the spec has scene phases or too many
/// callbacks are still to find, the rest is skimmed (`LogSkim`): searched for the few words that
/// can still matter, reading only the lines around them. It learns the same either way.
public struct LogSurvey {
    let reader: LogReader
    var lines: LogLines
    let maximumLineLength: Int
    var scratch = LogReader.Scratch()
    /// `named[c]`: some line names checked callback `c`.
    public private(set) var named: [Bool]
    /// Bytes read line by line so far, and the count of each (folded) byte value in them.
    var bytesRead = 0
    var counts = [Int](repeating: 0, count: 256)
    /// Skimming, once it can: the search, and the start of a line the last chunk ended in.
    var skim: LogSkim?
    var carry: [UInt8] = []
    /// Whether `carry` is already longer than the lines read.
    var carryTooLong = false
    /// Whether it may skim (tests compare it with reading every line).
    var maySkim = true

    /// `maximumLineLength`: the longest line read (`LogLines`).
    public init(_ reader: LogReader, maximumLineLength: Int = LogCheck.defaultMaximumLineLength) {
        self.reader = reader
        lines = LogLines(maximumLength: maximumLineLength)
        self.maximumLineLength = lines.maximumLength
        named = [Bool](repeating: false, count: reader.checkedCount)
    }

    /// Reads the lines that end in `chunk`. False at an ambiguous line or one too long: the
    /// check stops there (or before), so what follows cannot matter.
    public mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>) -> Bool {
        if skim != nil { return skimChunk(chunk) }
        // Moved out (not copied) while `lines` is being fed, and back.
        var named: [Bool] = [], scratch = LogReader.Scratch()
        swap(&named, &self.named)
        swap(&scratch, &self.scratch)
        let reader = self.reader
        let going = lines.feed(chunk) { line in
            guard line.isWhole else { return false }
            return Self.learn(reader.read(line.bytes, scratch: &scratch, plain: line.plain), &named)
        }
        swap(&named, &self.named)
        swap(&scratch, &self.scratch)
        guard going else { return false }
        if bytesRead < LogSkim.readFirst {
            for byte in chunk { counts[Int(LogSkim.fold(byte))] += 1 }
        }
        bytesRead += chunk.count
        if maySkim, bytesRead >= LogSkim.readFirst, let needles = LogSkim.needles(reader, named: self.named, counts: counts) {
            var skim = LogSkim()
            skim.needles = needles
            self.skim = skim
            let taken = lines.takeCarry()
            carry = taken.bytes
            carryTooLong = taken.skipped > 0
        }
        return true
    }

    /// What one line's reading teaches; false when the check stops there.
    static func learn(_ reading: LogReader.Reading, _ named: inout [Bool]) -> Bool {
        switch reading {
        case .callback(let callback, _): named[callback] = true
        // An app that prints its phase changes prints every change into that phase.
        case .phase(let exact, let sameNew, _, _, _, _): for callback in exact + sameNew { named[callback] = true }
        case .ambiguous, .ambiguousPhase: return false
        case .unmatched, .unchecked, .other: break
        }
        return true
    }

    /// Reads one whole line while skimming; false when the check stops there. A new callback
    /// named leaves fewer words to look for.
    mutating func readSkimmed(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard line.count <= maximumLineLength else { return false }
        let before = named
        guard Self.learn(reader.read(line, scratch: &scratch), &named) else { return false }
        if named != before, let needles = LogSkim.needles(reader, named: named, counts: counts) { skim?.needles = needles }
        return true
    }

    /// Skims the lines that end in `chunk` (`LogSkim`).
    mutating func skimChunk(_ chunk: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = chunk.count
        let firstEnd = ByteSearch.firstIndex(of: UInt8(ascii: "\n"), or: UInt8(ascii: "\r"), in: chunk, from: 0)
        guard firstEnd < count else {
            // No line ends here: the carried line goes on.
            if !carryTooLong {
                let room = maximumLineLength - carry.count
                carry.append(contentsOf: chunk.prefix(max(0, room)))
                carryTooLong = count > room
            }
            return true
        }
        // The first line, carried over from the chunk before.
        if carryTooLong || carry.count + firstEnd > maximumLineLength { return false }
        carry.append(contentsOf: chunk[..<firstEnd])
        var line = carry
        carry.removeAll(keepingCapacity: true)
        guard line.withUnsafeBufferPointer({ readSkimmed($0) }) else { return false }
        line.removeAll()
        let lastEnd = LogSkim.lastLineEnd(in: chunk, from: firstEnd, to: count) ?? firstEnd
        // Lines no longer than the bound: from each line end, another within the bound.
        var limit = lastEnd
        var tooLong = false
        var end = firstEnd
        while end < lastEnd {
            let window = min(lastEnd + 1, end + 1 + maximumLineLength + 1)
            guard let next = LogSkim.lastLineEnd(in: chunk, from: end + 1, to: window) else {
                limit = end + 1
                tooLong = true
                break
            }
            end = next
        }
        // The lines that may matter, between the first line end and `limit`.
        var position = firstEnd + 1
        // Where the search goes on: past `position` (a line's start) after a pair that is not a word.
        var from = position
        while from < limit, let skim {
            let hit = skim.nextCandidate(in: chunk, from: from, to: limit)
            guard hit < limit else { break }
            guard skim.confirms(chunk, at: hit) else {
                from = hit + 1
                continue
            }
            let start = (LogSkim.lastLineEnd(in: chunk, from: position, to: hit).map { $0 + 1 }) ?? position
            let stop = min(limit, ByteSearch.firstIndex(of: UInt8(ascii: "\n"), or: UInt8(ascii: "\r"), in: chunk, from: hit))
            guard readSkimmed(UnsafeBufferPointer(rebasing: chunk[start..<stop])) else { return false }
            position = stop + 1
            from = position
        }
        if tooLong { return false }
        if lastEnd + 1 < count {
            carry.append(contentsOf: chunk[(lastEnd + 1)...].prefix(maximumLineLength))
            carryTooLong = count - lastEnd - 1 > maximumLineLength
        }
        return true
    }

    /// Reads the last line, when the log does not end with a line end.
    public mutating func finish() {
        if skim != nil {
            if !carry.isEmpty && !carryTooLong {
                let line = carry
                _ = line.withUnsafeBufferPointer { readSkimmed($0) }
            }
            return
        }
        var named: [Bool] = [], scratch = LogReader.Scratch()
        swap(&named, &self.named)
        swap(&scratch, &self.scratch)
        let reader = self.reader
        _ = lines.finish { line in
            guard line.isWhole else { return false }
            return Self.learn(reader.read(line.bytes, scratch: &scratch, plain: line.plain), &named)
        }
        swap(&named, &self.named)
        swap(&scratch, &self.scratch)
    }
}
