#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

// The C library calls whose names the platform layer's own types also use (`FileSystem.read`,
// `Terminal.write`), reached under names of their own so that no file needs a name qualified
// by its module (Glibc's or Darwin's `read`). Only the files in this folder call the C library;
// everything else in the executable goes through `FileSystem`, `Terminal`, `Subprocess`,
// `Interruption`, `StandardStreams`, `PlatformBackgroundHasher` and `PlatformThread`.

/// `read(2)`.
func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}

/// `write(2)`.
func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}

/// `close(2)`.
func systemClose(_ fd: Int32) -> Int32 {
    close(fd)
}

/// `rename(2)`.
func systemRename(_ source: UnsafePointer<CChar>, _ destination: UnsafePointer<CChar>) -> Int32 {
    rename(source, destination)
}

/// The current `errno`.
var systemErrno: Int32 { errno }

/// Installs `handler` for `signalNumber` with `signal(3)`.
func installSignalHandler(_ signalNumber: Int32, _ handler: @convention(c) (Int32) -> Void) {
    _ = signal(signalNumber, handler)
}

/// Unblocks `signalNumber` for this thread: a process can start with signals blocked,
/// inherited from its parent's mask (test runners, some process supervisors).
func unblockSignal(_ signalNumber: Int32) {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, signalNumber)
    _ = pthread_sigmask(SIG_UNBLOCK, &set, nil)
}

/// Restores the default action for `signalNumber` and raises it again, so that the exit
/// status still says which signal ended the process.
func reraiseWithDefaultAction(_ signalNumber: Int32) {
    _ = signal(signalNumber, SIG_DFL)
    raise(signalNumber)
}

/// The environment, for `posix_spawn` (Darwin's overlay reads it with `_NSGetEnviron`).
var processEnvironment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? { environ }

/// Ends the process with `status`.
func exitProcess(_ status: Int32) -> Never {
    exit(status)
}
