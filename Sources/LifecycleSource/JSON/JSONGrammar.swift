/// The lexical facts of JSON (RFC 8259) that its two readers share: `JSONParser`, which reads a
/// whole document into a `JSONValue`, and `conform`'s streaming scanner of JSON logs
/// (`LogJSONLines`, bounded memory, its own error messages and recovery). Each reader keeps its
/// own policy (the parser rejects a lone surrogate, the log scanner writes U+FFFD); what a
/// number, a hexadecimal digit and a surrogate pair are is written here once.
package enum JSONGrammar {
    /// Where the JSON number starting at `start` ends (`-`, an integer without a leading zero,
    /// an optional fraction and exponent), or nil when none starts there.
    static func numberEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var offset = start
        func digits() -> Int {
            let begin = offset
            while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) { offset += 1 }
            return offset - begin
        }
        if offset < bytes.count && bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        let integer = digits()
        guard integer > 0 else { return nil }
        if integer > 1 && bytes[offset - integer] == UInt8(ascii: "0") { return nil }
        if offset < bytes.count && bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard digits() > 0 else { return nil }
        }
        if offset < bytes.count && (bytes[offset] | 0x20) == UInt8(ascii: "e") {
            offset += 1
            if offset < bytes.count && (bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-")) { offset += 1 }
            guard digits() > 0 else { return nil }
        }
        return offset
    }

    /// Whether `text` is exactly one JSON number.
    package static func isNumber(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { numberEnd(in: $0, from: 0) == $0.count }
    }

    /// The value of a hexadecimal digit (of a `\uXXXX` escape), or nil.
    package static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// The first and second halves of a surrogate pair (`\uD83D\uDE00`).
    package static let highSurrogates: ClosedRange<UInt32> = 0xD800...0xDBFF
    package static let lowSurrogates: ClosedRange<UInt32> = 0xDC00...0xDFFF

    /// The scalar a surrogate pair stands for.
    package static func scalar(high: UInt32, low: UInt32) -> UInt32 { 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00) }
}
