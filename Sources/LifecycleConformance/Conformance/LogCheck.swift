import LifecycleSource
import LifecycleModel

/// `lifecycle conform` on one log of any size, fed in chunks as the command reads them (the
/// library does no I/O): memory bounded by the automaton and the longest line, not by the log;
/// the check stops at the first error, so a live log gets its verdict at once.
///
/// Unlike `Conformance.check`, a log that names no checked callback is an error (a check that
/// saw nothing must not pass), unless `allowEmpty`. Diagnostics point into excerpts of the log
/// (one small file per quoted line, numbered as in the log) added to `excerpts`.
///
/// One concrete run per kind of automaton, chosen once: called generically from the command,
/// every line would look up generic metadata (see `Conformance.check`).
public final class LogCheck {
    private enum Run {
        case machine(ConformanceRun<MachineAutomaton>)
        case system(ConformanceRun<SystemAutomaton>)
    }

    private let run: Run

    /// The longest line read unless the command says otherwise (`--max-line-length`): 1 MiB.
    public static let defaultMaximumLineLength = LogLines.defaultMaximumLength

    /// A check of a machine. `path`: how diagnostics name the log; `maximumLineLength`: the
    /// longest line read (a longer one is an error at that line). The lines that print an
    /// object (`ObjectKey`) are each object's, checked on their own. `keptEvents`: how many of
    /// the events assumed before a deviation the report keeps (`Conformance.Deviation`; more
    /// than the note names, for `conform --emit-test`).
    public convenience init(_ automaton: MachineAutomaton, reader: LogReader, logging: Conformance.Logging, allowEmpty: Bool,
                            path: String, excerpts: SourceFiles, maximumLineLength: Int = LogCheck.defaultMaximumLineLength,
                            keptEvents: Int = ConformanceSearch<MachineAutomaton>.Trail.kept) {
        self.init(machines: [automaton], reader: reader, logging: logging, allowEmpty: allowEmpty, path: path, excerpts: excerpts,
                  maximumLineLength: maximumLineLength, keptEvents: keptEvents)
    }

    /// A check of several machines side by side in one log, each on its own callbacks (`reader`
    /// made from `LogVocabulary(machines:)`), with a report each. `requireEach`: a machine
    /// whose callbacks no line names is an error (it was asked for by name); otherwise it is
    /// reported as not checked, and only a log that names nothing is an error.
    public init(machines automata: [MachineAutomaton], reader: LogReader, logging: Conformance.Logging, allowEmpty: Bool,
                requireEach: Bool = true, path: String, excerpts: SourceFiles, maximumLineLength: Int = LogCheck.defaultMaximumLineLength,
                keptEvents: Int = ConformanceSearch<MachineAutomaton>.Trail.kept) {
        run = .machine(ConformanceRun(automata, reader: reader, logging: logging, allowEmpty: allowEmpty,
                                      place: .excerpts(excerpts, path: path), maximumLineLength: maximumLineLength,
                                      objects: true, requireEach: requireEach, keptEvents: keptEvents))
    }

    /// A check of a system.
    public init(_ automaton: SystemAutomaton, reader: LogReader, logging: Conformance.Logging, allowEmpty: Bool,
                path: String, excerpts: SourceFiles, maximumLineLength: Int = LogCheck.defaultMaximumLineLength,
                keptEvents: Int = ConformanceSearch<SystemAutomaton>.Trail.kept) {
        run = .system(ConformanceRun([automaton], reader: reader, logging: logging, allowEmpty: allowEmpty,
                                     place: .excerpts(excerpts, path: path), maximumLineLength: maximumLineLength, keptEvents: keptEvents))
    }

    /// Reads the lines that end in `chunk`. False once the verdict is known (an error in every
    /// machine checked): read no further.
    public func feed(_ chunk: UnsafeBufferPointer<UInt8>) -> Bool {
        switch run {
        case .machine(let run): run.feed(chunk)
        case .system(let run): run.feed(chunk)
        }
    }

    /// The log cannot be read on from line `line` (`LogJSONLines.Failure`): `diagnostic` is
    /// every machine's error there; `finish()` then reports.
    public func fail(_ diagnostic: Diagnostic, line: Int) {
        switch run {
        case .machine(let run): run.failAll(diagnostic, line: line)
        case .system(let run): run.failAll(diagnostic, line: line)
        }
    }

    /// Reads the last line (when the log does not end with a line end) and reports: one report
    /// per machine, in the order given (one for a system).
    public func finish() -> [Conformance.Report] {
        switch run {
        case .machine(let run): run.finish()
        case .system(let run): run.finish()
        }
    }
}
