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

    /// Reads the file at `path` into `files`: a file named on the command line, which may be
    /// a pipe (`-`, `/dev/stdin`, `<(…)`).
    static func read(_ path: String, into files: SourceFiles) -> Result<SourceFile, LoadFailure> {
        read(path, into: files, regularOnly: false)
    }

    /// Reads a file another file names (an import): a regular file only. A FIFO, a device or
    /// a socket (`/dev/stdin`, which for `lsp` is the client's own messages) is refused before
    /// a byte is read, and the file is opened without blocking, since opening a FIFO waits
    /// for a writer that may never come.
    static func readImport(_ path: String, into files: SourceFiles) -> Result<SourceFile, LoadFailure> {
        read(path, into: files, regularOnly: true)
    }

    private static func read(_ path: String, into files: SourceFiles, regularOnly: Bool) -> Result<SourceFile, LoadFailure> {
        let fd = withSystemPath(path) { open($0, O_RDONLY | O_CLOEXEC | (regularOnly ? O_NONBLOCK : 0)) }
        guard fd >= 0 else { return .failure(LoadFailure(Terminal.describe(errno: errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(LoadFailure(Terminal.describe(errno: errno))) }
        if (info.st_mode & S_IFMT) == S_IFDIR { return .failure(LoadFailure("is a directory")) }
        if regularOnly && (info.st_mode & S_IFMT) != S_IFREG {
            return .failure(LoadFailure("is \(describe(kind: info.st_mode)), not a regular file"))
        }
        recordInput(info, path: path)
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
    /// else (unreadable, a directory). Outputs have no size limit (only specs do): an output
    /// of more than 256 MiB can be checked and regenerated like any other.
    static func contents(of path: String) -> Result<[UInt8]?, Failure> {
        var info = stat()
        if withSystemPath(path, { stat($0, &info) }) != 0 {
            if errno == ENOENT { return .success(nil) }
            return .failure(Failure(message: Terminal.describe(errno: errno)))
        }
        if (info.st_mode & S_IFMT) == S_IFDIR { return .failure(Failure(message: "is a directory")) }
        if (info.st_mode & S_IFMT) != S_IFREG {
            let files = SourceFiles()
            switch read(path, into: files) {
            case .success(let file): return .success(Array(file.bytes))
            case .failure(let failure): return .failure(Failure(message: failure.message))
            }
        }
        // One byte more than the size, to notice a file that grew meanwhile.
        return prefix(of: path, count: Int(info.st_size) + 1)
    }

    /// A file by identity (device and inode), whatever path names it.
    struct FileIdentity: Hashable {
        var device: UInt64
        var inode: UInt64

        init(_ info: stat) {
            device = UInt64(truncatingIfNeeded: info.st_dev)
            inode = UInt64(truncatingIfNeeded: info.st_ino)
        }
    }

    /// The regular files this process has read (specs, imports, Swift files, logs, SCXML
    /// documents), by identity, with the path each was first read by: no output may replace
    /// one. Only the main thread reads files.
    nonisolated(unsafe) private static var inputs: [FileIdentity: String] = [:]

    private static func recordInput(_ info: stat, path: String) {
        guard (info.st_mode & S_IFMT) == S_IFREG else { return }
        let identity = FileIdentity(info)
        if inputs[identity] == nil { inputs[identity] = path }
    }

    /// The path by which this process read the file `path` names (links followed), if it
    /// read it as an input.
    static func inputPath(sameFileAs path: String) -> String? {
        var info = stat()
        guard !inputs.isEmpty, withSystemPath(path, { stat($0, &info) }) == 0 else { return nil }
        return inputs[FileIdentity(info)]
    }

    /// `a FIFO`, `a character device`, …: what a file of mode `mode` is.
    static func describe(kind mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFDIR: return "a directory"
        case S_IFLNK: return "a symbolic link"
        default: return "a special file"
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
        guard withSystemPath(path, { stat($0, &info) }) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        default: return .special
        }
    }

    /// Writes `bytes` to `path` atomically: temp file in the same folder, `fsync`, `rename`.
    ///
    /// A directory is refused, and so is a read-only file (no write permission bit, or none
    /// for this user), as `gofmt -w` and `rustfmt` refuse it: renaming over it would replace
    /// it whenever its folder is writable. A device, FIFO or socket (`-o /dev/stdout`) is
    /// written in place: renaming over it would replace the device node with a regular file
    /// (and, for root, break `/dev/null` for the whole system). So is a file with other hard
    /// links, or one whose owner or group the new file could not be given: a rename would
    /// split the links, or hand the file to whoever ran the command. A symbolic link is kept
    /// and the file it points at is replaced, even when that file does not exist yet.
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
        var existing = stat()
        let exists = withSystemPath(destination, { stat($0, &existing) }) == 0
        if exists {
            let mode = existing.st_mode & 0o7777
            // `access` says yes to root for any file: the mode says what the owner meant.
            if mode & 0o222 == 0 || withSystemPath(destination, { access($0, W_OK) }) != 0 {
                return .failure(Failure(message: "the file is read-only (mode \(String(mode, radix: 8)))"))
            }
            if existing.st_nlink > 1 { return writeInPlace(bytes, to: destination, truncating: true) }
        }
        let file: TemporaryFile
        switch TemporaryFile.make(nextTo: destination) {
        case .failure(let failure): return .failure(failure)
        case .success(let made): file = made
        }
        defer { file.release() }
        let fd = file.fd, temporary = file.path
        func fail(_ code: Int32) -> Result<Void, Failure> {
            close(fd)
            remove(temporary)
            return .failure(Failure(message: Terminal.describe(errno: code)))
        }
        if exists {
            // The new file is this user's: give it the old one's owner and group, or keep the
            // old file and write into it.
            var made = stat()
            if fstat(fd, &made) == 0, made.st_uid != existing.st_uid || made.st_gid != existing.st_gid,
               fchown(fd, existing.st_uid, existing.st_gid) != 0 {
                close(fd)
                remove(temporary)
                return writeInPlace(bytes, to: destination, truncating: true)
            }
        }
        if let code = writeAll(bytes, to: fd) { return fail(code) }
        // Keep the permissions of the file being replaced; new files get 0644 minus umask.
        let mode: mode_t = exists ? existing.st_mode & 0o7777 : 0o644 & ~currentUmask()
        fchmod(fd, mode)
        if fsync(fd) != 0 { return fail(errno) }
        if close(fd) != 0 {
            let code = errno
            remove(temporary)
            return .failure(Failure(message: Terminal.describe(errno: code)))
        }
        if withSystemPaths(temporary, destination, { rename($0, $1) }) != 0 {
            let code = errno
            remove(temporary)
            return .failure(Failure(message: Terminal.describe(errno: code)))
        }
        return .success(())
    }

    /// A temporary file next to a destination, named `.NAME.lifecycle-XXXXXX` plus a suffix,
    /// unique (`mkstemps`), and removed if SIGINT, SIGTERM or SIGHUP arrive while it is
    /// guarded (SIGKILL can't be caught: then it stays behind, and the destination is
    /// untouched). NAME is cut so that the temporary's name stays within 255 bytes even for a
    /// destination whose own name is that long.
    final class TemporaryFile {
        let fd: Int32
        let path: String
        private let buffer: UnsafeMutablePointer<CChar>
        private var slot: Int?

        private init(fd: Int32, buffer: UnsafeMutablePointer<CChar>, slot: Int?) {
            self.fd = fd
            self.buffer = buffer
            self.slot = slot
            path = decodedSystemPath(buffer)
        }

        static func make(nextTo destination: String, suffix: String = "") -> Result<TemporaryFile, Failure> {
            let folder = destination.contains("/") ? String(destination[..<destination.lastIndex(of: "/")!]) : "."
            let base = PathNames.lastComponent(destination)
            // 255 bytes in all: '.', the name, '.lifecycle-XXXXXX' (17) and the suffix.
            var kept = Array(FileName.encode(base).prefix(255 - 1 - 17 - suffix.utf8.count))
            while let last = kept.last, last & 0xC0 == 0x80 { kept.removeLast() }
            if let last = kept.last, last >= 0xC0 { kept.removeLast() }
            let template = FileName.encode(folder.isEmpty ? "/" : folder) + Array("/.".utf8) + kept + Array(".lifecycle-XXXXXX\(suffix)".utf8)
            let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: template.count + 1)
            for (index, byte) in template.enumerated() { buffer[index] = CChar(bitPattern: byte) }
            buffer[template.count] = 0
            let slot = Interruption.guardTemporary(buffer)
            let fd = mkstemps(buffer, Int32(suffix.utf8.count))
            guard fd >= 0 else {
                let code = errno
                Interruption.releaseTemporary(slot)
                buffer.deallocate()
                return .failure(Failure(message: Terminal.describe(errno: code)))
            }
            return .success(TemporaryFile(fd: fd, buffer: buffer, slot: slot))
        }

        /// Closes the descriptor (the path stays guarded).
        func close() { _ = systemClose(fd) }

        /// Stops guarding the path (once it is renamed away or removed).
        func release() {
            Interruption.releaseTemporary(slot)
            slot = nil
        }

        deinit {
            release()
            buffer.deallocate()
        }
    }

    /// Writes to a device, FIFO or socket as it is (no temporary file, no rename); with
    /// `truncating`, into a regular file that keeps its inode (its links, owner and mode),
    /// cut to the new length after the write and flushed to disk. That write is not atomic:
    /// a crash in the middle leaves a torn file, the price of keeping the links.
    static func writeInPlace(_ bytes: UnsafeBufferPointer<UInt8>, to path: String, truncating: Bool = false) -> Result<Void, Failure> {
        let fd = withSystemPath(path) { open($0, O_WRONLY | O_CLOEXEC) }
        guard fd >= 0 else { return .failure(Failure(message: Terminal.describe(errno: errno))) }
        if let code = writeAll(bytes, to: fd) {
            close(fd)
            return .failure(Failure(message: Terminal.describe(errno: code)))
        }
        if truncating && (ftruncate(fd, off_t(bytes.count)) != 0 || fsync(fd) != 0) {
            let code = errno
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
            if let resolved = realPath(current) { return resolved }
            var buffer = [CChar](repeating: 0, count: 4096)
            let count = withSystemPath(current) { readlink($0, &buffer, buffer.count - 1) }
            guard count > 0 else { return current }
            let target = FileName.decode(buffer[0..<count].map { UInt8(bitPattern: $0) })
            if target.hasPrefix("/") || !current.contains("/") {
                current = target
            } else {
                current = String(current[...current.lastIndex(of: "/")!]) + target
            }
        }
        return current
    }

    /// The canonical absolute path of an existing file (`realpath`: every symbolic link and
    /// `..` resolved by the file system), or nil.
    static func realPath(_ path: String) -> String? {
        guard let resolved = withSystemPath(path, { realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return decodedSystemPath(resolved)
    }

    /// 1 or 2 when `path` names the file this process's standard output or error already
    /// is (`-o /dev/stdout`, or the file `> out.dot` or `>> log.txt` opened): writing it is
    /// then writing that descriptor, at its offset and with its flags (`O_APPEND`).
    static func standardStream(for path: String) -> Int32? {
        var target = stat()
        guard withSystemPath(path, { stat($0, &target) }) == 0 else { return nil }
        for fd: Int32 in [1, 2] {
            var stream = stat()
            if fstat(fd, &stream) == 0 && stream.st_dev == target.st_dev && stream.st_ino == target.st_ino { return fd }
        }
        return nil
    }

    /// The first `count` bytes of the file at `path` (all of it if shorter), or nil if it
    /// does not exist: enough to read a generated file's header without reading a file of
    /// any size whole.
    static func prefix(of path: String, count: Int) -> Result<[UInt8]?, Failure> {
        let fd = withSystemPath(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else {
            if errno == ENOENT { return .success(nil) }
            return .failure(Failure(message: Terminal.describe(errno: errno)))
        }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        var offset = 0
        while offset < count {
            let n = bytes.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress! + offset, count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(Failure(message: Terminal.describe(errno: errno)))
            }
            if n == 0 { break }
            offset += n
        }
        return .success(Array(bytes[0..<offset]))
    }

    /// Gives `path` the permissions of `source` if it exists, else 0644 minus the umask.
    static func copyMode(from source: String, orDefaultTo path: String) {
        var info = stat()
        let mode: mode_t = withSystemPath(source, { stat($0, &info) }) == 0 ? info.st_mode & 0o7777 : 0o644 & ~currentUmask()
        _ = withSystemPath(path) { chmod($0, mode) }
    }

    /// The size of the file at `path`, or nil.
    static func size(of path: String) -> Int? {
        var info = stat()
        return withSystemPath(path, { stat($0, &info) }) == 0 ? Int(info.st_size) : nil
    }

    /// Removes the file at `path`, if there is one.
    static func remove(_ path: String) {
        _ = withSystemPath(path) { unlink($0) }
    }

    /// Renames `source` over `destination` (atomically, within one file system).
    static func move(_ source: String, to destination: String) -> Result<Void, Failure> {
        withSystemPaths(source, destination, { rename($0, $1) }) == 0 ? .success(()) : .failure(Failure(message: Terminal.describe(errno: errno)))
    }

    /// The folder a path is in (`.` for a bare name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Whether `path` itself is a symbolic link (`lstat`).
    static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return withSystemPath(path, { lstat($0, &info) }) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    /// A file by identity, links followed; nil when there is none.
    static func identity(of path: String) -> FileIdentity? {
        var info = stat()
        return withSystemPath(path, { stat($0, &info) }) == 0 ? FileIdentity(info) : nil
    }

    /// Renames `source` over `destination` (`rename(2)`): the errno of a failure, or nil.
    static func place(_ source: String, over destination: String) -> Int32? {
        withSystemPaths(source, destination, { systemRename($0, $1) }) == 0 ? nil : errno
    }

    /// Writes `bytes` over the regular file at `path` in place (its inode, links, owner and
    /// mode kept), cut to their length and flushed: the errno of a failure, or nil.
    static func writeInPlace(_ bytes: [UInt8], to path: String) -> Int32? {
        let result = bytes.withUnsafeBufferPointer { writeInPlace($0, to: path, truncating: true) }
        if case .failure = result { return errno == 0 ? EIO : errno }
        return nil
    }

    /// Creates the file `path` (it must not exist) holding `bytes`, with `mode`, flushed.
    static func writeCopy(_ bytes: [UInt8], to path: String, mode: mode_t) -> Result<Void, Failure> {
        let fd = withSystemPath(path) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode) }
        guard fd >= 0 else { return .failure(Failure(message: Terminal.describe(errno: errno))) }
        let code = bytes.withUnsafeBufferPointer { writeAll($0, to: fd) }
        if let code {
            close(fd)
            return .failure(Failure(message: Terminal.describe(errno: code)))
        }
        fchmod(fd, mode)
        let flushed = fsync(fd) == 0
        let failure = errno
        close(fd)
        return flushed ? .success(()) : .failure(Failure(message: Terminal.describe(errno: failure)))
    }

    /// Flushes a folder's entries to disk (after renames in it), as far as the system allows.
    static func flushFolder(_ path: String) {
        let fd = withSystemPath(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
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
    return FileName.decode(buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) })
}
