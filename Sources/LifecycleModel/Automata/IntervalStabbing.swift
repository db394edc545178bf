/// Ranges of integers, each reported once: `stab(_:_:)` hands over every range not yet
/// reported that contains a point, then forgets it.
///
/// `MachineGraph.reach(from:)` keeps here the transitions an inner state shadows somewhere, as
/// the ranges of states (in declaration order) where they are a step, each with the state it
/// enters, so that each leaf reached finds them in time logarithmic in their number instead of
/// walking every enclosing state's list again. The ranges are sorted by start; a tree over them holds the largest end
/// among those not yet reported, so a stab looks only at ranges that start at or before the
/// point and reports the one reaching furthest until none reaches past the point.
struct IntervalStabbing {
    /// Sorted by `starts`; `ends` are exclusive, -1 once reported.
    private var starts: [Int32]
    private var ends: [Int32]
    private var values: [Int32]
    /// A max-tree over `ends`: leaf `size + i` is range `i`, each node the range below it
    /// reaching furthest (-1: none).
    private var tree: [Int32]
    private let size: Int
    /// How many ranges are not reported yet (a stab with none left costs nothing).
    private var left: Int

    /// `ranges`: (start, end exclusive, value), in any order.
    init(_ ranges: [(start: Int32, end: Int32, value: Int32)]) {
        let sorted = ranges.sorted { $0.start < $1.start }
        left = sorted.count
        starts = sorted.map(\.start)
        ends = sorted.map(\.end)
        values = sorted.map(\.value)
        var size = 1
        while size < sorted.count { size *= 2 }
        self.size = size
        tree = [Int32](repeating: -1, count: 2 * size)
        for i in 0..<sorted.count { tree[size + i] = Int32(i) }
        for node in stride(from: size - 1, through: 1, by: -1) { tree[node] = furthest(tree[2 * node], tree[2 * node + 1]) }
    }

    /// Of two ranges (-1: none), the one whose end is larger.
    private func furthest(_ a: Int32, _ b: Int32) -> Int32 {
        if a < 0 { return b }
        if b < 0 { return a }
        return ends[Int(a)] >= ends[Int(b)] ? a : b
    }

    /// Calls `body` with the value of each range not yet reported that contains `point`, and
    /// forgets those ranges.
    mutating func stab(_ point: Int32, _ body: (Int32) -> Void) {
        guard left > 0 else { return }
        // The ranges that start at or before the point: a prefix of `starts`.
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= point { low = middle + 1 } else { high = middle }
        }
        let prefix = low
        guard prefix > 0 else { return }
        while true {
            let found = furthestInPrefix(prefix)
            guard found >= 0, ends[Int(found)] > point else { return }
            body(values[Int(found)])
            ends[Int(found)] = -1
            left -= 1
            var node = (size + Int(found)) / 2
            while node >= 1 {
                tree[node] = furthest(tree[2 * node], tree[2 * node + 1])
                node /= 2
            }
        }
    }

    /// The range reaching furthest among ranges `0..<prefix` (-1: none left).
    private func furthestInPrefix(_ prefix: Int) -> Int32 {
        var best: Int32 = -1
        var low = size, high = size + prefix
        while low < high {
            if low & 1 == 1 {
                best = furthest(best, tree[low])
                low += 1
            }
            if high & 1 == 1 {
                high -= 1
                best = furthest(best, tree[high])
            }
            low /= 2
            high /= 2
        }
        return best
    }
}
