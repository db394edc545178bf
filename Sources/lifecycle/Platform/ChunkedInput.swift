#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import LifecycleCompiler

/// An input of any size read in chunks through one buffer: a file, a pipe, or standard input
/// (`-`). What `conform` reads logs with: memory stays one chunk, however long the log, and a
/// pipe's bytes are handed on as soon as `read(2)` returns them (a live log).
final class ChunkedInput {
    /// Bytes per `read(2)`.
    static let chunkSize = 1 << 20

    /// Where the input came from, for messages: the path, or `<stdin>`.
    let displayPath: String
    /// A regular file, which `rewind()` can read again from where it started.
    let isRegularFile: Bool
    private let fd: Int32
    private let ownsDescriptor: Bool
    /// Where reading started (standard input may be a file already partly read).
    private let start: off_t
    private let buffer: UnsafeMutableRawBufferPointer

    private init(fd: Int32, ownsDescriptor: Bool, displayPath: String, isRegularFile: Bool) {
        self.fd = fd
        self.ownsDescriptor = ownsDescriptor
        self.displayPath = displayPath
        self.isRegularFile = isRegularFile
        start = isRegularFile ? max(0, lseek(fd, 0, SEEK_CUR)) : 0
        buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkSize, alignment: 16)
    }

    deinit {
        buffer.deallocate()
        if ownsDescriptor { _ = systemClose(fd) }
    }

    /// Opens `path`, or standard input for `-`. A directory is refused.
    static func open(_ path: String) -> Result<ChunkedInput, LoadFailure> {
        let standardInput = path == "-"
        let fd = standardInput ? 0 : withSystemPath(path) { openForReading($0) }
        guard fd >= 0 else { return .failure(LoadFailure(Terminal.describe(errno: systemErrno))) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = systemErrno
            if !standardInput { _ = systemClose(fd) }
            return .failure(LoadFailure(Terminal.describe(errno: code)))
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            if !standardInput { _ = systemClose(fd) }
            return .failure(LoadFailure("is a directory"))
        }
        return .success(ChunkedInput(fd: fd, ownsDescriptor: !standardInput, displayPath: standardInput ? "<stdin>" : path,
                                     isRegularFile: (info.st_mode & S_IFMT) == S_IFREG))
    }

    /// Reads up to `limit` bytes (or to the end), handing each chunk to `body` until it
    /// returns false. The bytes read, or the failure of a `read(2)`.
    func read(limit: Int = .max, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) -> Result<Int, LoadFailure> {
        var total = 0
        while total < limit {
            let wanted = min(buffer.count, limit - total)
            let count = systemRead(fd, buffer.baseAddress!, wanted)
            if count < 0 {
                if systemErrno == EINTR { continue }
                return .failure(LoadFailure(Terminal.describe(errno: systemErrno)))
            }
            if count == 0 { break }
            total += count
            let chunk = UnsafeBufferPointer(start: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count)
            if !body(chunk) { break }
        }
        return .success(total)
    }

    /// Goes back to where reading started (a regular file only).
    func rewind() -> Result<Void, LoadFailure> {
        guard lseek(fd, start, SEEK_SET) == start else { return .failure(LoadFailure(Terminal.describe(errno: systemErrno))) }
        return .success(())
    }
}

/// `open(2)` for reading, close-on-exec.
private func openForReading(_ path: UnsafePointer<CChar>) -> Int32 {
    open(path, O_RDONLY | O_CLOEXEC)
}
