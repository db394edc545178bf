#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Runs another program (Graphviz `dot`) with a time limit, capturing its stderr.
enum Subprocess {
    struct Outcome {
        /// The exit status, or nil when the program was killed for running too long.
        var status: Int32?
        var stderr: String
    }

    /// The full path of `name`, searched on `PATH` (or `name` itself if it contains a slash).
    static func find(_ name: String) -> String? {
        if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            var info = stat()
            if stat(candidate, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
    }

    /// Runs `executable` with `arguments`, stdin from /dev/null, stderr to a temporary file;
    /// kills it after `timeout` seconds.
    static func run(_ executable: String, _ arguments: [String], timeout: Double) -> Result<Outcome, FileSystem.Failure> {
        var template = Array("/tmp/lifecycle-stderr-XXXXXX".utf8CString)
        let errFD = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard errFD >= 0 else { return .failure(FileSystem.Failure(message: Terminal.describe(errno: errno))) }
        let errPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer {
            close(errFD)
            unlink(errPath)
        }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, errFD, 2)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, processEnvironment)
        guard spawned == 0 else { return .failure(FileSystem.Failure(message: Terminal.describe(errno: spawned))) }

        var status: Int32 = 0
        var elapsed = 0.0
        var finished = false
        while !finished {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { finished = true; break }
            if result < 0 && errno != EINTR { break }
            if elapsed >= timeout {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                return .success(Outcome(status: nil, stderr: readAll(errPath)))
            }
            usleep(10_000)
            elapsed += 0.01
        }
        let exitStatus: Int32 = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return .success(Outcome(status: exitStatus, stderr: readAll(errPath)))
    }

    static func readAll(_ path: String) -> String {
        guard case .success(let bytes?) = FileSystem.contents(of: path) else { return "" }
        return String(decoding: bytes, as: UTF8.self)
    }
}
