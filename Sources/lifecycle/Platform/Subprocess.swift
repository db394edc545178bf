#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import LifecycleCompiler

/// Runs another program (Graphviz `dot`) with a time limit, capturing its stderr.
enum Subprocess {
    struct Outcome {
        /// The exit status, or nil when the program was killed for running too long.
        var status: Int32?
        /// What it wrote on stderr, at most `stderrLimit` bytes of it.
        var stderr: String
        /// How many bytes it wrote on stderr in all.
        var stderrSize: Int
    }

    /// The most of a program's stderr that is kept: `dot` can write megabytes on one line.
    static let stderrLimit = 64 << 10

    /// The full path of `name`, searched on `PATH` (or `name` itself if it contains a slash).
    static func find(_ name: String) -> String? {
        if name.contains("/") { return withSystemPath(name, { access($0, X_OK) }) == 0 ? name : nil }
        let path = getenv("PATH").map { decodedSystemPath($0) } ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            var info = stat()
            if withSystemPath(candidate, { stat($0, &info) }) == 0, (info.st_mode & S_IFMT) == S_IFREG,
               withSystemPath(candidate, { access($0, X_OK) }) == 0 {
                return candidate
            }
        }
        return nil
    }

    /// Runs `executable` with `arguments`, stdin from /dev/null, stderr to a temporary file;
    /// kills it after `timeout` seconds.
    ///
    /// The program runs in a process group of its own, and the whole group is killed when it
    /// times out, when this process is interrupted (`Interruption`), and when it exits, so
    /// that no grandchild (a wrapper script's `dot`) outlives it. The stderr file is unlinked
    /// as soon as it is open, so it leaves nothing behind whatever happens.
    static func run(_ executable: String, _ arguments: [String], timeout: Double) -> Result<Outcome, FileSystem.Failure> {
        let folder = getenv("TMPDIR").map { decodedSystemPath($0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = (FileName.encode(folder) + Array("/lifecycle-stderr-XXXXXX".utf8)).map { CChar(bitPattern: $0) } + [0]
        let errFD = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard errFD >= 0 else { return .failure(FileSystem.Failure(message: Terminal.describe(errno: errno))) }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        defer { close(errFD) }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, errFD, 2)
        // Arguments are paths among others: each is given its original bytes.
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { withSystemPath($0) { strdup($0) } } + [nil]
        defer { argv.forEach { free($0) } }
        #if canImport(Darwin)
        var attributes: posix_spawnattr_t? = nil
        #else
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var pid = pid_t()
        let spawned = withSystemPath(executable) { posix_spawn(&pid, $0, &actions, &attributes, argv, processEnvironment) }
        guard spawned == 0 else { return .failure(FileSystem.Failure(message: Terminal.describe(errno: spawned))) }
        Interruption.guardChild(pid)
        defer {
            kill(-pid, SIGKILL)
            Interruption.releaseChild()
        }

        var status: Int32 = 0
        var elapsed = 0.0
        var finished = false
        while !finished {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { finished = true; break }
            if result < 0 && errno != EINTR { break }
            if elapsed >= timeout {
                kill(-pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                return .success(readErrors(errFD, status: nil))
            }
            usleep(10_000)
            elapsed += 0.01
        }
        let exitStatus: Int32 = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return .success(readErrors(errFD, status: exitStatus))
    }

    /// The outcome, with the first `stderrLimit` bytes the program wrote to `fd`.
    static func readErrors(_ fd: Int32, status: Int32?) -> Outcome {
        var info = stat()
        let size = fstat(fd, &info) == 0 ? Int(info.st_size) : 0
        var bytes = [UInt8](repeating: 0, count: min(size, stderrLimit))
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + offset, $0.count - offset, off_t(offset)) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            offset += n
        }
        return Outcome(status: status, stderr: String(decoding: bytes[0..<offset], as: UTF8.self), stderrSize: size)
    }
}
