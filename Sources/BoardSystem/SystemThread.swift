import CSystemShims
import Glibc

/// A thread of its own (`pthread_create`), started at once with a stack of the size asked for, that
/// can be waited for (`join`). The daemon's read loop runs on one; the rest of the code never
/// touches threads but through this type.
///
/// Signals blocked in the starting thread stay blocked in the new one (it inherits the mask), so a
/// thread started after `SignalDescriptor` blocks them never takes one.
public struct SystemThread: @unchecked Sendable {
    private let thread: pthread_t

    /// What the thread runs, with its name, kept alive until the thread takes it.
    private final class Start {
        let name: String?
        let body: @Sendable () -> Void

        init(name: String?, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }
    }

    /// Starts `body` on a new thread named `name` (as `top -H` shows it, at most 15 bytes).
    public init(name: String? = nil, stackSize: Int = 8 << 20, _ body: @escaping @Sendable () -> Void) throws(SystemError) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        let start = Unmanaged.passRetained(Start(name: name, body: body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(
            &thread, &attributes,
            { raw in
                guard let raw else { return nil }
                let start = Unmanaged<Start>.fromOpaque(raw).takeRetainedValue()
                if let name = start.name { Program.nameThisThread(name) }
                start.body()
                return nil
            }, start)
        guard result == 0 else {
            Unmanaged<Start>.fromOpaque(start).release()
            throw SystemError("pthread_create", code: result)
        }
        self.thread = thread
    }

    /// Waits until the thread's body has returned.
    public func join() { pthread_join(thread, nil) }
}

extension Program {
    /// Asks the scheduler for time slices of `duration` (held to the kernel's 100 µs to 100 ms) for
    /// the calling thread, keeping its policy and nice value (EEVDF's custom slice, Linux 6.12 and
    /// later); false when the kernel refuses or ignores it.
    @discardableResult
    public static func requestSlice(_ duration: Duration) -> Bool {
        let microseconds = min(max(duration / .microseconds(1), 100), 100_000)
        return board_request_slice(UInt64(microseconds) * 1000) == 0
    }

    /// Gives the calling thread's core to anything else runnable (`sched_yield`).
    public static func yieldProcessor() { sched_yield() }

    /// Sleeps the calling thread for `duration` (`nanosleep`, resumed after a signal).
    public static func sleep(for duration: Duration) {
        let (seconds, attoseconds) = duration.components
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) == -1, errno == EINTR { request = remaining }
    }

    /// The cores this process may run on (`sysconf(_SC_NPROCESSORS_ONLN)`), at least one.
    public static var processorCount: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
}
