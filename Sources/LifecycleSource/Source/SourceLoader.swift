// How files reach the library, which does no I/O: the caller reads them.

/// Why a file could not be read.
public struct LoadFailure: Error, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// Reads the file at `path` into `files` and returns it.
public typealias SourceLoader = (_ path: String, _ files: SourceFiles) -> Result<SourceFile, LoadFailure>

/// The file `path` opens, named so that two paths to one file get one name: its real path,
/// with symbolic links and `..` resolved by the file system. Nil when it can't be resolved
/// (the file does not exist: the loader then reports why).
public typealias PathIdentity = (_ path: String) -> String?
