import LifecycleSource

/// A set of scene-phase changes (old phase, new phase): nine bits.
public struct PhaseChangeSet: Equatable, Sendable {
    public var bits: UInt16

    public init(bits: UInt16) { self.bits = bits & 0x1FF }

    public static let all = PhaseChangeSet(bits: 0x1FF)
    public static let none = PhaseChangeSet(bits: 0)

    static func index(_ phase: ScenePhase) -> Int { ScenePhase.allCases.firstIndex(of: phase)! }

    static func bit(old: ScenePhase, new: ScenePhase) -> UInt16 { 1 << (index(old) * 3 + index(new)) }

    /// The changes whose old (or new) phase is one of `phases`.
    static func with(old phases: Set<ScenePhase>) -> PhaseChangeSet {
        var bits: UInt16 = 0
        for old in phases { for new in ScenePhase.allCases { bits |= bit(old: old, new: new) } }
        return PhaseChangeSet(bits: bits)
    }

    static func with(new phases: Set<ScenePhase>) -> PhaseChangeSet {
        var bits: UInt16 = 0
        for new in phases { for old in ScenePhase.allCases { bits |= bit(old: old, new: new) } }
        return PhaseChangeSet(bits: bits)
    }

    public func contains(_ change: PhaseChange) -> Bool { bits & Self.bit(old: change.old, new: change.new) != 0 }

    public static func & (a: PhaseChangeSet, b: PhaseChangeSet) -> PhaseChangeSet { PhaseChangeSet(bits: a.bits & b.bits) }
    public static func | (a: PhaseChangeSet, b: PhaseChangeSet) -> PhaseChangeSet { PhaseChangeSet(bits: a.bits | b.bits) }
    public static prefix func ~ (a: PhaseChangeSet) -> PhaseChangeSet { PhaseChangeSet(bits: ~a.bits) }
}

/// One `onChange(of: scenePhase)` handler of a Swift file, and the phase changes its action
/// tells apart.
public struct ScenePhaseHandler: Sendable {
    /// A branch of the action: code that runs only for some phase changes.
    public struct Branch: Sendable, Equatable {
        /// The changes it may run for.
        public var changes: PhaseChangeSet
        /// The condition or `case` as written, and where.
        public var text: String
        public var range: SourceRange

        /// Whether the branch may be taken for `change`.
        public func matches(_ change: PhaseChange) -> Bool { changes.contains(change) }
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
            var walker = PhaseBranchWalker(reader: self, roles: roles)
            _ = walker.block(body, reach: .all, closure: true, depth: 0)
            handler.branches = walker.branches
            handler.caseInsertion = walker.caseInsertion
        }

        /// Where the line holding `offset` starts, after an LF, a CR LF or a lone CR (`LineEnd`).
        func lineStart(of offset: Int) -> Int {
            bytes.withUnsafeBufferPointer { LineEnd.start(ofLineAt: min(offset, bytes.count), in: $0) }
        }

        func indentation(at lineStart: Int) -> String {
            var end = lineStart
            while end < bytes.count && (bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t")) { end += 1 }
            return String(decoding: bytes[lineStart..<end], as: UTF8.self)
        }
    }
}
