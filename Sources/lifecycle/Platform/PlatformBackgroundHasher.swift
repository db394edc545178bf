#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import LifecycleCompiler

/// The library's `BackgroundHasher` on a second thread: SHA-256 of a generated body, computed
/// while the body is printed.
///
/// Hashing a large DOT file takes about as long as printing it; on two cores the two overlap,
/// and the hash is ready soon after the last line. The printer's `ByteBuffer` publishes how far
/// its bytes are final (every megabyte); this thread hashes up to there and waits for more. The digest is the same as hashing afterwards: the same bytes,
/// in the same order, whatever the timing.
///
/// Shared state (`base`, `available`, `hashed`, `finished`) is read and written only under
/// `lock`; `sha` and `digest` belong to the hashing thread until `hexDigest()` has joined it.
/// Bytes are read outside the lock, but only published ones, which never change, and the
/// buffer calls `pause()` — which waits until `hashed == available` — before it moves them.
final class PlatformBackgroundHasher: BackgroundHasher, @unchecked Sendable {
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var thread: PlatformThread?

    private var base: UnsafePointer<UInt8>?
    private var available = 0
    private var hashed = 0
    private var finished = false

    private var sha = SHA256()
    private var digest = ""

    init() {
        pthread_mutex_init(lock, nil)
        pthread_cond_init(changed, nil)
        // Without a thread (creation failed), the bytes are hashed in `hexDigest()`. The
        // thread holds the hasher until it ends, in `hexDigest()`.
        thread = PlatformThread { [self] in run() }
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(lock)
        changed.deallocate()
        lock.deallocate()
    }

    func published(_ bytes: UnsafeBufferPointer<UInt8>) {
        pthread_mutex_lock(lock)
        base = bytes.baseAddress
        available = bytes.count
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
    }

    func pause() {
        pthread_mutex_lock(lock)
        while thread != nil && hashed < available { pthread_cond_wait(changed, lock) }
        pthread_mutex_unlock(lock)
    }

    /// Waits for the last published byte to be hashed and returns the digest. Called once, at
    /// the end (it also ends the thread, which holds the hasher until then).
    func hexDigest() -> String {
        pthread_mutex_lock(lock)
        finished = true
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
        if let thread {
            thread.join()
        } else {
            run()
        }
        return digest
    }

    /// The hashing thread: hashes whatever is published and not yet hashed, until finished.
    private func run() {
        while true {
            pthread_mutex_lock(lock)
            while hashed == available && !finished { pthread_cond_wait(changed, lock) }
            let start = hashed, end = available, bytes = base
            pthread_mutex_unlock(lock)
            if start == end { break }  // finished, and nothing left
            if let bytes { sha.update(UnsafeBufferPointer(start: bytes + start, count: end - start)) }
            pthread_mutex_lock(lock)
            hashed = end
            pthread_cond_broadcast(changed)
            pthread_mutex_unlock(lock)
        }
        digest = sha.hexDigest()
    }
}
