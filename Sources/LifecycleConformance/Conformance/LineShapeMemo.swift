/// The readings of a log's last lines, each kept under the line's shape: its bytes with every
/// ASCII digit written `0`. What changes from one line of a console log to the next is mostly
/// digits (timestamps, process and thread numbers, counters), so most lines have the shape of
/// a line a few lines before, and their reading is taken from there: the line is looked at
/// eight bytes at a time, once, without looking for a word.
///
/// Sound only for a reader whose readings do not depend on which digits a line holds
/// (`LogReader.readsDigitsAlike`): then two lines of one shape read alike, with the same
/// ranges (the shape keeps every byte's place). Whether a line prints an object
/// (`ObjectKey`, which reads hexadecimal digits) is kept as whether its shape may: the shape's
/// `0`s pass every test `ObjectKey` makes of a digit, so a shape that prints none stands for
/// lines that print none.
///
/// Direct-mapped: 64 slots of lines up to 256 bytes, found by a hash of the shape and its
/// length; a longer line, or one whose slot another took, is read in full.
final class LineShapeMemo {
    static let slotCount = 64
    /// The longest line kept, in bytes.
    static let longest = 256

    struct Entry {
        var reading: LogReader.Reading
        /// Whether a line of this shape may print an object (`ObjectKey`); false: none does.
        var mayHoldObject: Bool
    }

    /// The shape of the line last looked up, its bytes in order (`longest` of them, the rest
    /// zero); its length (-1: too long to keep) and its slot.
    private let shape = UnsafeMutableRawPointer.allocate(byteCount: LineShapeMemo.longest, alignment: 16)
    @exclusivity(unchecked) private var length = -1
    @exclusivity(unchecked) private var slot = 0
    /// Slot `s`'s shape is the `lengths[s]` bytes at `kept + s * longest` (-1: empty).
    private let kept = UnsafeMutableRawPointer.allocate(byteCount: LineShapeMemo.slotCount * LineShapeMemo.longest, alignment: 16)
    private let lengths = UnsafeMutablePointer<Int>.allocate(capacity: LineShapeMemo.slotCount)
    @exclusivity(unchecked) private var entries = [Entry](repeating: Entry(reading: .other, mayHoldObject: true), count: LineShapeMemo.slotCount)
    /// How many lines were read from the memo (tests check it is used).
    @exclusivity(unchecked) private(set) var hits = 0

    init() {
        lengths.initialize(repeating: -1, count: Self.slotCount)
        kept.initializeMemory(as: UInt8.self, repeating: 0, count: Self.slotCount * Self.longest)
        shape.initializeMemory(as: UInt8.self, repeating: 0, count: Self.longest)
    }

    deinit {
        shape.deallocate()
        kept.deallocate()
        lengths.deallocate()
    }

    /// The entry kept for the shape of `line` (its bytes without the line end), or nil: then
    /// `keep` keeps one for it.
    func entry(for line: UnsafeBufferPointer<UInt8>) -> Entry? {
        let count = line.count
        guard count <= Self.longest, count > 0, let base = line.baseAddress else {
            length = -1
            return nil
        }
        // Eight bytes at a time (`forEachWord`), so that two lines of one length are read in the
        // same words; a line shorter than that is copied first, after zeros.
        let raw: UnsafeRawPointer
        if count >= 8 {
            raw = UnsafeRawPointer(base)
        } else {
            shape.storeBytes(of: 0, as: UInt64.self)
            shape.copyMemory(from: base, byteCount: count)
            raw = UnsafeRawPointer(shape)
        }
        let padded = max(count, 8)
        var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        _ = Self.forEachWord(in: padded) { at in
            let value = Self.shape(of: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self)))
            shape.storeBytes(of: value.littleEndian, toByteOffset: at, as: UInt64.self)
            // (Each word's product is independent of the others: no chain of multiplications.)
            hash = (hash << 23 | hash >> 41) ^ (value &* 0x9E37_79B9_7F4A_7C15)
            return true
        }
        hash ^= hash >> 29
        hash = hash &* 0x9E37_79B9_7F4A_7C15
        let slot = Int(truncatingIfNeeded: hash >> 58) & (Self.slotCount - 1)
        self.slot = slot
        length = count
        guard lengths[slot] == count else { return nil }
        let other = UnsafeRawPointer(kept + slot * Self.longest), current = UnsafeRawPointer(shape)
        let same = Self.forEachWord(in: padded) { at in
            other.loadUnaligned(fromByteOffset: at, as: UInt64.self) == current.loadUnaligned(fromByteOffset: at, as: UInt64.self)
        }
        guard same else { return nil }
        hits += 1
        return entries[slot]
    }

    /// Keeps `entry` for the shape of the line `entry(for:)` last looked up (nothing when that
    /// line was too long).
    func keep(_ entry: Entry) {
        guard length > 0 else { return }
        (kept + slot * Self.longest).copyMemory(from: shape, byteCount: max(8, length))
        lengths[slot] = length
        entries[slot] = entry
    }

    /// Whether the shape of the line `entry(for:)` last looked up may print an object: true for
    /// a line too long to keep.
    func shapeMayHoldObject() -> Bool {
        guard length > 0 else { return true }
        return ObjectKey.read(UnsafeRawBufferPointer(start: shape, count: length).bindMemory(to: UInt8.self)) != nil
    }

    /// Calls `body` with the offset of each eight bytes of `count` (at least 8), in order, the
    /// last eight overlapping the ones before when `count` is not a multiple of eight, until
    /// `body` returns false; returns whether it never did.
    @inline(__always) static func forEachWord(in count: Int, _ body: (Int) -> Bool) -> Bool {
        var at = 0
        while at + 8 <= count {
            guard body(at) else { return false }
            at += 8
        }
        return at == count || body(count - 8)
    }

    /// `value` (eight bytes of a line, the first in the low bits) with each ASCII digit
    /// written `0`: `value ^ 0x30` holds a digit's value in its byte, below 10, which is
    /// flagged (no carry crosses a byte) and taken off.
    @inline(__always) static func shape(of value: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let offset = value ^ (ones &* 0x30)
        let digits = ~(offset | ((offset & ~highs) &+ ones &* 0x76)) & highs
        return value ^ (offset & (digits &- digits >> 7))
    }
}
