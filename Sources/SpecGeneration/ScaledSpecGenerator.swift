/// Writes synthetic `.lifecycle` specs of a given number of states, deterministically by seed.
///
/// The shape follows real specs, scaled up: one machine whose delegate adopts a protocol
/// declared in the file (a pool of callbacks), top-level states and composite groups (some
/// with a nested group), about two transitions per state with events, triggers, callbacks
/// and descriptions, a few final states. Every spec checks without errors (a warning may remain): one top-level initial
/// state, an initial child in every group, a chain through every leaf (so every state is
/// reachable and every leaf can reach the final state at the chain's end), and distinct
/// events on the transitions out of each state.
///
/// The benchmark's input (`lifecycle-bench`), and the tests check that its specs do check clean.
public struct ScaledSpecGenerator {
    public var states: Int
    public var seed: UInt64

    public init(states: Int, seed: UInt64) {
        self.states = states
        self.seed = seed
    }

    static let callbackCount = 96
    static let words = ["Loading", "Ready", "Active", "Paused", "Syncing", "Editing", "Saving", "Playing",
                        "Buffering", "Waiting", "Idle", "Connecting", "Browsing", "Searching", "Uploading", "Review"]
    static let events = ["tap", "load", "fail", "retry", "open", "close", "play", "pause", "resume", "refresh",
                         "sync", "save", "edit", "share", "search", "select", "scroll", "expire", "timeout", "restore",
                         "background", "foreground", "activate", "resign", "rotate", "lock", "unlock", "upload",
                         "download", "confirm"]
    static let descriptions = ["Fetches the next page.", "Waits for the user.", "Shows cached content while offline.",
                               "Keeps the session alive in the background.", "화면에 표시됨.", "Plays the current item.",
                               "Saves the draft before leaving."]

    /// Draws from `SplitMix64` by remainder (the way the benchmark has always drawn, so that a
    /// seed gives the same spec as in every earlier round's figures).
    struct Random {
        var generator: SplitMix64
        mutating func below(_ n: Int) -> Int { Int(generator.next() % UInt64(n)) }
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    }

    /// One state of the plan: its name, its group (if any) and whether it is a group itself.
    struct PlannedState {
        var name: String
        var parent: Int?
        var isGroup: Bool
        var children: [Int] = []
    }

    public func generate() -> [UInt8] {
        var random = Random(generator: SplitMix64(seed: seed))
        let finals = states >= 20 ? 3 : 1
        var plan: [PlannedState] = []
        var topLevel: [Int] = []
        func name(_ index: Int) -> String { ScaledSpecGenerator.words[index % ScaledSpecGenerator.words.count] + String(index) }
        func add(parent: Int?, isGroup: Bool) -> Int {
            let index = plan.count
            plan.append(PlannedState(name: (isGroup ? "Group" : name(index)) + (isGroup ? String(index) : ""),
                                     parent: parent, isGroup: isGroup))
            if let parent { plan[parent].children.append(index) } else { topLevel.append(index) }
            return index
        }
        // The initial state, then groups and loose states, then the finals.
        _ = add(parent: nil, isGroup: false)
        while plan.count < states - finals {
            let room = states - finals - plan.count
            if room >= 4 && random.chance(60) {
                let group = add(parent: nil, isGroup: true)
                var size = min(room - 1, 3 + random.below(10))
                while size > 0 {
                    if size >= 4 && random.chance(15) {
                        let inner = add(parent: group, isGroup: true)
                        let innerSize = min(size - 1, 2 + random.below(4))
                        for _ in 0..<innerSize { _ = add(parent: inner, isGroup: false) }
                        size -= innerSize + 1
                    } else {
                        _ = add(parent: group, isGroup: false)
                        size -= 1
                    }
                }
            } else {
                _ = add(parent: nil, isGroup: false)
            }
        }
        var finalStates: [Int] = []
        for index in 0..<finals {
            let state = plan.count
            plan.append(PlannedState(name: "Done\(index)", parent: nil, isGroup: false))
            topLevel.append(state)
            finalStates.append(state)
        }
        let leaves = plan.indices.filter { !plan[$0].isGroup && !finalStates.contains($0) }
        let targets = plan.indices.filter { !finalStates.contains($0) }

        // Transitions, grouped by the outermost group of their source so that they can be
        // written inside that group's body, as people do.
        var transitionsByOwner = [[String]](repeating: [], count: plan.count)
        func outermost(_ state: Int) -> Int {
            var current = state
            while let parent = plan[current].parent { current = parent }
            return current
        }
        func callbacks() -> String {
            let count = [0, 0, 0, 1, 1, 1, 1, 2, 2, 2][random.below(10)]
            guard count > 0 else { return "" }
            var list: [String] = []
            for _ in 0..<count {
                let k = random.below(ScaledSpecGenerator.callbackCount)
                if k % 3 == 0 {
                    list.append("willLeavePhase\(k)(_:reason:)")
                } else {
                    list.append(random.chance(50) ? "didEnterPhase\(k)" : "didEnterPhase\(k)(_:)")
                }
            }
            return " calls " + list.joined(separator: ", ")
        }
        func transition(_ source: Int, _ target: Int, on event: String) {
            var line = "\(plan[source].name) -> \(plan[target].name) on \(event)"
            switch random.below(3) {
            case 0: line += " by user"
            case 1: line += " by system"
            default: break
            }
            line += callbacks()
            if random.chance(20) {
                line += " \"" + ScaledSpecGenerator.descriptions[random.below(ScaledSpecGenerator.descriptions.count)] + "\""
            }
            transitionsByOwner[outermost(source)].append(line)
        }
        for (position, leaf) in leaves.enumerated() {
            let next = position + 1 < leaves.count ? leaves[position + 1] : finalStates[0]
            transition(leaf, next, on: "advance")
            if random.chance(90) {
                let target = position % 97 == 5 && finalStates.count > 1
                    ? finalStates[1 + position % (finalStates.count - 1)]
                    : targets[random.below(targets.count)]
                transition(leaf, target, on: ScaledSpecGenerator.events[random.below(ScaledSpecGenerator.events.count)])
            }
        }
        for (index, state) in plan.enumerated() where state.isGroup && random.chance(40) {
            transition(index, targets[random.below(targets.count)], on: "cancel")
        }
        if finalStates.count > 1 {
            // Make sure every final state is reachable even in small specs.
            for final in finalStates.dropFirst() { transition(leaves[0], final, on: "quit\(final)") }
        }

        var out = "// Synthetic spec: \(states) states, seed \(seed). Generated by lifecycle-bench.\n\n"
        out += "protocol BenchDelegate {\n"
        for k in 0..<ScaledSpecGenerator.callbackCount {
            if k % 3 == 0 {
                out += "    func willLeavePhase\(k)(_ machine: BenchMachine, reason: String)\n"
            } else {
                out += "    func didEnterPhase\(k)(_ machine: BenchMachine) -> Bool returns \"true\"\n"
            }
        }
        out += "}\n\nmachine Bench \"A synthetic lifecycle of \(states) states.\" {\n"
        out += "    delegate BenchController: BenchDelegate\n\n"
        // States, written depth-first with an explicit stack; transitions at the end of each
        // top-level group's body.
        for top in topLevel {
            var stack: [(state: Int, depth: Int, closing: Bool)] = [(top, 1, false)]
            while let (state, depth, closing) = stack.popLast() {
                let indent = String(repeating: "    ", count: depth)
                if closing {
                    if depth == 1 {
                        for line in transitionsByOwner[state] { out += indent + "    " + line + "\n" }
                    }
                    out += indent + "}\n"
                    continue
                }
                let info = plan[state]
                let isFirstChild = info.parent.map { plan[$0].children.first == state } ?? (state == 0)
                var line = indent
                if isFirstChild { line += "initial " } else if finalStates.contains(state) { line += "final " }
                line += "state \(info.name)"
                if random.chance(30) {
                    line += " \"" + ScaledSpecGenerator.descriptions[random.below(ScaledSpecGenerator.descriptions.count)] + "\""
                }
                if info.isGroup {
                    if depth == 1 { out += "\n" + indent + "// \(info.name): \(info.children.count) states.\n" }
                    out += line + " {\n"
                    stack.append((state, depth, true))
                    for child in info.children.reversed() { stack.append((child, depth + 1, false)) }
                } else {
                    out += line + "\n"
                }
            }
        }
        out += "\n"
        for top in topLevel where !plan[top].isGroup {
            for line in transitionsByOwner[top] { out += "    " + line + "\n" }
        }
        out += "\n    require didEnterPhase1 \"Every spec needs one requirement.\"\n"
        out += "}\n"
        return Array(out.utf8)
    }
}
