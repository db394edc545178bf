/// The words of a log line that can be in a `WordTable`, found without reading every word:
/// the byte scan that lets `LogReader` read a line at memory speed.
///
/// A word can be a key only if its first two bytes are a key's first two (letters in any
/// case), so the table's keys leave a set of byte pairs (`add`). The line is scanned for the places where a word may start — a word byte (ASCII letter, digit,
/// `_`, or any byte from 0x80 up) after a byte that is not an ASCII word byte, eight bytes at
/// a time — whose pair is in the set; only those are looked at, and only a place that is a word's start exactly as
/// `LogWords` reads the line (a non-ASCII character before it is decoded) is handed out, with
/// the word's end. So `next()` hands out, in order, exactly the words of `LogWords` whose first
/// two bytes are in the set: every word the table can hold, and the few others that share
/// their start. A one-byte key lets in every word that starts with its byte; a word that starts
/// with a digit is not even looked at unless a key does.
struct WordCandidates: Sendable {
    /// Bit `a << 8 | b` (of 65 536): some key starts with bytes that fold (`fold`) to `a`, `b`.
    private var pairs = [UInt64](repeating: 0, count: 1024)
    /// Whether some key starts with a digit (an address, `0x…`): otherwise the words that start
    /// with one (timestamps, process numbers: most words of a log line) are not looked at.
    private(set) var digitFirst = false

    /// How the scan compares bytes: ASCII letters in lower case (and some other bytes moved
    /// onto others, which only lets in more words for the table to rule out).
    @inline(__always) static func fold(_ byte: UInt8) -> UInt8 { byte | 0x20 }

    /// Lets in the words that may be `key` (its bytes in any letter case).
    mutating func add(_ key: [UInt8]) {
        guard let first = key.first else { return }
        // (Folded as pairs are: a key whose first byte folds onto a digit's counts too.)
        if Self.fold(first) >= UInt8(ascii: "0") && Self.fold(first) <= UInt8(ascii: "9") { digitFirst = true }
        let high = Int(Self.fold(first)) << 8
        if key.count == 1 {
            for second in 0..<256 { set(high | Int(Self.fold(UInt8(second)))) }
        } else {
            set(high | Int(Self.fold(key[1])))
        }
    }

    private mutating func set(_ pair: Int) { pairs[pair >> 6] |= 1 << UInt64(pair & 63) }

    /// Whether a word starting with `first`, `second` (0 past the line's end) may be a key.
    @inline(__always) func mayStart(_ first: UInt8, _ second: UInt8) -> Bool {
        let pair = Int(Self.fold(first)) << 8 | Int(Self.fold(second))
        return pairs.withUnsafeBufferPointer { $0[pair >> 6] } >> UInt64(pair & 63) & 1 != 0
    }

    /// The words of `line` that may be keys, in order.
    func scan(_ line: UnsafeBufferPointer<UInt8>) -> Scan { Scan(candidates: self, bytes: line) }

    /// One line's scan (`next()`).
    struct Scan {
        let candidates: WordCandidates
        let bytes: UnsafeBufferPointer<UInt8>
        /// The next byte the scan looks at.
        private var position = 0
        /// The end of the last word read: places before it are inside it.
        private var skipTo = 0
        /// Places in the current block still to look at (bit `k`: `blockStart + k`).
        private var pending: UInt32 = 0
        private var blockStart = 0
        /// A place the reading of `LogWords` passes between two words (or at a word's start),
        /// at or before the next place looked at: where deciding a start after a non-ASCII
        /// character begins, so that a line is decoded once at most.
        private var known = 0

        init(candidates: WordCandidates, bytes: UnsafeBufferPointer<UInt8>) {
            self.candidates = candidates
            self.bytes = bytes
        }

        /// The next word that may be a key, or nil.
        mutating func next() -> Range<Int>? {
            let count = bytes.count
            while true {
                while pending != 0 {
                    let place = blockStart + pending.trailingZeroBitCount
                    pending &= pending - 1
                    if place < skipTo || !mayStart(at: place) { continue }
                    if let word = word(at: place) { return word }
                }
                guard position < count else { return nil }
                // Position 0, and the last bytes of the line, one at a time; the rest by blocks.
                if position == 0 || position + 8 > count {
                    let place = position
                    position += 1
                    let byte = bytes[place]
                    let startsHere = byte >= 0x80 ? true : LogWords.isASCIIWordByte(byte) && (candidates.digitFirst || byte > UInt8(ascii: "9"))
                    let after = place > 0 ? bytes[place - 1] : 0x20
                    guard startsHere, after >= 0x80 || !LogWords.isASCIIWordByte(after), mayStart(at: place) else { continue }
                    if let word = word(at: place) { return word }
                    continue
                }
                blockStart = position
                pending = Self.starts(UnsafeRawPointer(bytes.baseAddress!), at: position, digits: candidates.digitFirst)
                position += 8
            }
        }

        /// The places among `bytes[at..<at + 8]` (`at >= 1`, 8 bytes there) where a word may
        /// start: a word byte (not a digit unless `digits`) after a byte that is not an ASCII
        /// word byte. Eight bytes at once in a 64-bit word (each byte's flag in its high bit; no
        /// carry crosses a byte); the flags of the bytes before them are theirs moved by a byte,
        /// and the one byte before the block's.
        @inline(__always) static func starts(_ raw: UnsafeRawPointer, at: Int, digits: Bool) -> UInt32 {
            let current = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self))
            // Digits and most punctuation are below 0x40; a letter, `_` or a non-ASCII byte is
            // not: a block of timestamp is passed over at once.
            if !digits && current & 0xC0C0_C0C0_C0C0_C0C0 == 0 { return 0 }
            let (words, digitFlags) = classify(current)
            let before: UInt64 = LogWords.isASCIIWordByte(raw.load(fromByteOffset: at - 1, as: UInt8.self)) ? 0x80 : 0
            let previous = words << 8 | before
            let firsts = digits ? words : words & ~digitFlags
            let starts = (firsts | current & highs) & ~previous
            return UInt32(truncatingIfNeeded: (starts &* 0x0002_0408_1020_4081) >> 56)
        }

        static let ones: UInt64 = 0x0101_0101_0101_0101
        static let highs: UInt64 = 0x8080_8080_8080_8080

        /// The high bit of each byte of `word` that is an ASCII letter, digit or `_` (`words`),
        /// and of each that is an ASCII digit (`digits`).
        @inline(__always) static func classify(_ word: UInt64) -> (words: UInt64, digits: UInt64) {
            let low = word & ~highs
            // `low + (0x80 - a)` has its high bit set when `low >= a`; no byte overflows.
            @inline(__always) func atLeast(_ value: UInt64, _ bound: UInt8) -> UInt64 { (value &+ ones &* UInt64(0x80 - bound)) & highs }
            let folded = low | ones &* 0x20
            let ascii = ~word & highs
            let letter = atLeast(folded, UInt8(ascii: "a")) & ~atLeast(folded, UInt8(ascii: "z") + 1)
            let digit = atLeast(low, UInt8(ascii: "0")) & ~atLeast(low, UInt8(ascii: "9") + 1) & ascii
            let different = ((low ^ ones &* UInt64(UInt8(ascii: "_"))) &+ ones &* 0x7F) & highs
            return ((letter | (~different & highs)) & ascii | digit, digit)
        }

        /// Whether the bytes at `place` are a key's first two.
        @inline(__always) private func mayStart(at place: Int) -> Bool {
            candidates.mayStart(bytes[place], place + 1 < bytes.count ? bytes[place + 1] : 0)
        }

        /// The word at `place` (whose first two bytes are a key's) when one starts there, as
        /// `LogWords` reads the line.
        private mutating func word(at place: Int) -> Range<Int>? {
            guard startsWord(place) else { return nil }
            let end = LogWords.end(of: bytes, from: place)
            known = end
            skipTo = end
            position = max(position, end)
            return place..<end
        }

        /// Whether `LogWords` reads a word starting at `place`, where a word byte follows a byte
        /// that is not an ASCII word byte. After a non-ASCII character, the line is read as
        /// `LogWords` reads it from the last place known, or from the last ASCII byte.
        private mutating func startsWord(_ place: Int) -> Bool {
            let byte = bytes[place]
            if byte >= 0x80 && LogWords.nonASCIIWordLength(bytes, at: place, starting: true) == 0 { return false }
            guard place > 0, bytes[place - 1] >= 0x80 else { return true }
            var anchor = place - 1
            while anchor >= known && bytes[anchor] >= 0x80 { anchor -= 1 }
            var reading = known
            if anchor >= known {
                // An ASCII byte: a separator, or in a word that goes on past it.
                reading = LogWords.isASCIIWordByte(bytes[anchor]) ? LogWords.end(of: bytes, from: anchor) : anchor + 1
            }
            while reading < place {
                let current = bytes[reading]
                if current < 0x80 {
                    reading = LogWords.isASCIIWordByte(current) ? LogWords.end(of: bytes, from: reading) : reading + 1
                } else if LogWords.nonASCIIWordLength(bytes, at: reading, starting: true) > 0 {
                    reading = LogWords.end(of: bytes, from: reading)
                } else {
                    reading += LogWords.scalar(in: bytes, at: reading)?.length ?? 1
                }
            }
            known = reading
            if reading > place {
                skipTo = reading
                position = max(position, reading)
            }
            return reading == place
        }
    }
}
