/// The one definition of a line end: LF, CR LF, or a CR alone (old Mac files), as the
/// grammar's `NEWLINE` says and as LSP 3.17 counts lines.
///
/// Every reader of lines uses it: the lexer (where a `//` comment, a Swift type or a Swift
/// string ends), the formatter, `LineTable` (diagnostics), the language server's documents
/// (positions and incremental edits), the Swift scanner, and the line walks of `migrate` and
/// `check --impl` over the user's Swift (statements' lines, where a fix-it goes). `first(in:)`
/// is the line end text inserted into a file ends its lines with. Two readers that disagreed about a
/// lone CR once let `fmt -i` drop a transition that the lexer read as part of a comment.
///
/// A CR LF pair is one line end: an offset between its CR and its LF is inside that line end,
/// on the line the CR ends. The functions take the bytes as a buffer (an array's through
/// `withUnsafeBufferPointer`), so that they cost a load per byte in debug builds too.
public enum LineEnd {
    /// Whether `byte` is one of the two bytes line ends are made of.
    @inline(__always)
    public static func isLineEndByte(_ byte: UInt8) -> Bool {
        byte == 0x0A || byte == 0x0D
    }

    /// The length of the line end that starts at `offset`: 2 for CR LF, 1 for LF or a lone CR,
    /// 0 when no line end starts there (or `offset` is at the end).
    @inline(__always)
    public static func length(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard offset >= bytes.startIndex && offset < bytes.endIndex else { return 0 }
        switch bytes[offset] {
        case 0x0A: return 1
        case 0x0D: return offset + 1 < bytes.endIndex && bytes[offset + 1] == 0x0A ? 2 : 1
        default: return 0
        }
    }

    /// Where the line holding `offset` ends: the first byte of its line end, or the end of the
    /// bytes. An offset inside a line end (between CR and LF) gives the CR's offset.
    public static func end(ofLineAt offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var index = max(offset, bytes.startIndex)
        if index > bytes.startIndex && index < bytes.endIndex && bytes[index] == 0x0A && bytes[index - 1] == 0x0D { return index - 1 }
        while index < bytes.endIndex && !isLineEndByte(bytes[index]) { index += 1 }
        return min(index, bytes.endIndex)
    }

    /// Where the line holding `offset` starts: just after the line end before it, or the start
    /// of the bytes. An offset between a CR and its LF belongs to the line the CR ends.
    public static func start(ofLineAt offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var index = min(offset, bytes.endIndex)
        if index > bytes.startIndex && index < bytes.endIndex && bytes[index] == 0x0A && bytes[index - 1] == 0x0D { index -= 1 }
        while index > bytes.startIndex && !isLineEndByte(bytes[index - 1]) { index -= 1 }
        return index
    }

    /// `end`, a line start (or the end of the bytes), moved back over the line end before it
    /// but not before `start`: `start..<trimmed(end, …)` is the content of the line `start..<end`.
    @inline(__always)
    public static func trimmed(_ end: Int, after start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var end = end
        if end > start && bytes[end - 1] == 0x0A { end -= 1 }
        if end > start && bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }

    /// The file's own line end, its first one (LF, CR LF or a lone CR), or LF when it has none:
    /// what text inserted into the file ends its lines with (`--update`, fix-its).
    public static func first(in bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard let first = bytes.firstIndex(where: isLineEndByte) else { return "\n" }
        return length(at: first, in: bytes) == 2 ? "\r\n" : bytes[first] == 0x0D ? "\r" : "\n"
    }

    /// The offset of the first byte of every line: 0, then the offset after each line end.
    public static func lineStarts(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        var starts = [bytes.startIndex]
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            index += 1
            if byte == 0x0A {
                starts.append(index)
            } else if byte == 0x0D {
                if index < bytes.endIndex && bytes[index] == 0x0A { index += 1 }
                starts.append(index)
            }
        }
        return starts
    }
}
