#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import LifecycleCompiler

/// Reading inputs and writing outputs, with POSIX calls.
///
/// Writes are atomic: the content goes to a temporary file in the destination's folder, is
/// flushed to disk, and is renamed over the destination, so a reader (or a crash, or a full
/// disk) sees the old file or the new one, never a torn one. `Robustness.md` (the DocC catalog)
/// lists the I/O faults and what each gives.
enum FileSystem {
    struct Failure: Error {
        var message: String
    }

    /// Reads the file at `path` into `files`.
    static func read(_ path: String, into files: SourceFiles) -> Result<SourceFile, LoadFailure> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(LoadFailure(Terminal.describe(errno: errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(LoadFailure(Terminal.describe(errno: errno))) }
        if (info.st_mode & S_IFMT) == S_IFDIR { return .failure(LoadFailure("is a directory")) }
        let size = Int(info.st_size)
        guard size <= SourceFile.maximumSize else {
            return .failure(LoadFailure("file is larger than the 256 MiB limit (\(size) bytes)"))
        }
        var failure: Int32 = 0
        // Regular files are read in one pass into the final buffer; other files (pipes,
        // /dev/stdin) are read in chunks.
        if (info.st_mode & S_IFMT) == S_IFREG {
            let file = files.add(path: path, count: size) { buffer in
                var offset = 0
                while offset < buffer.count {
                    let n = systemRead(fd, buffer.baseAddress! + offset, buffer.count - offset)
                    if n < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        return offset
                    }
                    if n == 0 { break }
                    offset += n
                }
                return offset
            }
            return failure == 0 ? .success(file) : .failure(LoadFailure(Terminal.describe(errno: failure)))
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(LoadFailure(Terminal.describe(errno: errno)))
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > SourceFile.maximumSize {
                return .failure(LoadFailure("file is larger than the 256 MiB limit"))
            }
        }
        return .success(files.add(path: path, bytes: bytes))
    }

    /// The bytes of the file at `path`, or nil if it does not exist; a failure for anything
    /// else (unreadable, a directory).
    static func contents(of path: String) -> Result<[UInt8]?, Failure> {
        let files = SourceFiles()
        var info = stat()
        if stat(path, &info) != 0 {
            if errno == ENOENT { return .success(nil) }
            return .failure(Failure(message: Terminal.describe(errno: errno)))
        }
        switch read(path, into: files) {
        case .success(let file): return .success(Array(file.bytes))
        case .failure(let failure): return .failure(Failure(message: failure.message))
        }
    }

    /// What is at a path (following symbolic links).
    enum Kind {
        case missing, regular, directory
        /// A character device, FIFO or socket: `/dev/null`, `/dev/stdout`, `/dev/full`.
        case special
    }

    static func kind(of path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        default: return .special
        }
    }

    /// Writes `bytes` to `path` atomically: temp file in the same folder, `fsync`, `rename`.
    ///
    /// A directory is refused. A device, FIFO or socket (`-o /dev/stdout`) is written in place:
    /// renaming over it would replace the device node with a regular file (and, for root,
    /// break `/dev/null` for the whole system). A symbolic link is kept and the file it points
    /// at is replaced, even when that file does not exist yet.
    static func writeAtomically(_ bytes: [UInt8], to path: String) -> Result<Void, Failure> {
        bytes.withUnsafeBufferPointer { writeAtomically($0, to: path) }
    }

    static func writeAtomically(_ bytes: UnsafeBufferPointer<UInt8>, to path: String) -> Result<Void, Failure> {
        switch kind(of: path) {
        case .directory: return .failure(Failure(message: "is a directory"))
        case .special: return writeInPlace(bytes, to: path)
        case .missing, .regular: break
        }
        let destination = resolvingLinks(path)
        let folder = destination.contains("/") ? String(destination[..<destination.lastIndex(of: "/")!]) : "."
        let base = destination.split(separator: "/").last.map(String.init) ?? destination
        var template = Array("\(folder.isEmpty ? "/" : folder)/.\(base).lifecycle-XXXXXX".utf8CString)
        // The temporary file is removed if SIGINT, SIGTERM or SIGHUP arrive mid-write
        // (SIGKILL can't be caught: then it stays behind, and the destination is untouched).
        let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            Interruption.guardTemporary(buffer.baseAddress!)
            return mkstemp(buffer.baseAddress!)
        }
        defer { Interruption.releaseTemporary() }
        guard fd >= 0 else { return .failure(Failure(message: Terminal.describe(errno: errno))) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        func fail(_ code: Int32) -> Result<Void, Failure> {
            close(fd)
            unlink(temporary)
            return .failure(Failure(message: Terminal.describe(errno: code)))
        }
        if let code = writeAll(bytes, to: fd) { return fail(code) }
        // Keep the permissions of the file being replaced; new files get 0644 minus umask.
        var info = stat()
        let mode: mode_t = stat(destination, &info) == 0 ? info.st_mode & 0o7777 : 0o644 & ~currentUmask()
        fchmod(fd, mode)
        if fsync(fd) != 0 { return fail(errno) }
        if close(fd) != 0 {
            let code = errno
            unlink(temporary)
            return .failure(Failure(message: Terminal.describe(errno: code)))
        }
        if rename(temporary, destination) != 0 {
            let code = errno
            unlink(temporary)
            return .failure(Failure(message: Terminal.describe(errno: code)))
        }
        return .success(())
    }

    /// Writes to a device, FIFO or socket as it is (no temporary file, no rename).
    static func writeInPlace(_ bytes: UnsafeBufferPointer<UInt8>, to path: String) -> Result<Void, Failure> {
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(Failure(message: Terminal.describe(errno: errno))) }
        if let code = writeAll(bytes, to: fd) {
            close(fd)
            return .failure(Failure(message: Terminal.describe(errno: code)))
        }
        if close(fd) != 0 && errno != EINTR { return .failure(Failure(message: Terminal.describe(errno: errno))) }
        return .success(())
    }

    /// Writes every byte, retrying on EINTR and short writes; the errno of a failure, or nil.
    /// A large output normally goes in one `write` call.
    static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to fd: Int32) -> Int32? {
        guard let base = bytes.baseAddress else { return nil }
        var offset = 0
        while offset < bytes.count {
            let n = systemWrite(fd, base + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if n == 0 { return EIO }
            offset += n
        }
        return nil
    }

    /// Whether two runs of bytes are equal (`memcmp`, for outputs of hundreds of megabytes).
    static func sameBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let left = a.baseAddress, let right = b.baseAddress else { return true }
        return memcmp(left, right, a.count) == 0
    }

    /// The file a path names once symbolic links are followed — also when the last link
    /// dangles (`realpath` fails then), so that writing creates the target, not a file in
    /// place of the link.
    static func resolvingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            if let resolved = realpath(current, nil) {
                defer { free(resolved) }
                return String(cString: resolved)
            }
            var buffer = [CChar](repeating: 0, count: 4096)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { return current }
            let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if target.hasPrefix("/") || !current.contains("/") {
                current = target
            } else {
                current = String(current[...current.lastIndex(of: "/")!]) + target
            }
        }
        return current
    }

    /// Removes the file at `path`, if there is one.
    static func remove(_ path: String) {
        unlink(path)
    }

    /// Renames `source` over `destination` (atomically, within one file system).
    static func move(_ source: String, to destination: String) -> Result<Void, Failure> {
        rename(source, destination) == 0 ? .success(()) : .failure(Failure(message: Terminal.describe(errno: errno)))
    }

    static func currentUmask() -> mode_t {
        let mask = umask(0)
        umask(mask)
        return mask
    }
}

/// The current working directory, if it can be read.
func currentDirectory() -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    guard getcwd(&buffer, buffer.count) != nil else { return nil }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
