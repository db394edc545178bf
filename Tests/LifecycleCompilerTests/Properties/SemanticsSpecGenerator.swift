import SpecGeneration

/// Random machines whose meaning takes care, for comparing every command with sismic
/// (`SismicReference`) and the SCXML export with Qt's engine (`QtSCXMLDifferentialTests`):
/// composites nested up to three levels deep, transitions declared on composites (often
/// shadowed by an inner transition on the same event: there are only four events), internal
/// transitions of leaves and of composites, external self-transitions of composites, a state's
/// second transition on an event it already has one on (which never fires: an internal one and
/// a self-transition, or the same target with other callbacks, or an exact duplicate), and
/// final states at every depth. Deterministic by seed.
///
/// A spec `chained` checks without errors: the non-final leaves form a chain of their own
/// transitions from the leaf the machine starts in (a leaf's own transition is never shadowed),
/// and each final state is the target of one of them, so every state is reachable; no state
/// has two transitions on one event to different states. Warnings (dead ends, self-transitions
/// of composites, transitions that never fire) are part of what is compared. Without `chained`,
/// links of the chain are left out, and some states are unreachable (an error the checker must
/// report exactly where sismic never goes).
///
/// `transitions` are in declaration order, as the text declares them (internal ones in their
/// states' bodies, the others after the states): the first of a state's transitions on an
/// event is the one that fires.
struct SemanticsSpecGenerator {
    struct StateSpec {
        var name: String
        var parent: Int?
        var isInitial: Bool
        var isFinal: Bool
        var children: [Int] = []
        /// `entry calls …` and `exit calls …` (empty: none).
        var entry: [String] = []
        var exit: [String] = []
    }

    struct TransitionSpec {
        var source: Int
        /// Nil for an internal transition.
        var target: Int?
        var event: String
        var calls: [String]
        /// Seconds, for a timed transition (`after 3s`; `SismicTimedDifferentialTests`).
        var delay: Int? = nil
    }

    struct Spec {
        var name: String
        var seed: UInt64
        var events: [String]
        /// In pre-order, as the text declares them.
        var states: [StateSpec]
        var transitions: [TransitionSpec]
        var text: String
    }

    static let events = ["a", "b", "c", "d"]
    /// The protocol's callbacks, as a log and sismic's actions name them.
    static let callbacks = (0..<5).map { "f\($0)()" }

    var random: SplitMix64
    /// The events transitions are on.
    var events: [String] = Self.events
    /// The callbacks transitions call, as selectors (`f0()`, `scene(_:openURLContexts:)`).
    var callbacks: [String] = Self.callbacks
    var states: [StateSpec] = []
    var transitions: [TransitionSpec] = []
    /// The events each state already has a transition on.
    var used: [Set<String>] = []

    static func make(seed: UInt64, name: String, chained: Bool = true, events: [String] = events,
                     callbacks: [String] = callbacks) -> Spec {
        var generator = SemanticsSpecGenerator(random: SplitMix64(seed: seed), events: events, callbacks: callbacks)
        generator.makeStates()
        generator.makeTransitions(chained: chained)
        generator.putInDeclarationOrder()
        generator.makeStateActions(seed: seed)
        return Spec(name: name, seed: seed, events: events, states: generator.states, transitions: generator.transitions,
                    text: generator.text(name: name))
    }

    mutating func add(parent: Int?, initial: Bool, final: Bool) -> Int {
        let index = states.count
        states.append(StateSpec(name: "S\(index)", parent: parent, isInitial: initial, isFinal: final))
        used.append([])
        if let parent { states[parent].children.append(index) }
        return index
    }

    /// Two to four top-level states; a composite holds two or three states, each of which may
    /// be a composite of its own down to the third level. The first state of each level is its
    /// initial one (never final); a later leaf is final one time in five, at every depth.
    mutating func makeStates() {
        for position in 0..<(2 + random.below(3)) {
            makeState(parent: nil, position: position, depth: 1)
        }
    }

    mutating func makeState(parent: Int?, position: Int, depth: Int) {
        let chance = [1: 45, 2: 30, 3: 0][depth] ?? 0
        guard depth < 3, random.chance(chance) else {
            _ = add(parent: parent, initial: position == 0, final: position > 0 && random.chance(20))
            return
        }
        let composite = add(parent: parent, initial: position == 0, final: false)
        for child in 0..<(2 + random.below(2)) { makeState(parent: composite, position: child, depth: depth + 1) }
    }

    /// The leaf entering `state` leads to.
    func entry(_ state: Int) -> Int {
        var current = state
        while let first = states[current].children.first(where: { states[$0].isInitial }) { current = first }
        return current
    }

    /// A transition from `source` on an event it has none on yet; false when it has all four.
    @discardableResult
    mutating func transition(from source: Int, to target: Int?) -> Bool {
        let free = events.filter { !used[source].contains($0) }
        guard !free.isEmpty else { return false }
        let event = random.pick(free)
        used[source].insert(event)
        transitions.append(TransitionSpec(source: source, target: target, event: event, calls: randomCalls()))
        return true
    }

    mutating func randomCalls() -> [String] {
        var calls: [String] = []
        let count = [0, 0, 0, 1, 1, 1, 1, 2, 2, 2][random.below(10)]
        while calls.count < count {
            let callback = random.pick(callbacks)
            if !calls.contains(callback) { calls.append(callback) }
        }
        return calls
    }

    /// A second transition of `first`'s state on its event, going where `first` goes (so no
    /// error): internal for a self-transition and the other way round, or the same target
    /// with other callbacks or the same ones (a duplicate). It never fires.
    mutating func shadow(_ first: TransitionSpec) {
        var second = first
        switch random.below(3) {
        case 0:
            if first.target == nil { second.target = first.source } else if first.target == first.source { second.target = nil }
            second.calls = randomCalls()
        case 1: second.calls = randomCalls()
        default: break
        }
        transitions.append(second)
    }

    mutating func makeTransitions(chained: Bool) {
        let isLeaf = states.map { $0.children.isEmpty }
        let start = entry(states.firstIndex { $0.parent == nil && $0.isInitial }!)
        let live = [start] + states.indices.filter { isLeaf[$0] && !states[$0].isFinal && $0 != start }
        for (from, to) in zip(live, live.dropFirst()) where chained || random.chance(60) { transition(from: from, to: to) }
        for final in states.indices where states[final].isFinal {
            var source = random.pick(live)
            while !transition(from: source, to: final) { source = live[(live.firstIndex(of: source)! + 1) % live.count] }
        }
        // The rest: random transitions anywhere, internal ones, and composites re-entered.
        for state in states.indices where !states[state].isFinal {
            if random.chance(55) { transition(from: state, to: random.below(states.count)) }
            if random.chance(20) { transition(from: state, to: nil) }
            if !isLeaf[state] && random.chance(30) { transition(from: state, to: state) }
        }
        // Second transitions on an event, which never fire.
        for index in transitions.indices where random.chance(12) { shadow(transitions[index]) }
    }

    /// Entry and exit callbacks on about one state in four each (never an exit on a final state
    /// of the top level, which nothing leaves), from a random stream of their own so that the
    /// states and transitions of a seed stay what they were.
    mutating func makeStateActions(seed: UInt64) {
        var own = SplitMix64(seed: seed ^ 0xE4E7)
        swap(&own, &random)
        defer { swap(&own, &random) }
        for state in states.indices {
            if random.chance(25) { states[state].entry = randomCalls() }
            if random.chance(25) && !(states[state].isFinal && states[state].parent == nil) { states[state].exit = randomCalls() }
        }
    }

    /// Puts `transitions` in the order the text declares them: each state's internal ones in
    /// its body (states in pre-order), then the others, as generated.
    mutating func putInDeclarationOrder() {
        let internals = states.indices.flatMap { state in transitions.filter { $0.source == state && $0.target == nil } }
        transitions = internals + transitions.filter { $0.target != nil }
    }

    func text(name: String) -> String {
        var lines = ["protocol P {"] + callbacks.map { "    " + Self.declaration($0) } + ["}", "", "machine \(name) {", "    delegate D: P"]
        func write(_ state: Int, depth: Int) {
            let info = states[state]
            let indent = String(repeating: "    ", count: depth)
            let head = indent + (info.isInitial ? "initial " : info.isFinal ? "final " : "") + "state \(info.name)"
            let internals = transitions.filter { $0.source == state && $0.target == nil }
            guard !info.children.isEmpty || !internals.isEmpty || !info.entry.isEmpty || !info.exit.isEmpty else {
                lines.append(head)
                return
            }
            lines.append(head + " {")
            if !info.entry.isEmpty { lines.append(indent + "    entry calls " + info.entry.joined(separator: ", ")) }
            if !info.exit.isEmpty { lines.append(indent + "    exit calls " + info.exit.joined(separator: ", ")) }
            for child in info.children { write(child, depth: depth + 1) }
            for transition in internals { lines.append(indent + "    internal on \(transition.event)" + (transition.delay.map { " after \($0)s" } ?? "") + Self.calls(transition)) }
            lines.append(indent + "}")
        }
        for state in states.indices where states[state].parent == nil { write(state, depth: 1) }
        for transition in transitions {
            guard let target = transition.target else { continue }
            lines.append("    \(states[transition.source].name) -> \(states[target].name) on \(transition.event)" + (transition.delay.map { " after \($0)s" } ?? "") + Self.calls(transition))
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The protocol's declaration of a selector: `f0()` is `func f0()`,
    /// `scene(_:openURLContexts:)` is `func scene(_ p0: Int, openURLContexts p1: Int)`.
    static func declaration(_ selector: String) -> String {
        let base = selector.prefix { $0 != "(" }
        let labels = selector.dropFirst(base.count + 1).dropLast().split(separator: ":", omittingEmptySubsequences: false).dropLast()
        return "func \(base)(" + labels.enumerated().map { "\($0.element) p\($0.offset): Int" }.joined(separator: ", ") + ")"
    }

    static func calls(_ transition: TransitionSpec) -> String {
        transition.calls.isEmpty ? "" : " calls " + transition.calls.joined(separator: ", ")
    }
}
