/// The readings of the last lines' tails, so that a line an app prints again is read once.
///
/// An app prints the same few lines over and over (`[SceneDelegate] sceneDidBecomeActive(_:)`),
/// each after a prefix that differs every time (timestamp, process and thread numbers). When no
/// phase line is read (the reader has no scene phases), what a line names depends only on its
/// words from the first one that may be a key (`WordCandidates`) to its end: the words before
/// it can be no key, no instance and no address. So `LogReader` reads a line's tail from that
/// word once, keeps the reading with its ranges counted from the tail's start, and hands it out
/// again for a line with the same tail, byte for byte, without looking its words up or
/// matching them. (Figures: Performance.md, "Logs".)
///
/// Direct-mapped, `slotCount` tails of at most `longest` bytes: memory is bounded whatever the
/// log holds; a longer tail, or one whose slot another took, is read in full as before.
struct LineTailMemo {
    static let slotCount = 64
    static let longest = 192

    /// The reader whose readings these are: a memo that meets another reader starts afresh.
    private var owner: ObjectIdentifier?
    /// Slot `s`'s tail is `bytes[s * longest ..< s * longest + lengths[s]]`; -1: empty.
    private var bytes: [UInt8] = []
    private var lengths: [Int] = []
    private var readings: [LogReader.Reading] = []
    /// How many lines were read from the memo (tests check it is used).
    private(set) var hits = 0

    /// The reading kept for `tail` (ranges from the tail's start), read by `owner`'s reader.
    mutating func reading(of tail: UnsafeBufferPointer<UInt8>, owner: ObjectIdentifier) -> LogReader.Reading? {
        if self.owner != owner {
            self.owner = owner
            lengths.removeAll()
            return nil
        }
        let count = tail.count
        guard count <= Self.longest, !lengths.isEmpty else { return nil }
        let slot = Self.slot(of: tail)
        guard lengths[slot] == count else { return nil }
        let same = bytes.withUnsafeBufferPointer { kept in
            Self.equal(UnsafeRawPointer(kept.baseAddress! + slot * Self.longest), UnsafeRawPointer(tail.baseAddress!), count: count)
        }
        guard same else { return nil }
        hits += 1
        return readings[slot]
    }

    /// Keeps `reading` (ranges from the tail's start) for `tail`, in place of its slot's.
    mutating func keep(_ reading: LogReader.Reading, of tail: UnsafeBufferPointer<UInt8>) {
        let count = tail.count
        guard count <= Self.longest, owner != nil else { return }
        if lengths.isEmpty {
            bytes = [UInt8](repeating: 0, count: Self.slotCount * Self.longest)
            lengths = [Int](repeating: -1, count: Self.slotCount)
            readings = [LogReader.Reading](repeating: .other, count: Self.slotCount)
        }
        let slot = Self.slot(of: tail)
        bytes.withUnsafeMutableBufferPointer { kept in
            for index in 0..<count { kept[slot * Self.longest + index] = tail[index] }
        }
        lengths[slot] = count
        readings[slot] = reading
    }

    /// The slot of `tail`: a hash of its length and its bytes, eight at a time.
    @inline(__always) static func slot(of tail: UnsafeBufferPointer<UInt8>) -> Int {
        let count = tail.count
        var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        guard let base = tail.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 29
            index += 8
        }
        while index < count {
            hash = (hash ^ UInt64(tail[index])) &* 0x100_0000_01B3
            index += 1
        }
        hash ^= hash >> 32
        return Int(truncatingIfNeeded: hash) & (slotCount - 1)
    }

    /// Whether the `count` bytes at `a` and `b` are equal, compared eight at a time.
    @inline(__always) static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        var index = 0
        while index + 8 <= count {
            if a.loadUnaligned(fromByteOffset: index, as: UInt64.self) != b.loadUnaligned(fromByteOffset: index, as: UInt64.self) { return false }
            index += 8
        }
        while index < count {
            if a.load(fromByteOffset: index, as: UInt8.self) != b.load(fromByteOffset: index, as: UInt8.self) { return false }
            index += 1
        }
        return true
    }
}

extension LogReader.Reading {
    /// The same reading with its ranges moved by `offset` bytes.
    func shifted(by offset: Int) -> LogReader.Reading {
        func move(_ range: Range<Int>) -> Range<Int> { (range.lowerBound + offset)..<(range.upperBound + offset) }
        switch self {
        case .callback(let callback, let range): return .callback(callback, range: move(range))
        case .unmatched(let callback, let range): return .unmatched(callback, range: move(range))
        case .unchecked(let key, let range): return .unchecked(key: key, range: move(range))
        case .ambiguous(let callbacks, let range): return .ambiguous(callbacks, range: move(range))
        case .phase(let exact, let sameNew, let old, let new, let machine, let range):
            return .phase(exact: exact, sameNew: sameNew, old: old, new: new, machine: machine, range: move(range))
        case .ambiguousPhase(let range): return .ambiguousPhase(range: move(range))
        case .other: return self
        }
    }
}
