/// Messages about time (issue 43): durations, timed transitions and deadlines.
extension Diagnostic {
    // MARK: - Syntax

    package static func expectedDuration(after word: String, found: String, at range: SourceRange) -> Diagnostic {
        make(.error, "expected a duration after '\(word)' (such as '5s', '250ms' or '2min'), found \(found)", at: range)
    }

    package static func expectedToInCallbackDeadline(found: String, at range: SourceRange) -> Diagnostic {
        make(.error, "expected 'to' and the callback that ends the deadline, found \(found)", at: range)
    }

    package static func expectedWithinInCallbackDeadline(found: String, at range: SourceRange) -> Diagnostic {
        make(.error, "expected 'within' and a duration after 'from … to …', found \(found)", at: range)
    }

    // MARK: - Checker

    /// `suggestion`: the text with a known unit, when the unit looks like one (`5sec` → `5s`).
    package static func invalidDuration(_ text: String, maximum: String, suggestion: String?, at range: SourceRange) -> Diagnostic {
        make(.error, "'\(text)' is not a duration; write a number and 'ms', 's' or 'min' (at most 3 decimals of a second, at most \(maximum))"
             + didYouMean(suggestion), at: range, fixIt: suggestion.map { FixIt(replace: range, with: $0) })
    }

    package static func zeroDuration(_ word: String, at range: SourceRange) -> Diagnostic {
        make(.error, "'\(word)' needs a duration longer than zero", at: range)
    }

    /// `A -> B after 5s` without `on`: the system still takes it on an event, which logs,
    /// exports and the generated code name.
    package static func timedTransitionWithoutEvent(_ source: String, _ target: String, delay: String, at range: SourceRange) -> Diagnostic {
        make(.error, "timed transition '\(source) -> \(target) after \(delay)' has no event; name the event the system takes it on, as in '\(source) -> \(target) on timeout after \(delay)'", at: range)
    }

    package static func timedTransitionByUser(_ transition: String, at range: SourceRange) -> Diagnostic {
        make(.error, "transition \(transition) is timed, but 'by user' says the user triggers it; a timed transition is taken by the system when its time comes: write 'by system' or drop 'after'",
             at: range)
    }

    package static func timedInternalTransition(_ state: String, at range: SourceRange) -> Diagnostic {
        make(.error, "an internal transition cannot be timed: it never leaves '\(state)', so its time would never start again; use a transition that leaves the state", at: range)
    }

    /// `other`: the transition that always fires first, as `'A -> B on e after 5s'`.
    package static func timedTransitionNeverFires(_ transition: String, other: String, state: String, at range: SourceRange) -> Diagnostic {
        make(.warning, "timed transition \(transition) never fires: \(other) always leaves '\(state)' first", at: range)
    }

    package static func deadlineNeverMet(_ state: String, deadline: String, earliest: String, at range: SourceRange) -> Diagnostic {
        make(.error, "deadline of '\(state)' (within \(deadline)) can never be met: \(earliest)", at: range)
    }

    package static func contradictoryCallbackDeadline(_ from: String, _ to: String, span: String, other: String, at range: SourceRange) -> Diagnostic {
        make(.error, "contradictory deadlines: 'from \(from) to \(to)' is declared within \(span) here and within \(other) before", at: range)
    }

    package static func callbackDeadlineOnItself(_ callback: String, at range: SourceRange) -> Diagnostic {
        make(.error, "deadline 'from \(callback) to \(callback)' is met by the call that starts it; name two different callbacks", at: range)
    }

    package static func callbackDeadlineNeverStarts(_ callback: String, machine: String, at range: SourceRange) -> Diagnostic {
        make(.warning, "no transition of machine '\(machine)' calls '\(callback)', so this deadline never starts", at: range)
    }

    package static func callbackDeadlineNeverEnds(_ callback: String, machine: String, at range: SourceRange) -> Diagnostic {
        make(.error, "no transition of machine '\(machine)' calls '\(callback)', so this deadline is missed every time it starts", at: range)
    }

    package static func nestedDeadlineNoEffect(_ state: String, span: String, outer: String, outerSpan: String, at range: SourceRange) -> Diagnostic {
        make(.warning, "deadline of '\(state)' (within \(span)) never matters: '\(outer)', which contains it and is entered no later, must be left within \(outerSpan)", at: range)
    }
}

// MARK: - Logs with timestamps (`conform`)

extension Diagnostic {
    /// A state held past its `within`: `lasted` from entering it to the line where the miss
    /// became certain, `end` when the deadline ran out, `late` by how much.
    package static func stateDeadlineMissedInLog(_ state: String, span: String, lasted: String, end: String, late: String,
                                         at range: SourceRange) -> Diagnostic {
        make(.error, "'\(state)' lasted \(lasted); 'within \(span)' required leaving it by \(end) (\(late) late)", at: range)
    }

    /// A pair deadline missed: `to` not called within `span` of `from`.
    package static func callbackDeadlineMissedInLog(from: String, to: String, span: String, started: String, end: String, late: String,
                                            at range: SourceRange) -> Diagnostic {
        make(.error, "'\(to)' did not follow '\(from)' (at \(started)) within \(span): the deadline ran out at \(end), and by this line it was \(late) late",
             at: range)
    }

    /// A timed transition the log says the machine did not take: `state` held `lasted`,
    /// `transition` (`idle after 5s`) should have taken it to `target` at `due`.
    package static func timedTransitionNotTakenInLog(_ state: String, lasted: String, transition: String, target: String, due: String,
                                             at range: SourceRange) -> Diagnostic {
        make(.error, "'\(state)' lasted \(lasted); '\(transition)' should have taken it to '\(target)' at \(due), and no run that did can print this line",
             at: range)
    }

    /// Time ruled out every run some other way (several reasons at once).
    package static func timesRuleOutLog(automaton: String, at range: SourceRange) -> Diagnostic {
        make(.error, "no run of '\(automaton)' prints these lines at these times: the timed transitions and deadlines rule out every one", at: range)
    }
}

extension Diagnostic {
    /// A `log show --style json`/`ndjson` log that is not JSON where `message` says (`LogJSONLines`).
    package static func malformedJSONLog(_ message: String, at range: SourceRange) -> Diagnostic {
        make(.error, "this JSON log is malformed: \(message); nothing after it was checked", at: range)
    }
}
