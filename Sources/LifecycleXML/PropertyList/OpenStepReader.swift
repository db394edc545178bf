import LifecycleSource

/// Reads an old-style (OpenStep, "ASCII") property list, the format of Xcode's
/// `project.pbxproj`, into the same flat `PropertyList` the XML reader makes.
///
/// The grammar is Foundation's: a dictionary `{ key = value; … }`, an array `( a, b, )`, a
/// string quoted (`"…"` or `'…'`, with `\n`, `\t`, `\"`, `\\`, octal `\012` and `\U00e9`
/// escapes) or bare (letters, digits and `_$+/:.-`), and data `<0fab 12>`; `/* … */` and `// …`
/// comments wherever whitespace may be, as Xcode writes them after object identifiers. The file
/// must be UTF-8 (Xcode's `// !$*UTF8*$!` header says so).
///
/// Hardened like `XMLReader`: one loop over the bytes with an explicit stack of open containers
/// (no recursion), nesting capped at `maximumDepth`, the number of values at `maximumValues`
/// (the memory a file can cost is then bounded whatever its shape), and the first problem
/// stops the read with a located error. A key given twice in one dictionary keeps its last
/// value, as Foundation and Xcode do.
public enum OpenStepReader {
    /// Deeper nesting is an error (a project nests a handful of levels).
    public static let maximumDepth = 256
    /// More values is an error: the largest real projects hold a few hundred thousand.
    public static let maximumValues = 4_000_000

    public static func read(_ file: SourceFile) -> (PropertyList?, Diagnostics) {
        var diagnostics = Diagnostics()
        var scanner = Scanner(file: file)
        do {
            let list = try scanner.readList()
            return (list, diagnostics)
        } catch {
            diagnostics.append(error.diagnostic)
            return (nil, diagnostics)
        }
    }

    struct Failure: Error {
        var diagnostic: Diagnostic
    }

    /// The characters a string may be written with unquoted.
    static func isBare(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"),
             UInt8(ascii: "."), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }

    /// The reader's state: the bytes, a cursor, and the values made so far.
    struct Scanner {
        let file: SourceFile
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        var values: [PropertyList.Value] = []

        init(file: SourceFile) {
            self.file = file
            self.bytes = file.bytes
        }

        /// An open dictionary or array: its value, and for a dictionary the key read last.
        struct Open {
            var value: Int
            var key: (text: String, range: SourceRange)?
            /// Whether a dictionary's `=` has been read after `key`.
            var sawEquals = false
        }

        func range(_ start: Int, _ end: Int) -> SourceRange {
            SourceRange(file: file.id, start: min(start, bytes.count), end: min(end, bytes.count))
        }

        func fail(_ diagnostic: Diagnostic) -> Failure { Failure(diagnostic: diagnostic) }

        /// What is at the cursor, for "found …" in messages.
        var found: String {
            guard index < bytes.count else { return "end of file" }
            var end = index + 1
            if OpenStepReader.isBare(bytes[index]) {
                while end < bytes.count && end < index + 24 && OpenStepReader.isBare(bytes[end]) { end += 1 }
            }
            return "'\(DiagnosticRenderer.printable(String(decoding: bytes[index..<end], as: UTF8.self)))'"
        }

        /// The cursor's byte, or one past the end when none.
        var here: SourceRange { range(index, index + 1) }

        mutating func readList() throws(Failure) -> PropertyList {
            if let bad = UTF8Validation.firstInvalidByte(in: bytes) {
                throw fail(.invalidUTF8(byte: bytes[bad], at: range(bad, bad + 1)))
            }
            var stack: [Open] = []
            var root: Int?
            while true {
                try skipTrivia()
                if var top = stack.last {
                    let container = values[top.value]
                    if container.kind == .dictionary {
                        if top.key == nil {
                            if at("}") {
                                close(&stack)
                                try afterValue(&stack)
                                if stack.isEmpty { break }
                                continue
                            }
                            guard index < bytes.count, at("\"") || at("'") || OpenStepReader.isBare(bytes[index]) else {
                                throw fail(.plistExpected("a key or '}'", found: found, at: here))
                            }
                            let start = index
                            let key = try string()
                            top.key = (key, range(start, index))
                            stack[stack.count - 1] = top
                            continue
                        }
                        if !top.sawEquals {
                            guard at("=") else { throw fail(.plistExpected("'=' after the key '\(top.key!.text)'", found: found, at: here)) }
                            index += 1
                            stack[stack.count - 1].sawEquals = true
                            continue
                        }
                    } else if at(")") {
                        close(&stack)
                        try afterValue(&stack)
                        if stack.isEmpty { break }
                        continue
                    }
                }
                // A value: a container opens, a scalar is read whole.
                guard index < bytes.count else {
                    throw fail(.plistExpected(stack.isEmpty ? "a property list value" : "a value", found: found, at: here))
                }
                guard values.count < OpenStepReader.maximumValues else {
                    throw fail(.plistTooManyValues(OpenStepReader.maximumValues, at: here))
                }
                let start = index
                if at("{") || at("(") {
                    guard stack.count < OpenStepReader.maximumDepth else {
                        throw fail(.plistNestingTooDeep(OpenStepReader.maximumDepth, at: here))
                    }
                    index += 1
                    let kind: PropertyList.Kind = bytes[start] == UInt8(ascii: "{") ? .dictionary : .array
                    let value = append(PropertyList.Value(kind: kind, text: "", entries: [], items: [], range: range(start, index),
                                                          content: index..<index))
                    attach(value, to: &stack)
                    if stack.isEmpty && root == nil { root = value }
                    stack.append(Open(value: value))
                    continue
                }
                let value: PropertyList.Value
                if at("<") {
                    value = try data()
                } else if at("\"") || at("'") || OpenStepReader.isBare(bytes[start]) {
                    let text = try string()
                    value = PropertyList.Value(kind: .string, text: text, entries: [], items: [], range: range(start, index),
                                               content: start..<index)
                } else {
                    throw fail(.plistExpected(stack.isEmpty ? "a property list value" : "a value", found: found, at: here))
                }
                let made = append(value)
                attach(made, to: &stack)
                if stack.isEmpty {
                    root = made
                    break
                }
                try afterValue(&stack)
            }
            try skipTrivia()
            guard index == bytes.count else {
                throw fail(.plistExpected("the end of the file after the top-level value", found: found, at: here))
            }
            return PropertyList(values: values, root: root!)
        }

        mutating func append(_ value: PropertyList.Value) -> Int {
            values.append(value)
            return values.count - 1
        }

        /// Records `value` as the next entry or item of the innermost open container.
        mutating func attach(_ value: Int, to stack: inout [Open]) {
            guard var top = stack.last else { return }
            if values[top.value].kind == .dictionary, let key = top.key {
                // A key given again keeps its last value, in the place of its first.
                if let earlier = values[top.value].entries.firstIndex(where: { $0.key == key.text }) {
                    values[top.value].entries[earlier] = (key.text, key.range, value)
                } else {
                    values[top.value].entries.append((key.text, key.range, value))
                }
                top.key = nil
                top.sawEquals = false
                stack[stack.count - 1] = top
            } else {
                values[top.value].items.append(value)
            }
        }

        /// Closes the innermost container at its `}` or `)`.
        mutating func close(_ stack: inout [Open]) {
            let top = stack.removeLast()
            values[top.value].content = values[top.value].content.lowerBound..<index
            index += 1
        }

        /// After a value inside a container: `;` in a dictionary, `,` or `)` in an array.
        mutating func afterValue(_ stack: inout [Open]) throws(Failure) {
            guard let top = stack.last else { return }
            try skipTrivia()
            if values[top.value].kind == .dictionary {
                guard at(";") else { throw fail(.plistExpected("';' after a dictionary's value", found: found, at: here)) }
                index += 1
            } else if at(",") {
                index += 1
            } else if !at(")") {
                throw fail(.plistExpected("',' or ')' after an array's item", found: found, at: here))
            }
        }

        func at(_ character: Unicode.Scalar) -> Bool {
            index < bytes.count && bytes[index] == UInt8(ascii: character)
        }

        /// Skips whitespace and comments.
        mutating func skipTrivia() throws(Failure) {
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C || byte == 0x0B {
                    index += 1
                } else if byte == UInt8(ascii: "/") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/") {
                    while index < bytes.count && bytes[index] != 0x0A && bytes[index] != 0x0D { index += 1 }
                } else if byte == UInt8(ascii: "/") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*") {
                    let start = index
                    index += 2
                    while index + 1 < bytes.count && !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                        index += 1
                    }
                    guard index + 1 < bytes.count else { throw fail(.plistUnterminated("comment", at: range(start, start + 2))) }
                    index += 2
                } else {
                    return
                }
            }
        }

        /// A quoted or bare string at the cursor, decoded.
        mutating func string() throws(Failure) -> String {
            let quote = bytes[index]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                let start = index
                while index < bytes.count && OpenStepReader.isBare(bytes[index]) { index += 1 }
                return String(decoding: bytes[start..<index], as: UTF8.self)
            }
            let start = index
            index += 1
            var text: [UInt8] = []
            var runStart = index
            while index < bytes.count && bytes[index] != quote {
                guard bytes[index] == UInt8(ascii: "\\") else {
                    index += 1
                    continue
                }
                text.append(contentsOf: bytes[runStart..<index])
                let escape = index
                index += 1
                guard index < bytes.count else { break }
                let letter = bytes[index]
                index += 1
                switch letter {
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "a"): text.append(0x07)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "v"): text.append(0x0B)
                case UInt8(ascii: "0")...UInt8(ascii: "7"):
                    var code = Int(letter - 0x30)
                    var digits = 1
                    while digits < 3, index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[index]) {
                        code = code * 8 + Int(bytes[index] - 0x30)
                        index += 1
                        digits += 1
                    }
                    appendScalar(Unicode.Scalar(UInt32(min(code, 0xFF))), to: &text)
                case UInt8(ascii: "U"):
                    guard let unit = hexUnit() else { throw fail(.plistBadEscape(at: range(escape, index))) }
                    if (0xD800..<0xDC00).contains(unit), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                       bytes[index + 1] == UInt8(ascii: "U") {
                        let mark = index
                        index += 2
                        if let low = hexUnit(), (0xDC00..<0xE000).contains(low) {
                            appendScalar(Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)), to: &text)
                            break
                        }
                        index = mark
                    }
                    guard let scalar = Unicode.Scalar(unit) else { throw fail(.plistBadEscape(at: range(escape, index))) }
                    appendScalar(scalar, to: &text)
                default:
                    // `\"`, `\\`, `\'` and any other character stand for themselves.
                    index -= 1
                    let width = max(1, Self.scalarWidth(bytes[index]))
                    text.append(contentsOf: bytes[index..<min(index + width, bytes.count)])
                    index = min(index + width, bytes.count)
                }
                runStart = index
            }
            guard index < bytes.count else { throw fail(.plistUnterminated("string", at: range(start, start + 1))) }
            text.append(contentsOf: bytes[runStart..<index])
            index += 1
            return String(decoding: text, as: UTF8.self)
        }

        /// The four hexadecimal digits after `\U`, as a UTF-16 code unit.
        mutating func hexUnit() -> UInt32? {
            guard index + 4 <= bytes.count else { return nil }
            var unit: UInt32 = 0
            for offset in 0..<4 {
                let byte = bytes[index + offset]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - 0x30
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - 0x61 + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - 0x41 + 10
                default: return nil
                }
                unit = unit << 4 | UInt32(digit)
            }
            index += 4
            return unit
        }

        func appendScalar(_ scalar: Unicode.Scalar?, to text: inout [UInt8]) {
            guard let scalar else { return }
            text.append(contentsOf: String(Character(scalar)).utf8)
        }

        /// The length of the UTF-8 sequence a lead byte starts (the file is valid UTF-8).
        static func scalarWidth(_ lead: UInt8) -> Int {
            lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        }

        /// `<hex digits>`: data, kept as its digits.
        mutating func data() throws(Failure) -> PropertyList.Value {
            let start = index
            index += 1
            var digits: [UInt8] = []
            while index < bytes.count && bytes[index] != UInt8(ascii: ">") {
                let byte = bytes[index]
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                    index += 1
                    continue
                }
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                        || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte) else {
                    throw fail(.plistExpected("a hexadecimal digit or '>' in data", found: found, at: here))
                }
                digits.append(byte)
                index += 1
            }
            guard index < bytes.count else { throw fail(.plistUnterminated("data", at: range(start, start + 1))) }
            index += 1
            guard digits.count % 2 == 0 else {
                throw fail(.plistOddData(at: range(start, index)))
            }
            return PropertyList.Value(kind: .data, text: String(decoding: digits, as: UTF8.self), entries: [], items: [],
                                      range: range(start, index), content: start + 1..<index - 1)
        }
    }
}
