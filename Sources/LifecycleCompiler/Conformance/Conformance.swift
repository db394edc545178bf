/// `lifecycle conform`: whether a recorded log is what some run of an automaton prints.
///
/// The log conforms when it is exactly what some run from the initial configuration prints if
/// the app logs just the callbacks that appear in the log: a callback that appears nowhere in it
/// is taken as not logged and may be absent; one that appears anywhere must appear every time
/// the run calls it. So two swapped lines are a deviation, never "two callbacks skipped".
/// `strict`: every callback is logged. A log may stop anywhere (see `ConformanceSearch`).
public enum Conformance {
    /// What checking one log found.
    public struct Report: Sendable {
        /// Lines that named a callback.
        public var callbackCount: Int
        public var skippedLines: Int
        /// Callbacks of the automaton the log never names: taken as not logged (none when strict).
        public var notLogged: [String]
        /// The first deviation, as an error at the log line; also ambiguous lines. Empty when
        /// the log conforms.
        public var diagnostics: Diagnostics
        /// Where the run can be after the last line (when it conforms): `'Active'`.
        public var ends: [String]

        public var conforms: Bool { !diagnostics.hasErrors }
    }

    /// Checks a log read by `LogReader` against a machine.
    ///
    /// One concrete entry point per kind of automaton, so that the search is specialized inside
    /// this module: called generically from another module, every step would look up generic
    /// metadata (a third of the time on a 10^6-line log). A system adds its own overload.
    public static func check(_ log: LogReader.Log, against automaton: MachineAutomaton, strict: Bool) -> Report {
        search(log, against: automaton, strict: strict)
    }

    /// Checks a log read by `LogReader` against `automaton`.
    static func search<A: LifecycleAutomaton>(_ log: LogReader.Log, against automaton: A, strict: Bool) -> Report {
        var logged = [Bool](repeating: strict, count: automaton.callbacks.count)
        for entry in log.entries { logged[entry.callback] = true }
        let notLogged = automaton.callbacks.indices.filter { !logged[$0] }.map { automaton.callbacks[$0].selector }
        var report = Report(callbackCount: log.entries.count, skippedLines: log.skippedLines, notLogged: notLogged,
                            diagnostics: log.diagnostics, ends: [])
        guard !log.diagnostics.hasErrors else { return report }
        var search = ConformanceSearch(automaton, logged: logged)
        for (index, entry) in log.entries.enumerated() where !search.observe(entry.callback) {
            report.diagnostics.append(deviation(entry, previous: index > 0 ? log.entries[index - 1] : nil,
                                                search: &search, automaton: automaton))
            return report
        }
        let situations = search.situations()
        report.ends = situations.settled + situations.inside
        return report
    }

    /// The error at a callback no run can print there.
    static func deviation<A: LifecycleAutomaton>(_ entry: LogReader.Entry, previous: LogReader.Entry?,
                                                 search: inout ConformanceSearch<A>, automaton: A) -> Diagnostic {
        let selector = automaton.callbacks[entry.callback].selector
        let situations = search.situations()
        var parts: [String] = []
        if !situations.settled.isEmpty { parts.append("in " + orList(situations.settled)) }
        parts.append(contentsOf: situations.inside)
        let expected = search.expected().map { "'\(automaton.callbacks[$0].selector)'" }
        let trail = search.trail
        return Diagnostic.callbackOutOfOrder(selector, automaton: automaton.name, situation: parts.joined(separator: ", or "),
                                             expected: expected, at: entry.range)
            .note(assumedNote(trail, automaton: automaton), at: previous?.range)
    }

    static func assumedNote<A: LifecycleAutomaton>(_ trail: ConformanceSearch<A>.Trail, automaton: A) -> String {
        guard trail.count > 0 else {
            return "no event assumed so far: '\(automaton.name)' starts in \(automaton.describe(automaton.initialConfiguration))"
        }
        let which = trail.count > trail.labels.count ? " (the last \(trail.labels.count) of \(trail.count))" : ""
        return "events assumed so far\(which): " + trail.labels.joined(separator: ", ")
    }

    /// `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`.
    static func orList(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " or " + items.last!
    }
}

extension Diagnostic {
    // MARK: - Conformance of logs (alphabetical)

    static func ambiguousLogLine(_ written: String, candidates: [String], at range: SourceRange) -> Diagnostic {
        make(.error, "'\(written)' could be \(Conformance.orList(candidates.map { "'\($0)'" })); log the full name, as '#function' prints it", at: range)
    }

    static func callbackOutOfOrder(_ selector: String, automaton: String, situation: String, expected: [String],
                                   at range: SourceRange) -> Diagnostic {
        let next = expected.isEmpty ? "no callback can come next" : "expected " + Conformance.orList(expected)
        return make(.error, "'\(selector)' cannot happen here: '\(automaton)' is \(situation); \(next)", at: range)
    }
}
