/// Messages about systems (`system Name { instance … on … }`), syntax and meaning, sorted by
/// name. Ids as in `DiagnosticMessages.swift`.
extension Diagnostic {
    package static func duplicateInstance(_ name: String, at range: SourceRange) -> Diagnostic {
        make(.error, "duplicate instance '\(name)'", at: range)
    }

    package static func duplicateSystem(_ name: String, at range: SourceRange) -> Diagnostic {
        make(.error, "duplicate system '\(name)'", at: range)
    }

    package static func duplicateSystemEvent(_ name: String, system: String, at range: SourceRange) -> Diagnostic {
        make(.error, "duplicate event '\(name)' in system '\(system)'", at: range)
    }

    package static func expectedConditionIs(_ instance: String, found: String, at range: SourceRange) -> Diagnostic {
        make(.error, "expected 'is' and a state after '\(instance)', as in 'when \(instance) is State', found \(found)", at: range)
    }

    package static func expectedInstanceMachine(_ name: String, found: String, at range: SourceRange) -> Diagnostic {
        make(.error, "expected ':' and a machine after instance '\(name)', found \(found)", at: range,
             fixIt: FixIt(replace: range, with: ": "))
    }

    package static func expectedStep(found: String, at range: SourceRange) -> Diagnostic {
        make(.error, "expected a step, 'Instance.event' or 'new Instance', found \(found)", at: range)
    }

    package static func expectedStepPeriod(_ instance: String, found: String, at range: SourceRange) -> Diagnostic {
        make(.error, "expected '.' and an event after '\(instance)', as in '\(instance).event', found \(found)", at: range)
    }

    package static func expectedStepsColon(_ event: String, found: String, at range: SourceRange) -> Diagnostic {
        make(.error, "expected ':' and the steps of event '\(event)', found \(found)", at: range,
             fixIt: FixIt(replace: range, with: ":"))
    }

    package static func expectedSystemMember(found: String, at range: SourceRange) -> Diagnostic {
        make(.error, "expected 'instance' or 'on' in a system, found \(found)", at: range)
    }

    package static func instanceNeverLeavesInitial(_ name: String, state: String, at range: SourceRange) -> Diagnostic {
        make(.warning, "instance '\(name)' never leaves its initial state '\(state)'", at: range)
    }

    package static func systemEventNeverExpected(_ name: String, clause: String, at range: SourceRange) -> Diagnostic {
        make(.error, "event '\(name)' is never possible: no reachable state of the system has \(clause), as its 'when' clause asks; change or remove the clause", at: range)
    }

    package static func systemEventNeverPossible(_ name: String, step: String, first: Bool, instance: String, state: String,
                                         why: String, fix: String, at range: SourceRange) -> Diagnostic {
        let where_ = first ? "in every reachable state" : "wherever the steps before it happen"
        return make(.error, "event '\(name)' is never possible: its step '\(step)' fails \(where_) ('\(instance)' is in '\(state)', \(why)); \(fix)", at: range)
    }

    package static func systemStateLimit(_ name: String, limit: Int, at range: SourceRange) -> Diagnostic {
        make(.error, "system '\(name)' has more than \(limit) reachable states; its checks stopped there (raise the limit with '--state-limit')", at: range)
    }

    package static func systemStepFailsWhereExpected(_ step: String, event: String, instance: String, state: String, why: String,
                                             fix: String, at range: SourceRange) -> Diagnostic {
        make(.error, "step '\(step)' of event '\(event)' can fail where its 'when' clause holds: '\(instance)' is in '\(state)', \(why); \(fix)", at: range)
    }

    package static func systemTooLarge(_ name: String, entries: Int, limit: Int, at range: SourceRange) -> Diagnostic {
        make(.error, "system '\(name)' is too large to explore: its steps need \(entries) table entries (at most \(limit)); use fewer distinct events on large machines", at: range)
    }

    package static func systemTooLargeToExplore(_ name: String, states: Int, instances: Int, events: Int, at range: SourceRange) -> Diagnostic {
        make(.error, "system '\(name)' has more than \(states) reachable states, as many as \(instances) instances and \(events) events can be explored in bounded time and memory; its checks stopped there", at: range)
    }

    package static func unknownInstance(_ name: String, system: String, suggestion: String?, at range: SourceRange) -> Diagnostic {
        misspelt("no instance '\(name)' in system '\(system)'", suggestion: suggestion, at: range)
    }

    package static func unknownInstanceEvent(_ event: String, instance: String, machine: String, suggestion: String?,
                                     at range: SourceRange) -> Diagnostic {
        misspelt("machine '\(machine)' of instance '\(instance)' has no event '\(event)'", suggestion: suggestion, at: range)
    }

    package static func unknownInstanceState(_ state: String, instance: String, machine: String, suggestion: String?,
                                     at range: SourceRange) -> Diagnostic {
        misspelt("machine '\(machine)' of instance '\(instance)' has no state '\(state)'", suggestion: suggestion, at: range)
    }

    package static func unknownMachine(_ name: String, suggestion: String?, at range: SourceRange) -> Diagnostic {
        misspelt("unknown machine '\(name)'", suggestion: suggestion, at: range)
    }
}
