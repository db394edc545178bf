/// Where each line of a file starts, for turning byte offsets into line and column.
///
/// Built only when a diagnostic is rendered, so that a clean run never pays for it.
public struct LineTable: Sendable {
    /// Byte offset of the first byte of each line; `lineStarts[0] == 0`.
    public let lineStarts: [Int]
    public let count: Int

    /// Lines end at LF, CR LF, or a CR alone (`LineEnd`).
    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        lineStarts = LineEnd.lineStarts(bytes)
        count = bytes.count
    }

    /// The 1-based line that contains `offset`.
    public func line(of offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low + 1
    }

    /// The byte range of 1-based `line`, without its line terminator.
    public func range(ofLine line: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let start = lineStarts[line - 1]
        let end = line < lineStarts.count ? LineEnd.trimmed(lineStarts[line], after: start, in: bytes) : bytes.count
        return start..<max(start, end)
    }
}

/// A position as people read it: 1-based line and 1-based column counted in characters
/// (grapheme clusters), so that a column in Korean text or after an emoji is the column an
/// editor shows.
public struct LineColumn: Equatable, Sendable {
    public var line: Int
    public var column: Int
}

extension SourceFile {
    /// The line (counted from `firstLine`) and character column of `offset`, using a line
    /// table built for this file.
    public func lineColumn(of offset: Int, table: LineTable) -> LineColumn {
        let clamped = min(max(offset, 0), count)
        let line = table.line(of: clamped)
        let lineStart = table.lineStarts[line - 1]
        return LineColumn(line: line + firstLine - 1, column: TextWidth.characterCount(bytes[lineStart..<clamped]) + 1)
    }
}
