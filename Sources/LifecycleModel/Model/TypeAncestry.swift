extension TypeInfo {
    /// The types `roots` names and every type they inherit from (parent protocols, the
    /// superclass), transitively, each once: depth first in the order written — a root, its
    /// first parent and that parent's ancestors, its second parent…, then the next root.
    ///
    /// The one walk over adopted types and their parents: the checker's ancestors (cycles,
    /// clashing selectors, the callbacks in scope), the scene-phase scope of a delegate, whether
    /// a delegate adopts a UIKit protocol, the delegate methods a log may name. It stops on a
    /// cycle (a type is visited once) and skips an index out of `types`.
    public static func lineage(of roots: [Int], in types: [TypeInfo]) -> [Int] {
        var visited: Set<Int> = []
        var order: [Int] = []
        var work = Array(roots.reversed())
        while let next = work.popLast() {
            guard next >= 0, next < types.count, visited.insert(next).inserted else { continue }
            order.append(next)
            work.append(contentsOf: types[next].parents.reversed())
        }
        return order
    }
}
