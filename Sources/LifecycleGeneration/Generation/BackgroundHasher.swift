/// A SHA-256 of a `ByteBuffer`'s bytes computed on another thread while more are appended: the
/// hash of a generated body, computed as the body is printed (the CLI's runs on a second thread).
///
/// The buffer calls it from the appending thread only. Bytes it has been told about never
/// change again; they stay where they are until `pause()`, which the buffer calls before it
/// moves them (growing), and after which it publishes them again at their new address.
public protocol BackgroundHasher: AnyObject {
    /// The hashed bytes so far: final, and readable until `pause()`.
    func published(_ bytes: UnsafeBufferPointer<UInt8>)
    /// Returns only once nothing reads the bytes last published.
    func pause()
    /// The digest of every byte published, as 64 lowercase hex digits: waits for the last of them.
    func hexDigest() -> String
}
