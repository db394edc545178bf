/// A JSON document as `lifecycle.json` needs it: values with the byte offset they start at, so
/// a problem can be reported at its line and column.
///
/// The parser takes RFC 8259 JSON (objects keep their members in order; numbers are kept as
/// written), nests at most `maxDepth` deep, and never traps: every problem is a `JSONError`.
struct JSONValue {
    enum Kind {
        case object([Member])
        case array([JSONValue])
        case string(String)
        case number(String)
        case bool(Bool)
        case null
    }

    /// One `"key": value` of an object.
    struct Member {
        var key: String
        /// Byte offset of the key's opening quote.
        var keyOffset: Int
        var value: JSONValue
    }

    var kind: Kind
    /// Byte offset of the value's first character.
    var offset: Int

    /// What is wrong, and where.
    struct JSONError: Error {
        var message: String
        var offset: Int
    }

    static let maxDepth = 32

    /// Parses a whole document (one value, surrounded by whitespace only).
    static func parse(_ bytes: [UInt8]) throws(JSONError) -> JSONValue {
        var parser = Parser(bytes: bytes)
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        if parser.index < bytes.count { throw JSONError(message: "unexpected text after the JSON value", offset: parser.index) }
        return value
    }

    /// A short name of the kind, for messages: "an object", "a string", …
    var kindName: String {
        switch kind {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "true or false"
        case .null: return "null"
        }
    }

    /// A cursor over the bytes; one method per JSON production.
    struct Parser {
        let bytes: [UInt8]
        var index = 0

        mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        func fail(_ message: String, at offset: Int? = nil) -> JSONError {
            JSONError(message: message, offset: offset ?? index)
        }

        mutating func value(depth: Int) throws(JSONError) -> JSONValue {
            skipWhitespace()
            guard index < bytes.count else { throw fail("expected a JSON value") }
            let start = index
            switch bytes[index] {
            case UInt8(ascii: "{"):
                guard depth < JSONValue.maxDepth else { throw fail("JSON nested more than \(JSONValue.maxDepth) deep") }
                return JSONValue(kind: .object(try members(depth: depth)), offset: start)
            case UInt8(ascii: "["):
                guard depth < JSONValue.maxDepth else { throw fail("JSON nested more than \(JSONValue.maxDepth) deep") }
                return JSONValue(kind: .array(try elements(depth: depth)), offset: start)
            case UInt8(ascii: "\""):
                return JSONValue(kind: .string(try string()), offset: start)
            case UInt8(ascii: "t"): try literal("true"); return JSONValue(kind: .bool(true), offset: start)
            case UInt8(ascii: "f"): try literal("false"); return JSONValue(kind: .bool(false), offset: start)
            case UInt8(ascii: "n"): try literal("null"); return JSONValue(kind: .null, offset: start)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return JSONValue(kind: .number(number()), offset: start)
            default:
                throw fail("expected a JSON value")
            }
        }

        mutating func members(depth: Int) throws(JSONError) -> [Member] {
            index += 1 // {
            var result: [Member] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return result }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a key in double quotes") }
                let keyOffset = index
                let key = try string()
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':' after the key") }
                index += 1
                result.append(Member(key: key, keyOffset: keyOffset, value: try value(depth: depth + 1)))
                skipWhitespace()
                guard index < bytes.count else { throw fail("expected ',' or '}'") }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return result }
                guard bytes[index] == UInt8(ascii: ",") else { throw fail("expected ',' or '}'") }
                index += 1
            }
        }

        mutating func elements(depth: Int) throws(JSONError) -> [JSONValue] {
            index += 1 // [
            var result: [JSONValue] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return result }
            while true {
                result.append(try value(depth: depth + 1))
                skipWhitespace()
                guard index < bytes.count else { throw fail("expected ',' or ']'") }
                if bytes[index] == UInt8(ascii: "]") { index += 1; return result }
                guard bytes[index] == UInt8(ascii: ",") else { throw fail("expected ',' or ']'") }
                index += 1
            }
        }

        mutating func literal(_ word: String) throws(JSONError) {
            let spelled = Array(word.utf8)
            guard index + spelled.count <= bytes.count, Array(bytes[index..<index + spelled.count]) == spelled else {
                throw fail("expected a JSON value")
            }
            index += spelled.count
        }

        mutating func number() -> String {
            let start = index
            while index < bytes.count, "+-.0123456789eE".utf8.contains(bytes[index]) { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// A string literal, escapes decoded (`\uXXXX` with surrogate pairs; a lone surrogate
        /// becomes U+FFFD).
        mutating func string() throws(JSONError) -> String {
            let start = index
            index += 1 // "
            var scalars = String.UnicodeScalarView()
            var raw: [UInt8] = []
            func flush() {
                scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
                raw.removeAll()
            }
            while true {
                guard index < bytes.count else { throw fail("unterminated string", at: start) }
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\"") { break }
                if byte < 0x20 { throw fail("control character in a string; write it as an escape", at: index - 1) }
                guard byte == UInt8(ascii: "\\") else { raw.append(byte); continue }
                guard index < bytes.count else { throw fail("unterminated string", at: start) }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): raw.append(escape)
                case UInt8(ascii: "b"): raw.append(0x08)
                case UInt8(ascii: "f"): raw.append(0x0C)
                case UInt8(ascii: "n"): raw.append(0x0A)
                case UInt8(ascii: "r"): raw.append(0x0D)
                case UInt8(ascii: "t"): raw.append(0x09)
                case UInt8(ascii: "u"):
                    flush()
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code), index + 1 < bytes.count,
                       bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                        let save = index
                        index += 2
                        let low = try hex4()
                        if (0xDC00..<0xE000).contains(low) {
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            index = save
                        }
                    }
                    scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                default:
                    throw fail("unknown escape '\\\(Character(Unicode.Scalar(escape)))' in a string", at: index - 2)
                }
            }
            flush()
            return String(scalars)
        }

        mutating func hex4() throws(JSONError) -> UInt32 {
            guard index + 4 <= bytes.count else { throw fail("expected four hexadecimal digits after '\\u'") }
            var code: UInt32 = 0
            for byte in bytes[index..<index + 4] {
                guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else {
                    throw fail("expected four hexadecimal digits after '\\u'")
                }
                code = code * 16 + UInt32(digit)
            }
            index += 4
            return code
        }
    }
}
