/// Identifies one source file among those a compilation reads (the root spec, its imports,
/// the built-in UIKit catalog).
public struct FileID: Hashable, Comparable, Sendable {
    public let raw: UInt32
    public init(_ raw: UInt32) { self.raw = raw }
    public static func < (a: FileID, b: FileID) -> Bool { a.raw < b.raw }
}

/// A half-open byte range `start..<end` in one source file.
///
/// Every syntax node and every diagnostic carries one; line and column are computed only when
/// a diagnostic is rendered (see `LineTable`).
public struct SourceRange: Hashable, Sendable {
    public var file: FileID
    public var start: UInt32
    public var end: UInt32

    public init(file: FileID, start: Int, end: Int) {
        self.file = file
        self.start = UInt32(truncatingIfNeeded: start)
        self.end = UInt32(truncatingIfNeeded: max(start, end))
    }

    public var startOffset: Int { Int(start) }
    public var endOffset: Int { Int(end) }
    public var length: Int { Int(end - start) }
}

/// The bytes of one source file and its display path.
///
/// The bytes live in one allocation with zero bytes after the last one (`padding` of them), so
/// that the lexer can read one byte past the end without a bounds check, and load 8 bytes as one
/// word from any offset up to the end. The file is immutable once made.
public final class SourceFile: @unchecked Sendable {
    /// The largest file the compiler reads. Offsets are stored in 32 bits.
    public static let maximumSize = 256 << 20
    /// Zero bytes after the last byte: the sentinel and 7 more, so that an 8-byte load at any
    /// offset from 0 through `count` stays inside the allocation.
    static let padding = 8

    public let id: FileID
    /// The path as the user wrote it (diagnostics print it unchanged).
    public let path: String
    /// The number of bytes in the file (the sentinel is not counted).
    public let count: Int
    /// The number of the file's first line: 1, or, for an excerpt of a text too long to keep
    /// (a line of a streamed log, kept for a diagnostic), that line's number in the text.
    public let firstLine: Int
    @usableFromInline package let storage: UnsafeMutableBufferPointer<UInt8>

    /// Makes a file from bytes already in memory.
    public convenience init(id: FileID, path: String, bytes: some Collection<UInt8>, firstLine: Int = 1) {
        let count = bytes.count
        self.init(id: id, path: path, count: count, firstLine: firstLine) { buffer in
            _ = buffer.initialize(from: bytes)
            return count
        }
    }

    /// Makes a file of at most `count` bytes, letting `fill` write them in place (the CLI
    /// reads a file straight into this buffer). `fill` returns how many bytes it wrote.
    public init(id: FileID, path: String, count: Int, firstLine: Int = 1, fill: (UnsafeMutableBufferPointer<UInt8>) -> Int) {
        self.id = id
        self.path = path
        self.firstLine = firstLine
        let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: count + SourceFile.padding)
        // `fill` writes the bytes; only what follows them is zeroed, so the bytes are written
        // once, not zeroed first.
        let written = min(max(fill(UnsafeMutableBufferPointer(rebasing: storage[0..<count])), 0), count)
        UnsafeMutableBufferPointer(rebasing: storage[written...]).initialize(repeating: 0)
        self.storage = storage
        self.count = written
    }

    deinit { storage.deallocate() }

    /// The file's bytes, without the sentinel. (Inlinable, as `text(_:)`: the parser and the
    /// checker, in other targets, read names and literals through them.)
    @inlinable public var bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: UnsafeBufferPointer(storage)[0..<count])
    }

    /// The text of `range`, decoded as UTF-8 (invalid bytes become U+FFFD).
    @inlinable public func text(_ range: SourceRange) -> String {
        let lower = min(range.startOffset, count)
        let upper = min(max(range.endOffset, lower), count)
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }

    /// The range covering the whole file.
    public var wholeRange: SourceRange { SourceRange(file: id, start: 0, end: count) }
}
