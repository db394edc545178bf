import LifecycleSource

/// What a condition says about the phase change: the changes for which it certainly holds
/// (`must`) and those for which it may (`may`). A condition that reads no phase (`isLoggedIn`)
/// may hold for any change and certainly holds for none, so `!(isLoggedIn && newPhase == .x)`
/// may hold for `.x` too.
struct PhasePredicate: Equatable {
    var must: PhaseChangeSet
    var may: PhaseChangeSet

    static let unknown = PhasePredicate(must: .none, may: .all)
    static let always = PhasePredicate(must: .all, may: .all)

    static func exactly(_ changes: PhaseChangeSet) -> PhasePredicate { PhasePredicate(must: changes, may: changes) }

    var negated: PhasePredicate { PhasePredicate(must: ~may, may: ~must) }
    func and(_ other: PhasePredicate) -> PhasePredicate { PhasePredicate(must: must & other.must, may: may & other.may) }
    func or(_ other: PhasePredicate) -> PhasePredicate { PhasePredicate(must: must | other.must, may: may | other.may) }
}

/// Reads an `onChange(of: scenePhase)` action's statements as the code runs them: the changes
/// for which control may reach each point (starting from all nine), narrowed by each `if`,
/// `else if`, `else`, `guard`, `while` and `switch` case (a case's patterns joined, its `where`
/// clause, minus the cases before it; `fallthrough`), with `&&`, `||`, `!`, parentheses and
/// condition lists; an early `return` or `throw` leaves only what the rest is reached for.
/// A closure's body (`Task { … }`) runs for what reaches it, its `return`s ending only it.
/// Every block reached for some changes only is a branch; so is a phase comparison outside a
/// condition (`isActive = newPhase == .active`).
///
/// Bounded: blocks nest at most `maximumDepth` deep (deeper ones are not read), a condition
/// is looked for `ScenePhaseHandlers.maximumScan` tokens, at most four times
/// `ScenePhaseHandlers.maximumBranches` statements are examined and that many branches kept;
/// otherwise every token is visited once.
struct PhaseBranchWalker {
    static let maximumDepth = 32

    let reader: ScenePhaseHandlers.Reader
    let roles: ScenePhaseHandlers.Reader.Roles
    var branches: [ScenePhaseHandler.Branch] = []
    var caseInsertion: (offset: Int, indentation: String, anchor: Range<Int>)?
    private var examined = 0
    /// Set when a walked block ended in `fallthrough`.
    private var fellThrough = false

    init(reader: ScenePhaseHandlers.Reader, roles: ScenePhaseHandlers.Reader.Roles) {
        self.reader = reader
        self.roles = roles
    }

    private var tokens: [SwiftToken] { reader.tokens }
    private var match: [Int] { reader.match }
    private func isPunct(_ k: Int, _ c: Character) -> Bool { reader.isPunct(k, c) }
    private func isKeyword(_ k: Int, _ word: String) -> Bool { k >= 0 && k < tokens.count && tokens[k].isKeyword(word) }
    private var exhausted: Bool {
        examined >= 4 * ScenePhaseHandlers.maximumBranches || branches.count >= ScenePhaseHandlers.maximumBranches
    }

    /// Whether a body does something: an empty one, or one that only says `break`, reacts to
    /// nothing. (Asked of what the code does not name a case for: a `default`, an `else`, the
    /// rest after a `guard` or an early `return`; an explicit `case … : break` says it tells
    /// that change apart and chooses to do nothing.)
    private func reacts(_ body: Range<Int>) -> Bool {
        body.contains { !isKeyword($0, "break") && !isKeyword($0, "return") && !isPunct($0, ";") }
    }

    private mutating func record(_ changes: PhaseChangeSet, _ tokenRange: Range<Int>, text: String? = nil, body: Range<Int>? = nil) {
        if let body, !reacts(body) { return }
        guard changes != .all, changes != .none, branches.count < ScenePhaseHandlers.maximumBranches, !tokenRange.isEmpty else { return }
        branches.append(ScenePhaseHandler.Branch(changes: changes, text: text ?? reader.text(tokenRange), range: reader.range(tokenRange)))
    }

    // MARK: - Statements

    /// Walks the statements of `range`, reached for `reach`; returns what falls out of its end
    /// (`break` and `continue` included). In a `closure`, a `return` ends only the closure.
    mutating func block(_ range: Range<Int>, reach: PhaseChangeSet, closure: Bool, depth: Int) -> PhaseChangeSet {
        var current = reach
        var exit = PhaseChangeSet.none
        var k = range.lowerBound
        fellThrough = false
        while k < range.upperBound && !exhausted {
            let token = tokens[k]
            if token.isPunct(UInt8(ascii: "{")) {
                let close = match[k]
                guard close > k, close < range.upperBound else { k += 1; continue }
                if depth < Self.maximumDepth { _ = block((k + 1)..<close, reach: current, closure: true, depth: depth + 1) }
                k = close + 1
                continue
            }
            guard token.kind == .identifier, !token.escaped, !isPunct(k - 1, ".") else { k += 1; continue }
            switch token.text {
            case "if":
                examined += 1
                k = ifStatement(at: k, limit: range.upperBound, current: &current, depth: depth)
                continue
            case "guard":
                examined += 1
                k = guardStatement(at: k, limit: range.upperBound, current: &current, depth: depth)
                continue
            case "switch":
                examined += 1
                k = switchStatement(at: k, limit: range.upperBound, current: &current, exit: &exit, depth: depth)
                continue
            case "while":
                examined += 1
                k = whileStatement(at: k, limit: range.upperBound, current: current, depth: depth)
                continue
            case "return", "throw":
                current = .none
            case "break", "continue":
                exit = exit | current
                current = .none
            case "fallthrough":
                fellThrough = true
            default:
                if let (predicate, atom) = comparison(at: k, limit: range.upperBound) {
                    record(current & predicate.may, atom)
                    k = atom.upperBound
                    continue
                }
            }
            k += 1
        }
        return exit | current
    }

    /// The `{` a statement's condition ends at, from `start`, skipping bracketed groups, looked
    /// for `ScenePhaseHandlers.maximumScan` tokens; with `beforeElse`, the `else` of a `guard`.
    private func conditionEnd(from start: Int, limit: Int, beforeElse: Bool = false) -> Int? {
        var t = start
        var read = 0
        while t < limit && read < ScenePhaseHandlers.maximumScan {
            read += 1
            if beforeElse ? isKeyword(t, "else") : isPunct(t, "{") { return t > start ? t : nil }
            if isPunct(t, "{") || isPunct(t, "}") { return nil }
            if isPunct(t, "(") || isPunct(t, "[") { t = max(match[t], t) + 1; continue }
            t += 1
        }
        return nil
    }

    /// The body `{` … `}` at `open`, when it closes inside `limit`.
    private func body(at open: Int, limit: Int) -> Range<Int>? {
        guard isPunct(open, "{"), match[open] > open, match[open] < limit else { return nil }
        return (open + 1)..<match[open]
    }

    /// `if C { … } else if C2 { … } else { … }` at `k`; returns where to go on.
    private mutating func ifStatement(at k: Int, limit: Int, current: inout PhaseChangeSet, depth: Int) -> Int {
        var rest = current
        var exits = PhaseChangeSet.none
        var t = k
        var firstCondition: Range<Int>?
        while true {
            guard let open = conditionEnd(from: t + 1, limit: limit), let inner = body(at: open, limit: limit) else { return t + 1 }
            let condition = (t + 1)..<open
            if firstCondition == nil { firstCondition = condition }
            let predicate = self.condition(condition, depth: 0)
            let reached = rest & predicate.may
            record(reached, condition)
            exits = exits | walk(inner, reached, depth: depth)
            rest = rest & ~predicate.must
            t = inner.upperBound + 1
            guard isKeyword(t, "else") else { break }
            if isKeyword(t + 1, "if") { t += 1; continue }
            if let elseBody = body(at: t + 1, limit: limit) {
                record(rest, t..<(t + 1), body: elseBody)
                exits = exits | walk(elseBody, rest, depth: depth)
                rest = .none
                t = elseBody.upperBound + 1
            }
            break
        }
        let before = current
        current = exits | rest
        // Code after an `if` that returned for some changes runs only for the others.
        if current != before, t < limit, let firstCondition {
            record(current, firstCondition, text: "if \(reader.text(firstCondition)) { … return }", body: t..<limit)
        }
        return t
    }

    /// `guard C else { … }` at `k`: the rest of the block runs only where `C` holds.
    private mutating func guardStatement(at k: Int, limit: Int, current: inout PhaseChangeSet, depth: Int) -> Int {
        guard let elseKeyword = conditionEnd(from: k + 1, limit: limit, beforeElse: true),
              let elseBody = body(at: elseKeyword + 1, limit: limit) else { return k + 1 }
        let condition = (k + 1)..<elseKeyword
        let predicate = self.condition(condition, depth: 0)
        let otherwise = current & ~predicate.must
        record(otherwise, elseKeyword..<(elseKeyword + 1), text: "guard \(reader.text(condition)) else", body: elseBody)
        _ = walk(elseBody, otherwise, depth: depth)
        current = current & predicate.may
        let next = elseBody.upperBound + 1
        record(current, condition, body: next..<limit)
        return next
    }

    /// `while C { … }` at `k`.
    private mutating func whileStatement(at k: Int, limit: Int, current: PhaseChangeSet, depth: Int) -> Int {
        guard let open = conditionEnd(from: k + 1, limit: limit), let inner = body(at: open, limit: limit) else { return k + 1 }
        let condition = (k + 1)..<open
        let reached = current & self.condition(condition, depth: 0).may
        record(reached, condition, body: inner)
        _ = walk(inner, reached, depth: depth)
        return inner.upperBound + 1
    }

    /// A body inside the action's own flow: its `return`s end the action.
    private mutating func walk(_ range: Range<Int>, _ reach: PhaseChangeSet, depth: Int) -> PhaseChangeSet {
        guard depth < Self.maximumDepth else { return reach }
        return block(range, reach: reach, closure: false, depth: depth + 1)
    }

    /// `switch SUBJECT { case …: … }` at `k`; its cases read when the subject is a phase or a
    /// tuple of them.
    private mutating func switchStatement(at k: Int, limit: Int, current: inout PhaseChangeSet, exit: inout PhaseChangeSet,
                                          depth: Int) -> Int {
        guard let open = conditionEnd(from: k + 1, limit: limit), let inner = body(at: open, limit: limit) else { return k + 1 }
        let close = inner.upperBound
        // The subject: `(a, b)` or `a`.
        var subject: [ScenePhaseHandlers.Reader.Role?] = []
        if isPunct(k + 1, "("), match[k + 1] == open - 1 {
            var element: [Int] = []
            for t in (k + 2)..<(open - 1) {
                if isPunct(t, ",") {
                    subject.append(element.count == 1 ? roles.role(tokens[element[0]].text) : nil)
                    element = []
                } else {
                    element.append(t)
                }
            }
            subject.append(element.count == 1 ? roles.role(tokens[element[0]].text) : nil)
        } else if open == k + 2 {
            subject = [roles.role(tokens[k + 1].text)]
        }
        // The labels, at the switch body's own depth.
        var labels: [(keyword: Int, colon: Int, isDefault: Bool)] = []
        var t = open + 1
        while t < close {
            if isPunct(t, "{") || isPunct(t, "(") || isPunct(t, "[") { t = max(match[t], t) + 1; continue }
            if isKeyword(t, "case") || isKeyword(t, "default") && !isPunct(t - 1, ".") {
                let isDefault = isKeyword(t, "default")
                var colon = t + 1
                while colon < close && !isPunct(colon, ":") {
                    if isPunct(colon, "(") || isPunct(colon, "[") { colon = max(match[colon], colon) + 1; continue }
                    colon += 1
                }
                labels.append((isDefault && isPunct(t - 2, "@") ? t - 2 : t, colon, isDefault))
                t = colon + 1
                continue
            }
            t += 1
        }
        var earlier = PhaseChangeSet.none  // what an earlier case certainly took
        var exits = PhaseChangeSet.none
        var carried = PhaseChangeSet.none  // what falls through from the case before
        for (index, label) in labels.enumerated() {
            let caseBody = (label.colon + 1)..<(index + 1 < labels.count ? labels[index + 1].keyword : close)
            let predicate = label.isDefault ? PhasePredicate.always : casePredicate(label.keyword + 1..<label.colon, subject: subject)
            let reached = (current & predicate.may & ~earlier) | carried
            if !label.isDefault {
                let patterns = (label.keyword + 1)..<label.colon
                record(reached, label.keyword..<label.colon, text: "case " + reader.text(patterns))
            } else {
                record(reached, label.keyword..<(label.keyword + 1), body: caseBody)
            }
            let out = walk(caseBody, reached, depth: depth)
            if fellThrough { carried = out } else { exits = exits | out; carried = .none }
            fellThrough = false
            earlier = earlier | predicate.must
        }
        current = exits | carried
        // A case for a change goes before `default:`, else before the closing brace.
        if subject.count == 2, subject.contains(.old), subject.contains(.new), caseInsertion == nil {
            let before = labels.first(where: \.isDefault)?.keyword ?? close
            // Only where the `default:` (or the brace) begins its line: looking back over its
            // indentation only (a line of a thousand closing braces is not read each time).
            let bytes = reader.bytes
            var start = tokens[before].start
            while start > 0 && (bytes[start - 1] == UInt8(ascii: " ") || bytes[start - 1] == UInt8(ascii: "\t")) { start -= 1 }
            if start == 0 || LineEnd.isLineEndByte(bytes[start - 1]) {
                let caseLine = labels.first.map { reader.lineStart(of: tokens[$0.keyword].start) } ?? reader.lineStart(of: tokens[k].start)
                caseInsertion = (start, reader.indentation(at: caseLine), tokens[before].start..<tokens[before].end)
            }
        }
        return close + 1
    }

    // MARK: - Conditions

    /// The parts of `range` between top-level separators (`||`, or `&&` and `,`).
    private func split(_ range: Range<Int>, atOr: Bool) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = range.lowerBound
        var t = range.lowerBound
        while t < range.upperBound {
            if isPunct(t, "(") || isPunct(t, "[") || isPunct(t, "{") { t = max(match[t], t) + 1; continue }
            let pair = atOr ? "|" : "&"
            if isPunct(t, Character(pair)) && isPunct(t + 1, Character(pair)) && tokens[t + 1].start == tokens[t].end {
                parts.append(start..<t)
                start = t + 2
                t += 2
                continue
            }
            if !atOr && isPunct(t, ",") {
                parts.append(start..<t)
                start = t + 1
            }
            t += 1
        }
        parts.append(start..<range.upperBound)
        return parts
    }

    /// A condition (or a condition list) as a predicate.
    func condition(_ range: Range<Int>, depth: Int) -> PhasePredicate {
        guard depth < Self.maximumDepth, !range.isEmpty else { return .unknown }
        let disjuncts = split(range, atOr: true)
        var result: PhasePredicate?
        for disjunct in disjuncts {
            var conjunction: PhasePredicate?
            for part in split(disjunct, atOr: false) {
                let predicate = unary(part, depth: depth + 1)
                conjunction = conjunction.map { $0.and(predicate) } ?? predicate
            }
            let value = conjunction ?? .unknown
            result = result.map { $0.or(value) } ?? value
        }
        return result ?? .unknown
    }

    private func unary(_ range: Range<Int>, depth: Int) -> PhasePredicate {
        guard depth < Self.maximumDepth, let first = range.first else { return .unknown }
        // `!x`, not `!=`.
        if isPunct(first, "!") && !(isPunct(first + 1, "=") && tokens[first + 1].start == tokens[first].end) {
            return unary((first + 1)..<range.upperBound, depth: depth + 1).negated
        }
        if isPunct(first, "("), match[first] == range.upperBound - 1 {
            return condition((first + 1)..<(range.upperBound - 1), depth: depth + 1)
        }
        return atom(range)
    }

    /// One operand: a phase comparison, `[.x, .y].contains(NAME)`, `case .x = NAME`; anything
    /// else may or may not hold.
    private func atom(_ range: Range<Int>) -> PhasePredicate {
        if let (predicate, found) = comparison(at: range.lowerBound, limit: range.upperBound), found == range { return predicate }
        // `case .x = NAME`
        if isKeyword(range.lowerBound, "case"), let equal = (range.lowerBound..<range.upperBound).first(where: { isPunct($0, "=") }),
           equal + 2 == range.upperBound, let role = roles.role(tokens[equal + 1].text),
           let phases = pattern((range.lowerBound + 1)..<equal) {
            return .exactly(changes(role, phases))
        }
        // `[.x, .y].contains(NAME)`
        let lower = range.lowerBound
        if isPunct(lower, "["), match[lower] > lower, match[lower] + 5 == range.upperBound, isPunct(match[lower] + 1, "."),
           isKeyword(match[lower] + 2, "contains"), isPunct(match[lower] + 3, "("), let role = roles.role(tokens[match[lower] + 4].text) {
            var phases: Set<ScenePhase> = []
            for element in split((lower + 1)..<match[lower], atOr: false) {
                guard let phase = phase(in: element) else { return .unknown }
                phases.insert(phase)
            }
            return .exactly(changes(role, phases))
        }
        return .unknown
    }

    /// The changes where `role`'s phase is one of `phases`.
    private func changes(_ role: ScenePhaseHandlers.Reader.Role, _ phases: Set<ScenePhase>) -> PhaseChangeSet {
        role == .old ? PhaseChangeSet.with(old: phases) : PhaseChangeSet.with(new: phases)
    }

    /// `NAME == .x`, `.x == NAME`, `NAME != ScenePhase.x`, `self.NAME == .x` starting at `k`:
    /// its predicate and tokens.
    func comparison(at k: Int, limit: Int) -> (PhasePredicate, Range<Int>)? {
        // The left operand, then `==` or `!=`, then the right one.
        func operand(at start: Int) -> (end: Int, role: ScenePhaseHandlers.Reader.Role?, phase: ScenePhase?)? {
            var t = start
            if isKeyword(t, "self") && isPunct(t + 1, ".") { t += 2 }
            if t < limit, tokens[t].kind == .identifier, let role = roles.role(tokens[t].text), !isPunct(t - 1, ".") || t > start {
                return (t + 1, role, nil)
            }
            var end = t
            if isKeyword(end, "SwiftUI") && isPunct(end + 1, ".") { end += 2 }
            if isKeyword(end, "ScenePhase") { end += 1 }
            guard isPunct(end, "."), end + 1 < limit, let phase = ScenePhase(rawValue: tokens[end + 1].text),
                  end == start || tokens[start].isKeyword("ScenePhase") || tokens[start].isKeyword("SwiftUI") else { return nil }
            return (end + 2, nil, phase)
        }
        guard k < limit, let left = operand(at: k), left.end + 2 < limit + 1 else { return nil }
        let o = left.end
        let equal = isPunct(o, "=") && isPunct(o + 1, "=") && !isPunct(o + 2, "=")
        let notEqual = isPunct(o, "!") && isPunct(o + 1, "=") && !isPunct(o + 2, "=")
        guard equal || notEqual, o + 2 < limit, let right = operand(at: o + 2), right.end <= limit else { return nil }
        let role = left.role ?? right.role
        guard let role, let phase = left.phase ?? right.phase, (left.role == nil) != (right.role == nil) else { return nil }
        let phases: Set<ScenePhase> = equal ? [phase] : Set(ScenePhase.allCases).subtracting([phase])
        return (.exactly(changes(role, phases)), k..<right.end)
    }

    /// The phases a pattern element names: `.active`, `ScenePhase.active`, `.active?`; nil for
    /// any other pattern.
    private func pattern(_ range: Range<Int>) -> Set<ScenePhase>? {
        phase(in: range).map { [$0] }
    }

    /// The phase a pattern element names: `.active` or `ScenePhase.active`.
    private func phase(in range: Range<Int>) -> ScenePhase? {
        var end = range.upperBound
        if end - 1 > range.lowerBound && isPunct(end - 1, "?") { end -= 1 }
        let count = end - range.lowerBound
        guard count == 2 || count == 3, isPunct(end - 2, ".") else { return nil }
        if count == 3 && !tokens[range.lowerBound].isKeyword("ScenePhase") { return nil }
        return ScenePhase(rawValue: tokens[end - 1].text)
    }

    /// A case label's patterns (between `case` and `:`) against the switch subject, `where`
    /// clause included.
    private func casePredicate(_ range: Range<Int>, subject: [ScenePhaseHandlers.Reader.Role?]) -> PhasePredicate {
        var patternsEnd = range.upperBound
        var whereClause: PhasePredicate?
        var t = range.lowerBound
        while t < range.upperBound {
            if isPunct(t, "(") || isPunct(t, "[") { t = max(match[t], t) + 1; continue }
            if isKeyword(t, "where") {
                patternsEnd = t
                whereClause = condition((t + 1)..<range.upperBound, depth: 1)
                break
            }
            t += 1
        }
        var result: PhasePredicate?
        for pattern in split(range.lowerBound..<patternsEnd, atOr: false) {
            let predicate = patternPredicate(pattern, subject: subject)
            result = result.map { $0.or(predicate) } ?? predicate
        }
        let patterns = result ?? .unknown
        return whereClause.map { patterns.and($0) } ?? patterns
    }

    /// One pattern against the subject: a tuple's elements each against its part.
    private func patternPredicate(_ range: Range<Int>, subject: [ScenePhaseHandlers.Reader.Role?]) -> PhasePredicate {
        var elements = [range]
        if subject.count > 1 {
            guard let first = range.first, isPunct(first, "("), match[first] == range.upperBound - 1 else { return .unknown }
            elements = split((first + 1)..<(range.upperBound - 1), atOr: false)
        }
        guard elements.count == subject.count, !subject.isEmpty else { return .unknown }
        var predicate = PhasePredicate.always
        for (role, element) in zip(subject, elements) {
            if element.count == 1 && isKeyword(element.lowerBound, "_") { continue }
            if let first = element.first, isKeyword(first, "let") || isKeyword(first, "var"), element.count == 2 { continue }
            guard let role, let phase = phase(in: element) else { return .unknown.and(predicate) }
            predicate = predicate.and(.exactly(changes(role, [phase])))
        }
        return predicate
    }
}
