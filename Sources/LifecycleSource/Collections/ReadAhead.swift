/// Reads of memory that a loop needs a few iterations later, made now so that their cache
/// misses overlap the work at hand instead of being waited for one at a time: a software
/// prefetch, which Swift has no way to ask for directly.
///
/// What uses it: the checker's graph passes (`MachineGraph.reach(from:)`, `canEnd()`), which jump
/// from state to state in graph order; resolving transition targets (`Checker.StateIndex`); and
/// the parser's name batches (`Parser.flushNames()`), whose names land at random slots of the
/// name table (`NameTable.readAhead(hash:into:)`). Why: at a million states each of those steps
/// is otherwise a cache miss waited for in turn; reading ahead saves about a tenth of `check`
/// there and nothing measurable at 10^5 states or fewer (see the Changelog article, issue 16,
/// "The checker's read-ahead and graph").
///
/// How: `read(_:)` folds each value into a private word that nothing uses, and `finish()` hands
/// the word to a function the optimizer does not look into, so that the reads are not removed
/// as dead. The values read never affect a result.
///
/// The type is `public` and its members `package`: Swift 6.3 does not inline the `@inlinable`
/// members of a `package` type into another module, and the reads are worth having only inlined.
public struct ReadAhead {
    /// How many entries of a queue ahead a state's offset is read (the list it points to is
    /// read half as far ahead, once the offset is likely in cache). A computed constant, so that
    /// an inlined read does not call a global's accessor.
    @inlinable package static var distance: Int { 16 }

    /// Every value read, folded together; visible to tests only. (`@usableFromInline`: the
    /// parser, the graph passes and the checker, in other targets, inline the reads.)
    @usableFromInline var folded: UInt32 = 0

    @inlinable package init() {}

    /// Reads `value` (the caller loaded it; this only keeps the load).
    @inlinable @inline(__always)
    package mutating func read(_ value: Int32) { folded ^= UInt32(bitPattern: value) }

    @inlinable @inline(__always)
    package mutating func read(_ value: UInt32) { folded ^= value }

    /// Reads ahead of a breadth-first `queue` whose next entry is at `head`: for the state
    /// `distance` places ahead, its offset and its entry in `values`; for the state half as far
    /// ahead, the first entry of its list (`lists[offsets[state]]`).
    @inlinable @inline(__always)
    package mutating func ahead(of head: Int, in queue: [Int32], offsets: [Int32], alongside values: [Int32], lists: [Int32]) {
        if head + Self.distance < queue.count {
            let state = Int(queue[head + Self.distance])
            read(offsets[state] ^ values[state])
        }
        if head + Self.distance / 2 < queue.count {
            let first = Int(offsets[Int(queue[head + Self.distance / 2])])
            if first < lists.count { read(lists[first]) }
        }
    }

    /// Ends the reads: without this, the optimizer would see that nothing uses them.
    package func finish() { Self.keep(folded) }

    /// Takes the folded reads and does nothing with them, out of the optimizer's sight.
    @inline(never) @_optimize(none)
    private static func keep(_ value: UInt32) {}
}
