import LifecycleModel

/// Which transitions a diagram drawn for reading (`DotGenerator.isReadable`) writes with one
/// label, so that a callback repeated on several transitions between the same states is written
/// once.
///
/// A group is one label node and the edges through it:
///
/// - the transitions between the same two states that call the same callbacks: the label lists
///   their events (`interrupt (user), alert (system)` over `sceneWillResignActive(_:)`), with
///   one edge per trigger, solid or dashed;
/// - then, from different states, the groups of one event that reach the same state the same way
///   with the same callbacks (`reopen` from `Background` and from `Suspended`, both calling
///   `applicationWillEnterForeground(_:)`): their lines meet at one label. Only groups of one
///   event join, so every line still says which event it draws: two events from two states
///   would not tell which comes from where.
///
/// Internal transitions are drawn inside their state and belong to no group. A group is drawn
/// where its first transition comes, so the output follows declaration order.
struct DotEdgeGroups {
    /// Each group's transitions, in declaration order, the groups in the order of their first.
    private(set) var groups: [[Int]] = []
    /// For each transition, its group, or -1 for an internal transition.
    private(set) var groupOf: [Int32]

    /// Where a transition's edge goes, as `DotGenerator` draws it: enough to tell which
    /// transitions may share a label.
    struct Route: Hashable {
        /// The innermost cluster holding both ends (the label node is declared in it), or -1.
        var cluster: Int
        /// Whether the edge runs upwards: from a state declared after its target.
        var backward: Bool
        /// Whether the edge stops at the target cluster's border.
        var clipsHead: Bool
        /// Whether the edge leaves and enters the same node (a composite's to its own entry
        /// state too): it joins no other.
        var isLoop: Bool
    }

    /// `route(t)` tells where transition `t` is drawn; with `descriptions`, transitions with
    /// different descriptions keep their own labels (the label shows them).
    init(_ machine: Machine, descriptions: Bool, route: (Int) -> Route) {
        struct PairKey: Hashable {
            var source: Int
            var target: Int
            var callbacks: [MethodRef]
            var description: String?
        }
        struct JoinKey: Hashable {
            var target: Int
            var event: String
            var callbacks: [MethodRef]
            var description: String?
            var route: Route
        }
        groupOf = [Int32](repeating: -1, count: machine.transitions.count)
        // Between the same two states, the same callbacks.
        var pairs: [[Int]] = []
        var pairOfKey: [PairKey: Int] = [:]
        for (index, transition) in machine.transitions.enumerated() where !transition.isInternal {
            let key = PairKey(source: transition.source, target: transition.target, callbacks: Array(transition.callbacks),
                              description: descriptions ? transition.description : nil)
            if let pair = pairOfKey[key] {
                pairs[pair].append(index)
            } else {
                pairOfKey[key] = pairs.count
                pairs.append([index])
            }
        }
        // Groups of one event, from different states to the same one, joined.
        var groupOfKey: [JoinKey: Int] = [:]
        for pair in pairs {
            let first = machine.transitions[pair[0]], firstRoute = route(pair[0])
            if !firstRoute.isLoop, let event = first.eventAndDelay, pair.allSatisfy({ machine.transitions[$0].eventAndDelay == event }) {
                let key = JoinKey(target: first.target, event: event, callbacks: Array(first.callbacks),
                                  description: descriptions ? first.description : nil, route: firstRoute)
                if let group = groupOfKey[key] {
                    groups[group] += pair
                    continue
                }
                groupOfKey[key] = groups.count
            }
            groups.append(pair)
        }
        for index in groups.indices {
            groups[index].sort()
        }
        groups.sort { $0[0] < $1[0] }
        for (index, group) in groups.enumerated() {
            for member in group { groupOf[member] = Int32(index) }
        }
    }

    /// Whether `transition` is drawn with the group it starts (not with an earlier transition).
    func isFirst(_ transition: Int) -> Bool {
        let group = groupOf[transition]
        return group >= 0 && groups[Int(group)][0] == transition
    }
}
