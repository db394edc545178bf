/// State and event names, interned in batches.
///
/// At a million states, interning a name last seen far away (a transition's target, or a state
/// first named as a target long before it is declared) is a cache miss in the name table, and
/// the parser used to wait for each in turn: a quarter of its time. So names are queued with
/// their hash while their bytes are in cache, and every `nameBatchSize` (128) names the table
/// slots they land in are first read all together (the misses overlap, as a prefetch would
/// make them), then the names are interned and their ids written into the states and
/// transitions that hold them. `flushNames()` must run before a machine's arrays are handed out.
extension Parser {
    /// A name waiting for its id: where it is, and which field of which member gets the id.
    struct PendingName {
        enum Field { case stateName, source, target, event }
        var start: Int32
        var end: Int32
        var hash: UInt32
        /// The index in `machine.states` (for `.stateName`) or `machine.transitions`.
        var owner: Int32
        var field: Field
        /// What reading the name's slot returned (kept only so that the read is not dropped).
        var touched: UInt32 = 0
    }

    /// How many names are interned together: enough misses to keep the memory system busy,
    /// few enough that their bytes (some 10 KB of source) are still in cache when interned.
    static let nameBatchSize = 128

    /// Queues `name` to be interned into `field` of member `owner`.
    mutating func queueName(_ name: NameSyntax, into field: PendingName.Field, of owner: Int) {
        let start = name.range.startOffset, end = name.range.endOffset
        let hash = NameTable.hash(UnsafeBufferPointer(rebasing: source.bytes[start..<end]))
        pendingNames.append(PendingName(start: Int32(start), end: Int32(end), hash: hash, owner: Int32(owner), field: field))
        if pendingNames.count >= Parser.nameBatchSize { flushNames() }
    }

    /// Interns every queued name and stores its id.
    mutating func flushNames() {
        guard !pendingNames.isEmpty else { return }
        for i in pendingNames.indices {
            pendingNames[i].touched = names.touchSlot(hash: pendingNames[i].hash)
        }
        for pending in pendingNames {
            let bytes = UnsafeBufferPointer(rebasing: source.bytes[Int(pending.start)..<Int(pending.end)])
            let id = names.intern(bytes, hash: pending.hash)
            let owner = Int(pending.owner)
            switch pending.field {
            case .stateName: machine.states[owner].nameID = id
            case .source: machine.transitions[owner].sourceID = id
            case .target: machine.transitions[owner].targetID = id
            case .event: machine.transitions[owner].eventID = id
            }
        }
        pendingNames.removeAll(keepingCapacity: true)
    }
}
