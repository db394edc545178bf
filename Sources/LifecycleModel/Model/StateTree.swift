/// What entering a state means and what lies within what, written once over any table of each
/// state's parent and initial child: `Machine` reads them from its states, `MachineGraph` and
/// `TimedStepper` from the arrays they precompute for speed (<doc:Semantics>). (Inlinable, as
/// `MachineGraph`'s queries over it: the checker and the generators, in other targets, ask them
/// once a state.)
@usableFromInline enum StateTree {
    /// The state entered when `state` is the target: its initial child, recursively. Stops at a
    /// composite without an initial state, and after `count` steps (a cycle in a malformed table
    /// cannot hang it).
    @inlinable @inline(__always)
    static func entry(_ state: Int, count: Int, initialChild: (Int) -> Int?) -> Int {
        var current = state
        var steps = 0
        while let child = initialChild(current), steps < count {
            current = child
            steps += 1
        }
        return current
    }

    /// Whether `state` is `ancestor` or lies inside it, going out through `parent`.
    @inlinable @inline(__always)
    static func isWithin(_ state: Int, _ ancestor: Int, parent: (Int) -> Int?) -> Bool {
        var current: Int? = state
        while let c = current {
            if c == ancestor { return true }
            current = parent(c)
        }
        return false
    }
}
