/// Interns names: the same bytes always get the same small integer.
///
/// Keys are hashed and compared as raw UTF-8 bytes straight from the source, so looking up an
/// identifier allocates nothing; only the first occurrence of a name is copied, into one
/// arena. Open addressing with linear probing keeps lookups to a few memory reads: each slot
/// holds the name's hash next to its id, so a probe that meets another name is rejected
/// without reading that name (with a million names, every extra read is a cache miss).
public struct NameTable: Sendable {
    public typealias ID = Int32

    private var arena: [UInt8] = []
    private var starts: [Int32] = [0]
    /// Slot -> hash << 32 | (id + 1); 0 = empty.
    private var slots: [UInt64]
    private var mask: Int

    public init(capacity: Int = 64) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = [UInt64](repeating: 0, count: size)
        mask = size - 1
    }

    @inline(__always) private static func slotHash(_ entry: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: entry >> 32) }
    @inline(__always) private static func slotID(_ entry: UInt64) -> Int { Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1 }

    public var count: Int { starts.count - 1 }

    /// The id of `bytes`, adding it if new.
    public mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> ID {
        let hash = NameTable.hash(bytes)
        var slot = Int(hash) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { break }
            if NameTable.slotHash(entry) == hash && equal(NameTable.slotID(entry), bytes) { return ID(NameTable.slotID(entry)) }
            slot = (slot + 1) & mask
        }
        let id = count
        arena.append(contentsOf: bytes)
        starts.append(Int32(arena.count))
        slots[slot] = UInt64(hash) << 32 | UInt64(id + 1)
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
        var slot = Int(hash) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { return nil }
            if NameTable.slotHash(entry) == hash && equal(NameTable.slotID(entry), bytes) { return ID(NameTable.slotID(entry)) }
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

    private func equal(_ id: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = Int(starts[id]), end = Int(starts[id + 1])
        guard end - start == bytes.count else { return false }
        return arena.withUnsafeBufferPointer { arena in
            var i = 0
            while i < bytes.count {
                if arena[start + i] != bytes[i] { return false }
                i += 1
            }
            return true
        }
    }

    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: 0, count: old.count * 2)
        mask = slots.count - 1
        for entry in old where entry != 0 {
            var slot = Int(NameTable.slotHash(entry)) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }

    /// FNV-1a over the bytes.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return hash
    }
}
