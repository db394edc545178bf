extension MachineStepper {
    /// The order a shortest-path search tries a state's steps in, which decides which of two
    /// equally short paths it finds.
    public enum StepOrder: Sendable {
        /// As `steps(from:)` lists them: the leaf's own transitions first, then each enclosing
        /// state's (the checker's system hints).
        case found
        /// By the transitions' declaration order (`Tracer`'s documented tie-break).
        case declared
    }

    /// The fewest steps from `leaf` to a leaf where `goal` holds (empty when `leaf` already
    /// does), or nil when none does: the one breadth-first search over a machine's steps that
    /// `Tracer.shortestPath` and the checker's system hints share.
    ///
    /// Among shortest paths it finds the one whose first step comes first in `order`, then the
    /// second, and so on. Each state is queued at most once, so the search is linear in the
    /// machine's steps.
    public func shortestSteps(from leaf: Int, order: StepOrder = .found, to goal: (Int) -> Bool) -> [QueryStep]? {
        if goal(leaf) { return [] }
        // How each state was first reached (nil for the start and for states not reached yet).
        var reachedBy = [QueryStep?](repeating: nil, count: machine.states.count)
        var visited = [Bool](repeating: false, count: machine.states.count)
        visited[leaf] = true
        var queue = [leaf]
        var head = 0
        while head < queue.count {
            let from = queue[head]
            head += 1
            var next = steps(from: from)
            if order == .declared { next.sort { $0.transition < $1.transition } }
            for step in next where !visited[step.to] {
                visited[step.to] = true
                reachedBy[step.to] = step
                if goal(step.to) { return Self.path(to: step.to, reachedBy) }
                queue.append(step.to)
            }
        }
        return nil
    }

    /// The steps `reachedBy` records from the search's start to `state`, in order.
    private static func path(to state: Int, _ reachedBy: [QueryStep?]) -> [QueryStep] {
        var steps: [QueryStep] = []
        var current = state
        while let step = reachedBy[current] {
            steps.append(step)
            current = step.from
        }
        return steps.reversed()
    }
}
