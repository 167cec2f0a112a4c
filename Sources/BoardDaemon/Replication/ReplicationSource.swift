import BoardProtocol
import BoardSystem
import FlightData
import FoundationEssentials

/// What a daemon says of its part in replication (`replication` in `ping` and `clock.*`).
protocol ReplicationReporting: Sendable {
    /// The status, real instants in it written as `localTime` writes them.
    func document(localTime: LocalTime) -> ReplicationDocument
    /// Why `clock.set` and `clock.advance` are refused here (a replica's clock is its source's); nil when they are not.
    var clockMoveRefusal: WireError? { get }
}

/// A source's side that the main loop sees: it queues records and never waits for Redis.
///
/// The main loop hands each clock move and config here (`clockMoved`, `configChanged`): a record
/// is numbered and queued under a lock held for an append, and the publisher's thread is woken
/// (`ReplicationPublisher`). `ping` and `clock.get`, on either loop, read the status from here.
final class ReplicationSource: ReplicationReporting {
    struct Shared: Sendable {
        var queue: ReplicationQueue
        /// Whether the publisher holds the lease on a live connection.
        var connected = false
        /// The instance that took the lease from this one, which then stops publishing.
        var supersededBy: String?
        var stopping = false
    }

    let instance: String
    let keys: ReplicationKeys
    /// Behind a pthread mutex (`Locked`), which ThreadSanitizer sees: it reported the follower's and
    /// a loop's accesses under `Synchronization.Mutex` as races (a futex it cannot see).
    let shared: Locked<Shared>
    /// Signalled for each record queued and at stop: wakes the publisher.
    let wakeup: Wakeup
    /// Signalled by the publisher when it has finished (the lease given back).
    let finished: Wakeup

    init(instance: String, airportCode: String, limit: Int = ReplicationQueue.defaultLimit) throws(SystemError) {
        self.instance = instance
        keys = ReplicationKeys(airportCode: airportCode)
        shared = Locked(Shared(queue: ReplicationQueue(source: instance, limit: limit)))
        wakeup = try Wakeup()
        finished = try Wakeup()
    }

    /// Queues the clock's state after a move.
    func clockMoved(_ clock: ReplicationClock) { append(.clock(clock)) }

    /// Queues the schedule's settings (at start and after a reload).
    func configChanged(_ settings: JSON) { append(.config(settings)) }

    private func append(_ body: ReplicationRecord.Body) {
        shared.withLock { _ = $0.queue.append(body) }
        wakeup.signal()
    }

    func document(localTime: LocalTime) -> ReplicationDocument {
        shared.withLock { shared in
            ReplicationDocument(
                role: "source", source: instance, connected: shared.connected, waiting: shared.queue.records.count, lag: nil,
                supersededBy: shared.supersededBy)
        }
    }

    var clockMoveRefusal: WireError? { nil }

    /// Asks the publisher to stop and waits at most `limit` for it to give the lease back.
    func stop(waitingAtMost limit: Duration) {
        shared.withLock { $0.stopping = true }
        wakeup.signal()
        _ = try? finished.descriptor.waitUntilReadable(timeoutMilliseconds: Int32(limit / .milliseconds(1)))
    }

    /// Whether the publisher has finished (its thread returns at once), so that it can be joined.
    var hasFinished: Bool { (try? finished.descriptor.waitUntilReadable(timeoutMilliseconds: 0)) == true }
}
