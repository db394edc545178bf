/// One `onChange(of: scenePhase)` handler of a Swift file, and the phase changes its action
/// tells apart.
public struct ScenePhaseHandler: Sendable {
    /// A branch of the action: the old and new phases it is taken for (nil: any).
    public struct Branch: Sendable, Equatable {
        public var old: Set<ScenePhase>?
        public var new: Set<ScenePhase>?
        /// The condition or `case` as written, and where.
        public var text: String
        public var range: SourceRange

        /// Whether the branch is taken for `change`; a branch that looks at neither phase is
        /// never taken for one in particular.
        public func matches(_ change: PhaseChange) -> Bool {
            guard old != nil || new != nil else { return false }
            return (old?.contains(change.old) ?? true) && (new?.contains(change.new) ?? true)
        }
    }

    /// The `onChange` name.
    public var range: SourceRange
    /// Where its call ends (its action's closing brace, or its arguments').
    var end = 0
    /// The type whose body holds it (a struct, or an extension's type), if any.
    public var owner: String?
    /// Whether the action is a closure, read here (a function passed by name is not).
    public var isRead: Bool
    public var branches: [Branch]
    /// Where a `case` goes in its `switch (oldPhase, newPhase)`, if it has one: the start of the
    /// `default:` line (or of the closing brace's), the indentation of its cases, and the
    /// `default` (or the brace) a note points at.
    public var caseInsertion: (offset: Int, indentation: String, anchor: Range<Int>)?

    /// The first branch taken for `change` and no other change of `changes`.
    public func distinguishingBranch(_ change: PhaseChange, among changes: [PhaseChange]) -> Branch? {
        branches.first { branch in branch.matches(change) && !changes.contains { $0 != change && branch.matches($0) } }
    }

    /// The first branch taken for `change` that is taken for others too.
    public func sharedBranch(_ change: PhaseChange) -> Branch? {
        branches.first { $0.matches(change) }
    }
}

/// Finds the `onChange(of: scenePhase)` handlers of a Swift file and reads their actions: which
/// closure parameter is the old phase and which the new (two parameters, from iOS 17; one
/// parameter, with the old phase captured or read as `scenePhase`, below; none, where
/// `scenePhase` is the new phase), and the branches that test them: the cases of a `switch` on
/// them (`case (.active, .inactive):`, `case .background:`), and the conditions of `if`, `guard`
/// and `while` and the comparisons elsewhere (`newPhase == .background && oldPhase != .active`),
/// each narrowed by the branches it is nested in.
///
/// The observed value is `scenePhase` or any property declared `@Environment(\.scenePhase)` in
/// the file. One linear pass over `SwiftLexer`'s tokens per handler; never traps on malformed
/// code (every index is checked), and reads nothing it does not understand as a branch.
public enum ScenePhaseHandlers {
    /// How many branches (cases, conditions, comparisons) of one handler are read: a handler is
    /// a few dozen lines, and narrowing each branch by those it is nested in compares them
    /// pairwise, so a hostile one of a million conditions is read up to this many (a real one has a dozen) (its other
    /// changes are then warned about, never passed).
    public static let maximumBranches = 256

    /// How many handlers of one file are read; a handler inside another's action is not read
    /// (the outer one's walk covers it), so the walks never overlap and a file costs time
    /// linear in its length.
    public static let maximumHandlers = 1_000

    /// How far one condition or `switch` subject is read for its brace (a bracketed group counts
    /// as one token): with `maximumBranches` statements examined, a handler whose braces are
    /// missing costs a bounded walk. A longer one is not read as a branch (its changes are
    /// warned about, never passed). A `switch`'s cases are read at its body's own depth, which
    /// no other switch reads, so they need no bound.
    public static let maximumScan = 1_000

    public static func scan(_ file: SourceFile, types: [ScannedType]) -> [ScenePhaseHandler] {
        let bytes = Array(file.bytes)
        let tokens = SwiftLexer(bytes: bytes, range: 0..<bytes.count).tokenize()
        guard tokens.contains(where: { $0.kind == .identifier && $0.text == "onChange" }) else { return [] }
        let match = SwiftSourceScanner.matchBrackets(tokens)
        let reader = Reader(file: file, bytes: bytes, tokens: tokens, match: match)
        let observed = reader.environmentNames()
        var handlers: [ScenePhaseHandler] = []
        var readUntil = 0
        for k in tokens.indices where tokens[k].isKeyword("onChange") && k > 0 && tokens[k - 1].isPunct(UInt8(ascii: ".")) {
            guard handlers.count < maximumHandlers else { break }
            guard tokens[k].start >= readUntil, var handler = reader.handler(at: k, observed: observed) else { continue }
            readUntil = handler.end
            handler.owner = types.filter { $0.bodyOpen < tokens[k].start && tokens[k].start < $0.bodyClose }
                .max { $0.bodyOpen < $1.bodyOpen }?.name
            handlers.append(handler)
        }
        return handlers
    }

    /// The tokens of one file and what is read from them.
    struct Reader {
        let file: SourceFile
        let bytes: [UInt8]
        let tokens: [SwiftToken]
        let match: [Int]

        func range(_ tokenRange: Range<Int>) -> SourceRange {
            guard let first = tokenRange.first, let last = tokenRange.last, last < tokens.count else {
                return SourceRange(file: file.id, start: 0, end: 0)
            }
            return SourceRange(file: file.id, start: tokens[first].start, end: tokens[last].end)
        }

        func text(_ tokenRange: Range<Int>) -> String { tokens.joinedText(tokenRange, bytes: bytes) }

        func isPunct(_ k: Int, _ c: Character) -> Bool { k >= 0 && k < tokens.count && tokens[k].isPunct(c.asciiValue!) }

        /// The properties `@Environment(\.scenePhase)` declares, and `scenePhase`.
        func environmentNames() -> Set<String> {
            var names: Set<String> = ["scenePhase"]
            for k in tokens.indices where tokens[k].isKeyword("Environment") && isPunct(k - 1, "@") && isPunct(k + 1, "(") {
                let close = match[k + 1]
                // `\.scenePhase`: the key path is the argument's first tokens (looking further
                // would read nested `@Environment(` arguments again and again).
                guard close > k, (k + 2..<min(close, k + 6)).contains(where: { tokens[$0].isKeyword("scenePhase") }) else { continue }
                var j = close + 1
                while j < tokens.count && j < close + 12 {
                    if tokens[j].isKeyword("var") || tokens[j].isKeyword("let") {
                        if j + 1 < tokens.count, tokens[j + 1].kind == .identifier { names.insert(tokens[j + 1].text) }
                        break
                    }
                    j += 1
                }
            }
            return names
        }

        /// The handler whose `onChange` name is token `k`, when it observes a scene phase.
        func handler(at k: Int, observed: Set<String>) -> ScenePhaseHandler? {
            guard isPunct(k + 1, "("), match[k + 1] > k + 1 else { return nil }
            let open = k + 1, close = match[k + 1]
            // `of: NAME` (or `self.NAME`), up to the next ',' at this depth.
            var j = open + 1
            guard j + 1 < close, tokens[j].isKeyword("of"), isPunct(j + 1, ":") else { return nil }
            j += 2
            if tokens[j].isKeyword("self") && isPunct(j + 1, ".") { j += 2 }
            guard j < close, tokens[j].kind == .identifier, observed.contains(tokens[j].text),
                  isPunct(j + 1, ",") || j + 1 == close else { return nil }
            let name = tokens[j].text
            // The action: a closure argument, or a trailing closure.
            var action: Int?
            var passedByName = false
            var a = j + 1
            while a < close {
                if isPunct(a, "{") { action = a; break }
                if isPunct(a, "(") || isPunct(a, "[") { a = max(match[a], a) + 1; continue }
                a += 1
            }
            if action == nil {
                if isPunct(close + 1, "{") {
                    action = close + 1
                } else if (j + 1..<close).contains(where: { tokens[$0].isKeyword("perform") }) || tokens[j + 1..<close].contains(where: { $0.isPunct(UInt8(ascii: ",")) }) {
                    passedByName = true
                }
            }
            var handler = ScenePhaseHandler(range: range(k..<(k + 1)), owner: nil, isRead: action != nil, branches: [], caseInsertion: nil)
            handler.end = tokens[close].end
            // A function passed by name is a handler whose branches are not read.
            guard let start = action, match[start] > start else { return passedByName ? handler : nil }
            handler.end = tokens[match[start]].end
            readAction(start, end: match[start], observed: name, into: &handler)
            return handler
        }

        /// The roles of the names in an action: which is the old phase and which the new.
        struct Roles {
            var old: Set<String> = []
            var new: Set<String> = []

            func role(_ name: String) -> Role? {
                if new.contains(name) { return .new }
                if old.contains(name) { return .old }
                return nil
            }
        }

        enum Role { case old, new }

        /// A predicate over (old, new) phases: nil sets are "any".
        struct Predicate {
            var old: Set<ScenePhase>?
            var new: Set<ScenePhase>?

            func and(_ other: Predicate) -> Predicate {
                Predicate(old: Self.intersect(old, other.old), new: Self.intersect(new, other.new))
            }

            static func intersect(_ a: Set<ScenePhase>?, _ b: Set<ScenePhase>?) -> Set<ScenePhase>? {
                guard let a else { return b }
                guard let b else { return a }
                return a.intersection(b)
            }

            mutating func restrict(_ role: Role, to phases: Set<ScenePhase>) {
                switch role {
                case .old: old = Self.intersect(old, phases)
                case .new: new = Self.intersect(new, phases)
                }
            }

            var isAny: Bool { old == nil && new == nil }
        }

        /// A branch found in the action, with the tokens it governs.
        struct Found {
            var predicate: Predicate
            var governs: Range<Int>
            var text: String
            var range: SourceRange
        }

        /// Reads the closure `{` at `start` … `}` at `end`.
        func readAction(_ start: Int, end: Int, observed: String, into handler: inout ScenePhaseHandler) {
            var j = start + 1
            var roles = Roles()
            var captured: String?
            // A capture list: `[oldPhase = scenePhase]`, `[scenePhase]`.
            if isPunct(j, "["), match[j] > j, match[j] < end {
                let close = match[j]
                var item = j + 1
                while item < close {
                    if tokens[item].kind == .identifier, isPunct(item + 1, "="), item + 2 < close, tokens[item + 2].text == observed {
                        captured = tokens[item].text
                        item += 3
                        continue
                    } else if tokens[item].text == observed {
                        captured = observed
                    }
                    item += 1
                }
                j = close + 1
            }
            // Parameters up to `in`: `oldPhase, newPhase in`, `(old, new) in`, `newPhase in`.
            var parameters: [String] = []
            var p = j
            var sawIn = false
            while p < end && p < j + 16 {
                let token = tokens[p]
                if token.isKeyword("in") { sawIn = true; break }
                if token.kind == .identifier || token.isPunct(UInt8(ascii: ",")) || token.isPunct(UInt8(ascii: "(")) || token.isPunct(UInt8(ascii: ")"))
                    || token.isPunct(UInt8(ascii: ":")) || token.isPunct(UInt8(ascii: ".")) {
                    if token.kind == .identifier && !(p > j && tokens[p - 1].isPunct(UInt8(ascii: ":"))) && !(p > j && tokens[p - 1].isPunct(UInt8(ascii: "."))) {
                        parameters.append(token.text)
                    }
                    p += 1
                    continue
                }
                break
            }
            if !sawIn { parameters = [] }
            let body = (sawIn ? p + 1 : j)..<end
            switch parameters.count {
            case 2...:
                if parameters[0] != "_" { roles.old.insert(parameters[0]) }
                if parameters[1] != "_" { roles.new.insert(parameters[1]) }
                roles.new.insert(observed)
            case 1:
                // The one-parameter form: the closure sees the old values it captured
                // (Apple's documentation of onChange(of:perform:)).
                if parameters[0] != "_" { roles.new.insert(parameters[0]) }
                roles.old.insert(observed)
            default:
                roles.new.insert(observed)
            }
            if let captured, captured != observed { roles.old.insert(captured) }
            var found: [Found] = []
            var inConditions: [Range<Int>] = []
            var k = body.lowerBound
            // Statements examined (each scans ahead to its brace): bounded like the branches.
            var examined = 0
            while k < body.upperBound && found.count < ScenePhaseHandlers.maximumBranches && examined < ScenePhaseHandlers.maximumBranches {
                let token = tokens[k]
                if token.isKeyword("switch") || token.isKeyword("if") || token.isKeyword("guard") || token.isKeyword("while") { examined += 1 }
                if token.isKeyword("switch") {
                    k = readSwitch(at: k, limit: body.upperBound, roles: roles, into: &found, insertion: &handler.caseInsertion)
                    continue
                }
                if token.isKeyword("if") || token.isKeyword("guard") || token.isKeyword("while") {
                    if let (condition, governs) = condition(at: k, limit: body.upperBound) {
                        inConditions.append(condition)
                        for predicate in disjuncts(condition, roles: roles) where !predicate.isAny {
                            found.append(Found(predicate: predicate, governs: governs, text: text(condition), range: range(condition)))
                        }
                    }
                }
                k += 1
            }
            // Comparisons outside conditions (`isActive = newPhase == .active`): each a branch.
            let outside = found.count < ScenePhaseHandlers.maximumBranches ? atoms(body, roles: roles) : []
            for atom in outside.prefix(ScenePhaseHandlers.maximumBranches) where !inConditions.contains(where: { $0.contains(atom.tokens.lowerBound) }) {
                guard found.count < ScenePhaseHandlers.maximumBranches else { break }
                var predicate = Predicate()
                predicate.restrict(atom.role, to: atom.phases)
                found.append(Found(predicate: predicate, governs: atom.tokens, text: text(atom.tokens), range: range(atom.tokens)))
            }
            // Each branch narrowed by those it is nested in.
            if found.count > ScenePhaseHandlers.maximumBranches { found.removeSubrange(ScenePhaseHandlers.maximumBranches...) }
            for index in found.indices {
                var predicate = found[index].predicate
                let start = found[index].governs.lowerBound
                for outer in found.indices where outer != index && found[outer].governs.lowerBound < start && start < found[outer].governs.upperBound
                    && found[outer].governs != found[index].governs {
                    predicate = predicate.and(found[outer].predicate)
                }
                handler.branches.append(ScenePhaseHandler.Branch(old: predicate.old, new: predicate.new, text: found[index].text,
                                                                 range: found[index].range))
            }
        }

        /// A `switch` at `k`: each case's patterns as branches. Returns where to go on.
        func readSwitch(at k: Int, limit: Int, roles: Roles, into found: inout [Found],
                        insertion: inout (offset: Int, indentation: String, anchor: Range<Int>)?) -> Int {
            var open = k + 1
            var read = 0
            while open < limit && !isPunct(open, "{") && read < ScenePhaseHandlers.maximumScan {
                read += 1
                if isPunct(open, "(") || isPunct(open, "[") { open = max(match[open], open) + 1; continue }
                open += 1
            }
            guard open < limit, isPunct(open, "{"), match[open] > open else { return k + 1 }
            let close = match[open]
            // The subject: `(a, b)` or `a`.
            var subject: [Role?] = []
            let subjectTokens = (k + 1)..<open
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
            } else if subjectTokens.count == 1 {
                subject = [roles.role(tokens[k + 1].text)]
            }
            guard subject.contains(where: { $0 != nil }) else { return k + 1 }
            // The cases, at the switch body's own depth.
            var t = open + 1
            var cases: [(keyword: Int, colon: Int)] = []
            var defaultAt: Int?
            while t < close {
                if isPunct(t, "{") || isPunct(t, "(") || isPunct(t, "[") { t = max(match[t], t) + 1; continue }
                if tokens[t].isKeyword("case") {
                    var colon = t + 1
                    while colon < close && !isPunct(colon, ":") {
                        if isPunct(colon, "(") || isPunct(colon, "[") { colon = max(match[colon], colon) + 1; continue }
                        colon += 1
                    }
                    cases.append((t, colon))
                    t = colon + 1
                    continue
                }
                if tokens[t].isKeyword("default") && defaultAt == nil {
                    defaultAt = t > open + 1 && tokens[t - 1].isPunct(UInt8(ascii: "@")) ? t - 2 : t
                }
                t += 1
            }
            for (index, entry) in cases.enumerated() {
                let governs = entry.colon..<(index + 1 < cases.count ? cases[index + 1].keyword : (defaultAt ?? close))
                var pattern: [Int] = []
                var patterns: [[Int]] = []
                var p = entry.keyword + 1
                while p < entry.colon {
                    if tokens[p].isKeyword("where") { break }
                    if isPunct(p, ","), pattern.isEmpty == false {
                        patterns.append(pattern)
                        pattern = []
                    } else if isPunct(p, "(") {
                        let end = min(max(match[p], p), entry.colon)
                        pattern.append(contentsOf: p...end)
                        p = end + 1
                        continue
                    } else {
                        pattern.append(p)
                    }
                    p += 1
                }
                if !pattern.isEmpty { patterns.append(pattern) }
                for pattern in patterns where found.count < ScenePhaseHandlers.maximumBranches {
                    var predicate = Predicate()
                    let elements = subject.count > 1 ? tupleElements(pattern) : [pattern]
                    guard elements.count == subject.count else { continue }
                    for (role, element) in zip(subject, elements) {
                        guard let role, let phase = phase(in: element) else { continue }
                        predicate.restrict(role, to: [phase])
                    }
                    guard !predicate.isAny else { continue }
                    let tokens = (pattern.first ?? entry.keyword)..<((pattern.last ?? entry.keyword) + 1)
                    found.append(Found(predicate: predicate, governs: governs, text: "case " + text(tokens), range: range(tokens)))
                }
            }
            // A case for a change goes before `default:`, else before the closing brace.
            if subject.count == 2, subject.contains(.old), subject.contains(.new), insertion == nil {
                let before = defaultAt ?? close
                // Only where the `default:` (or the brace) begins its line: looking back over its
                // indentation only (a line of a thousand closing braces is not read each time).
                var start = tokens[before].start
                while start > 0 && (bytes[start - 1] == UInt8(ascii: " ") || bytes[start - 1] == UInt8(ascii: "\t")) { start -= 1 }
                if start == 0 || bytes[start - 1] == UInt8(ascii: "\n") {
                    let caseLine = cases.first.map { lineStart(of: tokens[$0.keyword].start) } ?? lineStart(of: tokens[k].start)
                    insertion = (start, indentation(at: caseLine), tokens[before].start..<tokens[before].end)
                }
            }
            return open + 1
        }

        /// `(.active, _)` as its elements' tokens.
        func tupleElements(_ pattern: [Int]) -> [[Int]] {
            guard let first = pattern.first, let last = pattern.last, isPunct(first, "("), isPunct(last, ")") else { return [pattern] }
            var elements: [[Int]] = [[]]
            var depth = 0
            for t in pattern.dropFirst().dropLast() {
                if isPunct(t, "(") || isPunct(t, "[") { depth += 1 }
                if isPunct(t, ")") || isPunct(t, "]") { depth -= 1 }
                if depth == 0 && isPunct(t, ",") { elements.append([]) } else { elements[elements.count - 1].append(t) }
            }
            return elements
        }

        /// The phase a pattern element names: `.active` or `ScenePhase.active`.
        func phase(in element: [Int]) -> ScenePhase? {
            guard element.count >= 2, isPunct(element[element.count - 2], "."), element.count <= 3 else { return nil }
            if element.count == 3 && !tokens[element[0]].isKeyword("ScenePhase") { return nil }
            return ScenePhase(rawValue: tokens[element[element.count - 1]].text)
        }

        /// An `if`, `guard` or `while` at `k`: its condition's tokens and the tokens it governs
        /// (its block; for `guard`, the rest of the enclosing block).
        func condition(at k: Int, limit: Int) -> (Range<Int>, Range<Int>)? {
            let isGuard = tokens[k].isKeyword("guard")
            var t = k + 1
            var read = 0
            while t < limit && read < ScenePhaseHandlers.maximumScan {
                read += 1
                if isGuard && tokens[t].isKeyword("else") { break }
                if !isGuard && isPunct(t, "{") { break }
                if isPunct(t, "(") || isPunct(t, "[") { t = max(match[t], t) + 1; continue }
                t += 1
            }
            guard t < limit, t > k + 1, isGuard ? tokens[t].isKeyword("else") : isPunct(t, "{") else { return nil }
            if isGuard { return ((k + 1)..<t, t..<limit) }
            return ((k + 1)..<t, t..<max(t, min(match[t], limit)))
        }

        /// A condition as predicates, one per disjunct (`||` at depth 0), each the conjunction
        /// of its comparisons (`&&` or `,`).
        func disjuncts(_ condition: Range<Int>, roles: Roles) -> [Predicate] {
            var parts: [Range<Int>] = []
            var start = condition.lowerBound
            var t = condition.lowerBound
            while t < condition.upperBound {
                if isPunct(t, "(") || isPunct(t, "[") { t = max(match[t], t) + 1; continue }
                if isPunct(t, "|") && isPunct(t + 1, "|") {
                    parts.append(start..<t)
                    start = t + 2
                    t += 2
                    continue
                }
                t += 1
            }
            parts.append(start..<condition.upperBound)
            return parts.map { part in
                var predicate = Predicate()
                for atom in atoms(part, roles: roles) { predicate.restrict(atom.role, to: atom.phases) }
                return predicate
            }
        }

        /// The comparisons of a phase in `span`: `NAME == .x`, `.x == NAME`, `NAME != .x`.
        func atoms(_ span: Range<Int>, roles: Roles) -> [(role: Role, phases: Set<ScenePhase>, tokens: Range<Int>)] {
            var result: [(role: Role, phases: Set<ScenePhase>, tokens: Range<Int>)] = []
            var t = span.lowerBound
            while t + 3 < span.upperBound {
                let equal = isPunct(t + 1, "=") && isPunct(t + 2, "=") && !isPunct(t + 3, "=")
                let notEqual = isPunct(t + 1, "!") && isPunct(t + 2, "=") && !isPunct(t + 3, "=")
                guard equal || notEqual else { t += 1; continue }
                // NAME op .x
                if tokens[t].kind == .identifier, let role = roles.role(tokens[t].text), t + 4 < span.upperBound,
                   isPunct(t + 3, "."), let phase = ScenePhase(rawValue: tokens[t + 4].text) {
                    let phases: Set<ScenePhase> = equal ? [phase] : Set(ScenePhase.allCases).subtracting([phase])
                    result.append((role, phases, t..<(t + 5)))
                    t += 5
                    continue
                }
                // .x op NAME
                if t > span.lowerBound, isPunct(t - 1, "."), let phase = ScenePhase(rawValue: tokens[t].text), t + 3 < span.upperBound,
                   tokens[t + 3].kind == .identifier, let role = roles.role(tokens[t + 3].text) {
                    let phases: Set<ScenePhase> = equal ? [phase] : Set(ScenePhase.allCases).subtracting([phase])
                    result.append((role, phases, (t - 1)..<(t + 4)))
                    t += 4
                    continue
                }
                t += 1
            }
            return result
        }

        func lineStart(of offset: Int) -> Int {
            var start = min(offset, bytes.count)
            while start > 0 && bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
            return start
        }

        func indentation(at lineStart: Int) -> String {
            var end = lineStart
            while end < bytes.count && (bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t")) { end += 1 }
            return String(decoding: bytes[lineStart..<end], as: UTF8.self)
        }
    }
}
