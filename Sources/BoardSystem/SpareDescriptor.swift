import Glibc

/// A descriptor held in reserve (`/dev/null`), so that a process out of descriptors can still accept
/// a client in order to refuse it, as nginx and libuv do: release it, accept, answer, close, take it again.
public final class SpareDescriptor {
    private var fd: Int32 = -1

    public init() { reopen() }

    deinit { if fd >= 0 { Glibc.close(fd) } }

    /// Whether the spare is held (taking it again can fail while descriptors are still short).
    public var isHeld: Bool { fd >= 0 }

    /// Frees the spare's slot for the next descriptor the process makes.
    public func release() {
        guard fd >= 0 else { return }
        Glibc.close(fd)
        fd = -1
    }

    /// Takes a spare again when none is held; false when the process is still out of descriptors.
    @discardableResult
    public func reopen() -> Bool {
        if fd < 0 { fd = retryingOnInterrupt { Glibc.open("/dev/null", O_RDONLY | O_CLOEXEC) } }
        return fd >= 0
    }
}

extension SystemError {
    /// EMFILE or ENFILE: the process (or the system) has no descriptor left to give.
    public var isOutOfDescriptors: Bool { code == EMFILE || code == ENFILE }
}
