/// The object a log line is about, when the line prints one: how `conform` tells apart the
/// instances of one machine in a log (two windows' scene delegates, every pushed view
/// controller), each then checked from the initial state on its own lines.
///
/// The forms read, chosen per line (the first object address on the line, else its first UUID):
/// - an object's description, `<Class: 0xADDRESS>` or `<Module.Class: 0xADDRESS; …>`: what
///   `print(self)`, `"\(self)"` and `NSLog(@"%@", self)` print for an `NSObject` (a delegate,
///   a view controller), and UIKit's own descriptions (`<UIWindowScene: 0x7fa1c2d05b30; role: …>`);
/// - `ObjectIdentifier(0xADDRESS)`: what `print(ObjectIdentifier(self))` prints;
/// - a UUID, `E621E1F8-C36C-495A-93FC-0C247A3E6E5F` (any letter case): an identifier the app
///   prints, such as `session.persistentIdentifier` or its own `UUID()`.
///
/// An address is compared by value (`0x600000c04000` and `0x0000600000c04000` are one object).
/// A bare `0x…` is not read: `log stream`'s thread and activity numbers are printed so.
struct ObjectKey: Hashable, Sendable {
    enum Kind: UInt8, Sendable { case address, uuid }

    var kind: Kind
    /// The address, or the UUID's first 64 bits.
    var high: UInt64
    /// The UUID's last 64 bits (0 for an address).
    var low: UInt64

    /// How a summary names it: `0x600000c04000`, or the UUID in upper case.
    var text: String {
        switch kind {
        case .address:
            return "0x" + String(high, radix: 16)
        case .uuid:
            let digits = String(high, radix: 16, uppercase: true).leftPadded(16) + String(low, radix: 16, uppercase: true).leftPadded(16)
            let groups = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
                String(digits.dropFirst(range.lowerBound).prefix(range.count))
            }
            return groups.joined(separator: "-")
        }
    }

    /// The object `bytes` (a line) is about, or nil when it prints none of the forms above.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> ObjectKey? {
        let count = bytes.count
        var uuid: ObjectKey?
        var position = 0
        while true {
            position = ByteSearch.firstIndex(of: UInt8(ascii: "x"), or: UInt8(ascii: "-"), in: bytes, from: position)
            guard position < count else { return uuid }
            if bytes[position] == UInt8(ascii: "x") {
                if let address = address(bytes, x: position) { return address }
            } else if uuid == nil, position >= 8, hexValue(bytes[position - 1]) != nil {
                // (A UUID's first dash has 8 hex digits before it: a date's dashes are passed at once.)
                uuid = self.uuid(bytes, firstDash: position)
            }
            position += 1
        }
    }

    /// The address whose `0x` has its `x` at `x`, when it is an object's: after `<Class: ` or
    /// `ObjectIdentifier(`.
    static func address(_ bytes: UnsafeBufferPointer<UInt8>, x: Int) -> ObjectKey? {
        guard x >= 1, bytes[x - 1] == UInt8(ascii: "0") else { return nil }
        let zero = x - 1
        var end = x + 1
        var value: UInt64 = 0
        while end < bytes.count, end - x - 1 < 16, let digit = hexValue(bytes[end]) {
            value = value << 4 | UInt64(digit)
            end += 1
        }
        guard end > x + 1, end == bytes.count || !LogWords.isWordCharacter(bytes, at: end) else { return nil }
        let key = ObjectKey(kind: .address, high: value, low: 0)
        // `ObjectIdentifier(0x…)`.
        let identifier = "ObjectIdentifier("
        if zero >= identifier.utf8.count,
           zip(identifier.utf8, bytes[(zero - identifier.utf8.count)..<zero]).allSatisfy({ $0 == $1 }) { return key }
        // `<Class: 0x…`: a class name of word characters and dots, right after a `<`.
        guard zero >= 3, bytes[zero - 1] == UInt8(ascii: " "), bytes[zero - 2] == UInt8(ascii: ":") else { return nil }
        var start = zero - 3
        while start >= 0 && zero - start < 256 {
            let byte = bytes[start]
            if byte == UInt8(ascii: "<") { return start < zero - 3 ? key : nil }
            guard byte == UInt8(ascii: ".") || byte >= 0x80 || LogWords.isASCIIWordByte(byte) else { return nil }
            start -= 1
        }
        return nil
    }

    /// The UUID whose first `-` is at `dash`: 8, 4, 4, 4 and 12 hex digits, a word of its own.
    static func uuid(_ bytes: UnsafeBufferPointer<UInt8>, firstDash dash: Int) -> ObjectKey? {
        let start = dash - 8
        let end = start + 36
        guard start >= 0, end <= bytes.count else { return nil }
        if start > 0 && LogWords.isWordCharacter(bytes, at: start - 1) { return nil }
        if end < bytes.count && (LogWords.isWordCharacter(bytes, at: end) || bytes[end] == UInt8(ascii: "-")) { return nil }
        var high: UInt64 = 0, low: UInt64 = 0, digits = 0
        for index in start..<end {
            let byte = bytes[index]
            let offset = index - start
            if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard let digit = hexValue(byte) else { return nil }
            if digits < 16 { high = high << 4 | UInt64(digit) } else { low = low << 4 | UInt64(digit) }
            digits += 1
        }
        return ObjectKey(kind: .uuid, high: high, low: low)
    }

    /// The address `text` names (`0x600000c04000`, any number of leading zeros), or nil.
    static func address(named text: String) -> UInt64? {
        let utf8 = Array(text.utf8)
        guard utf8.count > 2, utf8.count <= 18, utf8[0] == UInt8(ascii: "0"), utf8[1] | 0x20 == UInt8(ascii: "x") else { return nil }
        var value: UInt64 = 0
        for byte in utf8.dropFirst(2) {
            guard let digit = hexValue(byte) else { return nil }
            value = value << 4 | UInt64(digit)
        }
        return value
    }

    @inline(__always) static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension String {
    /// The string with zeros before it, to `width` characters.
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
