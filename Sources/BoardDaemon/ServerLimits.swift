/// Limits that keep one client from hurting the others.
struct ServerLimits: Equatable, Sendable {
    var maxClients = 10_000
    /// A line that never finishes is dropped after this long (real seconds).
    var partialLineTimeout = 10.0
    /// Output that makes no progress this long (a client that stopped reading) closes the connection.
    var stalledWriteTimeout = 30.0
    /// Past this much queued output, the daemon stops reading the client's requests until it catches up.
    var maxQueuedBytes = 1 << 20
    /// Past this much output queued for all clients together, a client whose output is still waiting
    /// is not answered further until it drains (clients that read as they go are answered as usual).
    var maxQueuedBytesTotal = 64 << 20
    /// Past this much output queued for all clients together, no client is answered, not even one with
    /// nothing waiting, until it falls back under: thousands of clients that each asked once and never
    /// read could otherwise hold a reply each (8,000 searches held 760 MB).
    var maxQueuedBytesCeiling = 128 << 20

    /// Descriptors kept for everything but clients: the standard three, the log, the listener and its
    /// lock, each loop's epoll, wake-up and splice pipe (two), the signals, the spare, the service
    /// manager's socket, the config read on SIGHUP, and some slack (about 18 are open at start).
    static let reservedDescriptors = 32

    /// The most clients `descriptorLimit` (the soft `RLIMIT_NOFILE`) leaves room for, at least one.
    static func clients(fittingDescriptorLimit descriptorLimit: Int) -> Int {
        max(1, descriptorLimit - reservedDescriptors)
    }
}
