import CSystemShims
import Glibc

/// Linux epoll: one descriptor watching many, each registered with a token that comes back with its events.
public struct Epoll: ~Copyable {
    public struct Events: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let readable = Events(rawValue: board_epollin())
        public static let writable = Events(rawValue: board_epollout())
        /// Error, hang-up or peer closed its end.
        public static let hangUp = Events(rawValue: board_epollerr())
        /// The peer is gone both ways (closed, or an error): nothing written to it is read. A peer that
        /// only shut its writing (`hangUp` alone) still reads.
        public static let peerGone = Events(rawValue: board_epollhup())
    }

    public struct Event: Sendable {
        public let token: UInt64
        public let events: Events
    }

    let fd: Int32
    private var tokens = [UInt64](repeating: 0, count: 256)
    private var masks = [UInt32](repeating: 0, count: 256)
    /// What the last `wait` returned, refilled in place by the next: once the caller has let go of
    /// the last result, a wait allocates nothing.
    private var ready: [Event] = []

    public init() throws(SystemError) {
        fd = board_epoll_create()
        guard fd >= 0 else { throw SystemError("epoll_create1") }
    }

    deinit { Glibc.close(fd) }

    public func add(_ descriptor: FileDescriptor, token: UInt64, events: Events) throws(SystemError) {
        guard board_epoll_ctl(fd, epollControlAdd, descriptor.rawValue, events.rawValue, token) == 0 else {
            throw SystemError("epoll_ctl add")
        }
    }

    public func modify(_ descriptor: FileDescriptor, token: UInt64, events: Events) {
        _ = board_epoll_ctl(fd, epollControlModify, descriptor.rawValue, events.rawValue, token)
    }

    public func remove(_ descriptor: FileDescriptor) {
        _ = board_epoll_ctl(fd, epollControlDelete, descriptor.rawValue, 0, 0)
    }

    /// Waits up to `timeoutMilliseconds` (-1: forever) and returns what is ready; empty on timeout or EINTR.
    public mutating func wait(timeoutMilliseconds: Int32) -> [Event] {
        let n = tokens.withUnsafeMutableBufferPointer { t in
            masks.withUnsafeMutableBufferPointer { m in
                board_epoll_wait(fd, t.baseAddress, m.baseAddress, 256, timeoutMilliseconds)
            }
        }
        guard n > 0 else { return [] }
        ready.removeAll(keepingCapacity: true)
        for index in 0..<Int(n) { ready.append(Event(token: tokens[index], events: Events(rawValue: masks[index]))) }
        return ready
    }
}

// EPOLL_CTL_ADD, EPOLL_CTL_DEL and EPOLL_CTL_MOD are plain macros; their values are fixed by the Linux ABI.
let epollControlAdd: Int32 = 1
let epollControlDelete: Int32 = 2
let epollControlModify: Int32 = 3
