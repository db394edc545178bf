/// One line of a log as `LogLines` hands it out.
struct LogLine {
    /// Its bytes without the line end: all of them, or the first `LogLines.maximumLength` of a
    /// line longer than that.
    var bytes: UnsafeBufferPointer<UInt8>
    /// Its number, from 1.
    var number: Int
    /// Where it starts in the stream.
    var offset: Int
    /// How long it is in all (more than `bytes.count` when it is longer than the bound).
    var length: Int

    /// Whether it is known to hold no byte that may start a terminal escape (ESC, 0xC2): found
    /// while looking for its end, so that the reader need not look again (false: not known).
    var plain = false
    /// Whether `bytes` point into the chunk being fed (valid until `feed` returns), not into
    /// the buffer of a line that spans chunks (reused for the next such line).
    var inChunk = false
    /// Whether it may print an object (`ObjectKey`); false when its shape is known to print
    /// none (`LineShapeMemo`), so that no object is looked for.
    var mayHoldObject = true

    /// Whether `bytes` holds all of it.
    var isWhole: Bool { length == bytes.count }
}

/// Splits a log fed in chunks of any size into lines, holding no more than one line.
///
/// CR, LF and CRLF each end a line (also a CRLF split between two chunks), as the grammar's
/// NEWLINE does. A line is handed out as a buffer into the chunk when the chunk holds all of
/// it, and only a line that spans chunks is copied (into one buffer reused for the whole log).
/// A line longer than `maximumLength` is handed out when it ends with its first
/// `maximumLength` bytes and its whole length (`LogLine.isWhole` false): the rest is skipped,
/// so memory stays bounded whatever the log holds, and the reader says so at that line.
struct LogLines {
    /// The longest line read by default (a log line with a callback is a few hundred bytes);
    /// `conform --max-line-length` raises it.
    static let defaultMaximumLength = 1 << 20

    /// The longest line read whole.
    let maximumLength: Int
    /// Lines handed out so far (the number of the last one).
    private(set) var lineNumber = 0
    /// Bytes of the stream before the current chunk.
    private(set) var streamOffset = 0
    /// The start of a line that the previous chunk ended in.
    private var carry: [UInt8] = []
    /// Where the carried line starts in the stream.
    private var carryOffset = 0
    /// Bytes of the current line past `maximumLength`, skipped.
    private var skipped = 0
    /// The previous chunk ended with CR: an LF that starts this one belongs to it.
    private var afterCR = false

    init(maximumLength: Int = LogLines.defaultMaximumLength) {
        self.maximumLength = max(1, maximumLength)
    }

    /// Calls `line` with each line that ends in `chunk`, in order, until `line` returns false;
    /// returns whether every line was read.
    mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>, _ line: (LogLine) -> Bool) -> Bool {
        defer { streamOffset += chunk.count }
        let count = chunk.count
        var start = 0
        if afterCR, count > 0 {
            afterCR = false
            if chunk[0] == UInt8(ascii: "\n") { start = 1 }
        }
        var position = start
        // Whether the current line has an ESC or a 0xC2 (found with its end, in one pass).
        var escapes = false
        while true {
            position = ByteSearch.firstLineEndOrEscape(in: chunk, from: position)
            guard position < count else { break }
            let byte = chunk[position]
            if byte == 0x1B || byte == 0xC2 {
                escapes = true
                position += 1
                continue
            }
            let end = position
            position += 1
            if byte == UInt8(ascii: "\r") {
                if position < count {
                    if chunk[position] == UInt8(ascii: "\n") { position += 1 }
                } else {
                    afterCR = true
                }
            }
            lineNumber += 1
            let going: Bool
            if carry.isEmpty && skipped == 0 {
                let cut = min(end, start + maximumLength)
                going = line(LogLine(bytes: UnsafeBufferPointer(rebasing: chunk[start..<cut]), number: lineNumber,
                                     offset: streamOffset + start, length: end - start, plain: !escapes, inChunk: true))
            } else {
                append(UnsafeBufferPointer(rebasing: chunk[start..<end]))
                let length = carry.count + skipped
                going = carry.withUnsafeBufferPointer { line(LogLine(bytes: $0, number: lineNumber, offset: carryOffset, length: length)) }
                carry.removeAll(keepingCapacity: true)
                skipped = 0
            }
            start = position
            escapes = false
            guard going else { return false }
        }
        if start < count {
            if carry.isEmpty && skipped == 0 { carryOffset = streamOffset + start }
            append(UnsafeBufferPointer(rebasing: chunk[start..<count]))
        }
        return true
    }

    /// Hands out the last line when the log does not end with a line end; returns what `line` did.
    mutating func finish(_ line: (LogLine) -> Bool) -> Bool {
        guard !carry.isEmpty || skipped > 0 else { return true }
        lineNumber += 1
        let length = carry.count + skipped
        let going = carry.withUnsafeBufferPointer { line(LogLine(bytes: $0, number: lineNumber, offset: carryOffset, length: length)) }
        carry.removeAll(keepingCapacity: true)
        skipped = 0
        return going
    }

    /// Hands over the start of the line the last chunk ended in (its bytes kept, and how many
    /// were skipped past `maximumLength`), as if it had not been fed: the survey's skim reads on.
    mutating func takeCarry() -> (bytes: [UInt8], skipped: Int, afterCR: Bool) {
        defer {
            carry = []
            skipped = 0
            afterCR = false
        }
        return (carry, skipped, afterCR)
    }

    /// Adds part of the current line to `carry`, up to `maximumLength`; counts the rest.
    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        let room = maximumLength - carry.count
        if bytes.count > room {
            carry.append(contentsOf: bytes.prefix(room))
            skipped += bytes.count - room
        } else {
            carry.append(contentsOf: bytes)
        }
    }
}

/// Terminal escape sequences in a log line (colours, titles, hyperlinks): what a terminal
/// shows of the line is its text without them, so a word is read as shown.
///
/// ECMA-48: CSI (`ESC [` or U+009B, parameters, intermediates, one final byte), the control
/// strings OSC, DCS, SOS, PM and APC (`ESC ]`, `ESC P`, `ESC X`, `ESC ^`, `ESC _` or their
/// C1 forms, up to BEL or ST), and the other escapes (`ESC`, intermediates, one final byte).
/// C1 controls count in their UTF-8 form (`C2 9B`), the one a UTF-8 log can hold.
enum TerminalEscapes {
    /// Whether `bytes` holds anything `strip` removes: ESC, or a C1 introducer in UTF-8.
    static func present(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        while true {
            index = ByteSearch.firstIndex(of: 0x1B, or: 0xC2, in: bytes, from: index)
            guard index < count else { return false }
            if bytes[index] == 0x1B || (index + 1 < count && introducesC1(bytes[index + 1])) { return true }
            index += 1
        }
    }

    /// The C1 controls that start a sequence: DCS (0x90), SOS (0x98), CSI (0x9B), OSC (0x9D), PM (0x9E), APC (0x9F).
    static func introducesC1(_ second: UInt8) -> Bool {
        second == 0x90 || second == 0x98 || (second >= 0x9B && second <= 0x9F && second != 0x9C)
    }

    /// Writes `bytes` without escape sequences into `text`, and into `offsets` the offset in
    /// `bytes` of each byte kept (plus one past the end), both cleared first.
    static func strip(_ bytes: UnsafeBufferPointer<UInt8>, into text: inout [UInt8], offsets: inout [Int]) {
        text.removeAll(keepingCapacity: true)
        offsets.removeAll(keepingCapacity: true)
        let count = bytes.count
        var index = 0
        while index < count {
            let byte = bytes[index]
            // What starts here: a C1 introducer's second byte (0x9B for CSI), ESC for another
            // escape, or nil for a byte of text; `next` is just past the introducer.
            var kind: UInt8? = nil
            var next = index + 1
            if byte == 0x1B {
                kind = 0x1B
                if index + 1 < count {
                    switch bytes[index + 1] {
                    case UInt8(ascii: "["): kind = 0x9B
                    case UInt8(ascii: "]"): kind = 0x9D
                    case UInt8(ascii: "P"): kind = 0x90
                    case UInt8(ascii: "X"): kind = 0x98
                    case UInt8(ascii: "^"): kind = 0x9E
                    case UInt8(ascii: "_"): kind = 0x9F
                    default: break
                    }
                    if kind != 0x1B { next = index + 2 }
                }
            } else if byte == 0xC2, index + 1 < count, introducesC1(bytes[index + 1]) {
                kind = bytes[index + 1]
                next = index + 2
            }
            guard let kind else {
                text.append(byte)
                offsets.append(index)
                index += 1
                continue
            }
            switch kind {
            case 0x9B:
                // Parameters 0x30–0x3F, intermediates 0x20–0x2F, then one final byte 0x40–0x7E.
                while next < count && bytes[next] >= 0x20 && bytes[next] <= 0x3F { next += 1 }
                if next < count && bytes[next] >= 0x40 && bytes[next] <= 0x7E { next += 1 }
            case 0x1B:
                // ESC, intermediates, one final byte.
                while next < count && bytes[next] >= 0x20 && bytes[next] <= 0x2F { next += 1 }
                if next < count && bytes[next] >= 0x30 && bytes[next] <= 0x7E { next += 1 }
            default:
                // A control string, up to BEL, ESC \ or C1 ST (or the end of the line).
                while next < count {
                    if bytes[next] == 0x07 { next += 1; break }
                    if bytes[next] == 0x1B, next + 1 < count, bytes[next + 1] == UInt8(ascii: "\\") { next += 2; break }
                    if bytes[next] == 0xC2, next + 1 < count, bytes[next + 1] == 0x9C { next += 2; break }
                    next += 1
                }
            }
            index = next
        }
        offsets.append(count)
    }
}

/// Finds the first of two byte values in a buffer eight bytes at a time: every byte of a log
/// passes through it twice (line ends, then terminal escapes), and a byte-by-byte loop was a
/// fifth of `conform`'s instructions (figures: Performance.md, "Logs").
enum ByteSearch {
    /// The index of the first line end (LF, CR) or possible start of a terminal escape (ESC,
    /// 0xC2) in `bytes[start...]`, or `bytes.count`: `LogLines` finds both in one pass.
    static func firstLineEndOrEscape(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let count = bytes.count
        var index = start
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            // Every byte below 0x20 (LF, CR, ESC, and tabs) and every 0xC2 is flagged, and a
            // few others (past a flagged byte); each flagged byte is then looked at.
            @inline(__always) func flags(_ at: Int) -> UInt64 {
                let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self))
                let c2 = word ^ (ones &* 0xC2)
                return (((word &- ones &* 0x20) & ~word) | ((c2 &- ones) & ~c2)) & highs
            }
            @inline(__always) func first(_ flagged: UInt64, at start: Int) -> Int? {
                var found = flagged
                while found != 0 {
                    let at = start + found.trailingZeroBitCount / 8
                    let byte = bytes[at]
                    if byte == 0x0A || byte == 0x0D || byte == 0x1B || byte == 0xC2 { return at }
                    found &= found - 1
                }
                return nil
            }
            // Sixteen bytes a turn (two independent words), then eight.
            while index + 16 <= count {
                let low = flags(index), high = flags(index + 8)
                if low | high != 0 {
                    if let at = first(low, at: index) ?? first(high, at: index + 8) { return at }
                }
                index += 16
            }
            while index + 8 <= count {
                if let at = first(flags(index), at: index) { return at }
                index += 8
            }
        }
        while index < count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D || byte == 0x1B || byte == 0xC2 { return index }
            index += 1
        }
        return index
    }

    /// The index of the first byte equal to `a` or `b` in `bytes[start...]`, or `bytes.count`.
    static func firstIndex(of a: UInt8, or b: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let count = bytes.count
        var index = start
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            let spreadA = ones &* UInt64(a), spreadB = ones &* UInt64(b)
            while index + 8 <= count {
                // Byte 0 in the low bits: a zero byte of `word ^ spread` is a match, and the
                // lowest flagged byte of `(x - ones) & ~x & highs` is exactly the first zero.
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let x = word ^ spreadA, y = word ^ spreadB
                let found = (((x &- ones) & ~x) | ((y &- ones) & ~y)) & highs
                if found != 0 { return index + found.trailingZeroBitCount / 8 }
                index += 8
            }
        }
        while index < count && bytes[index] != a && bytes[index] != b { index += 1 }
        return index
    }
}
