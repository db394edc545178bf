/// A JSON value, its parser and its serializer, for the language server's protocol layer.
///
/// Written here because the library uses no Foundation. The parser is hardened for input
/// from any client: it is iterative (an explicit stack, so no nesting overflows the Swift
/// stack), caps nesting at `maximumDepth` and the input at `maximumSize`, rejects invalid
/// UTF-8, lone surrogates and trailing garbage, and reports every failure as a value
/// (`JSONParseError`), never a trap.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Members in the order written (kept for deterministic output); keys are looked up
    /// linearly, as protocol objects have a handful of members.
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// The member named `key` of an object (the last one if repeated); nil otherwise.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.0 == key }?.1
    }

    public var string: String? { if case .string(let s) = self { s } else { nil } }
    public var bool: Bool? { if case .bool(let b) = self { b } else { nil } }
    public var array: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    public var number: Double? { if case .number(let n) = self { n } else { nil } }
    /// A number that is a whole `Int` (protocol positions, versions).
    public var int: Int? {
        guard case .number(let n) = self, n.isFinite, n == n.rounded(), abs(n) < 9.0e15 else { return nil }
        return Int(n)
    }
    public var isObject: Bool { if case .object = self { true } else { false } }

    public init(_ int: Int) { self = .number(Double(int)) }
    public init(_ string: String) { self = .string(string) }
}

/// Why a JSON text was rejected, and where (a byte offset).
public struct JSONParseError: Error, Sendable, Equatable {
    public var message: String
    public var offset: Int
}

extension JSONValue {
    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 256
    /// The largest text accepted, in bytes.
    public static let maximumSize = 64 << 20

    /// Parses one JSON text (RFC 8259), surrounded by optional whitespace.
    public static func parse(_ bytes: [UInt8]) -> Result<JSONValue, JSONParseError> {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer)
            return parser.parse()
        }
    }

    public static func parse(_ text: String) -> Result<JSONValue, JSONParseError> {
        parse(Array(text.utf8))
    }

    /// Parses as `parse(_:)` does, nesting at most `maximumDepth` deep, and also returns where
    /// each value and each object key starts: byte offsets in document order (a container
    /// before its elements, a key before its value), for a reader that reports problems in
    /// the document at a line and column (`lifecycle.json`).
    public static func parseWithOffsets(_ bytes: [UInt8], maximumDepth: Int) -> Result<(value: JSONValue, offsets: [Int]), JSONParseError> {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer)
            parser.maximumDepth = min(maximumDepth, JSONValue.maximumDepth)
            parser.offsets = []
            return parser.parse().map { ($0, parser.offsets ?? []) }
        }
    }
}

struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0
    var maximumDepth = JSONValue.maximumDepth
    /// Where each value and key starts, when the caller asked (`parseWithOffsets`).
    var offsets: [Int]?

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// An open container: its elements so far and, in an object, the key awaiting a value.
    enum Frame {
        case array([JSONValue])
        case object([(String, JSONValue)], key: String?)
    }

    func fail(_ message: String) -> Result<JSONValue, JSONParseError> {
        .failure(JSONParseError(message: message, offset: offset))
    }

    mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    mutating func parse() -> Result<JSONValue, JSONParseError> {
        guard bytes.count <= JSONValue.maximumSize else { return fail("text is larger than \(JSONValue.maximumSize) bytes") }
        var stack: [Frame] = []
        while true {
            skipWhitespace()
            guard offset < bytes.count else { return fail("unexpected end of text") }
            offsets?.append(offset)
            var value: JSONValue
            // Start of a value (or the end of an empty container).
            switch bytes[offset] {
            case UInt8(ascii: "{"):
                guard stack.count < maximumDepth else { return fail("nesting deeper than \(maximumDepth)") }
                offset += 1
                skipWhitespace()
                if offset < bytes.count && bytes[offset] == UInt8(ascii: "}") {
                    offset += 1
                    value = .object([])
                } else {
                    guard case .success(let key) = parseKey() else { return fail("expected a string key") }
                    stack.append(.object([], key: key))
                    continue
                }
            case UInt8(ascii: "["):
                guard stack.count < maximumDepth else { return fail("nesting deeper than \(maximumDepth)") }
                offset += 1
                skipWhitespace()
                if offset < bytes.count && bytes[offset] == UInt8(ascii: "]") {
                    offset += 1
                    value = .array([])
                } else {
                    stack.append(.array([]))
                    continue
                }
            case UInt8(ascii: "\""):
                switch parseString() {
                case .success(let s): value = .string(s)
                case .failure(let error): return .failure(error)
                }
            case UInt8(ascii: "t"):
                guard literal("true") else { return fail("invalid literal") }
                value = .bool(true)
            case UInt8(ascii: "f"):
                guard literal("false") else { return fail("invalid literal") }
                value = .bool(false)
            case UInt8(ascii: "n"):
                guard literal("null") else { return fail("invalid literal") }
                value = .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard let number = parseNumber() else { return fail("invalid number") }
                value = .number(number)
            default:
                return fail("expected a JSON value")
            }
            // Hand the value to the enclosing containers, closing each one that ends here.
            while true {
                guard var frame = stack.popLast() else {
                    skipWhitespace()
                    return offset == bytes.count ? .success(value) : fail("unexpected text after the value")
                }
                skipWhitespace()
                let next: UInt8 = offset < bytes.count ? bytes[offset] : 0
                switch frame {
                case .array(var elements):
                    elements.append(value)
                    if next == UInt8(ascii: ",") {
                        offset += 1
                        frame = .array(elements)
                        stack.append(frame)
                    } else if next == UInt8(ascii: "]") {
                        offset += 1
                        value = .array(elements)
                        continue
                    } else {
                        return fail("expected ',' or ']'")
                    }
                case .object(var members, let key):
                    members.append((key ?? "", value))
                    if next == UInt8(ascii: ",") {
                        offset += 1
                        skipWhitespace()
                        guard case .success(let key) = parseKey() else { return fail("expected a string key") }
                        stack.append(.object(members, key: key))
                    } else if next == UInt8(ascii: "}") {
                        offset += 1
                        value = .object(members)
                        continue
                    } else {
                        return fail("expected ',' or '}'")
                    }
                }
                break
            }
        }
    }

    /// `"key"` and the `:` after it.
    mutating func parseKey() -> Result<String, JSONParseError> {
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
            return .failure(JSONParseError(message: "expected a string key", offset: offset))
        }
        offsets?.append(offset)
        let key = parseString()
        guard case .success(let text) = key else { return key }
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
            return .failure(JSONParseError(message: "expected ':'", offset: offset))
        }
        offset += 1
        return .success(text)
    }

    mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        for index in 0..<count where bytes[offset + index] != word.utf8Start[index] { return false }
        offset += count
        return true
    }

    mutating func parseNumber() -> Double? {
        let start = offset
        guard let end = JSONGrammar.numberEnd(in: bytes, from: start) else { return nil }
        offset = end
        guard offset - start <= 400 else { return nil }
        return Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self))
    }

    mutating func parseString() -> Result<String, JSONParseError> {
        offset += 1 // the opening quote
        var result = ""
        var runStart = offset
        /// Appends the raw bytes since `runStart`, validated as UTF-8 in one pass.
        func flush(_ parser: JSONParser, _ result: inout String, _ from: Int) -> Bool {
            guard from < parser.offset else { return true }
            // Decoding replaces invalid UTF-8 with U+FFFD, so valid text is the text whose
            // decoding has the same bytes. (`String(validating:)` needs macOS 15.)
            let bytes = UnsafeBufferPointer(rebasing: parser.bytes[from..<parser.offset])
            let run = String(decoding: bytes, as: UTF8.self)
            guard run.utf8.elementsEqual(bytes) else { return false }
            result += run
            return true
        }
        while true {
            // The common case: a run of plain bytes.
            while offset < bytes.count {
                let c = bytes[offset]
                if c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c < 0x20 { break }
                offset += 1
            }
            guard offset < bytes.count else { return .failure(JSONParseError(message: "unterminated string", offset: offset)) }
            let c = bytes[offset]
            if c == UInt8(ascii: "\"") {
                guard flush(self, &result, runStart) else { return .failure(JSONParseError(message: "invalid UTF-8", offset: offset)) }
                offset += 1
                return .success(result)
            }
            if c < 0x20 { return .failure(JSONParseError(message: "control character in string", offset: offset)) }
            guard flush(self, &result, runStart) else { return .failure(JSONParseError(message: "invalid UTF-8", offset: offset)) }
            offset += 1
            guard offset < bytes.count else { return .failure(JSONParseError(message: "unterminated string", offset: offset)) }
            let escape = bytes[offset]
            offset += 1
            switch escape {
            case UInt8(ascii: "\""): result += "\""
            case UInt8(ascii: "\\"): result += "\\"
            case UInt8(ascii: "/"): result += "/"
            case UInt8(ascii: "b"): result += "\u{08}"
            case UInt8(ascii: "f"): result += "\u{0C}"
            case UInt8(ascii: "n"): result += "\n"
            case UInt8(ascii: "r"): result += "\r"
            case UInt8(ascii: "t"): result += "\t"
            case UInt8(ascii: "u"):
                guard let first = hex4() else { return .failure(JSONParseError(message: "invalid \\u escape", offset: offset)) }
                var value = first
                if JSONGrammar.highSurrogates.contains(first) {
                    guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else {
                        return .failure(JSONParseError(message: "lone surrogate", offset: offset))
                    }
                    offset += 2
                    guard let second = hex4(), JSONGrammar.lowSurrogates.contains(second) else {
                        return .failure(JSONParseError(message: "lone surrogate", offset: offset))
                    }
                    value = JSONGrammar.scalar(high: first, low: second)
                } else if JSONGrammar.lowSurrogates.contains(first) {
                    return .failure(JSONParseError(message: "lone surrogate", offset: offset))
                }
                guard let scalar = Unicode.Scalar(value) else { return .failure(JSONParseError(message: "invalid \\u escape", offset: offset)) }
                result.unicodeScalars.append(scalar)
            default:
                return .failure(JSONParseError(message: "invalid escape", offset: offset))
            }
            runStart = offset
        }
    }

    mutating func hex4() -> UInt32? {
        guard offset + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = JSONGrammar.hexDigit(bytes[offset]) else { return nil }
            value = value * 16 + digit
            offset += 1
        }
        return value
    }
}

// MARK: - Serializing

extension JSONValue {
    /// Compact JSON text (no whitespace), members in stored order, through the one
    /// `JSONWriter`. Numbers that are whole are written without a fraction. Iterative, so a
    /// deeply nested value is written without recursion.
    public func serialized() -> String {
        let writer = JSONWriter(style: .compact)
        enum Work { case value(JSONValue), key(String), endArray, endObject }
        var work: [Work] = [.value(self)]
        while let item = work.popLast() {
            switch item {
            case .endArray: writer.endArray()
            case .endObject: writer.endObject()
            case .key(let key): writer.key(key)
            case .value(let value):
                switch value {
                case .null: writer.null()
                case .bool(let b): writer.bool(b)
                case .number(let n): writer.number(n)
                case .string(let s): writer.string(s)
                case .array(let elements):
                    writer.beginArray()
                    work.append(.endArray)
                    for element in elements.reversed() { work.append(.value(element)) }
                case .object(let members):
                    writer.beginObject()
                    work.append(.endObject)
                    for (key, member) in members.reversed() {
                        work.append(.value(member))
                        work.append(.key(key))
                    }
                }
            }
        }
        return writer.output
    }
}
