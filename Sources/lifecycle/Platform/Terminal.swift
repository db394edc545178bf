#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import LifecycleCompiler

/// Standard output and error, written with `write(2)` (no Foundation at start-up).
///
/// Output lost is never reported as success: the first failed write to standard output (a
/// full disk, `> /dev/full`, stdout closed with `>&-`) is remembered, nothing more is written
/// there, and `finish(_:)` turns the exit status into 3 with one message on stderr. A pipe
/// closed by its reader (`| head`) is not an error: the rest of the output was not wanted,
/// so that stays quiet (the default `SIGPIPE` ends the process quietly; where it is ignored,
/// `EPIPE` is).
enum Terminal {
    /// The `errno` of the first write to standard output that failed; nil while none has.
    nonisolated(unsafe) static var outputError: Int32?

    static func write(_ text: String, to fd: Int32) {
        var text = text
        text.withUTF8 { _ = write($0, to: fd) }
    }

    /// Writes all of `buffer`; the `errno` of a write that failed, or nil.
    @discardableResult
    static func write(_ buffer: UnsafeBufferPointer<UInt8>, to fd: Int32) -> Int32? {
        FileSystem.writeAll(buffer, to: fd)
    }

    static func out(_ text: String) {
        var text = text
        text.withUTF8 { out($0) }
    }

    /// Generated output, written as is: no copy into a `String` (which would validate it).
    static func out(_ bytes: [UInt8]) { bytes.withUnsafeBufferPointer { out($0) } }

    static func out(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard outputError == nil, !buffer.isEmpty else { return }
        wroteOutput = true
        outputError = write(buffer, to: 1)
    }

    /// Whether anything was written to standard output (for `Command.main`'s JSON errors).
    nonisolated(unsafe) private(set) static var wroteOutput = false

    /// A message. A file name's bytes that are not valid UTF-8 show as `\xFF` (`FileName`),
    /// whichever command built the message. (A spec line quoted in a diagnostic that holds
    /// one of the private-use characters U+EF80…U+EFFF itself shows it that way too.)
    static func err(_ text: String) { write(FileName.display(text), to: 2) }

    /// Makes sure descriptors 0, 1 and 2 are open before anything else is: a closed one is
    /// given `/dev/null`, so that no file the tool opens later lands on it (and output meant
    /// for the terminal in a file). A closed standard output is remembered as a failed write.
    static func prepareStandardStreams() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", O_RDWR)
            if opened != fd && opened >= 0 { _ = close(opened) }
            if fd == 1 { outputError = EBADF }
        }
    }

    /// The exit status once the command is done: 3, with a message, when standard output
    /// could not be written (other than a pipe its reader closed); else `status`.
    static func finish(_ status: ExitCode) -> ExitCode {
        guard let code = outputError, code != EPIPE else { return status }
        err("lifecycle: error: cannot write to standard output: \(describe(errno: code))\n")
        return .failure
    }

    /// Whether diagnostics on stderr should be coloured: `--color always|never|auto`, where
    /// auto means stderr is a terminal and `NO_COLOR` is not set.
    static func useColors(_ mode: String?) -> Bool {
        switch mode {
        case "always": return true
        case "never": return false
        default:
            if getenv("NO_COLOR") != nil { return false }
            if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
            return isatty(2) != 0
        }
    }

    /// The text for an `errno` value.
    static func describe(errno code: Int32) -> String {
        String(cString: strerror(code))
    }
}
