/// Messages about recorded logs (`lifecycle conform`), sorted by name. Ids as in
/// `DiagnosticMessages.swift`.
extension Diagnostic {
    package static func ambiguousLogLine(_ written: String, candidates: [String], at range: SourceRange) -> Diagnostic {
        make(.error, "'\(written)' could be \(Suggestions.orList(candidates.map { "'\($0)'" })); log the full name, as '#function' prints it", at: range)
    }

    /// A line names scene phases without saying which is the new one (`PhaseLine.ambiguous`).
    package static func ambiguousPhaseLine(_ written: String, at range: SourceRange) -> Diagnostic {
        make(.error, "'\(written)' names scene phases without saying which is the new one; print the change as 'old -> new', 'from old to new' or 'old: …, new: …'", at: range)
    }

    /// A log read as it comes names `selector` for the first time, and every run that could
    /// print it here has already called it without printing it.
    package static func callbackLoggedLate(_ selector: String, automaton: String, at range: SourceRange) -> Diagnostic {
        make(.error, "'\(selector)' cannot happen here: every run of '\(automaton)' that prints the lines before it has called it already without printing it, and a callback that is logged is logged every time", at: range)
    }

    package static func callbackOutOfOrder(_ selector: String, automaton: String, situation: String, expected: [String],
                                   at range: SourceRange) -> Diagnostic {
        let next = expected.isEmpty ? "no callback can come next" : "expected " + Suggestions.orList(expected)
        return make(.error, "'\(selector)' cannot happen here: '\(automaton)' is \(situation); \(next)", at: range)
    }

    /// A log with no text: `lines` blank lines, or none.
    package static func emptyLog(automaton: String, lines: Int, at range: SourceRange) -> Diagnostic {
        let what = lines == 0 ? "the log is empty" : "the log's \(lines) line\(lines == 1 ? " is" : "s are") blank"
        return make(.error, "\(what): it names no callback of '\(automaton)', so nothing was checked; '--allow-empty' accepts such a log", at: range)
    }

    /// A line of `length` bytes, longer than the `maximum` `conform` reads: a callback on it
    /// could not be seen, so the log cannot pass.
    package static func logLineTooLong(length: Int, maximum: Int, at range: SourceRange) -> Diagnostic {
        make(.error, "this line is \(length) bytes long, longer than the \(maximum) 'conform' reads; '--max-line-length \(length)' reads it", at: range)
    }

    /// A JSON log's entry whose line (timestamp, a space, message) is over the bound.
    package static func jsonLogLineTooLong(length: Int, maximum: Int, at range: SourceRange) -> Diagnostic {
        make(.error, "this entry's line (its timestamp and message) is \(length) bytes long, longer than the \(maximum) 'conform' reads; '--max-line-length \(length)' reads it", at: range)
    }

    /// A log whose `lines` lines name no callback the check can use.
    package static func noCallbackInLog(automaton: String, lines: Int, at range: SourceRange) -> Diagnostic {
        make(.error, "no line of the log (\(lines) line\(lines == 1 ? "" : "s")) names a callback of '\(automaton)' that can be checked, so nothing was checked; '--allow-empty' accepts such a log", at: range)
    }

    /// A log whose lines print more objects of one machine at once than `conform` follows.
    package static func tooManyLogInstances(automaton: String, limit: Int, at range: SourceRange) -> Diagnostic {
        make(.error, "this line's object would be the \(limit + 1)th instance of '\(automaton)' whose run has not ended; 'conform' follows at most \(limit) at once", at: range)
    }
}
