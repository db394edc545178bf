/// The survey's fast path (`LogSurvey`): once the first megabyte has been read line by line,
/// the lines that can still change what the survey learns are only those holding one of a
/// few words, so the rest of the file is searched for those words, sixteen bytes at a time,
/// and only the lines where a whole word is found (`confirms`) are read (`LogReader`), as grep
/// reads a file.
///
/// A line can change the survey only by naming a checked callback not named yet, or by being
/// ambiguous or too long (the survey stops there). So the words looked for (`needles`) are the
/// names of the callbacks not named yet and the names two checked callbacks share (the only
/// ones a reading can find ambiguous), folded to lower case; a line with a terminal escape (ESC,
/// or a C1 introducer in UTF-8) is read too, as its words may be joined across the escape; and
/// line lengths are checked by jumping from line end to line end, a bound apart. Nothing else
/// can make a line matter, so the survey learns exactly what reading every line would.
/// Not used for a machine with scene phases (any phase word could make a line ambiguous) nor
/// when more than `maximumNeedles` words are left.
struct LogSkim {
    static let maximumNeedles = 8
    /// Bytes read line by line first (and counted for the search's choice of bytes).
    static let readFirst = 1 << 20

    /// A word looked for: its folded bytes, and the two neighbouring bytes searched for
    /// (`offset`, the rarest pair in the log's first megabyte).
    struct Needle {
        var word: [UInt8]
        var offset: Int
    }

    var needles: [Needle] = [] {
        didSet { pairs = needles.map(Self.pair) }
    }
    /// Each needle's pair of bytes, sixteen times over (`nextCandidate` compares blocks with them).
    private var pairs: [(offset: Int, first: SIMD16<UInt8>, second: SIMD16<UInt8>)] = []

    static func pair(_ needle: Needle) -> (offset: Int, first: SIMD16<UInt8>, second: SIMD16<UInt8>) {
        let second = needle.offset + 1 < needle.word.count ? needle.word[needle.offset + 1] : needle.word[needle.offset]
        return (needle.offset, SIMD16(repeating: fold(needle.word[needle.offset])), SIMD16(repeating: fold(second)))
    }

    /// The needles for `reader` once `named` are named, chosen by the byte counts `counts`
    /// (of `fold`ed bytes); nil when skimming cannot be exact or would not pay.
    static func needles(_ reader: LogReader, named: [Bool], counts: [Int]) -> [Needle]? {
        guard reader.phases.isEmpty else { return nil }
        var words: [[UInt8]] = []
        for slot in reader.table.entries {
            let checked = Set(slot.callbacks.map(\.id).filter { $0 < reader.checkedCount })
            guard checked.count > 1 || checked.contains(where: { !named[$0] }) else { continue }
            words.append(slot.key)
        }
        // A one-byte word has no pair of bytes to search for.
        guard words.count <= maximumNeedles, !words.contains(where: { $0.count < 2 }) else { return nil }
        return words.map { word in
            var best = 0
            var rarest = Int.max
            for offset in 0..<max(1, word.count - 1) {
                let second = offset + 1 < word.count ? counts[Int(fold(word[offset + 1]))] : 1
                let weight = counts[Int(fold(word[offset]))] * second
                if weight < rarest { rarest = weight; best = offset }
            }
            return Needle(word: word, offset: best)
        }
    }

    /// How the search compares bytes: letters in lower case (and some other bytes moved, which
    /// only adds candidates that reading then rules out).
    @inline(__always) static func fold(_ byte: UInt8) -> UInt8 { byte | 0x20 }

    /// The first position in `bytes[from..<to]` whose line may matter: a needle's pair, an ESC
    /// or a 0xC2 (the lead byte of a C1 control in UTF-8); `to` when there is none.
    func nextCandidate(in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        guard let base = bytes.baseAddress else { return to }
        let raw = UnsafeRawPointer(base)
        let foldMask = SIMD16<UInt8>(repeating: 0x20)
        let escape = SIMD16<UInt8>(repeating: 0x1B), c1 = SIMD16<UInt8>(repeating: 0xC2)
        var index = from
        // Sixteen bytes and the one after are read at each step.
        while index + 17 <= to {
            let block = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
            let folded = block | foldMask
            let next = raw.loadUnaligned(fromByteOffset: index + 1, as: SIMD16<UInt8>.self) | foldMask
            var hits = (block .== escape) .| (block .== c1)
            for pair in pairs { hits = hits .| ((folded .== pair.first) .& (next .== pair.second)) }
            let halves = unsafeBitCast(hits, to: SIMD2<UInt64>.self)
            if halves[0] != 0 { return index + halves[0].trailingZeroBitCount / 8 }
            if halves[1] != 0 { return index + 8 + halves[1].trailingZeroBitCount / 8 }
            index += 16
        }
        while index < to {
            let byte = bytes[index]
            if byte == 0x1B || byte == 0xC2 { return index }
            if index + 1 < bytes.count {
                let first = Self.fold(byte), second = Self.fold(bytes[index + 1])
                for needle in needles {
                    let expected = needle.offset + 1 < needle.word.count ? needle.word[needle.offset + 1] : needle.word[needle.offset]
                    if first == Self.fold(needle.word[needle.offset]) && second == Self.fold(expected) { return index }
                }
            } else if needles.contains(where: { Self.fold($0.word[$0.offset]) == Self.fold(byte) }) {
                return index
            }
            index += 1
        }
        return to
    }

    /// Whether the line of a candidate at `hit` (`nextCandidate`) may matter: it is an ESC or a
    /// 0xC2, or a needle's whole word is there (in any letter case), not only its pair. Lines
    /// that share a pair with a needle (`sceneDidBecomeActive` with `sceneDidDisconnect`'s
    /// `Di`) are then not read.
    func confirms(_ bytes: UnsafeBufferPointer<UInt8>, at hit: Int) -> Bool {
        let byte = bytes[hit]
        if byte == 0x1B || byte == 0xC2 { return true }
        return needles.contains { needle in
            let start = hit - needle.offset
            guard start >= 0, start + needle.word.count <= bytes.count else { return false }
            for index in needle.word.indices where Self.fold(bytes[start + index]) != Self.fold(needle.word[index]) { return false }
            return true
        }
    }

    /// The index of the last line end (LF or CR) in `bytes[from..<to]`, or nil.
    static func lastLineEnd(in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
        var index = to - 1
        while index >= from {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { return index }
            index -= 1
        }
        return nil
    }
}
