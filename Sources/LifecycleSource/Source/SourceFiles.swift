/// All the files one compilation has read, by `FileID`.
///
/// Diagnostics refer to files by id; the renderer looks them up here.
public final class SourceFiles: @unchecked Sendable {
    public private(set) var files: [SourceFile] = []

    public init() {}

    /// Adds a file made from bytes in memory and returns it.
    @discardableResult
    public func add(path: String, bytes: some Collection<UInt8>, firstLine: Int = 1) -> SourceFile {
        let file = SourceFile(id: FileID(UInt32(files.count)), path: path, bytes: bytes, firstLine: firstLine)
        files.append(file)
        return file
    }

    /// Adds a file of at most `count` bytes filled in place by `fill`.
    @discardableResult
    public func add(path: String, count: Int, fill: (UnsafeMutableBufferPointer<UInt8>) -> Int) -> SourceFile {
        let file = SourceFile(id: FileID(UInt32(files.count)), path: path, count: count, fill: fill)
        files.append(file)
        return file
    }

    /// Inlinable: the checker and the renderer, in other targets, look files up by id often.
    @inlinable public subscript(id: FileID) -> SourceFile { files[Int(id.raw)] }
}
