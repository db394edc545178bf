#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Removes the temporary file of an atomic write when the process is interrupted.
///
/// While a write is under way its temporary path is kept in a fixed buffer; a handler for
/// SIGINT, SIGTERM and SIGHUP unlinks it (`unlink` is async-signal-safe), restores the
/// default action and raises the signal again, so the exit status still says "killed by".
enum Interruption {
    /// The temporary file's path while a write is under way (read by the signal handler).
    nonisolated(unsafe) static var temporary: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) static var installed = false
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Starts guarding `path` (a NUL-terminated buffer that `mkstemp` fills in).
    static func guardTemporary(_ path: UnsafeMutablePointer<CChar>) {
        if !installed {
            installed = true
            for signal in signals {
                installSignalHandler(signal) { received in
                    if let path = Interruption.temporary { unlink(path) }
                    reraiseWithDefaultAction(received)
                }
            }
        }
        temporary = path
    }

    static func releaseTemporary() { temporary = nil }
}
