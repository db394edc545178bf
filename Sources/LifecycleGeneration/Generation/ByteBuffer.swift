/// A generated file's bytes in one allocation, appended to through a pointer.
///
/// Generators of large outputs append millions of small pieces; through an `Array` each piece
/// paid a uniqueness check, a capacity check and a generic copy. Here an append is a capacity
/// check and a `memcpy`. The buffer grows by doubling, rarely: printers start it at an estimate
/// of the output's size. Reserving generously costs no memory that is not written, since a large
/// allocation is mapped lazily, page by page.
///
/// Noncopyable, so it owns its memory outright: no reference count, no copy on write, and the
/// bytes are freed when it goes away. Read it through `withUnsafeBytes` (to write it out without
/// a copy) or as an array, `bytes`.
///
/// A `BackgroundHasher` can hash the bytes on another thread while more are appended: see
/// `startHashing(from:with:)`.
public struct ByteBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    public private(set) var count = 0
    private var capacity: Int
    /// Where appends leave the fast path: `capacity`, or sooner when the hasher is due news.
    private var limit: Int
    private var hasher: (any BackgroundHasher)?
    /// The first byte the hasher reads.
    private var hashedFrom = 0

    /// How many bytes the hasher is told about at a time.
    static let hashingStep = 1 << 20

    public init(capacity: Int = 4096) {
        self.capacity = max(capacity, 64)
        limit = self.capacity
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// A copy of the bytes as an array.
    public var bytes: [UInt8] { withUnsafeBytes { Array($0) } }

    /// Calls `body` with the bytes in place; the pointer is valid only during the call.
    public func withUnsafeBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Makes room for `extra` more bytes.
    @inline(__always) mutating func reserve(_ extra: Int) {
        if limit - count < extra { reserveSlowly(extra) }
    }

    /// Grows the buffer if it must, and tells the hasher how far the bytes are final: both are
    /// rare, so the common append pays one comparison for them.
    @inline(never) private mutating func reserveSlowly(_ extra: Int) {
        if hasher != nil { publish() }
        if capacity - count < extra { grow(toHold: count + extra) }
        limit = hasher == nil ? capacity : min(capacity, count + Self.hashingStep)
    }

    private mutating func grow(toHold needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        // The hasher must stop reading the old bytes before they are freed.
        hasher?.pause()
        base.deallocate()
        base = newBase
        capacity = newCapacity
        if hasher != nil { publish() }
    }

    // MARK: - Hashing in the background

    /// Lets `hasher` hash the bytes from `offset` on while more are appended: from now on it
    /// is told, every `hashingStep` bytes and after any move, how far they are final.
    mutating func startHashing(from offset: Int, with hasher: any BackgroundHasher) {
        self.hasher = hasher
        hashedFrom = offset
        publish()
        limit = min(capacity, count + Self.hashingStep)
    }

    /// Tells the hasher that every byte is final, and stops telling it anything.
    mutating func endHashing() {
        publish()
        hasher = nil
        limit = capacity
    }

    private func publish() {
        hasher?.published(UnsafeBufferPointer(start: base + hashedFrom, count: count - hashedFrom))
    }

    @inline(__always) mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inline(__always) mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        reserve(bytes.count)
        (base + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Appends a literal's bytes: its address and length are known at compile time.
    @inline(__always) mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Appends a non-negative integer in decimal, without making a `String`: the digits are
    /// counted, then written from the last one backwards in place, two at a time (node ids in
    /// DOT are a number or two per line).
    mutating func append(decimal number: Int) {
        precondition(number >= 0, "ByteBuffer.append(decimal:) takes non-negative numbers")
        if number < 10 {
            append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: number))
            return
        }
        var digits = 2
        var limit = 100
        while digits < 19 && number >= limit {
            digits += 1
            limit &*= 10
        }
        reserve(digits)
        // "00", "01", … "99": the two digits of each number below 100.
        let pairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
        let pair = UnsafeRawPointer(pairs.utf8Start)
        var rest = number
        var cursor = UnsafeMutableRawPointer(base + count + digits)
        while rest >= 100 {
            cursor -= 2
            cursor.copyMemory(from: pair + 2 * (rest % 100), byteCount: 2)
            rest /= 100
        }
        if rest >= 10 {
            cursor -= 2
            cursor.copyMemory(from: pair + 2 * rest, byteCount: 2)
        } else {
            cursor -= 1
            cursor.storeBytes(of: UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest), as: UInt8.self)
        }
        count += digits
    }

    /// Overwrites bytes already appended, from `offset` on (a hash computed after the body it
    /// precedes, say).
    mutating func replace(at offset: Int, with bytes: some Collection<UInt8>) {
        precondition(offset >= 0 && offset + bytes.count <= count, "ByteBuffer.replace(at:with:) outside the buffer")
        var cursor = base + offset
        for byte in bytes {
            cursor.pointee = byte
            cursor += 1
        }
    }
}
