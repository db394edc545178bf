import LifecycleSource

/// The character encoding of an XML document, and its text as UTF-8 for `XMLReader`.
///
/// XML names its encoding with a byte order mark or in its declaration
/// (`<?xml version="1.0" encoding="ISO-8859-1"?>`, XML 1.0 §4.3.3 and Appendix F). `lifecycle`
/// reads UTF-8 (the default), UTF-16 (with a byte order mark, or recognisable from its first
/// characters) and ISO-8859-1 (Latin-1, and US-ASCII, its subset); any other encoding is an
/// error that names it, and so is a byte the encoding does not allow. No byte is ever
/// replaced: a document read in the wrong encoding would have its names changed without a word.
public enum XMLEncoding {
    /// Why a document's text cannot be read: a located error.
    public struct Failure: Error {
        public var diagnostic: Diagnostic
    }

    static func fail(_ diagnostic: Diagnostic) -> Result<SourceFile, Failure> { .failure(Failure(diagnostic: diagnostic)) }

    /// An encoding `lifecycle` reads, as a document used it: what an edit writes back in.
    public enum Encoding: Sendable, Equatable {
        case utf8(byteOrderMark: Bool)
        /// ISO-8859-1: each byte is the code point of its value.
        case latin1
        case ascii
        case utf16(bigEndian: Bool, byteOrderMark: Bool)

        /// `text` in this encoding. A character ISO-8859-1 or US-ASCII cannot hold is written
        /// as a character reference (`&#x1F600;`), which XML reads back as the character (only
        /// in text and attribute values, which is where inserted names go).
        public func encode(_ text: String) -> [UInt8] {
            var bytes: [UInt8] = []
            switch self {
            case .utf8:
                bytes = Array(text.utf8)
            case .latin1, .ascii:
                let limit: UInt32 = self == .latin1 ? 0xFF : 0x7F
                for scalar in text.unicodeScalars {
                    if scalar.value <= limit {
                        bytes.append(UInt8(scalar.value))
                    } else {
                        bytes += Array("&#x\(String(scalar.value, radix: 16, uppercase: true));".utf8)
                    }
                }
            case .utf16(let bigEndian, _):
                for unit in text.utf16 {
                    let (high, low) = (UInt8(unit >> 8), UInt8(unit & 0xFF))
                    bytes += bigEndian ? [high, low] : [low, high]
                }
            }
            return bytes
        }

        /// The offset in the document's own bytes of `offset` in its UTF-8 text (`text`, what
        /// `XMLEncoding.decode` gave), so that an edit found in the text lands in the bytes.
        public func originalOffset(of offset: Int, inUTF8 text: UnsafeBufferPointer<UInt8>) -> Int {
            switch self {
            case .utf8, .ascii:
                return offset
            case .latin1:
                // One byte per character: count the characters (lead bytes) before it.
                return text[..<offset].reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
            case .utf16(_, let byteOrderMark):
                // Two bytes per character, four for one beyond the BMP (a 4-byte UTF-8 sequence).
                var units = 0
                for byte in text[..<offset] where byte & 0xC0 != 0x80 { units += byte >= 0xF0 ? 2 : 1 }
                return (byteOrderMark ? 2 : 0) + units * 2
            }
        }
    }

    /// A document's text as UTF-8, and the encoding its bytes are in.
    public struct Decoded: Sendable {
        /// The text as UTF-8: the document's own file when it is UTF-8 already.
        public var file: SourceFile
        public var encoding: Encoding
    }

    /// `file`'s text as UTF-8: `file` itself when it is UTF-8 already (with or without a byte
    /// order mark), else a new file in `files` with the same path holding the UTF-8 text, so
    /// that diagnostics point at lines and columns as an editor shows them. An error when the
    /// encoding is one `lifecycle` does not read, or the bytes are not valid in it.
    public static func utf8(_ file: SourceFile, in files: SourceFiles) -> Result<SourceFile, Failure> {
        decode(file, in: files).map(\.file)
    }

    /// `utf8(_:in:)`, with the encoding the bytes were in.
    public static func decode(_ file: SourceFile, in files: SourceFiles) -> Result<Decoded, Failure> {
        let bytes = file.bytes
        func starts(_ prefix: [UInt8]) -> Bool { bytes.count >= prefix.count && zip(bytes, prefix).allSatisfy { $0 == $1 } }
        func range(_ start: Int, _ end: Int) -> SourceRange { SourceRange(file: file.id, start: start, end: min(end, bytes.count)) }
        func decoded(_ encoding: Encoding, _ result: Result<SourceFile, Failure>) -> Result<Decoded, Failure> {
            result.map { Decoded(file: $0, encoding: encoding) }
        }
        if starts([0xEF, 0xBB, 0xBF]) { return decoded(.utf8(byteOrderMark: true), validateUTF8(file, from: 3, declared: nil)) }
        if starts([0x00, 0x00, 0xFE, 0xFF]) || starts([0xFF, 0xFE, 0x00, 0x00])
            || starts([0x00, 0x00, 0x00, 0x3C]) || starts([0x3C, 0x00, 0x00, 0x00]) {
            return .failure(Failure(diagnostic: .xmlUnsupportedEncoding("UTF-32", at: range(0, 4))))
        }
        if starts([0xFE, 0xFF]) { return decoded(.utf16(bigEndian: true, byteOrderMark: true), utf16(file, from: 2, bigEndian: true, in: files)) }
        if starts([0xFF, 0xFE]) { return decoded(.utf16(bigEndian: false, byteOrderMark: true), utf16(file, from: 2, bigEndian: false, in: files)) }
        if starts([0x00, 0x3C, 0x00, 0x3F]) { return decoded(.utf16(bigEndian: true, byteOrderMark: false), utf16(file, from: 0, bigEndian: true, in: files)) }
        if starts([0x3C, 0x00, 0x3F, 0x00]) { return decoded(.utf16(bigEndian: false, byteOrderMark: false), utf16(file, from: 0, bigEndian: false, in: files)) }
        // ASCII-compatible bytes: the declaration says which encoding.
        guard let (name, nameRange) = declaredEncoding(bytes) else { return decoded(.utf8(byteOrderMark: false), validateUTF8(file, from: 0, declared: nil)) }
        switch Self.canonical(name) {
        case "UTF-8":
            return decoded(.utf8(byteOrderMark: false), validateUTF8(file, from: 0, declared: name))
        case "ISO-8859-1":
            return .success(Decoded(file: files.add(path: file.path, bytes: latin1ToUTF8(bytes)), encoding: .latin1))
        case "US-ASCII":
            if let index = bytes.firstIndex(where: { $0 >= 0x80 }) {
                return .failure(Failure(diagnostic: .xmlInvalidByte(bytes[index], encoding: name, at: range(index, index + 1))))
            }
            return .success(Decoded(file: file, encoding: .ascii))
        case "UTF-16":
            return .failure(Failure(diagnostic: .xmlEncodingMismatch(declared: name, found: "ASCII-compatible bytes without a byte order mark",
                                                                     at: range(nameRange.lowerBound, nameRange.upperBound))))
        default:
            return .failure(Failure(diagnostic: .xmlUnsupportedEncoding(name, at: range(nameRange.lowerBound, nameRange.upperBound))))
        }
    }

    /// The encodings read, by their canonical names; their IANA aliases are folded to them.
    static func canonical(_ name: String) -> String {
        switch name.uppercased() {
        case "UTF-8", "UTF8": "UTF-8"
        case "UTF-16", "UTF-16LE", "UTF-16BE", "UTF16": "UTF-16"
        case "ISO-8859-1", "ISO_8859-1", "ISO8859-1", "ISO_8859-1:1987", "LATIN1", "LATIN-1", "L1", "IBM819", "CP819",
             "CSISOLATIN1", "ISO-IR-100": "ISO-8859-1"
        case "US-ASCII", "ASCII", "ANSI_X3.4-1968", "ISO646-US", "US", "CSASCII": "US-ASCII"
        default: name
        }
    }

    /// The value of the `encoding` pseudo-attribute of the declaration at the start of
    /// `bytes` (ASCII-compatible), and its byte range.
    static func declaredEncoding(_ bytes: UnsafeBufferPointer<UInt8>) -> (String, Range<Int>)? {
        let opening = Array("<?xml".utf8)
        guard bytes.count > opening.count, Array(bytes[0..<opening.count]) == opening else { return nil }
        // The declaration is short: its end is looked for in the first kilobyte only.
        let limit = min(bytes.count, 1_024)
        var end = opening.count
        while end + 1 < limit && !(bytes[end] == UInt8(ascii: "?") && bytes[end + 1] == UInt8(ascii: ">")) { end += 1 }
        let keyword = Array("encoding".utf8)
        var index = opening.count
        while index + keyword.count <= end {
            guard Array(bytes[index..<(index + keyword.count)]) == keyword, XMLReader.Reader.isSpace(bytes[index - 1]) else {
                index += 1
                continue
            }
            var cursor = index + keyword.count
            while cursor < end && XMLReader.Reader.isSpace(bytes[cursor]) { cursor += 1 }
            guard cursor < end, bytes[cursor] == UInt8(ascii: "=") else { return nil }
            cursor += 1
            while cursor < end && XMLReader.Reader.isSpace(bytes[cursor]) { cursor += 1 }
            guard cursor < end, bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'") else { return nil }
            let quote = bytes[cursor]
            let start = cursor + 1
            var stop = start
            while stop < end && bytes[stop] != quote { stop += 1 }
            guard stop < end else { return nil }
            return (String(decoding: bytes[start..<stop], as: UTF8.self), start..<stop)
        }
        return nil
    }

    /// `file` when its bytes from `start` on are valid UTF-8, else an error at the first that is not.
    static func validateUTF8(_ file: SourceFile, from start: Int, declared: String?) -> Result<SourceFile, Failure> {
        guard let offset = UTF8Validation.firstInvalidByte(in: file.bytes, from: start) else { return .success(file) }
        return fail(.xmlInvalidByte(file.bytes[offset], encoding: declared ?? "UTF-8", at: SourceRange(file: file.id, start: offset, end: offset + 1)))
    }

    /// Latin-1 is the first 256 code points: each byte is its own scalar.
    static func latin1ToUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + bytes.count / 8)
        for byte in bytes {
            if byte < 0x80 {
                result.append(byte)
            } else {
                result.append(0xC0 | byte >> 6)
                result.append(0x80 | byte & 0x3F)
            }
        }
        return result
    }

    /// The UTF-16 text from `start` as UTF-8, in a new file. A lone surrogate (or an odd last
    /// byte) is an error at the end of the text decoded before it.
    static func utf16(_ file: SourceFile, from start: Int, bigEndian: Bool, in files: SourceFiles) -> Result<SourceFile, Failure> {
        let bytes = file.bytes
        var units: [UInt16] = []
        units.reserveCapacity((bytes.count - start) / 2)
        var index = start
        while index + 1 < bytes.count {
            let (high, low) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
            units.append(bigEndian ? high << 8 | low : low << 8 | high)
            index += 2
        }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(units.count)
        var iterator = units.makeIterator()
        var decoder = Unicode.UTF16()
        var problem: String?
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): utf8.append(contentsOf: UTF8.encode(scalar)!)
            case .emptyInput: break decoding
            case .error:
                problem = "a lone UTF-16 surrogate"
                break decoding
            }
        }
        if problem == nil && index < bytes.count { problem = "an odd number of bytes in UTF-16 text" }
        let decoded = files.add(path: file.path, bytes: utf8)
        if let problem {
            return fail(.xmlInvalidUTF16(problem, at: SourceRange(file: decoded.id, start: decoded.count, end: decoded.count)))
        }
        // A declaration that names another encoding contradicts the bytes.
        if let (name, nameRange) = declaredEncoding(decoded.bytes), canonical(name) != "UTF-16" {
            return fail(.xmlEncodingMismatch(declared: name, found: "UTF-16 text", at: SourceRange(file: decoded.id, start: nameRange.lowerBound, end: nameRange.upperBound)))
        }
        return .success(decoded)
    }
}
