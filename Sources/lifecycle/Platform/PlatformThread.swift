#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A POSIX thread running one closure, joined once.
///
/// `pthread_t` is an integer on Linux and a non-optional pointer on Darwin, and the start
/// routine's context is optional on one and not the other; this type is where that difference
/// is handled.
final class PlatformThread {
    #if canImport(Darwin)
    private var handle: pthread_t?
    #else
    private var handle = pthread_t()
    #endif
    private var joined = false

    /// Starts `body` on a new thread; nil when the system cannot create one.
    init?(_ body: @escaping () -> Void) {
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        #if canImport(Darwin)
        let created = pthread_create(&handle, nil, { context in
            Unmanaged<Box>.fromOpaque(context).takeRetainedValue().body()
            return nil
        }, context)
        #else
        let created = pthread_create(&handle, nil, { context in
            Unmanaged<Box>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, context)
        #endif
        guard created == 0 else {
            Unmanaged<Box>.fromOpaque(context).release()
            return nil
        }
    }

    /// Waits for the closure to return. Called at most once.
    func join() {
        guard !joined else { return }
        joined = true
        #if canImport(Darwin)
        if let handle { pthread_join(handle, nil) }
        #else
        pthread_join(handle, nil)
        #endif
    }

    private final class Box {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }
}
