import LifecycleSource
import LifecycleSyntax
import LifecycleModel

/// Checks one log as its lines come, against one automaton or several side by side: reads
/// each line (`LogReader`), moves the search of the run it belongs to (`ConformanceSearch`),
/// counts what it cannot use, and turns each automaton's first error into a diagnostic.
///
/// Several machines in one log (`conform SPEC LOG` with a spec of several machines) are each
/// checked on their own callbacks, free to interleave: each is a *subject* with its own report.
/// With `objects`, the lines of one machine that print different objects (`ObjectKey`: an
/// address, a UUID) are different instances, each a run of its own from the initial
/// configuration; the lines that print none are one more. An object whose run has ended (a
/// final state) and logs again is a new instance (an address used again).
///
/// The properties read on every line are not checked for exclusive access at run time
/// (`@exclusivity(unchecked)`): a run is used by one thread, and no access to them overlaps
/// another (the checks were a tenth of a line's time).
///
/// Keeps no more of the log than the line of each run's last callback (for the note of a
/// deviation, up to `keptLineLength` bytes) and the first few lines (for a log that names
/// nothing); at most `maximumInstances` runs at once per machine.
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

    /// One object's run: the instance of a machine the lines with its key are about.
    struct Track {
        var key: ObjectKey?
        var firstLine: Int
        var callbacks = 0
        var cursor: SearchCursor<A>
        /// Whether a line named a phase change yet: the first may name any old phase.
        var sawPhase = false
        /// The last line that named one of its callbacks: number, offset, the name's range, and
        /// its bytes when they must be quoted from a copy (empty when longer than `keptLineLength`).
        var previous: (number: Int, offset: Int, range: Range<Int>)?
        var previousBytes: [UInt8] = []
        /// That line while it is still in the chunk being read: pointed at, and copied into
        /// `previousBytes` only once the chunk is read (`keepPreviousLines`), as most such lines
        /// are followed by another of the run's before then.
        var previousInChunk: UnsafeBufferPointer<UInt8>?
        /// Its runs in time, when the spec has time facts and the lines have times (`TimedConformance`).
        var timed: TimedConformance?
    }

    /// One automaton checked in the log.
    final class Subject {
        let automaton: A
        /// The reader's number of its callback 0 (its callbacks are numbered in a row).
        let first: Int
        @exclusivity(unchecked) var report = Conformance.Report()
        var logged: [Bool]
        var undecided: [Bool]
        /// The search determinised, shared by its runs (nil for a log read as it comes).
        var table: SearchTable<A>?
        /// Its live runs, and the one for each key.
        @exclusivity(unchecked) var tracks: [Track] = []
        /// What holds a run's place in `tracks` while `observe` moves it (never changed itself).
        var standIn: Track?
        var trackIndex: [ObjectKey?: Int] = [:]
        /// The last key looked up and its run (a key's run keeps its index), so that a log of
        /// one object does not hash each line's key.
        @exclusivity(unchecked) var lastKey: ObjectKey?? = .none
        @exclusivity(unchecked) var lastTrack = 0
        /// Lines per unchecked name (`reader.uncheckedNames`), and the names in the order met.
        var uncheckedLines: [Int: Int] = [:]
        var uncheckedOrder: [Int] = []
        @exclusivity(unchecked) var stopped = false
        /// Whether some line printed an object.
        @exclusivity(unchecked) var keyed = false
        /// Whether its machine has time facts (then each callback line's timestamp is read),
        /// and the timed runs a new instance starts with (nil once time is not checked).
        var timeFacts = false
        var timeTemplate: TimedConformance?
        /// The zone of the last timestamp read, for times of day in messages.
        var zone = 0
        /// The last callback line's time and its number: a later line's time before it stops the
        /// time check (a log's clock does not go back; lines out of order cannot be judged in time).
        var lastTime: (line: Int, milliseconds: Int64)?

        init(_ automaton: A, first: Int, logged: [Bool], undecided: [Bool]) {
            self.automaton = automaton
            self.first = first
            self.logged = logged
            self.undecided = undecided
        }
    }

    /// The longest line kept for a note.
    static var keptLineLength: Int { 4096 }
    /// The most runs of one machine at once.
    static var maximumInstances: Int { 1 << 12 }

    let reader: LogReader
    let place: Place
    let allowEmpty: Bool
    /// Whether a machine none of whose callbacks the log names is an error (it was asked for by
    /// name), rather than reported as not checked beside the others.
    let requireEach: Bool
    /// Whether the lines' objects tell instances apart.
    let objects: Bool
    /// Read once as it comes (`Logging.asTheyAppear`): a deviation may show later than it is.
    let asTheyAppear: Bool
    let subjects: [Subject]
    /// For each checked callback of the reader, its subject.
    let subjectOf: [Int]
    /// For each unchecked name of the reader (`uncheckedNames`), its subject.
    let uncheckedSubject: [Int]
    var lines: LogLines
    /// The longest line read (`lines` holds it too, but is busy while a line is handled).
    let maximumLineLength: Int
    /// How many of the events assumed before a deviation the report keeps (`Conformance.Deviation`).
    let keptEvents: Int
    @exclusivity(unchecked) var scratch = LogReader.Scratch()
    /// The readings of the last lines' shapes, when the reader reads lines of one shape alike.
    let shapes: LineShapeMemo?
    /// Lines read, and those that named nothing any subject checks.
    @exclusivity(unchecked) var lineCount = 0
    @exclusivity(unchecked) var skippedLines = 0
    /// The first non-blank lines, for a log that names no callback.
    @exclusivity(unchecked) var firstLines: [Kept] = []
    var stopped = false
    /// Whether some subject's machine has time facts: then lines' timestamps are read.
    let timeFacts: Bool
    /// The last line with a timestamp (its number, offset, its first bytes and the time): where
    /// a deadline still open at the end of the log is judged.
    var lastStamp: (number: Int, offset: Int, bytes: [UInt8], time: LogTimestamp)?
    /// The last line with a timestamp, when it is in the chunk being read (`readStamp`).
    @exclusivity(unchecked) var lastStampInChunk: (number: Int, offset: Int, bytes: UnsafeBufferPointer<UInt8>, time: LogTimestamp)?
    /// Whether some subject still checks time: then every line's timestamp is read (the last
    /// one judges the deadlines still open at the end); after, only callback lines' are, to
    /// count those without one.
    @exclusivity(unchecked) var timing = false

    /// `automata`: one, or several machines side by side (numbered in a row by `reader`, whose
    /// instances are then the machines).
    init(_ automata: [A], reader: LogReader, logging: Conformance.Logging, allowEmpty: Bool, place: Place,
         maximumLineLength: Int = LogLines.defaultMaximumLength, objects: Bool = false, requireEach: Bool = true,
         keptEvents: Int = ConformanceSearch<A>.Trail.kept) {
        self.keptEvents = keptEvents
        self.reader = reader
        self.place = place
        self.allowEmpty = allowEmpty
        self.requireEach = requireEach
        self.objects = objects
        shapes = reader.readsDigitsAlike ? LineShapeMemo() : nil
        lines = LogLines(maximumLength: maximumLineLength)
        self.maximumLineLength = lines.maximumLength
        if case .asTheyAppear = logging { asTheyAppear = true } else { asTheyAppear = false }
        var subjects: [Subject] = []
        var subjectOf: [Int] = []
        var first = 0
        for automaton in automata {
            let count = automaton.callbacks.count
            var logged = [Bool](repeating: true, count: count), undecided: [Bool] = []
            switch logging {
            case .all: break
            case .named(let named): logged = Array(named[first..<(first + count)])
            case .asTheyAppear:
                logged = [Bool](repeating: false, count: count)
                undecided = [Bool](repeating: true, count: count)
            }
            let subject = Subject(automaton, first: first, logged: logged, undecided: undecided)
            // The table keeps a message's usual events; `--emit-test` keeps more, through the search.
            if undecided.isEmpty && keptEvents == ConformanceSearch<A>.Trail.kept { subject.table = SearchTable(automaton, logged: logged) }
            subject.report.ofSystem = !automaton.instances.isEmpty
            subject.report.unmatchedAreMachines = automata.count > 1
            Self.prepareTime(subject)
            subjects.append(subject)
            subjectOf += [Int](repeating: subjects.count - 1, count: count)
            first += count
        }
        self.subjects = subjects
        self.subjectOf = subjectOf
        var uncheckedSubject = [Int](repeating: 0, count: reader.uncheckedNames.count)
        if automata.count > 1 {
            for name in reader.names[reader.checkedCount...] {
                if let machine = name.instance { uncheckedSubject[name.key] = machine }
            }
        }
        self.uncheckedSubject = uncheckedSubject
        timeFacts = subjects.contains { $0.timeFacts }
        timing = subjects.contains { $0.timeTemplate != nil }
    }

    /// Reads the lines that end in `chunk`; false once every subject has an error (read no further).
    func feed(_ chunk: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !stopped else { return false }
        let going = lines.feed(chunk) { line in self.handle(line) }
        keepPreviousLines()
        keepLastStamp()
        if !going { stopped = true }
        return going
    }

    /// Reads the last line (when the log does not end with a line end) and reports, one report
    /// per subject.
    func finish() -> [Conformance.Report] {
        if !stopped { _ = lines.finish { line in self.handle(line) } }
        finishTime()
        let checkedAny = subjects.contains { $0.report.callbackCount > 0 }
        return subjects.map { subject in
            var report = subject.report
            if !subject.stopped { report.lineCount = lineCount }
            report.skippedLines = skippedLines
            report.unchecked = subject.uncheckedOrder.map {
                Conformance.UncheckedCallback(callback: reader.uncheckedNames[$0], lines: subject.uncheckedLines[$0] ?? 0)
            }
            if report.unmatched.count > 0 { report.unmatched.instanceNames = reader.vocabulary.instances.map(\.names) }
            report.notLogged = subject.automaton.callbacks.indices.filter { !subject.decidedLogged($0) }
                .map { Conformance.display($0, in: subject.automaton) }
            guard report.conforms else { return report }
            if report.callbackCount == 0 && !allowEmpty && (requireEach || !checkedAny) {
                report.diagnostics.append(nothingChecked(subject))
                return report
            }
            report.nothingLogged = report.callbackCount == 0 && subjects.count > 1
            var instances: [Conformance.Instance] = report.instances
            for index in subject.tracks.indices {
                var search = subject.tracks[index].cursor.materialized()
                let situations = search.situations()
                let track = subject.tracks[index]
                instances.append(Conformance.Instance(key: track.key?.text ?? "", firstLine: track.firstLine, callbacks: track.callbacks,
                                                      ends: situations.settled, endsPartway: situations.inside))
            }
            report.instanceCount = max(1, report.instanceCount - 1 + subject.tracks.count)
            if subject.tracks.isEmpty, report.instanceCount == 1 {
                // Nothing logged: where the machine starts.
                var search = self.cursor(for: subject).materialized()
                let situations = search.situations()
                report.ends = situations.settled
                report.endsPartway = situations.inside
            } else if report.instanceCount == 1 && !subject.keyed, let only = instances.first {
                report.ends = only.ends
                report.endsPartway = only.endsPartway
                instances = []
            } else {
                instances.sort { $0.firstLine < $1.firstLine }
            }
            report.instances = Array(instances.prefix(Conformance.instancesKept))
            return report
        }
    }

    /// One line; false to stop (every subject has an error).
    func handle(_ read: LogLine) -> Bool {
        var whole = read
        let line = whole.bytes, number = whole.number, offset = whole.offset
        lineCount = number
        guard whole.isWhole else {
            let diagnostic = tooLong(whole)
            for subject in subjects where !subject.stopped { fail(subject, diagnostic, line: number) }
            return false
        }
        let reading: LogReader.Reading
        if let shapes {
            if let known = shapes.entry(for: line) {
                reading = known.reading
                whole.mayHoldObject = known.mayHoldObject
            } else {
                reading = reader.read(line, scratch: &scratch, plain: whole.plain)
                whole.mayHoldObject = objects && shapes.shapeMayHoldObject()
                shapes.keep(LineShapeMemo.Entry(reading: reading, mayHoldObject: whole.mayHoldObject))
            }
        } else {
            reading = reader.read(line, scratch: &scratch, plain: whole.plain)
        }
        var stamp: LogTimestamp? = nil
        if timing {
            stamp = readStamp(whole)
        } else if timeFacts {
            switch reading {
            case .callback, .phase: stamp = Self.stamp(of: line)
            default: break
            }
        }
        if firstLines.count < Conformance.examplesKept && line.contains(where: { $0 != 0x20 && $0 != 0x09 }) {
            firstLines.append(Kept(number: number, offset: offset, bytes: Array(line), reading: reading))
        }
        switch reading {
        case .callback(let callback, let range):
            let subject = subjects[subjectOf[callback]]
            guard !subject.stopped else { break }
            subject.report.callbackCount += 1
            if !observeInPlace(subject, callback - subject.first, line: whole, range: range, stamp: stamp) {
                observe(subject, [callback - subject.first], line: whole, range: range, name: nil, stamp: stamp)
            }
        case .phase(let exact, let sameNew, let old, let new, let machine, let range):
            let owner = (exact + sameNew).first.map { subjectOf[$0] } ?? machine ?? 0
            let subject = subjects[owner]
            guard !subject.stopped else { break }
            subject.report.callbackCount += 1
            subject.report.phaseChangeCount += 1
            let name = exact.first.map { Conformance.display($0 - subject.first, in: subject.automaton) }
                ?? "scenePhase " + (old.map { PhaseChange(old: $0, new: new).text } ?? new.swift)
            observe(subject, exact.map { $0 - subject.first }, line: whole, range: range, name: name,
                    firstPhase: sameNew.filter { !exact.contains($0) }.map { $0 - subject.first }, stamp: stamp)
        case .unmatched(let callback, _):
            let subject = subjects[subjectOf[callback]]
            subject.report.unmatched.count += 1
            if subject.report.unmatched.examples.count < Conformance.examplesKept {
                subject.report.unmatched.examples.append(Conformance.LogLine(line: number, text: Self.quoted(line)))
            }
        case .unchecked(let key, _):
            let subject = subjects[uncheckedSubject[key]]
            if subject.uncheckedLines[key] == nil { subject.uncheckedOrder.append(key) }
            subject.uncheckedLines[key, default: 0] += 1
        case .ambiguous(let callbacks, let range):
            let subject = subjects[subjectOf[callbacks[0]]]
            let written = String(decoding: line[range], as: UTF8.self)
            let names = callbacks.map { Conformance.display($0 - subject.first, in: subject.automaton) }
            fail(subject, .ambiguousLogLine(written, candidates: names, at: self.range(range, in: line, number: number, offset: offset)),
                 line: number)
        case .ambiguousPhase(let range):
            let written = String(decoding: line[range], as: UTF8.self)
            let diagnostic = Diagnostic.ambiguousPhaseLine(written, at: self.range(range, in: line, number: number, offset: offset))
            for subject in subjects where !subject.stopped && subject.automaton.callbacks.contains(where: { $0.phase != nil }) {
                fail(subject, diagnostic, line: number)
            }
        case .other:
            skippedLines += 1
        }
        return subjects.contains { !$0.stopped }
    }

    /// Records `subject`'s first error, at line `line`: its check stops there.
    func fail(_ subject: Subject, _ diagnostic: Diagnostic, line: Int) {
        subject.report.diagnostics.append(diagnostic)
        subject.report.lineCount = line
        subject.stopped = true
    }

    // MARK: - Runs

    /// A run from the initial configuration for `subject`: through its table, or (a log read
    /// as it comes) the search, knowing what the log has told of the logged callbacks.
    func cursor(for subject: Subject) -> SearchCursor<A> {
        if let table = subject.table { return SearchCursor(table) }
        var search = ConformanceSearch(subject.automaton, logged: subject.logged, undecided: subject.undecided)
        search.keptEvents = keptEvents
        return SearchCursor(search: search)
    }

    /// The run of `subject` that `line` is about, made when the line's object is new.
    /// Nil, after an error, when there would be too many.
    func track(_ subject: Subject, _ line: LogLine) -> Int? {
        let key = objects && line.mayHoldObject ? ObjectKey.read(line.bytes) : nil
        if key != nil { subject.keyed = true }
        if case .some(let last) = subject.lastKey, last == key { return subject.lastTrack }
        if let index = subject.trackIndex[key] {
            subject.lastKey = .some(key)
            subject.lastTrack = index
            return index
        }
        guard subject.tracks.count < Self.maximumInstances else {
            let at = range(0..<0, in: line.bytes, number: line.number, offset: line.offset)
            fail(subject, .tooManyLogInstances(automaton: subject.automaton.name, limit: Self.maximumInstances, at: at), line: line.number)
            return nil
        }
        subject.tracks.append(Track(key: key, firstLine: line.number, cursor: cursor(for: subject), timed: subject.timeTemplate))
        subject.trackIndex[key] = subject.tracks.count - 1
        return subject.tracks.count - 1
    }

    /// The common step, without copying the run: moves `subject`'s run of `line` past
    /// `callback` where it can print it now (a log read as a file). False, having changed
    /// nothing, when it cannot: `observe` then takes the line (a new instance, or the error).
    func observeInPlace(_ subject: Subject, _ callback: Int, line: LogLine, range: Range<Int>, stamp: LogTimestamp?) -> Bool {
        guard !asTheyAppear else { return false }
        // No run for it: the error (too many instances) is recorded.
        guard let index = track(subject, line) else { return true }
        guard subject.tracks[index].cursor.observe(callback) else { return false }
        subject.tracks[index].callbacks += 1
        remember(line, range: range, in: &subject.tracks[index])
        if subject.timeFacts { time(subject, index, [callback], line: line, range: range, stamp: stamp) }
        return true
    }

    /// Makes `line` (its callback's name at `range`) `track`'s last callback line, for the note
    /// of a later deviation: its bytes are kept, up to `keptLineLength`, when the note quotes
    /// an excerpt; a line in the chunk being read is only pointed at until the chunk is read.
    func remember(_ line: LogLine, range: Range<Int>, in track: inout Track) {
        track.previous = (line.number, line.offset, range)
        guard case .excerpts = place else { return }
        if line.inChunk && line.bytes.count <= Self.keptLineLength {
            track.previousInChunk = line.bytes
            return
        }
        track.previousInChunk = nil
        track.previousBytes.removeAll(keepingCapacity: true)
        if line.bytes.count <= Self.keptLineLength { track.previousBytes.append(contentsOf: line.bytes) }
    }

    /// Copies the last lines the runs point at in the chunk just read, before it goes.
    func keepPreviousLines() {
        for subject in subjects {
            for index in subject.tracks.indices {
                guard let bytes = subject.tracks[index].previousInChunk else { continue }
                subject.tracks[index].previousBytes.removeAll(keepingCapacity: true)
                subject.tracks[index].previousBytes.append(contentsOf: bytes)
                subject.tracks[index].previousInChunk = nil
            }
        }
    }

    /// Moves `subject`'s run of `line` past the first of `candidates` some run can print now
    /// (`firstPhase` too for the run's first phase change, whose old phase may be any); the
    /// error at `range` when none can. `name`: how the error names it (the first candidate's).
    func observe(_ subject: Subject, _ candidates: [Int], line: LogLine, range: Range<Int>, name: String?, firstPhase: [Int] = [],
                 stamp: LogTimestamp? = nil) {
        guard let index = track(subject, line) else { return }
        // The run is moved out of the array (a stand-in takes its place until it is put back), not
        // copied: a copy would share the search's buffers, and the first step would copy them all
        // (every node of every run's trail, line after line, on a log read as it comes).
        if subject.standIn == nil { subject.standIn = Track(key: nil, firstLine: 0, cursor: cursor(for: subject), timed: nil) }
        var track = subject.standIn!
        swap(&track, &subject.tracks[index])
        var all = track.sawPhase || firstPhase.isEmpty ? candidates : candidates + firstPhase
        if name != nil { track.sawPhase = true }
        let before = asTheyAppear ? track.cursor.withSearch { $0.decisions.undecided } : []
        var moved = Self.observe(&track.cursor, anyOf: all)
        if !moved, track.key != nil {
            var ended = track.cursor.materialized()
            if ended.canHaveEnded() {
                // The object may have ended, and another got its address: a new instance, if it starts so.
                var fresh = Track(key: track.key, firstLine: line.number, cursor: cursor(for: subject), timed: subject.timeTemplate)
                all = firstPhase.isEmpty ? candidates : candidates + firstPhase
                if name != nil { fresh.sawPhase = true }
                if Self.observe(&fresh.cursor, anyOf: all) {
                    ended.keepEnded()
                    retire(subject, track, ended)
                    track = fresh
                    moved = true
                }
            }
        }
        if moved {
            track.callbacks += 1
            remember(line, range: range, in: &track)
            subject.tracks[index] = track
            if asTheyAppear { learn(subject, from: index, before: before, line: line, range: range) }
            if subject.timeFacts && !subject.stopped { time(subject, index, all, line: line, range: range, stamp: stamp) }
            return
        }
        let shown = name ?? candidates.first.map { Conformance.display($0, in: subject.automaton) } ?? "?"
        subject.tracks[index] = track
        fail(subject, deviation(subject, index, shown, callback: candidates.first, line, range: range), line: line.number)
    }

    /// Moves `cursor` past the first of `candidates` some run can print now; false, staying
    /// put, when none can (a step that fails moves nothing).
    static func observe(_ cursor: inout SearchCursor<A>, anyOf candidates: [Int]) -> Bool {
        for candidate in candidates where cursor.observe(candidate) { return true }
        return false
    }

    /// After run `index` of a log read as it comes learnt callbacks are logged (they appeared
    /// first in it): every other run of the subject learns them too.
    func learn(_ subject: Subject, from index: Int, before: [Bool], line: LogLine, range: Range<Int>) {
        let after = subject.tracks[index].cursor.withSearch { $0.decisions }
        subject.logged = after.logged
        subject.undecided = after.undecided
        guard subject.tracks.count > 1 else { return }
        for callback in before.indices where before[callback] && !after.undecided[callback] {
            for other in subject.tracks.indices where other != index {
                guard subject.tracks[other].cursor.withSearch({ $0.learn(callback) }) else {
                    let shown = Conformance.display(callback, in: subject.automaton)
                    let at = self.range(range, in: line.bytes, number: line.number, offset: line.offset)
                    let key = subject.tracks[other].key?.text ?? "the lines that print no object"
                    fail(subject, Diagnostic.callbackLoggedLate(shown, automaton: subject.automaton.name, at: at)
                            .note("'\(shown)' first appears here, so it is logged; the instance \(key) must have called it already without printing it", at: nil),
                         line: line.number)
                    return
                }
            }
        }
    }

    /// Moves a run that ended (`search`: where) into the report's instances (its key may start another).
    func retire(_ subject: Subject, _ track: Track, _ search: ConformanceSearch<A>) {
        var search = search
        let situations = search.situations()
        subject.report.instanceCount += 1
        if subject.report.instances.count < Conformance.instancesKept {
            subject.report.instances.append(Conformance.Instance(key: track.key?.text ?? "", firstLine: track.firstLine,
                                                                 callbacks: track.callbacks, ends: situations.settled,
                                                                 endsPartway: situations.inside))
        }
    }

    // MARK: - Messages

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

    /// The error at a line longer than the lines read (`LogLines.maximumLength`): a callback on
    /// it would not be seen. Quotes only its start.
    func tooLong(_ line: LogLine) -> Diagnostic {
        var quoted = min(line.bytes.count, 160)
        // Not inside a UTF-8 scalar.
        while quoted > 0 && quoted < line.bytes.count && line.bytes[quoted] & 0xC0 == 0x80 { quoted -= 1 }
        let at = range(0..<0, in: UnsafeBufferPointer(rebasing: line.bytes[..<quoted]), number: line.number, offset: line.offset)
        return .logLineTooLong(length: line.length, maximum: maximumLineLength, at: at)
    }

    /// The error at a callback (`selector`, as messages name it) that no run of `subject`'s
    /// instance `index` can print there, with the events assumed on the way.
    /// Keeps the deviation in the report, for a test that replays it (`callback`: the one named,
    /// nil for a phase line no callback is).
    func deviation(_ subject: Subject, _ index: Int, _ selector: String, callback: Int?, _ line: LogLine, range: Range<Int>) -> Diagnostic {
        let automaton = subject.automaton
        let at = self.range(range, in: line.bytes, number: line.number, offset: line.offset)
        let track = subject.tracks[index]
        var before: SourceRange?
        if let previous = track.previous {
            if let bytes = track.previousInChunk {
                before = self.range(previous.range, in: bytes, number: previous.number, offset: previous.offset)
            } else if case .excerpts = place, track.previousBytes.isEmpty {
                before = nil
            } else {
                before = track.previousBytes.withUnsafeBufferPointer { bytes in
                    self.range(previous.range, in: bytes, number: previous.number, offset: previous.offset)
                }
            }
        }
        var search = track.cursor.materialized()
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
        if let key = track.key {
            diagnostic = diagnostic.note("these are the lines of \(key.text), checked on their own as one instance from line \(track.firstLine)", at: nil)
        }
        diagnostic = diagnostic.note(assumedNote(automaton, search.trail), at: before)
        if asTheyAppear {
            diagnostic = diagnostic.note("this log was read once as it came, learning which callbacks are logged as they appear; checked as a file, it may deviate earlier", at: nil)
        }
        let trail = search.trail
        subject.report.deviation = Conformance.Deviation(events: trail.labels, eventCount: trail.count, callback: callback, line: line.number,
                                                         message: diagnostic.message)
        return diagnostic
    }

    func assumedNote(_ automaton: A, _ trail: ConformanceSearch<A>.Trail) -> String {
        guard trail.count > 0 else {
            return "no event assumed so far: '\(automaton.name)' starts in \(automaton.describe(automaton.initialConfiguration))"
        }
        // The note names as many as it always has, however many `--emit-test` keeps.
        let labels = trail.labels.suffix(ConformanceSearch<A>.Trail.kept)
        let which = trail.count > labels.count ? " (the last \(labels.count) of \(trail.count))" : ""
        return "events assumed so far\(which): " + labels.joined(separator: ", ")
    }

    // MARK: - A log with nothing to check

    /// The error for a log that names no checked callback of `subject`: what its first lines are.
    func nothingChecked(_ subject: Subject) -> Diagnostic {
        let automaton = subject.automaton
        guard let first = firstLines.first else {
            let at: SourceRange
            switch place {
            case .file(let file): at = SourceRange(file: file.id, start: 0, end: 0)
            case .excerpts(let files, let path): at = SourceRange(file: files.add(path: path, bytes: [UInt8](), firstLine: 1).id, start: 0, end: 0)
            }
            return .emptyLog(automaton: automaton.name, lines: lineCount, at: at)
        }
        func location(_ kept: Kept) -> SourceRange {
            var range = 0..<0
            if case .unmatched(_, let name) = kept.reading { range = name }
            if case .unchecked(_, let name) = kept.reading { range = name }
            return kept.bytes.withUnsafeBufferPointer { self.range(range, in: $0, number: kept.number, offset: kept.offset) }
        }
        var diagnostic = Diagnostic.noCallbackInLog(automaton: automaton.name, lines: lineCount, at: location(first))
        for (index, kept) in firstLines.enumerated() {
            diagnostic = diagnostic.note(why(kept, subject), at: index == 0 ? nil : location(kept))
        }
        return diagnostic
    }

    /// Why a line named nothing `subject`'s check could use.
    func why(_ kept: Kept, _ subject: Subject) -> String {
        let automaton = subject.automaton
        let system = !automaton.instances.isEmpty
        switch kept.reading {
        case .unmatched(let callback, _):
            let names = reader.vocabulary.instances.map { $0.names.map { "'\($0)'" }.joined(separator: " or ") }
            let what = reader.vocabulary.instancesAreMachines ? "a machine" : "an instance"
            return "'\(reader.vocabulary.checked[callback].callback.selector)' here is not matched to \(what): the line names none that has it "
                + "(\(names.joined(separator: ", ")))" + (system ? "; '--instance NAME=WORD' names one as the log does" : "")
        case .unchecked(let key, _):
            return "'\(reader.uncheckedNames[key])' is a callback no \(system ? "event" : "transition") of '\(automaton.name)' calls"
        case .callback(let callback, _) where subjects[subjectOf[callback]] !== subject:
            return "this line names '\(reader.vocabulary.checked[callback].callback.selector)', a callback of another machine"
        case .callback, .ambiguous, .ambiguousPhase, .phase, .other:
            return "this line names no callback of '\(automaton.name)'" + Suggestions.didYouMean(closeName(kept.bytes, automaton))
        }
    }

    /// A callback whose name is close to a word of `line` (a misspelt callback), or nil. Only
    /// names of 8 letters or more are suggested: a short word is close to too many.
    func closeName(_ line: [UInt8], _ automaton: A) -> String? {
        let names = automaton.callbacks.map { String($0.baseName) }.filter { $0.count >= 8 }
        var words: [String] = []
        line.withUnsafeBufferPointer { bytes in
            var position = 0
            while let word = LogWords.next(in: bytes, from: position) {
                position = word.upperBound
                if word.count >= 4 { words.append(String(decoding: bytes[word], as: UTF8.self)) }
            }
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

extension ConformanceRun.Subject {
    /// Whether the log logs callback `callback` (as far as it has told).
    func decidedLogged(_ callback: Int) -> Bool { logged[callback] }
}
