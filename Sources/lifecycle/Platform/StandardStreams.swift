#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Standard input as a stream of chunks, with a timeout, and a monotonic clock: what the
/// language server's loop needs (`LspCommand`). Platform calls only.
enum StandardStreams {
    /// Waits until stdin has input (or is closed) or `timeout` seconds pass; nil waits forever.
    /// Returns whether stdin is readable (also on a poll error, so that the read that follows
    /// fails and the caller stops instead of spinning).
    static func waitForInput(timeout: Double?) -> Bool {
        var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        let milliseconds = timeout.map { Int32(max(0, min($0 * 1000, 3_600_000)).rounded(.up)) } ?? -1
        while true {
            let result = poll(&descriptor, 1, milliseconds)
            if result < 0 && errno == EINTR { continue }
            return result != 0
        }
    }

    /// Reads what is available on stdin (at most 64 KiB); nil at the end of input or on error.
    static func readInput() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            return Array(buffer[0..<count])
        }
    }

    /// Seconds on a monotonic clock.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Ignores SIGPIPE, so that a client that goes away makes writes fail instead of killing
    /// the server before it can exit cleanly.
    static func ignoreBrokenPipe() {
        signal(SIGPIPE, SIG_IGN)
    }
}
