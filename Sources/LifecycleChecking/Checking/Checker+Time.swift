import LifecycleSource
import LifecycleSyntax
import LifecycleModel

/// Time (issue 43): durations, timed transitions (`after 5s`), a state's deadline (`within 20s`)
/// and deadlines between two callbacks (`from f to g within 30s`). <doc:Language>, "Time",
/// says what each means; this checks what can be known from the spec alone.
extension Checker {
    /// A duration's value, or nil after reporting what is wrong with it. An empty range was
    /// reported by the parser.
    mutating func timeSpan(_ syntax: DurationSyntax, word: ContextualKeyword) -> TimeSpan? {
        guard syntax.range.length > 0 else { return nil }
        let written = text(syntax.range)
        guard let span = TimeSpan(parsing: written) else {
            report(.invalidDuration(written, maximum: TimeSpan.maximum.seconds, suggestion: Checker.durationSuggestion(written), at: syntax.range))
            return nil
        }
        guard span.milliseconds > 0 else {
            report(.zeroDuration(word.text, at: syntax.range))
            return nil
        }
        return span
    }

    /// `5sec` → `5s`, `2minutes` → `2min`, `100msec` → `100ms`: the number with the unit meant.
    static func durationSuggestion(_ written: String) -> String? {
        let number = String(written.prefix { ($0 >= "0" && $0 <= "9") || $0 == "." })
        let unit = written.dropFirst(number.count).lowercased()
        guard !number.isEmpty, !unit.isEmpty else { return nil }
        let spellings: [(String, String)] = [("sec", "s"), ("secs", "s"), ("second", "s"), ("seconds", "s"),
                                             ("m", "min"), ("mins", "min"), ("minute", "min"), ("minutes", "min"),
                                             ("msec", "ms"), ("msecs", "ms"), ("millisecond", "ms"), ("milliseconds", "ms"),
                                             ("h", "min"), ("ms", "ms"), ("s", "s"), ("min", "min")]
        guard let meant = spellings.first(where: { $0.0 == unit })?.1 else { return nil }
        if unit == "h" {
            guard let hours = Int(number) else { return nil }
            return "\(hours * 60)min"
        }
        let suggestion = number + meant
        return TimeSpan(parsing: suggestion) != nil && suggestion != written ? suggestion : nil
    }

    /// A transition's `after` clause: its delay, or nil (after reporting) when the clause is
    /// wrong or the transition cannot be timed.
    mutating func transitionDelay(_ decl: TransitionDecl, source: String, target: String, event: String?) -> TimeSpan? {
        guard let syntax = decl.delay, let span = timeSpan(syntax, word: .after) else { return nil }
        if decl.isInternal {
            report(.timedInternalTransition(source, at: syntax.range))
            return nil
        }
        if decl.trigger == .user {
            report(.timedTransitionByUser(Diagnostic.transitionText(source, target, event: event, isInternal: false), at: syntax.range))
            return nil
        }
        return span
    }

    /// Each state's `within` clause, into its model state.
    mutating func resolveDeadlines(of decl: MachineDecl, into states: inout [State]) {
        for (index, entry) in decl.states.enumerated() {
            guard let syntax = entry.deadline, let span = timeSpan(syntax.span, word: .within) else { continue }
            states[index].deadline = Deadline(span: span, reason: syntax.reason.map(value), range: syntax.range)
        }
    }

    /// The machine's `from f to g within …` deadlines, resolved in the delegate's scope.
    mutating func resolveCallbackDeadlines(of decl: MachineDecl, scope: CallbackScope, delegate: Delegate?) -> [CallbackDeadline] {
        var deadlines: [CallbackDeadline] = []
        for entry in decl.callbackDeadlines {
            let from = resolveCallback(entry.from, in: scope, delegate: delegate)
            let to = resolveCallback(entry.to, in: scope, delegate: delegate)
            guard let span = timeSpan(entry.deadline.span, word: .within), let from, let to else { continue }
            if from == to {
                report(.callbackDeadlineOnItself(methodName(from), at: entry.range))
                continue
            }
            if let other = deadlines.first(where: { $0.from == from && $0.to == to }) {
                if other.span != span {
                    report(.contradictoryCallbackDeadline(methodName(from), methodName(to), span: span.description, other: other.span.description, at: entry.deadline.range)
                        .note("the other deadline here", at: other.range))
                }
                continue
            }
            deadlines.append(CallbackDeadline(from: from, to: to, span: span, reason: entry.deadline.reason.map(value),
                                              range: entry.range))
        }
        return deadlines
    }

    func methodName(_ method: MethodRef) -> String { types[method.type].methods[method.index].selector }

    /// What the spec alone says is wrong with its time rules: timed transitions another always
    /// beats, deadlines no run can meet or that never matter, callback deadlines that never start
    /// or never end. Run only for a machine with time (`Machine.hasTime`).
    mutating func checkTime(_ machine: Machine) {
        let states = machine.states
        func describe(_ t: Transition) -> String {
            "'\(states[t.source].name) -> \(states[t.target].name)\(t.event.map { " on \($0)" } ?? "") after \(t.delay!)'"
        }
        // Timed transitions that another timed transition always beats: one from the same state
        // with a shorter delay (or the same delay, declared first: the first of a state's own
        // wins), or one from a state around it with a shorter delay (its time started no later).
        let timed = machine.transitions.indices.filter { machine.transitions[$0].delay != nil }
        for t in timed {
            let transition = machine.transitions[t]
            let delay = transition.delay!
            for u in timed where u != t {
                let other = machine.transitions[u]
                let beats: Bool
                if other.source == transition.source {
                    beats = other.delay! < delay || (other.delay! == delay && u < t)
                } else {
                    beats = other.delay! < delay && machine.isWithin(transition.source, other.source)
                }
                if beats {
                    report(.timedTransitionNeverFires(describe(transition), other: describe(other),
                                                      state: states[other.source].name, at: transition.range)
                        .note("the transition that fires first here", at: other.range))
                    break
                }
            }
        }
        // Deadlines no run can meet: every way out of the state is timed, from the state or a
        // state inside it (whose time starts no earlier), and the earliest comes too late.
        for (s, state) in states.enumerated() {
            guard let deadline = state.deadline else { continue }
            var earliest: Transition?
            var untimed = false
            for transition in machine.transitions where !transition.isInternal {
                let leaves: Bool
                let fromAround = transition.source != s && machine.isWithin(s, transition.source)
                if fromAround || transition.source == s {
                    leaves = true
                } else {
                    leaves = machine.isWithin(transition.source, s) && !machine.isWithin(transition.target, s)
                }
                guard leaves else { continue }
                if transition.delay == nil || fromAround {
                    untimed = true
                    break
                }
                if earliest.map({ transition.delay! < $0.delay! }) ?? true { earliest = transition }
            }
            if untimed { continue }
            if let earliest {
                if earliest.delay! > deadline.span {
                    report(.deadlineNeverMet(state.name, deadline: deadline.span.description,
                                             earliest: "the earliest way out is \(describe(earliest))", at: deadline.range)
                        .note("that transition here", at: earliest.range))
                }
            } else {
                report(.deadlineNeverMet(state.name, deadline: deadline.span.description,
                                         earliest: state.isFinal ? "it is a final state" : "no transition leaves it", at: deadline.range))
            }
            // A deadline inside a state with an earlier one never matters.
            var outer = state.parent
            while let o = outer {
                if let outerDeadline = states[o].deadline, outerDeadline.span <= deadline.span {
                    report(.nestedDeadlineNoEffect(state.name, span: deadline.span.description, outer: states[o].name,
                                                   outerSpan: outerDeadline.span.description, at: deadline.range)
                        .note("'\(states[o].name)''s deadline here", at: outerDeadline.range))
                    break
                }
                outer = states[o].parent
            }
        }
        for deadline in machine.callbackDeadlines {
            let called = { (method: MethodRef) in machine.transitions.contains { $0.callbacks.contains(method) } }
            if !called(deadline.from) {
                report(.callbackDeadlineNeverStarts(methodName(deadline.from), machine: machine.name, at: deadline.range))
            } else if !called(deadline.to) {
                report(.callbackDeadlineNeverEnds(methodName(deadline.to), machine: machine.name, at: deadline.range))
            }
        }
    }
}
