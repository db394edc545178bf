import LifecycleSource

/// Binary property lists (`bplist00`, the format Xcode's build writes and some projects keep
/// their Info.plist in), read into the same `PropertyList` as XML and written back, without
/// Foundation or `plutil`.
///
/// The format: the 8-byte header, the objects, a table of their offsets, and a 32-byte trailer
/// (the offset and reference sizes, the number of objects, the top object, the table's offset).
/// An object is a marker byte (its type in the high nibble, a size or count in the low one,
/// 15 meaning an integer object follows with the count) and its payload; containers hold
/// object numbers ("references") of `objectReferenceSize` bytes.
///
/// Hardened like the XML reader: every offset and count is checked against the file before it
/// is used, the object graph is walked with an explicit stack (`maximumDepth`), a container
/// that holds itself is an error, and a file whose shared objects would unfold into more values
/// than four per byte of the file (at most `maximumValues`) is refused rather than expanded: a
/// file without shared containers unfolds into fewer values than it has bytes. Types no Info.plist holds (`UID`s of
/// keyed archives, sets, null) are errors, as `plutil -convert xml1` finds them too.
public enum BinaryPropertyList {
    public static let header = Array("bplist00".utf8)
    /// Deeper nesting is an error (Info.plists nest a few levels).
    public static let maximumDepth = 512
    /// Values a file may unfold into, shared objects counted once per use.
    public static let maximumValues = 1_000_000

    // MARK: - Reading

    /// The property list of a binary file; nil and one located error when it is malformed.
    public static func read(_ file: SourceFile) -> (PropertyList?, Diagnostics) {
        var diagnostics = Diagnostics()
        var reader = Reader(file: file)
        switch reader.read() {
        case .success(let list):
            return (list, diagnostics)
        case .failure(let failure):
            diagnostics.append(.plistBinaryMalformed(file.path, reason: failure.reason,
                                                     at: SourceRange(file: file.id, start: failure.offset, end: min(failure.offset + 1, file.count))))
            return (nil, diagnostics)
        }
    }

    struct Failure: Error {
        var reason: String
        var offset: Int
    }

    struct Reader {
        let file: SourceFile
        let bytes: UnsafeBufferPointer<UInt8>
        var offsetSize = 0
        var referenceSize = 0
        var objectCount = 0
        var tableOffset = 0
        var values: [PropertyList.Value] = []
        /// How many values the file may unfold into.
        let limit: Int

        init(file: SourceFile) {
            self.file = file
            bytes = file.bytes
            limit = min(maximumValues, max(4 * file.count, 4_096))
        }

        func fail(_ reason: String, at offset: Int) -> Failure { Failure(reason: reason, offset: max(0, min(offset, bytes.count))) }

        /// A big-endian unsigned integer of `size` (1 to 8) bytes at `offset`, checked.
        func unsigned(at offset: Int, size: Int) throws(Failure) -> UInt64 {
            guard offset >= 0, size >= 1, size <= 8, offset + size <= bytes.count else {
                throw fail("a field runs past the end of the file", at: offset)
            }
            var value: UInt64 = 0
            for index in offset..<(offset + size) { value = value << 8 | UInt64(bytes[index]) }
            return value
        }

        mutating func read() -> Result<PropertyList, Failure> {
            do throws(Failure) {
                guard bytes.count >= header.count + 32, header.indices.allSatisfy({ bytes[$0] == header[$0] }) else {
                    throw fail("it is shorter than a header and a trailer", at: 0)
                }
                let trailer = bytes.count - 32
                offsetSize = Int(bytes[trailer + 6])
                referenceSize = Int(bytes[trailer + 7])
                let count = try unsigned(at: trailer + 8, size: 8)
                let top = try unsigned(at: trailer + 16, size: 8)
                let table = try unsigned(at: trailer + 24, size: 8)
                guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
                    throw fail("its trailer gives offsets of \(offsetSize) and references of \(referenceSize) bytes", at: trailer + 6)
                }
                guard count >= 1, count <= UInt64(bytes.count), top < count, table >= UInt64(header.count),
                      table <= UInt64(trailer), UInt64(trailer) - table >= count * UInt64(offsetSize) else {
                    throw fail("its trailer's object count, top object or offset table does not fit the file", at: trailer + 8)
                }
                objectCount = Int(count)
                tableOffset = Int(table)
                let root = try value(Int(top))
                return .success(PropertyList(values: values, root: root))
            } catch {
                return .failure(error)
            }
        }

        /// Where object `number` starts, checked.
        func offset(of number: Int) throws(Failure) -> Int {
            let offset = try unsigned(at: tableOffset + number * offsetSize, size: offsetSize)
            guard offset >= UInt64(header.count), offset < UInt64(tableOffset) else {
                throw fail("object \(number) is said to start outside the objects", at: tableOffset + number * offsetSize)
            }
            return Int(offset)
        }

        /// The count in an object's low nibble, or the integer object after it; and where the
        /// payload starts.
        func count(at offset: Int) throws(Failure) -> (Int, Int) {
            let nibble = Int(bytes[offset] & 0x0F)
            guard nibble == 0x0F else { return (nibble, offset + 1) }
            guard offset + 1 < bytes.count, bytes[offset + 1] & 0xF0 == 0x10 else {
                throw fail("a count is not an integer", at: offset + 1)
            }
            let size = 1 << Int(bytes[offset + 1] & 0x0F)
            guard size <= 8 else { throw fail("a count is too large", at: offset + 1) }
            let value = try unsigned(at: offset + 2, size: size)
            guard value <= UInt64(bytes.count) else { throw fail("a count is larger than the file", at: offset + 1) }
            return (Int(value), offset + 2 + size)
        }

        /// The object numbers a container at `start` holds, checked.
        func references(from start: Int, count: Int) throws(Failure) -> [Int] {
            guard count <= bytes.count, start + count * referenceSize <= tableOffset else {
                throw fail("a container's references run past the objects", at: start)
            }
            var result: [Int] = []
            result.reserveCapacity(count)
            for index in 0..<count {
                let number = try unsigned(at: start + index * referenceSize, size: referenceSize)
                guard number < UInt64(objectCount) else { throw fail("a reference names object \(number) of \(objectCount)", at: start + index * referenceSize) }
                result.append(Int(number))
            }
            return result
        }

        /// Builds the value of object `top` and everything in it, children before parents
        /// (the flat array's order), with an explicit stack.
        mutating func value(_ top: Int) throws(Failure) -> Int {
            // A container is visited twice: once to push its children, once to build it.
            struct Frame {
                var number: Int
                var children: [Int]? = nil
                var keys: [Int] = []
            }
            var stack = [Frame(number: top)]
            var onPath: [Int] = []
            var built: [Int] = []  // values of finished frames, in order
            while var frame = stack.popLast() {
                let offset = try offset(of: frame.number)
                let marker = bytes[offset]
                if let children = frame.children {
                    // Second visit: the children's values are the last ones built.
                    onPath.removeLast()
                    let childValues = Array(built.suffix(children.count))
                    built.removeLast(children.count)
                    var value = PropertyList.Value(kind: marker & 0xF0 == 0xD0 ? .dictionary : .array, text: "", entries: [], items: [],
                                                   range: range(offset), content: offset..<offset)
                    if value.kind == .dictionary {
                        var seen = Set<String>()
                        for (keyNumber, child) in zip(frame.keys, childValues) {
                            let key = try string(keyNumber)
                            guard seen.insert(key).inserted else { throw fail("duplicate key '\(key)'", at: offset) }
                            value.entries.append((key, range(try self.offset(of: keyNumber)), child))
                        }
                    } else {
                        value.items = childValues
                    }
                    built.append(try append(value))
                    continue
                }
                switch marker & 0xF0 {
                case 0xA0, 0xD0:
                    guard onPath.count < maximumDepth else { throw fail("it nests deeper than \(maximumDepth) levels", at: offset) }
                    guard !onPath.contains(frame.number) else { throw fail("a container holds itself", at: offset) }
                    let (count, start) = try count(at: offset)
                    let isDictionary = marker & 0xF0 == 0xD0
                    let all = try references(from: start, count: isDictionary ? count * 2 : count)
                    frame.keys = isDictionary ? Array(all[..<count]) : []
                    let children = isDictionary ? Array(all[count...]) : all
                    guard values.count + stack.count + children.count <= limit else {
                        throw fail("its shared objects unfold into more than \(limit) values", at: offset)
                    }
                    frame.children = children
                    onPath.append(frame.number)
                    stack.append(frame)
                    // Pushed last first, so that the first child is built first.
                    for child in children.reversed() { stack.append(Frame(number: child)) }
                default:
                    built.append(try append(try scalar(at: offset)))
                }
            }
            guard built.count == 1 else { throw fail("its top object could not be read", at: 0) }
            return built[0]
        }

        mutating func append(_ value: PropertyList.Value) throws(Failure) -> Int {
            guard values.count < limit else { throw fail("its shared objects unfold into more than \(limit) values", at: value.content.lowerBound) }
            values.append(value)
            return values.count - 1
        }

        func range(_ offset: Int) -> SourceRange {
            SourceRange(file: file.id, start: offset, end: min(offset + 1, bytes.count))
        }

        /// A dictionary key: a string object.
        func string(_ number: Int) throws(Failure) -> String {
            let offset = try offset(of: number)
            let value = try scalar(at: offset)
            guard value.kind == .string else { throw fail("a dictionary key is not a string", at: offset) }
            return value.text
        }

        /// The scalar object at `offset`, with its encoded bytes.
        func scalar(at offset: Int) throws(Failure) -> PropertyList.Value {
            let marker = bytes[offset]
            var value = PropertyList.Value(kind: .string, text: "", entries: [], items: [], range: range(offset), content: offset..<offset)
            var end = offset + 1
            switch marker & 0xF0 {
            case 0x00:
                guard marker == 0x08 || marker == 0x09 else {
                    throw fail(marker == 0x00 ? "it holds a null, which Info.plists do not" : "unknown object type 0x\(String(marker, radix: 16))", at: offset)
                }
                value.kind = .boolean
                value.text = marker == 0x09 ? "true" : "false"
            case 0x10:
                let size = 1 << Int(marker & 0x0F)
                guard size <= 16 else { throw fail("an integer of \(size) bytes", at: offset) }
                end = offset + 1 + size
                value.kind = .integer
                if size == 16 {
                    // 128 bits: the high half is zero for the unsigned values that need it.
                    guard try unsigned(at: offset + 1, size: 8) == 0 else { throw fail("an integer beyond 64 bits", at: offset) }
                    value.text = String(try unsigned(at: offset + 9, size: 8))
                } else {
                    let raw = try unsigned(at: offset + 1, size: size)
                    // Only 8-byte integers are signed.
                    value.text = size == 8 ? String(Int64(bitPattern: raw)) : String(raw)
                }
            case 0x20:
                let size = 1 << Int(marker & 0x0F)
                guard size == 4 || size == 8 else { throw fail("a real of \(size) bytes", at: offset) }
                end = offset + 1 + size
                let raw = try unsigned(at: offset + 1, size: size)
                value.kind = .real
                value.text = size == 4 ? Double(Float(bitPattern: UInt32(raw))).description : Double(bitPattern: raw).description
            case 0x30:
                guard marker == 0x33 else { throw fail("a date of another size", at: offset) }
                end = offset + 9
                value.kind = .date
                value.text = PropertyListDate.text(seconds: Double(bitPattern: try unsigned(at: offset + 1, size: 8)))
            case 0x40:
                let (count, start) = try count(at: offset)
                end = start + count
                guard end <= tableOffset else { throw fail("data run past the objects", at: offset) }
                value.kind = .data
                value.text = Base64.encode(bytes[start..<end])
            case 0x50:
                let (count, start) = try count(at: offset)
                end = start + count
                guard end <= tableOffset else { throw fail("a string runs past the objects", at: offset) }
                guard !bytes[start..<end].contains(where: { $0 >= 0x80 }) else { throw fail("an ASCII string holds a byte above 127", at: offset) }
                value.text = String(decoding: bytes[start..<end], as: UTF8.self)
            case 0x60:
                let (count, start) = try count(at: offset)
                end = start + count * 2
                guard end <= tableOffset else { throw fail("a string runs past the objects", at: offset) }
                let units = stride(from: start, to: end, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
                var text = ""
                var iterator = units.makeIterator()
                var decoder = Unicode.UTF16()
                decoding: while true {
                    switch decoder.decode(&iterator) {
                    case .scalarValue(let scalar): text.unicodeScalars.append(scalar)
                    case .emptyInput: break decoding
                    case .error: throw fail("a string holds a lone UTF-16 surrogate", at: offset)
                    }
                }
                value.text = text
            case 0x80:
                throw fail("it holds a UID (a keyed archive's), which Info.plists do not", at: offset)
            case 0xC0:
                throw fail("it holds a set, which Info.plists do not", at: offset)
            default:
                throw fail("unknown object type 0x\(String(marker, radix: 16))", at: offset)
            }
            guard end <= tableOffset else { throw fail("an object runs past the objects", at: offset) }
            value.encoded = Array(bytes[offset..<end])
            value.content = offset..<end
            return value
        }
    }

    // MARK: - Writing

    /// `list` as a binary property list. Scalars read from a binary file are written as they
    /// were encoded (`PropertyList.Value.encoded`); other values are encoded here. Objects are
    /// numbered in the order of a walk from the root, each dictionary's keys before its values.
    public static func write(_ list: PropertyList) -> [UInt8] {
        // Number the objects: each value once, and each dictionary key as a string of its own.
        enum Object {
            case value(Int)
            case key(String)
        }
        var objects: [Object] = []
        var number = [Int](repeating: -1, count: list.values.count)
        var keyNumbers = [[Int]](repeating: [], count: list.values.count)
        var pending = [list.root]
        while !pending.isEmpty {
            var next: [Int] = []
            for index in pending {
                number[index] = objects.count
                objects.append(.value(index))
            }
            for index in pending {
                let value = list.values[index]
                for entry in value.entries {
                    keyNumbers[index].append(objects.count)
                    objects.append(.key(entry.key))
                }
                next += value.entries.map(\.value) + value.items
            }
            pending = next
        }
        let referenceSize = bytesNeeded(UInt64(max(objects.count - 1, 0)))
        var out = header
        var offsets: [Int] = []
        offsets.reserveCapacity(objects.count)
        for object in objects {
            offsets.append(out.count)
            switch object {
            case .key(let key):
                out += encodedString(key)
            case .value(let index):
                let value = list.values[index]
                switch value.kind {
                case .dictionary:
                    out += marker(0xD0, count: value.entries.count)
                    for key in keyNumbers[index] { out += bigEndian(UInt64(key), size: referenceSize) }
                    for entry in value.entries { out += bigEndian(UInt64(number[entry.value]), size: referenceSize) }
                case .array:
                    out += marker(0xA0, count: value.items.count)
                    for item in value.items { out += bigEndian(UInt64(number[item]), size: referenceSize) }
                default:
                    out += value.encoded ?? encodedScalar(value)
                }
            }
        }
        let tableOffset = out.count
        let offsetSize = bytesNeeded(UInt64(tableOffset))
        for offset in offsets { out += bigEndian(UInt64(offset), size: offsetSize) }
        out += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        out += bigEndian(UInt64(objects.count), size: 8) + bigEndian(0, size: 8) + bigEndian(UInt64(tableOffset), size: 8)
        return out
    }

    /// The fewest bytes (1, 2, 4 or 8) that hold `value`.
    static func bytesNeeded(_ value: UInt64) -> Int {
        value <= 0xFF ? 1 : value <= 0xFFFF ? 2 : value <= 0xFFFF_FFFF ? 4 : 8
    }

    static func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64(size - 1 - $0))) }
    }

    /// A marker with its count: in the low nibble, or 15 and an integer object.
    static func marker(_ type: UInt8, count: Int) -> [UInt8] {
        guard count >= 15 else { return [type | UInt8(count)] }
        return [type | 0x0F] + encodedInteger(UInt64(count))
    }

    static func encodedInteger(_ value: UInt64) -> [UInt8] {
        let size = bytesNeeded(value)
        let exponent: UInt8 = size == 1 ? 0 : size == 2 ? 1 : size == 4 ? 2 : 3
        return [0x10 | exponent] + bigEndian(value, size: size)
    }

    static func encodedString(_ text: String) -> [UInt8] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return marker(0x50, count: text.utf8.count) + Array(text.utf8) }
        let units = Array(text.utf16)
        return marker(0x60, count: units.count) + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }

    /// A scalar read from XML (text), encoded. Text that does not read as its kind (which the
    /// XML reader has refused already) is written as it would be in XML's most lenient
    /// reading: an integer or real of 0, a date at the reference date, empty data.
    static func encodedScalar(_ value: PropertyList.Value) -> [UInt8] {
        let text = PropertyList.scalarText(value)
        switch value.kind {
        case .boolean:
            return [value.text == "true" ? 0x09 : 0x08]
        case .integer:
            let negative = text.hasPrefix("-")
            var digits = Substring(text)
            if digits.hasPrefix("-") || digits.hasPrefix("+") { digits = digits.dropFirst() }
            let magnitude = digits.hasPrefix("0x") ? UInt64(digits.dropFirst(2), radix: 16) ?? 0 : UInt64(digits) ?? 0
            if negative { return [0x13] + bigEndian(UInt64(bitPattern: 0 &- Int64(truncatingIfNeeded: magnitude)), size: 8) }
            if magnitude > UInt64(Int64.max) { return [0x14] + bigEndian(0, size: 8) + bigEndian(magnitude, size: 8) }
            // Unsigned sizes below 8 bytes; 8 bytes are signed, which a value up to Int64.max is too.
            return encodedInteger(magnitude)
        case .real:
            let number: Double
            switch text.lowercased() {
            case "nan": number = .nan
            case "inf", "+inf", "infinity", "+infinity": number = .infinity
            case "-inf", "-infinity": number = -.infinity
            default: number = Double(text) ?? 0
            }
            return [0x23] + bigEndian(number.bitPattern, size: 8)
        case .date:
            return [0x33] + bigEndian((PropertyListDate.seconds(text) ?? 0).bitPattern, size: 8)
        case .data:
            let bytes = Base64.decode(text) ?? []
            return marker(0x40, count: bytes.count) + bytes
        case .string, .dictionary, .array:
            return encodedString(value.text)
        }
    }
}

/// Property list dates as XML writes them (`2001-01-01T00:00:00Z`, UTC) and as binary stores
/// them (seconds since that moment, a `Double`), converted with the civil-calendar arithmetic
/// of the proleptic Gregorian calendar.
enum PropertyListDate {
    /// Days from 1970-01-01 to 2001-01-01.
    static let referenceDays = 11_323

    /// `seconds` after the reference date as XML's text; a fraction of a second, which XML
    /// cannot hold, is kept after a `.` so that comparisons still see it.
    static func text(seconds: Double) -> String {
        guard seconds.isFinite, abs(seconds) < 1e14 else { return seconds.description }
        let whole = seconds.rounded(.down)
        let total = Int64(whole)
        var days = total / 86_400
        var rest = total % 86_400
        if rest < 0 { rest += 86_400; days -= 1 }
        let (year, month, day) = civil(fromDays: days + Int64(referenceDays))
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        var text = "\(year)-\(two(month))-\(two(day))T\(two(rest / 3600)):\(two(rest % 3600 / 60)):\(two(rest % 60))"
        if seconds != whole { text += String((seconds - whole).description.dropFirst()) }
        return text + "Z"
    }

    /// The seconds after the reference date of an XML date (`YYYY-MM-DDTHH:MM:SSZ`).
    static func seconds(_ text: String) -> Double? {
        let digits = text.split(whereSeparator: { "-T:Z".contains($0) })
        guard digits.count >= 6, let year = Int64(digits[0]), let month = Int64(digits[1]), let day = Int64(digits[2]),
              let hour = Int64(digits[3]), let minute = Int64(digits[4]), let second = Double(digits[5]) else { return nil }
        let days = self.days(year: year, month: month, day: day) - Int64(referenceDays)
        return Double(days * 86_400 + hour * 3600 + minute * 60) + second
    }

    /// Days since 1970-01-01 of a date (Howard Hinnant's `days_from_civil`).
    static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day since 1970-01-01 (`civil_from_days`).
    static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

/// Base64 (RFC 4648), as property lists write `<data>`: white space inside is skipped.
enum Base64 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: some Collection<UInt8>) -> String {
        var out: [UInt8] = []
        var iterator = bytes.makeIterator()
        while let a = iterator.next() {
            let b = iterator.next(), c = b == nil ? nil : iterator.next()
            let word = UInt32(a) << 16 | UInt32(b ?? 0) << 8 | UInt32(c ?? 0)
            out.append(alphabet[Int(word >> 18 & 63)])
            out.append(alphabet[Int(word >> 12 & 63)])
            out.append(b == nil ? UInt8(ascii: "=") : alphabet[Int(word >> 6 & 63)])
            out.append(c == nil ? UInt8(ascii: "=") : alphabet[Int(word & 63)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func decode(_ text: String) -> [UInt8]? {
        var out: [UInt8] = []
        var word: UInt32 = 0, bits = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "=") { break }
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { continue }
            guard let digit = alphabet.firstIndex(of: byte) else { return nil }
            word = word << 6 | UInt32(digit)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: word >> UInt32(bits)))
            }
        }
        return out
    }
}
