import LifecycleSource

/// State and event names, interned in batches.
///
/// A name last seen far away (a transition's target, or a state named as a target long before
/// it is declared) is a cache miss in the name table. So names are queued with their hash while
/// their bytes are in cache, and every `nameBatchSize` names the table slots they land in are
/// first read together (`ReadAhead`: their misses overlap), then the names are interned and
/// their ids written into the states and transitions that hold them.
///
/// Until then a state or transition holds the placeholder id -1: `flushNames()` must run before
/// a machine's arrays are handed out, which `machineDecl()` asserts (`MachineDecl.namesAreInterned`).
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
        var readAhead = ReadAhead()
        for pending in pendingNames { names.readAhead(hash: pending.hash, into: &readAhead) }
        readAhead.finish()
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

extension MachineDecl {
    /// Whether every state and transition holds its names' ids, not the parser's placeholder
    /// -1 (an absent event's id is -1 for good): true of every machine the parser returns.
    var namesAreInterned: Bool {
        states.allSatisfy { $0.nameID >= 0 }
            && transitions.allSatisfy { $0.sourceID >= 0 && $0.targetID >= 0 && ($0.eventID >= 0) == ($0.event != nil) }
    }
}
