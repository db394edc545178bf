import LifecycleCompiler

/// A `lifecycle.json` value with the byte offset it starts at, so that a problem is reported at
/// its line and column: the library's `JSONValue` (the one JSON reader of the package), each
/// value and key paired with the offset its parser recorded.
struct LocatedJSON {
    enum Kind {
        case object([Member])
        case array([LocatedJSON])
        case string(String)
        case number
        case bool(Bool)
        case null
    }

    /// One `"key": value` of an object.
    struct Member {
        var key: String
        /// Byte offset of the key's opening quote.
        var keyOffset: Int
        var value: LocatedJSON
    }

    var kind: Kind
    /// Byte offset of the value's first character.
    var offset: Int

    /// How deep a configuration file may nest (it needs three levels).
    static let maximumDepth = 32

    /// Parses a whole document; every problem is a `JSONParseError` at a byte offset.
    static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> LocatedJSON {
        switch JSONValue.parseWithOffsets(bytes, maximumDepth: maximumDepth) {
        case .failure(let error):
            throw error
        case .success(let parsed):
            var next = 0
            return located(parsed.value, parsed.offsets, &next)
        }
    }

    /// `value` with its offsets, taken from `offsets[next...]` in the order the parser recorded
    /// them (a value, then for an object each key and its value). Recursion is bounded by
    /// `maximumDepth`.
    static func located(_ value: JSONValue, _ offsets: [Int], _ next: inout Int) -> LocatedJSON {
        func take(_ next: inout Int) -> Int {
            defer { next += 1 }
            return next < offsets.count ? offsets[next] : 0
        }
        let offset = take(&next)
        switch value {
        case .object(let members):
            var located: [Member] = []
            for (key, member) in members {
                let keyOffset = take(&next)
                located.append(Member(key: key, keyOffset: keyOffset, value: Self.located(member, offsets, &next)))
            }
            return LocatedJSON(kind: .object(located), offset: offset)
        case .array(let elements):
            var located: [LocatedJSON] = []
            for element in elements { located.append(Self.located(element, offsets, &next)) }
            return LocatedJSON(kind: .array(located), offset: offset)
        case .string(let text): return LocatedJSON(kind: .string(text), offset: offset)
        case .number: return LocatedJSON(kind: .number, offset: offset)
        case .bool(let flag): return LocatedJSON(kind: .bool(flag), offset: offset)
        case .null: return LocatedJSON(kind: .null, offset: offset)
        }
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
}
