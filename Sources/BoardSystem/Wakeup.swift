import CSystemShims
import Glibc

/// An eventfd: one thread wakes another's epoll. Signalled any number of times, drained in one read.
public struct Wakeup: Sendable {
    public let descriptor: FileDescriptor

    public init() throws(SystemError) {
        let fd = board_eventfd()
        guard fd >= 0 else { throw SystemError("eventfd") }
        descriptor = FileDescriptor(fd)
    }

    /// Makes the descriptor readable until it is drained.
    public func signal() {
        var one: UInt64 = 1
        _ = withUnsafeBytes(of: &one) { Glibc.write(descriptor.rawValue, $0.baseAddress, 8) }
    }

    /// Makes it unreadable again (non-blocking: nothing to drain is not an error).
    public func drain() {
        var count: UInt64 = 0
        _ = withUnsafeMutableBytes(of: &count) { Glibc.read(descriptor.rawValue, $0.baseAddress, 8) }
    }

    public func close() { descriptor.close() }
}
