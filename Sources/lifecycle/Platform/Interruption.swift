#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Cleans up when the process is interrupted: removes the temporary files of writes under
/// way and kills the process group of a child (`dot`) still running.
///
/// The temporary paths are kept in fixed buffers and the child's process group in a
/// variable; a handler for SIGINT, SIGTERM and SIGHUP unlinks the files and kills the group
/// (`unlink` and `kill` are async-signal-safe), restores the default action and raises the
/// signal again, so the exit status still says "killed by".
enum Interruption {
    /// How many temporary files can be guarded at once (render has three at most, a
    /// `FileTransaction` one per file it writes).
    static let slots = 8
    /// The temporary files' paths while in use (read by the signal handler), nil when free.
    nonisolated(unsafe) static var temporaries = [UnsafeMutablePointer<CChar>?](repeating: nil, count: slots)
    /// The process group of a running child, 0 when none.
    nonisolated(unsafe) static var childGroup: pid_t = 0
    nonisolated(unsafe) static var installed = false
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    static func install() {
        guard !installed else { return }
        installed = true
        // Room for every slot up front: the handler must not see the array reallocate.
        temporaries.reserveCapacity(slots)
        for signal in signals {
            installSignalHandler(signal) { received in
                Interruption.temporaries.withUnsafeBufferPointer { paths in
                    for path in paths { if let path { unlink(path) } }
                }
                if Interruption.childGroup > 0 { kill(-Interruption.childGroup, SIGKILL) }
                reraiseWithDefaultAction(received)
            }
            // Blocked in the mask inherited from the parent, the signal would wait for ever.
            unblockSignal(signal)
        }
    }

    /// Starts guarding `path` (a NUL-terminated buffer that `mkstemp` fills in); returns the
    /// slot to release, or nil when every slot is taken (the file is then not guarded).
    @discardableResult
    static func guardTemporary(_ path: UnsafeMutablePointer<CChar>) -> Int? {
        install()
        guard let slot = temporaries.firstIndex(where: { $0 == nil }) else { return nil }
        temporaries[slot] = path
        return slot
    }

    static func releaseTemporary(_ slot: Int?) {
        if let slot { temporaries[slot] = nil }
    }

    /// Runs `body` with SIGINT, SIGTERM and SIGHUP held: one that arrives meanwhile is
    /// delivered when `body` is done (a `FileTransaction`'s renames and their roll-back).
    static func holdingSignals<Result>(_ body: () -> Result) -> Result {
        install()
        var held = sigset_t(), previous = sigset_t()
        sigemptyset(&held)
        for signal in signals { sigaddset(&held, signal) }
        _ = pthread_sigmask(SIG_BLOCK, &held, &previous)
        defer { _ = pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return body()
    }

    /// Kills `group` too if the process is interrupted, until `releaseChild()`.
    static func guardChild(_ group: pid_t) {
        install()
        childGroup = group
    }

    static func releaseChild() { childGroup = 0 }
}
