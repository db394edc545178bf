/// SHA-256 (FIPS 180-4), for the content hash in generated files' headers.
///
/// Small and dependency-free; not used for anything security-sensitive, only to tell an
/// untouched generated file from an edited one. The digest must stay standard SHA-256: users
/// check a header's `lifecycle-hash` with `sha256sum`.
///
/// Either in one call, `SHA256.hex(bytes)`, or incrementally, for a body that is hashed in
/// pieces as it is produced:
///
/// ```
/// var hash = SHA256()
/// hash.update(piece)
/// let digest = hash.hexDigest()
/// ```
///
/// Speed matters here (a DOT file of a million states is 230 MB): blocks are read in place,
/// the state and the 16-word message schedule live in local variables (registers, or stack
/// slots the compiler chooses), and Maj takes three operations instead of five.
public struct SHA256 {
    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    typealias State = (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)

    private var state: State = (0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19)
    /// The bytes of an unfinished block (fewer than 64) from the last `update`.
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    public init() {}

    /// The digest of `bytes` as 64 lowercase hex digits.
    ///
    /// Reads the bytes in place when they are contiguous (arrays, slices), so hashing a
    /// generated file's body costs no copy of it.
    public static func hex(_ bytes: some Collection<UInt8>) -> String {
        var hash = SHA256()
        if bytes.withContiguousStorageIfAvailable({ hash.update($0) }) == nil {
            Array(bytes).withUnsafeBufferPointer { hash.update($0) }
        }
        return hash.hexDigest()
    }

    /// Hashes `bytes` after everything given so far. Whole blocks are compressed straight
    /// from `bytes`; only a last partial block is copied, to wait for the next piece.
    public mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard var next = bytes.baseAddress else { return }
        var count = bytes.count
        length &+= UInt64(count)
        if !pending.isEmpty {
            let taken = min(64 - pending.count, count)
            pending.append(contentsOf: UnsafeBufferPointer(start: next, count: taken))
            next += taken
            count -= taken
            guard pending.count == 64 else { return }
            pending.withUnsafeBufferPointer { Self.compress(&state, $0.baseAddress!, blocks: 1) }
            pending.removeAll(keepingCapacity: true)
        }
        let blocks = count / 64
        if blocks > 0 { Self.compress(&state, next, blocks: blocks) }
        pending.append(contentsOf: UnsafeBufferPointer(start: next + blocks * 64, count: count - blocks * 64))
    }

    /// The digest of everything given to `update`, as 64 lowercase hex digits.
    public consuming func hexDigest() -> String {
        // The last partial block, the 0x80 marker, zeros and the length in bits: one or two blocks.
        var tail = pending
        let bitLength = length &* 8
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        tail.withUnsafeBufferPointer { Self.compress(&state, $0.baseAddress!, blocks: $0.count / 64) }
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for word in [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7] {
            for shift in stride(from: 28, through: 0, by: -4) { out.append(digits[Int((word >> UInt32(shift)) & 0xF)]) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Folds `blocks` consecutive 64-byte blocks starting at `message` into `state`.
    ///
    /// The schedule is a rolling window of 16 words, `w0`…`w15`: after each group of 16
    /// rounds, every word is replaced by the one 16 places later (`w[i] = w[i-16] + σ0(w[i-15])
    /// + w[i-7] + σ1(w[i-2])`), so no 64-word array is written and read back.
    private static func compress(_ state: inout State, _ message: UnsafePointer<UInt8>, blocks: Int) {
        k.withUnsafeBufferPointer { constants in
            let k = constants.baseAddress!
            var (h0, h1, h2, h3, h4, h5, h6, h7) = state
            for block in 0..<blocks {
                let bytes = UnsafeRawPointer(message + block * 64)
                @inline(__always) func word(_ i: Int) -> UInt32 {
                    UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self))
                }
                var w0 = word(0), w1 = word(1), w2 = word(2), w3 = word(3)
                var w4 = word(4), w5 = word(5), w6 = word(6), w7 = word(7)
                var w8 = word(8), w9 = word(9), w10 = word(10), w11 = word(11)
                var w12 = word(12), w13 = word(13), w14 = word(14), w15 = word(15)
                var (a, b, c, d, e, f, g, h) = (h0, h1, h2, h3, h4, h5, h6, h7)
                // `b ^ c` of the coming round, for Maj (see `round`).
                var bc = b ^ c
                var i = 0
                while true {
                    // The working variables' roles rotate in the arguments instead of eight
                    // values being shifted along after every round.
                    round(a, b, c, &d, e, f, g, &h, &bc, k[i] &+ w0)
                    round(h, a, b, &c, d, e, f, &g, &bc, k[i + 1] &+ w1)
                    round(g, h, a, &b, c, d, e, &f, &bc, k[i + 2] &+ w2)
                    round(f, g, h, &a, b, c, d, &e, &bc, k[i + 3] &+ w3)
                    round(e, f, g, &h, a, b, c, &d, &bc, k[i + 4] &+ w4)
                    round(d, e, f, &g, h, a, b, &c, &bc, k[i + 5] &+ w5)
                    round(c, d, e, &f, g, h, a, &b, &bc, k[i + 6] &+ w6)
                    round(b, c, d, &e, f, g, h, &a, &bc, k[i + 7] &+ w7)
                    round(a, b, c, &d, e, f, g, &h, &bc, k[i + 8] &+ w8)
                    round(h, a, b, &c, d, e, f, &g, &bc, k[i + 9] &+ w9)
                    round(g, h, a, &b, c, d, e, &f, &bc, k[i + 10] &+ w10)
                    round(f, g, h, &a, b, c, d, &e, &bc, k[i + 11] &+ w11)
                    round(e, f, g, &h, a, b, c, &d, &bc, k[i + 12] &+ w12)
                    round(d, e, f, &g, h, a, b, &c, &bc, k[i + 13] &+ w13)
                    round(c, d, e, &f, g, h, a, &b, &bc, k[i + 14] &+ w14)
                    round(b, c, d, &e, f, g, h, &a, &bc, k[i + 15] &+ w15)
                    i += 16
                    if i == 64 { break }
                    w0 = w0 &+ σ0(w1) &+ w9 &+ σ1(w14)
                    w1 = w1 &+ σ0(w2) &+ w10 &+ σ1(w15)
                    w2 = w2 &+ σ0(w3) &+ w11 &+ σ1(w0)
                    w3 = w3 &+ σ0(w4) &+ w12 &+ σ1(w1)
                    w4 = w4 &+ σ0(w5) &+ w13 &+ σ1(w2)
                    w5 = w5 &+ σ0(w6) &+ w14 &+ σ1(w3)
                    w6 = w6 &+ σ0(w7) &+ w15 &+ σ1(w4)
                    w7 = w7 &+ σ0(w8) &+ w0 &+ σ1(w5)
                    w8 = w8 &+ σ0(w9) &+ w1 &+ σ1(w6)
                    w9 = w9 &+ σ0(w10) &+ w2 &+ σ1(w7)
                    w10 = w10 &+ σ0(w11) &+ w3 &+ σ1(w8)
                    w11 = w11 &+ σ0(w12) &+ w4 &+ σ1(w9)
                    w12 = w12 &+ σ0(w13) &+ w5 &+ σ1(w10)
                    w13 = w13 &+ σ0(w14) &+ w6 &+ σ1(w11)
                    w14 = w14 &+ σ0(w15) &+ w7 &+ σ1(w12)
                    w15 = w15 &+ σ0(w0) &+ w8 &+ σ1(w13)
                }
                h0 = h0 &+ a; h1 = h1 &+ b; h2 = h2 &+ c; h3 = h3 &+ d
                h4 = h4 &+ e; h5 = h5 &+ f; h6 = h6 &+ g; h7 = h7 &+ h
            }
            state = (h0, h1, h2, h3, h4, h5, h6, h7)
        }
    }

    /// One SHA-256 round: `d += T1`, `h = T1 + T2`, where `kw` is the round constant plus the
    /// schedule word.
    ///
    /// Maj(a, b, c) = b ^ ((a ^ b) & (b ^ c)), and this round's `a ^ b` is the next round's
    /// `b ^ c`, carried in `bc`: three operations instead of five. Σ0 and Σ1 stay three
    /// independent rotations: the nested form, ROTR6(e ^ ROTR5(e ^ ROTR14(e))), has fewer
    /// instructions but puts five dependent steps on the path from `e` to the next `e`, which
    /// is slower.
    @inline(__always) private static func round(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32,
                                                _ e: UInt32, _ f: UInt32, _ g: UInt32, _ h: inout UInt32,
                                                _ bc: inout UInt32, _ kw: UInt32) {
        let t1 = h &+ (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) &+ (g ^ (e & (f ^ g))) &+ kw
        let ab = a ^ b
        let t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) &+ (b ^ (ab & bc))
        bc = ab
        d = d &+ t1
        h = t1 &+ t2
    }

    @inline(__always) private static func σ0(_ x: UInt32) -> UInt32 { rotr(x, 7) ^ rotr(x, 18) ^ (x >> 3) }
    @inline(__always) private static func σ1(_ x: UInt32) -> UInt32 { rotr(x, 17) ^ rotr(x, 19) ^ (x >> 10) }
    @inline(__always) private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
}
