import Glibc

/// A value behind a pthread mutex, for the few places threads share state (the daemon's replication
/// feeds, the document cache, the load tool, tests).
///
/// `Synchronization.Mutex` would do, but on Linux ThreadSanitizer cannot see
/// its futex-based locking and reports false races; a pthread mutex it
/// understands. The box is the whole type: one lock, one value, `withLock`.
public final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
