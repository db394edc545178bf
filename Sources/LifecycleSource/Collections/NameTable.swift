/// Interns names: the same bytes always get the same small integer.
///
/// Keys are hashed and compared as raw UTF-8 bytes straight from the source, so looking up an
/// identifier allocates nothing; only the first occurrence of a name is copied, into one
/// arena. Open addressing with linear probing keeps lookups to a few memory reads: each slot
/// holds the name's hash, id, and place in the arena, so a probe that meets another name is
/// rejected without reading that name (with a million names, every extra read is a cache
/// miss). A slot also holds the name's first 16 bytes, so that a name of up to 16 bytes, the
/// usual length, is confirmed without reading the arena at all.
public struct NameTable: Sendable {
    public typealias ID = Int32

    private var arena: [UInt8] = []
    private var starts: [Int32] = [0]
    /// (`@usableFromInline`: the parser, in another target, reads slots ahead.)
    @usableFromInline var slots: [Slot]
    @usableFromInline var mask: Int

    /// 32 bytes: two slots to a cache line.
    @usableFromInline struct Slot: Sendable {
        var hash: UInt32 = 0
        /// The name's id plus one; 0 = empty.
        @usableFromInline var idPlusOne: UInt32 = 0
        var start: UInt32 = 0
        var length: UInt32 = 0
        /// The name's first 16 bytes, zero-padded (`Prefix`).
        var prefix = Prefix()
    }

    /// The first 16 bytes of a name, zero-padded, as two words.
    struct Prefix: Equatable, Sendable {
        var low: UInt64 = 0
        var high: UInt64 = 0

        init() {}

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            let count = min(bytes.count, 16)
            guard count > 0 else { return }
            withUnsafeMutableBytes(of: &self) { words in
                words.baseAddress!.copyMemory(from: bytes.baseAddress!, byteCount: count)
            }
        }
    }

    public init(capacity: Int = 64) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = [Slot](repeating: Slot(), count: size)
        mask = size - 1
    }

    public var count: Int { starts.count - 1 }

    /// Makes room for `count` names in all without growing the table on the way.
    public mutating func reserveCapacity(_ count: Int) {
        while count * 2 > slots.count { grow() }
    }

    /// The id of `bytes`, adding it if new.
    public mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> ID {
        intern(bytes, hash: NameTable.hash(bytes))
    }

    /// The id of `bytes`, whose `NameTable.hash(_:)` is `hash`, adding it if new.
    public mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt32) -> ID {
        let prefix = Prefix(bytes)
        var slot = Int(hash) & mask
        while true {
            let entry = slots[slot]
            if entry.idPlusOne == 0 { break }
            if entry.hash == hash && equal(entry, bytes, prefix) { return ID(entry.idPlusOne - 1) }
            slot = (slot + 1) & mask
        }
        let id = count
        let start = arena.count
        arena.append(contentsOf: bytes)
        starts.append(Int32(arena.count))
        slots[slot] = Slot(hash: hash, idPlusOne: UInt32(id + 1), start: UInt32(start), length: UInt32(bytes.count),
                           prefix: prefix)
        if count * 2 > slots.count { grow() }
        return ID(id)
    }

    /// The id of `text`, adding it if new.
    public mutating func intern(_ text: String) -> ID {
        var copy = text
        return copy.withUTF8 { intern($0) }
    }

    /// The id of `bytes` if it was interned before.
    public func lookup(_ bytes: UnsafeBufferPointer<UInt8>) -> ID? {
        let hash = NameTable.hash(bytes)
        let prefix = Prefix(bytes)
        var slot = Int(hash) & mask
        while true {
            let entry = slots[slot]
            if entry.idPlusOne == 0 { return nil }
            if entry.hash == hash && equal(entry, bytes, prefix) { return ID(entry.idPlusOne - 1) }
            slot = (slot + 1) & mask
        }
    }

    public func lookup(_ text: String) -> ID? {
        var copy = text
        return copy.withUTF8 { lookup($0) }
    }

    /// The name's text.
    public func string(_ id: ID) -> String {
        let start = Int(starts[Int(id)]), end = Int(starts[Int(id) + 1])
        return String(decoding: arena[start..<end], as: UTF8.self)
    }

    /// Calls `body` with the name's bytes.
    public func withBytes<Result>(_ id: ID, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let start = Int(starts[Int(id)]), end = Int(starts[Int(id) + 1])
        return arena.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }

    private func equal(_ entry: Slot, _ bytes: UnsafeBufferPointer<UInt8>, _ prefix: Prefix) -> Bool {
        guard Int(entry.length) == bytes.count, entry.prefix == prefix else { return false }
        guard bytes.count > 16 else { return true }
        let start = Int(entry.start)
        return arena.withUnsafeBufferPointer { arena in
            var i = 16
            while i < bytes.count {
                if arena[start + i] != bytes[i] { return false }
                i += 1
            }
            return true
        }
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(), count: old.count * 2)
        mask = slots.count - 1
        for entry in old where entry.idPlusOne != 0 {
            var slot = Int(entry.hash) & mask
            while slots[slot].idPlusOne != 0 { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }

    /// Reads the slot where `intern(_:hash:)` looks for a name with `hash` first, so that it
    /// is in cache by then (`ReadAhead`: the parser reads a batch of names' slots together).
    @inlinable package func readAhead(hash: UInt32, into readAhead: inout ReadAhead) {
        readAhead.read(slots[Int(hash) & mask].idPlusOne)
    }

    /// FNV-1a over the bytes.
    public static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return hash
    }
}
