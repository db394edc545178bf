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
        /// Lines longer than `LogLines.maximumLength`, read only up to it.
        public var cutLines = 0
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
        /// The first deviation, for a test that replays it (`conform --emit-test`); nil when the
        /// log conforms, or stopped at an ambiguous line.
        public var deviation: Deviation?

        public var conforms: Bool { !diagnostics.hasErrors }
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
        let run = ConformanceRun(automaton, reader: log.reader, logging: logging, allowEmpty: true, place: .file(log.file))
        _ = run.feed(log.file.bytes)
        return run.finish()
    }

    /// `2st viewDidLoad()` in a system (the instance as a log names it first), the selector alone
    /// for a machine.
    static func display<A: LifecycleAutomaton>(_ callback: Int, in automaton: A) -> String {
        let logged = automaton.callbacks[callback]
        guard let instance = logged.instance, let name = automaton.instances[instance].names.first else { return logged.selector }
        return "\(name) \(logged.selector)"
    }
}

/// The first pass over a log whose logged callbacks are those it names anywhere: which
/// callbacks it names. The check proper is a second pass that knows them (`Logging.named`).
public struct LogSurvey {
    let reader: LogReader
    var lines = LogLines()
    var scratch = LogReader.Scratch()
    /// `named[c]`: some line names checked callback `c`.
    public private(set) var named: [Bool]

    public init(_ reader: LogReader) {
        self.reader = reader
        named = [Bool](repeating: false, count: reader.checkedCount)
    }

    /// Reads the lines that end in `chunk`. False at an ambiguous line: the check stops there
    /// (or before), so what follows cannot matter.
    public mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>) -> Bool {
        // Moved out (not copied) while `lines` is being fed, and back.
        var named: [Bool] = [], scratch = LogReader.Scratch()
        swap(&named, &self.named)
        swap(&scratch, &self.scratch)
        let reader = self.reader
        let going = lines.feed(chunk) { line, _, _ in
            switch reader.read(line, scratch: &scratch) {
            case .callback(let callback, _): named[callback] = true
            // An app that prints its phase changes prints every change into that phase.
            case .phase(let exact, let sameNew, _): for callback in exact + sameNew { named[callback] = true }
            case .ambiguous: return false
            case .unmatched, .unchecked, .other: break
            }
            return true
        }
        swap(&named, &self.named)
        swap(&scratch, &self.scratch)
        return going
    }

    /// Reads the last line, when the log does not end with a line end.
    public mutating func finish() {
        var named: [Bool] = [], scratch = LogReader.Scratch()
        swap(&named, &self.named)
        swap(&scratch, &self.scratch)
        let reader = self.reader
        _ = lines.finish { line, _, _ in
            switch reader.read(line, scratch: &scratch) {
            case .callback(let callback, _): named[callback] = true
            case .phase(let exact, let sameNew, _): for callback in exact + sameNew { named[callback] = true }
            default: break
            }
            return true
        }
        swap(&named, &self.named)
        swap(&scratch, &self.scratch)
    }
}

/// Checks one log against an automaton as its lines come: reads each line (`LogReader`),
/// moves the search (`ConformanceSearch`), counts what it cannot use, and turns the first
/// error into a diagnostic. Keeps no more of the log than the line of the last callback (for
/// the note of a deviation) and the first few lines (for a log that names no callback).
final class ConformanceRun<A: LifecycleAutomaton> {
    /// Where diagnostics point: into the log in memory, or into excerpts of a log read in
    /// chunks (one small file per quoted line, numbered as in the log, added to `files`).
    enum Place {
        case file(SourceFile)
        case excerpts(SourceFiles, path: String)
    }

    /// A line kept for a message.
    struct Kept {
        var number: Int
        var offset: Int
        var bytes: [UInt8]
        var reading: LogReader.Reading
    }

    let automaton: A
    let reader: LogReader
    let place: Place
    let allowEmpty: Bool
    /// Read once as it comes (`Logging.asTheyAppear`): a deviation may show later than it is.
    let asTheyAppear: Bool
    var search: ConformanceSearch<A>
    var lines = LogLines()
    var scratch = LogReader.Scratch()
    var report = Conformance.Report()
    /// Lines per unchecked name (`reader.uncheckedNames`), and the names in the order met.
    var uncheckedLines: [Int]
    var uncheckedOrder: [Int] = []
    /// The last line that named a callback: its number, offset and the name's range; its bytes
    /// in `previousBytes` when they must be quoted from a copy.
    var previous: (number: Int, offset: Int, range: Range<Int>)?
    var previousBytes: [UInt8] = []
    /// The first non-blank lines, for a log that names no callback.
    var firstLines: [Kept] = []
    var stopped = false
    /// Whether a line named a phase change yet: the first may name any old phase.
    var sawPhase = false

    init(_ automaton: A, reader: LogReader, logging: Conformance.Logging, allowEmpty: Bool, place: Place,
         keptEvents: Int = ConformanceSearch<A>.Trail.kept) {
        self.automaton = automaton
        self.reader = reader
        self.place = place
        self.allowEmpty = allowEmpty
        if case .asTheyAppear = logging { asTheyAppear = true } else { asTheyAppear = false }
        switch logging {
        case .all: search = ConformanceSearch(strict: automaton)
        case .named(let named): search = ConformanceSearch(automaton, logged: named)
        case .asTheyAppear: search = ConformanceSearch(undecided: automaton)
        }
        search.keptEvents = keptEvents
        uncheckedLines = [Int](repeating: 0, count: reader.uncheckedNames.count)
        report.ofSystem = !automaton.instances.isEmpty
    }

    /// Reads the lines that end in `chunk`; false once there is an error (read no further).
    func feed(_ chunk: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !stopped else { return false }
        let going = lines.feed(chunk) { line, number, offset in self.handle(line, number: number, offset: offset) }
        if !going { stopped = true }
        return going
    }

    /// Reads the last line (when the log does not end with a line end) and reports.
    func finish() -> Conformance.Report {
        if !stopped { _ = lines.finish { line, number, offset in self.handle(line, number: number, offset: offset) } }
        report.cutLines = lines.cutLines
        report.unchecked = uncheckedOrder.map { Conformance.UncheckedCallback(callback: reader.uncheckedNames[$0], lines: uncheckedLines[$0]) }
        if report.unmatched.count > 0 { report.unmatched.instanceNames = reader.vocabulary.instances.map(\.names) }
        report.notLogged = automaton.callbacks.indices.filter { !search.logged[$0] }.map { Conformance.display($0, in: automaton) }
        if report.conforms {
            if report.callbackCount == 0 && !allowEmpty {
                report.diagnostics.append(nothingChecked())
            } else {
                let situations = search.situations()
                report.ends = situations.settled
                report.endsPartway = situations.inside
            }
        }
        return report
    }

    /// One line; false to stop (an error).
    func handle(_ line: UnsafeBufferPointer<UInt8>, number: Int, offset: Int) -> Bool {
        report.lineCount = number
        let reading = reader.read(line, scratch: &scratch)
        if firstLines.count < Conformance.examplesKept && line.contains(where: { $0 != 0x20 && $0 != 0x09 }) {
            firstLines.append(Kept(number: number, offset: offset, bytes: Array(line), reading: reading))
        }
        switch reading {
        case .callback(let callback, let range):
            report.callbackCount += 1
            guard search.observe(callback) else {
                report.diagnostics.append(deviation(Conformance.display(callback, in: automaton), line, number: number, offset: offset, range: range))
                record(callback, line: number)
                return false
            }
            remember(line, number: number, offset: offset, range: range)
        case .phase(let exact, let sameNew, let range):
            report.callbackCount += 1
            report.phaseChangeCount += 1
            // The first change after a launch is reported from the phase SwiftUI started the
            // scene with, which no state holds: its old phase may be any.
            let candidates = sawPhase ? exact : exact + sameNew.filter { !exact.contains($0) }
            sawPhase = true
            guard observe(anyOf: candidates) else {
                let written = String(decoding: line[range], as: UTF8.self)
                let name = exact.first.map { Conformance.display($0, in: automaton) } ?? "scenePhase \(written)"
                report.diagnostics.append(deviation(name, line, number: number, offset: offset, range: range))
                record(exact.first, line: number)
                return false
            }
            remember(line, number: number, offset: offset, range: range)
        case .unmatched:
            report.unmatched.count += 1
            if report.unmatched.examples.count < Conformance.examplesKept {
                report.unmatched.examples.append(Conformance.LogLine(line: number, text: Self.quoted(line)))
            }
        case .unchecked(let key, _):
            if uncheckedLines[key] == 0 { uncheckedOrder.append(key) }
            uncheckedLines[key] += 1
        case .ambiguous(let callbacks, let range):
            let written = String(decoding: line[range], as: UTF8.self)
            report.diagnostics.append(.ambiguousLogLine(written, candidates: callbacks.map { Conformance.display($0, in: automaton) },
                                                        at: self.range(range, in: line, number: number, offset: offset)))
            return false
        case .other:
            report.skippedLines += 1
        }
        return true
    }

    /// Keeps the line of the last callback, for the note of a deviation.
    func remember(_ line: UnsafeBufferPointer<UInt8>, number: Int, offset: Int, range: Range<Int>) {
        previous = (number, offset, range)
        if case .excerpts = place {
            previousBytes.removeAll(keepingCapacity: true)
            previousBytes.append(contentsOf: line)
        }
    }

    /// Moves past the first of `candidates` some run can print now (a phase line that names only
    /// the new phase fits every change into it); false, staying put, when none can.
    func observe(anyOf candidates: [Int]) -> Bool {
        if candidates.count == 1 { return search.observe(candidates[0]) }
        for candidate in candidates {
            var trial = search
            if trial.observe(candidate) {
                search = trial
                return true
            }
        }
        return false
    }

    /// A line as a summary quotes it: at most 120 characters, without its indentation.
    static func quoted(_ line: UnsafeBufferPointer<UInt8>) -> String {
        let text = String(decoding: line.prefix(480), as: UTF8.self).drop { $0 == " " || $0 == "\t" }
        return text.count > 120 ? String(text.prefix(119)) + "…" : String(text)
    }

    /// The range of `range` in a line (its bytes, number and offset in the log).
    func range(_ range: Range<Int>, in line: UnsafeBufferPointer<UInt8>, number: Int, offset: Int) -> SourceRange {
        switch place {
        case .file(let file):
            return SourceRange(file: file.id, start: offset + range.lowerBound, end: offset + range.upperBound)
        case .excerpts(let files, let path):
            let excerpt = files.add(path: path, bytes: line, firstLine: number)
            return SourceRange(file: excerpt.id, start: range.lowerBound, end: range.upperBound)
        }
    }

    /// The error at a callback (`selector`, as messages name it) no run can print there, with
    /// the events assumed on the way.
    func deviation(_ selector: String, _ line: UnsafeBufferPointer<UInt8>, number: Int, offset: Int, range: Range<Int>) -> Diagnostic {
        let at = self.range(range, in: line, number: number, offset: offset)
        let before = previous.map { previous in
            previousBytes.withUnsafeBufferPointer { bytes in
                self.range(previous.range, in: bytes, number: previous.number, offset: previous.offset)
            }
        }
        var diagnostic: Diagnostic
        if search.rejectedAsLate {
            diagnostic = Diagnostic.callbackLoggedLate(selector, automaton: automaton.name, at: at)
        } else {
            let situations = search.situations()
            var parts: [String] = []
            if !situations.settled.isEmpty { parts.append("in " + Suggestions.orList(situations.settled)) }
            parts.append(contentsOf: situations.inside)
            let expected = search.expected().map { "'\(Conformance.display($0, in: automaton))'" }
            diagnostic = Diagnostic.callbackOutOfOrder(selector, automaton: automaton.name, situation: parts.joined(separator: ", or "),
                                                       expected: expected, at: at)
        }
        diagnostic = diagnostic.note(assumedNote(), at: before)
        if asTheyAppear {
            diagnostic = diagnostic.note("this log was read once as it came, learning which callbacks are logged as they appear; checked as a file, it may deviate earlier", at: nil)
        }
        return diagnostic
    }

    func assumedNote() -> String {
        let trail = search.trail
        guard trail.count > 0 else {
            return "no event assumed so far: '\(automaton.name)' starts in \(automaton.describe(automaton.initialConfiguration))"
        }
        // The note names as many as it always has, however many `--emit-test` keeps.
        let labels = trail.labels.suffix(ConformanceSearch<A>.Trail.kept)
        let which = trail.count > labels.count ? " (the last \(labels.count) of \(trail.count))" : ""
        return "events assumed so far\(which): " + labels.joined(separator: ", ")
    }

    /// Keeps the deviation just reported (the last diagnostic) for a test that replays it.
    func record(_ callback: Int?, line: Int) {
        let trail = search.trail
        report.deviation = Conformance.Deviation(events: trail.labels, eventCount: trail.count, callback: callback, line: line,
                                                 message: report.diagnostics.all.last?.message ?? "")
    }

    // MARK: - A log with nothing to check

    /// The error for a log that names no checked callback: what its first lines are.
    func nothingChecked() -> Diagnostic {
        guard let first = firstLines.first else {
            let at: SourceRange
            switch place {
            case .file(let file): at = SourceRange(file: file.id, start: 0, end: 0)
            case .excerpts(let files, let path): at = SourceRange(file: files.add(path: path, bytes: [UInt8](), firstLine: 1).id, start: 0, end: 0)
            }
            return .emptyLog(automaton: automaton.name, lines: report.lineCount, at: at)
        }
        func location(_ kept: Kept) -> SourceRange {
            var range = 0..<0
            if case .unmatched(_, let name) = kept.reading { range = name }
            if case .unchecked(_, let name) = kept.reading { range = name }
            return kept.bytes.withUnsafeBufferPointer { self.range(range, in: $0, number: kept.number, offset: kept.offset) }
        }
        var diagnostic = Diagnostic.noCallbackInLog(automaton: automaton.name, lines: report.lineCount, at: location(first))
        for (index, kept) in firstLines.enumerated() {
            diagnostic = diagnostic.note(why(kept), at: index == 0 ? nil : location(kept))
        }
        return diagnostic
    }

    /// Why a line named nothing the check could use.
    func why(_ kept: Kept) -> String {
        let system = !automaton.instances.isEmpty
        switch kept.reading {
        case .unmatched(let callback, _):
            let names = reader.vocabulary.instances.map { $0.names.map { "'\($0)'" }.joined(separator: " or ") }
            return "'\(automaton.callbacks[callback].selector)' here is not matched to an instance: the line names none that has it "
                + "(\(names.joined(separator: ", "))); '--instance NAME=WORD' names one as the log does"
        case .unchecked(let key, _):
            return "'\(reader.uncheckedNames[key])' is a callback no \(system ? "event" : "transition") of '\(automaton.name)' calls"
        case .callback, .ambiguous, .phase, .other:
            return "this line names no callback of '\(automaton.name)'" + Suggestions.didYouMean(closeName(kept.bytes))
        }
    }

    /// A callback whose name is close to a word of `line` (a misspelt callback), or nil. Only
    /// names of 8 letters or more are suggested: a short word is close to too many.
    func closeName(_ line: [UInt8]) -> String? {
        let names = automaton.callbacks.map { String($0.baseName) }.filter { $0.count >= 8 }
        var words: [String] = []
        var word: [UInt8] = []
        for byte in line + [0x20] {
            if WordTable.isWordByte(byte) { word.append(byte); continue }
            if word.count >= 4 { words.append(String(decoding: word, as: UTF8.self)) }
            word.removeAll()
        }
        for word in words {
            if let match = Suggestions.bestMatch(for: word, in: names), match.lowercased() != word.lowercased(),
               let callback = automaton.callbacks.first(where: { $0.baseName == match }) {
                return callback.selector
            }
        }
        return nil
    }
}
