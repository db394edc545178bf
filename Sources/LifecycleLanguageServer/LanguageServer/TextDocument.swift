import LifecycleSource

/// An open document: its bytes, version, and conversions between LSP positions and offsets.

/// How a client counts characters in a `Position` (negotiated in `initialize`).
public enum PositionEncoding: String, Sendable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
}

/// A text document as the client sees it, kept in sync by `didOpen` and `didChange`.
public struct TextDocument: Sendable {
    public var uri: String
    /// The file-system path for `file:` URIs (imports are resolved against it), else the URI.
    public var path: String
    public var version: Int
    public private(set) var bytes: [UInt8]
    /// Offsets of line starts (after each LF, CR LF or lone CR: `LineEnd`, as LSP 3.17
    /// counts lines), kept up to date by each change.
    private(set) var lineStarts: [Int] = [0]

    public init(uri: String, version: Int, text: [UInt8]) {
        self.uri = uri
        self.path = DocumentURI.path(of: uri)
        self.version = version
        self.bytes = text
        rebuildLines()
    }

    mutating func rebuildLines() {
        lineStarts = bytes.withUnsafeBufferPointer(LineEnd.lineStarts)
    }

    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The byte offset of an LSP `Position` (`{line, character}`), clamped to the document as
    /// the protocol says (a character past the end of its line is the end of the line, before
    /// its line end); nil when it is not a position at all. A position inside a character (a
    /// UTF-8 offset among its bytes, a UTF-16 offset between its surrogates) is the end of that
    /// character, so that no edit splits one.
    public func offset(of position: Position, encoding: PositionEncoding) -> Int {
        let line = position.line, character = position.character
        guard line < lineStarts.count else { return bytes.count }
        let start = lineStarts[line]
        let end = line + 1 < lineStarts.count
            ? bytes.withUnsafeBufferPointer { LineEnd.trimmed(lineStarts[line + 1], after: start, in: $0) } : bytes.count
        var offset = start
        var units = 0
        while offset < end && units < character {
            let length = TextDocument.sequenceLength(bytes[offset])
            switch encoding {
            case .utf8: units += length
            case .utf16: units += length == 4 ? 2 : 1
            }
            offset = min(end, offset + length)
        }
        return offset
    }

    /// The LSP position of a byte offset.
    public func position(of offset: Int, encoding: PositionEncoding) -> Position {
        let clamped = min(max(offset, 0), bytes.count)
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
        }
        var units = 0
        var index = lineStarts[low]
        while index < clamped {
            let length = TextDocument.sequenceLength(bytes[index])
            switch encoding {
            case .utf8: units += 1; index += 1; continue
            case .utf16: units += length == 4 ? 2 : 1
            }
            index += length
        }
        return Position(line: low, character: units)
    }

    public func range(_ start: Int, _ end: Int, encoding: PositionEncoding) -> LSPRange {
        LSPRange(start: position(of: start, encoding: encoding), end: position(of: end, encoding: encoding))
    }

    static func sequenceLength(_ byte: UInt8) -> Int {
        switch byte {
        case 0xF0...0xF7: 4
        case 0xE0...0xEF: 3
        case 0xC0...0xDF: 2
        default: 1
        }
    }

    /// Applies one `TextDocumentContentChangeEvent` (a range edit or the whole text).
    /// Returns false when the change is malformed (the document is left as it was).
    public mutating func apply(_ change: ContentChange, encoding: PositionEncoding, maximumSize: Int) -> Bool {
        let range: LSPRange, replacement: [UInt8]
        switch change {
        case .malformed:
            return false
        case .full(let text):
            replacement = Array(text.utf8)
            guard replacement.count <= maximumSize else { return false }
            bytes = replacement
            rebuildLines()
            return true
        case .edit(let edited, let text):
            range = edited
            replacement = Array(text.utf8)
        }
        let start = offset(of: range.start, encoding: encoding), end = offset(of: range.end, encoding: encoding)
        guard start <= end else { return false }
        guard bytes.count - (end - start) + replacement.count <= maximumSize else { return false }
        bytes.replaceSubrange(start..<end, with: replacement)
        // Line starts change only from the edit on: shift the later ones instead of a rescan
        // when the edit adds, removes and joins no line end (a CR before the edit could pair
        // with an LF after it, or stop pairing with the one it split off).
        let touchesLineEnd = replacement.contains(where: LineEnd.isLineEndByte)
            || (start > 0 && bytes[start - 1] == UInt8(ascii: "\r"))
        if !touchesLineEnd && !lineStarts.isEmpty {
            let firstAfter = TextDocument.firstIndex(in: lineStarts, after: start)
            let removedBreaks = firstAfter < lineStarts.count && lineStarts[firstAfter] <= end
            if !removedBreaks {
                let delta = replacement.count - (end - start)
                for index in firstAfter..<lineStarts.count { lineStarts[index] += delta }
                return true
            }
        }
        rebuildLines()
        return true
    }

    /// The index of the first element of the sorted `starts` greater than `offset`.
    static func firstIndex(in starts: [Int], after offset: Int) -> Int {
        var low = 0, high = starts.count
        while low < high {
            let mid = (low + high) / 2
            if starts[mid] <= offset { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

/// `file:` URIs and paths.
public enum DocumentURI {
    /// The path of a `file:` URI, percent-decoded; other URIs are returned unchanged.
    public static func path(of uri: String) -> String {
        guard uri.hasPrefix("file://") else { return uri }
        var rest = Substring(uri.dropFirst(7))
        // `file://host/path`: drop a host (usually empty or localhost).
        if !rest.hasPrefix("/"), let slash = rest.firstIndex(of: "/") { rest = rest[slash...] }
        var bytes: [UInt8] = []
        var utf8 = Array(rest.utf8)[...]
        while let byte = utf8.first {
            utf8 = utf8.dropFirst()
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let high = hexValue(utf8[utf8.startIndex]), let low = hexValue(utf8[utf8.startIndex + 1]) {
                bytes.append(high << 4 | low)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The `file:` URI of an absolute path.
    public static func uri(ofPath path: String) -> String {
        var result = "file://"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".utf8)
                result += "%" + String(Unicode.Scalar(hex[Int(byte >> 4)])) + String(Unicode.Scalar(hex[Int(byte & 15)]))
            }
        }
        return result
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
