/// The exit statuses scripts and build tools rely on (README, "Command line").
enum ExitCode: Int32, Error {
    /// Done; warnings allowed.
    case success = 0
    /// The input has errors; nothing was written.
    case inputErrors = 1
    /// Bad usage: an unknown option, a missing argument.
    case usage = 2
    /// An I/O or tool failure: unreadable file, `dot` missing, refusing to overwrite.
    case failure = 3
}
