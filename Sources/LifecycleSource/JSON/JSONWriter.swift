/// The one JSON writer: values in call order, pretty-printed with two-space indentation
/// (diagnostics, queries, test plans, conformance) or compact (`JSONValue.serialized()`, the
/// language server's messages). Output is built as UTF-8 bytes.
public final class JSONWriter {
    public enum Style: Sendable {
        /// Two-space indentation, `"key": value`.
        case pretty
        /// No whitespace at all.
        case compact
    }

    public let style: Style
    public private(set) var bytes: [UInt8] = []
    private var indent = 0
    private var needsComma = [false]
    private var afterKey = false

    public init(style: Style = .pretty) {
        self.style = style
    }

    /// What has been written.
    public var output: String { String(decoding: bytes, as: UTF8.self) }

    private func newline() {
        bytes.append(0x0A)
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
    }

    private func beginValue() {
        if afterKey {
            afterKey = false
            return
        }
        if needsComma[needsComma.count - 1] { bytes.append(UInt8(ascii: ",")) }
        if indent > 0 && style == .pretty { newline() }
        needsComma[needsComma.count - 1] = true
    }

    private func open(_ bracket: UInt8) {
        beginValue()
        bytes.append(bracket)
        indent += 1
        needsComma.append(false)
    }

    private func close(_ bracket: UInt8) {
        let hadItems = needsComma.removeLast()
        indent -= 1
        if hadItems && style == .pretty { newline() }
        bytes.append(bracket)
    }

    public func beginArray() { open(UInt8(ascii: "[")) }
    public func endArray() { close(UInt8(ascii: "]")) }
    public func beginObject() { open(UInt8(ascii: "{")) }
    public func endObject() { close(UInt8(ascii: "}")) }

    public func array(_ body: () -> Void) {
        beginArray()
        body()
        endArray()
    }

    public func object(_ body: () -> Void) {
        beginObject()
        body()
        endObject()
    }

    public func key(_ name: String) {
        beginValue()
        Self.quote(name, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
        if style == .pretty { bytes.append(UInt8(ascii: " ")) }
        afterKey = true
    }

    public func field(_ name: String, _ value: String) { key(name); string(value) }
    public func field(_ name: String, _ value: Int) { key(name); number(value) }
    public func field(_ name: String, _ value: String?) {
        key(name)
        if let value { string(value) } else { null() }
    }

    public func string(_ value: String) { beginValue(); Self.quote(value, into: &bytes) }
    public func number(_ value: Int) { beginValue(); bytes.append(contentsOf: String(value).utf8) }
    /// Whole numbers digit by digit, without a fraction; others as Swift prints them; not a
    /// finite number as `null`.
    public func number(_ value: Double) { beginValue(); Self.format(value, into: &bytes) }
    public func null() { beginValue(); bytes.append(contentsOf: "null".utf8) }
    public func bool(_ value: Bool) { beginValue(); bytes.append(contentsOf: (value ? "true" : "false").utf8) }

    /// A JSON string literal.
    public static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        quote(text, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes `text` as a JSON string literal: quotes and backslashes escaped, `\n`, `\r`, `\t`,
    /// and every other character `VisibleText` calls hidden (control characters, U+2028 and
    /// U+2029, which end lines in JavaScript, bidirectional overrides, U+FEFF, which some JSON
    /// readers, Foundation's among them, silently drop when written raw) as `\uXXXX`, a
    /// surrogate pair beyond U+FFFF. One pass over the UTF-8 bytes, ASCII copied as it is.
    static func quote(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            output.reserveCapacity(output.count + bytes.count + 2)
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
                case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
                case UInt8(ascii: "\n"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                case UInt8(ascii: "\r"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
                case UInt8(ascii: "\t"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
                case 0..<0x20, 0x7F: unit(UInt32(byte), into: &output)
                case 0x20..<0x7F: output.append(byte)
                default:
                    // A scalar of 2 to 4 bytes (the string is valid UTF-8).
                    let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                    var value = UInt32(byte) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                    for next in 1..<length { value = value << 6 | UInt32(bytes[index + next] & 0x3F) }
                    if let scalar = Unicode.Scalar(value), VisibleText.isHidden(scalar) {
                        if value > 0xFFFF {
                            unit(0xD800 + ((value - 0x10000) >> 10), into: &output)
                            unit(0xDC00 + ((value - 0x10000) & 0x3FF), into: &output)
                        } else {
                            unit(value, into: &output)
                        }
                    } else {
                        output.append(contentsOf: bytes[index..<index + length])
                    }
                    index += length
                    continue
                }
                index += 1
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// `\u00e9`: four lowercase hexadecimal digits.
    private static func unit(_ value: UInt32, into output: inout [UInt8]) {
        let hex: StaticString = "0123456789abcdef"
        output.append(UInt8(ascii: "\\"))
        output.append(UInt8(ascii: "u"))
        for shift in stride(from: 12, through: 0, by: -4) {
            output.append(hex.utf8Start[Int((value >> UInt32(shift)) & 15)])
        }
    }

    /// Writes a number: whole numbers digit by digit, others as Swift prints them.
    static func format(_ n: Double, into output: inout [UInt8]) {
        guard n.isFinite else { return output.append(contentsOf: "null".utf8) }
        guard n == n.rounded(), abs(n) < 9.0e15 else { return output.append(contentsOf: String(n).utf8) }
        output.append(contentsOf: String(Int(n)).utf8)
    }
}
