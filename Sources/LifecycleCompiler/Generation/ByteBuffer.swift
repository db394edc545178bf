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
public struct ByteBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    public private(set) var count = 0
    private var capacity: Int

    public init(capacity: Int = 4096) {
        self.capacity = max(capacity, 64)
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
        if capacity - count < extra { grow(toHold: count + extra) }
    }

    @inline(never) private mutating func grow(toHold needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
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

    /// Appends `count` copies of `byte`.
    mutating func append(repeating byte: UInt8, count repeats: Int) {
        reserve(repeats)
        (base + count).initialize(repeating: byte, count: repeats)
        count += repeats
    }

    /// Appends a non-negative integer in decimal, without making a `String`: the digits are
    /// counted, then written from the last one backwards in place.
    mutating func append(decimal number: Int) {
        precondition(number >= 0, "ByteBuffer.append(decimal:) takes non-negative numbers")
        var digits = 1
        var limit = 10
        while digits < 19 && number >= limit {
            digits += 1
            limit &*= 10
        }
        reserve(digits)
        var rest = number
        var cursor = base + count + digits
        repeat {
            cursor -= 1
            cursor.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        } while rest > 0
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
