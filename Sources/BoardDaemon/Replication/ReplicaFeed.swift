import BoardProtocol
import BoardSystem
import FlightData
import FoundationEssentials

/// A source's move as a replica applies it: its clock's new state, or its new schedule.
enum ReplicaMove: Sendable {
    /// A clock record: `fromStream` when read from the stream as the source published it, so its
    /// hop says how late moves arrive; false when taken from the state on a new connection, which
    /// says where the source is after a gap, not how late its moves come.
    case clock(ReplicationClock, fromStream: Bool)
    case config(DaemonConfig)
}

/// A replica's side that the main loop sees: the moves the follower read, and the replica's status.
///
/// The follower's thread (`ReplicationFollower`) appends each new move of the source under a lock
/// held for the append and wakes the main loop (`wakeup`, registered in its epoll), which takes
/// them all in order (`takeMoves`) and applies them as the source did (`BoardServer+Replica`).
/// `ping` and `clock.get`, on either loop, read the status from here.
final class ReplicaFeed: ReplicationReporting {
    struct Shared: Sendable {
        var moves: [ReplicaMove] = []
        /// The source instance followed: the newest whose record was applied.
        var source: String
        /// The real instant the follower lost Redis; nil while connected.
        var cutOffSince: Date?
        var connected: Bool { cutOffSince == nil }
        /// Seconds from the last clock move at the source to its application here; 0 once a read
        /// found nothing newer (`reachedTheStreamsEnd`).
        var lastHop: Double?
        /// Why the replica may not show its source's board; nil when in step.
        var outOfStep: String?
        /// The real instant the follower found no source holding the lease; nil while one does.
        var noSourceSince: Date?
        var stopping = false
    }

    /// Moves waiting at most: past it the oldest clock move gives way (each is the clock's whole state).
    static let movesLimit = 10_000

    let keys: ReplicationKeys
    let server: String
    /// Behind a pthread mutex (`Locked`), which ThreadSanitizer sees: it reported the follower's and
    /// a loop's accesses under `Synchronization.Mutex` as races (a futex it cannot see).
    let shared: Locked<Shared>
    /// Signalled for each batch of moves: wakes the main loop.
    let wakeup: Wakeup
    /// Signalled at stop: wakes the follower from a wait for its next attempt.
    let stopWakeup: Wakeup
    /// Signalled by the follower when it has finished.
    let finished: Wakeup
    /// The real clock, for the status's instants and the hop.
    let wall: @Sendable () -> Date

    init(keys: ReplicationKeys, server: String, source: String, wall: @escaping @Sendable () -> Date = { Date() })
        throws(SystemError)
    {
        self.keys = keys
        self.server = server
        self.wall = wall
        shared = Locked(Shared(source: source))
        wakeup = try Wakeup()
        stopWakeup = try Wakeup()
        finished = try Wakeup()
    }

    /// Queues the source's moves, in order, and wakes the main loop.
    func deliver(_ moves: [ReplicaMove], from source: String) {
        guard !moves.isEmpty else { return }
        shared.withLock { shared in
            shared.source = source
            shared.moves += moves
            // Past the bound the oldest clock move gives way (each is the clock's whole state); a config only when nothing else is left.
            while shared.moves.count > Self.movesLimit {
                let index = shared.moves.firstIndex { if case .clock = $0 { true } else { false } } ?? 0
                shared.moves.remove(at: index)
            }
        }
        wakeup.signal()
    }

    /// The moves waiting, oldest first; the main loop applies them all.
    func takeMoves() -> [ReplicaMove] {
        wakeup.drain()
        return shared.withLock { shared in
            defer { shared.moves.removeAll(keepingCapacity: true) }
            return shared.moves
        }
    }

    /// Records the hop of a clock move just applied: from its instant at the source to now here.
    /// A move taken from the state has none: a replica that caught up after a gap is not as far
    /// behind as the gap was long.
    func applied(_ clock: ReplicationClock, fromStream: Bool) {
        let hop = fromStream ? max(0, wall().timeIntervalSince1970 - clock.madeAt) : nil
        shared.withLock { $0.lastHop = hop }
    }

    /// A read that found nothing newer in the stream: with every move read applied, the replica has
    /// all its source published, and is behind by none of it. A late move's hop says how far behind
    /// the replica was until then, not how far it is now.
    func reachedTheStreamsEnd() {
        shared.withLock { shared in
            if shared.moves.isEmpty { shared.lastHop = 0 }
        }
    }

    func setConnected(_ connected: Bool) { note(\.cutOffSince, holds: connected) }

    func setOutOfStep(_ reason: String?) { shared.withLock { $0.outOfStep = reason } }

    /// Whether a source holds the lease, as the follower last found: since when none has.
    func setSourcePresent(_ present: Bool) { note(\.noSourceSince, holds: present) }

    /// Clears the instant at `since` while what it stands for `holds`; else sets it to now, the first
    /// time it stops holding (so it says since when).
    private func note(_ since: any WritableKeyPath<Shared, Date?> & Sendable, holds: Bool) {
        let now = wall()
        shared.withLock { shared in
            if holds {
                shared[keyPath: since] = nil
            } else if shared[keyPath: since] == nil {
                shared[keyPath: since] = now
            }
        }
    }

    func document(localTime: LocalTime) -> ReplicationDocument {
        let now = wall()
        return shared.withLock { shared in
            let lag: Double? =
                if let since = shared.cutOffSince { max(0, now.timeIntervalSince(since)) } else { shared.lastHop }
            return ReplicationDocument(
                role: "replica", source: shared.source, connected: shared.connected, waiting: shared.moves.count,
                lag: lag.map { ($0 * 1000).rounded() / 1000 }, cutOffSince: shared.cutOffSince.map(localTime.iso8601),
                outOfStep: shared.outOfStep, noSourceSince: shared.noSourceSince.map(localTime.iso8601))
        }
    }

    var clockMoveRefusal: WireError? {
        let source = shared.withLock { $0.source }
        return WireError(
            .replica,
            "This boardd is a replica: its clock follows source instance \(source) through \(server) (\(keys.log)); move the clock on the source, the boardd started with --publish."
        )
    }

    /// Asks the follower to stop and waits at most `limit` for it.
    func stop(waitingAtMost limit: Duration) {
        shared.withLock { $0.stopping = true }
        stopWakeup.signal()
        _ = try? finished.descriptor.waitUntilReadable(timeoutMilliseconds: Int32(limit / .milliseconds(1)))
    }

    var isStopping: Bool { shared.withLock { $0.stopping } }

    /// Whether the follower has finished (its thread returns at once), so that it can be joined.
    var hasFinished: Bool { (try? finished.descriptor.waitUntilReadable(timeoutMilliseconds: 0)) == true }
}
