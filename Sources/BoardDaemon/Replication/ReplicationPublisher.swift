import BoardLink
import BoardProtocol
import BoardSystem

/// A source's publisher, on a thread of its own: the queued records to Redis, in order, under a lease.
///
/// Each turn it makes sure of its connection (`RedisLink`, reconnecting at its backoff's pace). On
/// a new connection it takes the lease (`board:CODE:source`) and writes the newest state
/// (`board:CODE:state`), so a Redis that came back empty has it again; then it sends the waiting
/// records, at most `batchSize` at a time, each batch one `MULTI` ... `EXEC`: the records'
/// `XADD`s (the stream trimmed to about `streamLength`) and the state's `HSET`. Every third of
/// the lease it renews it and looks for the state, writing it again when it is gone.
///
/// The lease is one Lua script (`leaseScript`), so reading the holder and renewing are one step
/// on the server: between a `GET` and a `PEXPIRE` sent apart the lease could expire and be
/// taken by another source, whose lease the `PEXPIRE` would then renew. A lease found held by
/// another instance ends publishing for good (`supersededBy`); the daemon goes on serving.
/// Redis refusing a write (out of memory, a key of another type) gives the lease back
/// (`giveLeaseBack`; a read-only Redis refuses that too, and the lease lapses within its length): a
/// source that cannot publish is no source, and its replicas say so.
/// A batch whose reply was lost may be sent again: a replica skips a record whose (source, seq)
/// it has applied.
final class ReplicationPublisher {
    enum Start: Equatable {
        case leased
        case heldBy(String)
        case unreachable(RedisError)
        case refused(RedisError)
    }

    static let batchSize = 500
    static let streamLength = 10_000
    /// How long the lease lasts unrenewed (10 s); renewed every third of it. Tests shorten it
    /// with `BOARDD_REPLICATION_LEASE_MS`.
    static let defaultLease = Duration.seconds(10)
    static let leaseVariable = "BOARDD_REPLICATION_LEASE_MS"

    /// Takes the lease when it is free or ours (renewing it), else answers its holder: 1 or the holder.
    static let leaseScript = """
        local holder = redis.call('GET', KEYS[1])
        if not holder then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
        if holder == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
        return holder
        """
    /// Gives the lease back, if it is still ours.
    static let releaseScript = """
        if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
        return 0
        """

    let link: RedisLink
    let source: ReplicationSource
    let lease: Duration
    let log: Log
    /// The connection the lease was taken on; a new one takes it again and writes the state. Held,
    /// so a new connection is never mistaken for it.
    private var leasedOn: RedisConnection?
    private var nextRenewal = ContinuousClock.now
    /// After a refusal: when to try again.
    private var retryAt: ContinuousClock.Instant?
    private var supersededBy: String?
    /// Whether the last thing logged said connected.
    private var loggedConnected: Bool?
    /// Redis's refusals of the writes, said once a minute while they last (`RepeatedFailureLog`).
    private var refusals = RepeatedFailureLog()

    init(link: RedisLink, source: ReplicationSource, lease: Duration, log: Log) {
        self.link = link
        self.source = source
        self.lease = lease
        self.log = log
    }

    /// The lease from the environment (`BOARDD_REPLICATION_LEASE_MS`, 100 to 600000), else 10 s; a value
    /// outside that, or not a number, is the start's error (the variable's line), never passed over.
    static func leaseFromEnvironment(_ value: String? = Environment.value(leaseVariable)) -> Result<
        Duration, Daemon.ReplicationStartFailure
    > {
        guard let value else { return .success(defaultLease) }
        guard let ms = Int(value), (100...600_000).contains(ms) else {
            return .failure(
                Daemon.ReplicationStartFailure(
                    message:
                        "\(leaseVariable) must be a whole number of milliseconds from 100 to 600000, not \(JSON.string(value).text); unset it for the default (10000)",
                    status: 2))
        }
        return .success(.milliseconds(ms))
    }

    private var server: String { link.url.server }

    /// At the daemon's start, before it serves: the lease taken and the state written, or why not.
    func start() -> Start {
        let now = ContinuousClock.now
        do {
            if let holder = try establish(now) { return .heldBy(holder) }
            loggedConnected = true
            return .leased
        } catch {
            loggedConnected = false
            guard error.isRefusal else { return .unreachable(error) }
            // Taken, then the state refused (a key of another type): the daemon exits, and a lease
            // left held would refuse its next start as another source's for the lease's length.
            giveLeaseBack(now)
            return .refused(error)
        }
    }

    /// Publishes until the source stops, then publishes what the last moves queued (while Redis is
    /// connected) and gives the lease back.
    func run() {
        while !source.shared.withLock({ $0.stopping }) {
            step(ContinuousClock.now)
            waitForWork(ContinuousClock.now)
        }
        if supersededBy == nil, leasedOn?.isOpen == true { try? flush(ContinuousClock.now) }
        releaseLease()
        source.finished.signal()
    }

    /// Gives the lease back if it is still ours, so the next source may start at once: as the
    /// daemon stops, or when it cannot serve after taking it at start.
    func releaseLease() {
        guard supersededBy == nil, let leasedOn, leasedOn.isOpen else { return }
        _ = try? leasedOn.send([leaseCommand(Self.releaseScript, withTime: false)], timeout: .milliseconds(500))
        self.leasedOn = nil
    }

    /// One turn: the connection, the lease and the state when it is new, the waiting records, the renewal.
    func step(_ now: ContinuousClock.Instant) {
        guard supersededBy == nil else { return }
        if let retryAt, now < retryAt { return }
        retryAt = nil
        do {
            if let holder = try establish(now) {
                supersede(by: holder)
                return
            }
            // Renewed first: a source that was paused past its lease learns it lost it before it
            // publishes a batch under another's.
            if now >= nextRenewal { try renew(now) }
            guard supersededBy == nil else { return }
            try flush(now)
            report(connected: true, nil)
        } catch {
            leasedOn = nil
            if error.isRefusal {
                // A source that cannot publish holds no lease: its replicas say "no source" rather
                // than live while their board falls behind, until it publishes under a lease taken anew.
                giveLeaseBack(now)
                if let line = refusals.admit("\(error); publishing again in \(RedisError.text(lease / 3))", at: now) {
                    log.error(line)
                }
                retryAt = now + lease / 3
            }
            report(connected: false, error)
        }
    }

    /// Gives the lease back, if it is still ours, on whatever connection there is (the one that
    /// took it may be gone): Redis refuses the writes, not the lease script's `DEL`.
    private func giveLeaseBack(_ now: ContinuousClock.Instant) {
        _ = try? link.call(leaseCommand(Self.releaseScript, withTime: false), now: now, timeout: .milliseconds(500))
    }

    /// A connection holding the lease, with the state written on it; the holder's name when another has the lease.
    private func establish(_ now: ContinuousClock.Instant) throws(RedisError) -> String? {
        let connection = try link.connected(now: now, command: "EVAL")
        if connection === leasedOn { return nil }
        leasedOn = nil
        if let holder = try takeLease(now) { return holder }
        try writeState(now)
        leasedOn = connection
        nextRenewal = now + lease / 3
        return nil
    }

    /// `EVAL leaseScript`: nil when the lease is ours, else its holder.
    private func takeLease(_ now: ContinuousClock.Instant) throws(RedisError) -> String? {
        let reply = try link.call(leaseCommand(Self.leaseScript, withTime: true), now: now)
        if reply == .integer(1) { return nil }
        guard let holder = reply.string else { throw RedisError(server: server, command: "EVAL", .unexpected(reply.shape)) }
        // Whatever a writer of Redis put there, said in printable characters only (the start's
        // refusal, the status, the log).
        return ReplicationDocument.instanceName(holder)
    }

    private func leaseCommand(_ script: String, withTime: Bool) -> RESPCommand {
        var parts = ["EVAL", script, "1", source.keys.source, source.instance]
        if withTime { parts.append(String(Int(lease / .milliseconds(1)))) }
        return RESPCommand(parts)
    }

    private func writeState(_ now: ContinuousClock.Instant) throws(RedisError) {
        guard let state = source.shared.withLock({ $0.queue.state }) else { return }
        _ = try link.call(hset(state), now: now)
    }

    private func hset(_ state: ReplicationState) -> RESPCommand {
        RESPCommand(["HSET", source.keys.state] + state.fields.flatMap { [$0.0, $0.1] })
    }

    /// Sends the waiting records in order, a batch a transaction, the newest state with each.
    private func flush(_ now: ContinuousClock.Instant) throws(RedisError) {
        while true {
            let (batch, state) = source.shared.withLock { ($0.queue.oldest(Self.batchSize), $0.queue.state) }
            guard let last = batch.last else { return }
            var commands = [RESPCommand("MULTI")]
            for record in batch {
                let head = ["XADD", source.keys.log, "MAXLEN", "~", String(Self.streamLength), "*"]
                commands.append(RESPCommand(head + record.fields.flatMap { [$0.0, $0.1] }))
            }
            if let state { commands.append(hset(state)) }
            commands.append(RESPCommand("EXEC"))
            let replies = try link.send(commands, now: now)
            if let refusal = RESPValue.transactionRefusal(replies) {
                throw RedisError(server: server, command: "EXEC", .refused(refusal))
            }
            source.shared.withLock { $0.queue.published(through: last.seq) }
        }
    }

    /// Renews the lease and writes the state again when Redis lost it.
    private func renew(_ now: ContinuousClock.Instant) throws(RedisError) {
        let replies = try link.send(
            [leaseCommand(Self.leaseScript, withTime: true), RESPCommand("EXISTS", source.keys.state)], now: now)
        if let message = replies[0].errorMessage { throw RedisError(server: server, command: "EVAL", .refused(message)) }
        if replies[0] != .integer(1) {
            supersede(by: ReplicationDocument.instanceName(replies[0].string ?? "?"))
            return
        }
        nextRenewal = now + lease / 3
        if replies[1] == .integer(0) {
            try writeState(now)
            log.warning("redis \(server): \(source.keys.state) was gone; written again")
        }
    }

    private func supersede(by holder: String) {
        supersededBy = holder
        leasedOn = nil
        source.shared.withLock {
            $0.supersededBy = holder
            $0.connected = false
        }
        log.error(
            "redis \(server): \(source.keys.source) is held by instance \(holder), another source: this one stops publishing and goes on serving"
        )
    }

    /// Says so in the status, and in the log when it changes.
    private func report(connected: Bool, _ error: RedisError?) {
        let waiting = source.shared.withLock { shared in
            shared.connected = connected
            return shared.queue.records.count
        }
        guard loggedConnected != connected else { return }
        loggedConnected = connected
        if connected {
            refusals.clear()
            log.info("redis \(server): publishing to \(source.keys.log) as instance \(source.instance)")
        } else if let error, !error.isRefusal {
            log.warning("\(error); serving on, \(waiting) record(s) wait to be published on reconnect")
        }
    }

    /// Sleeps until a record is queued, the source stops, or the next renewal or reconnection is due.
    private func waitForWork(_ now: ContinuousClock.Instant) {
        var until = now + .seconds(1)
        if supersededBy == nil {
            if let retryAt {
                until = min(until, retryAt)
            } else if leasedOn == nil {
                until = min(until, link.nextAttempt ?? now)
            } else if source.shared.withLock({ !$0.queue.records.isEmpty }) {
                until = now
            } else {
                until = min(until, nextRenewal)
            }
        }
        let milliseconds = max(0, Int32(clamping: Int(now.duration(to: until) / .milliseconds(1))))
        if milliseconds > 0 { _ = try? source.wakeup.descriptor.waitUntilReadable(timeoutMilliseconds: milliseconds) }
        source.wakeup.drain()
    }
}

/// The publisher, handed to its thread (which alone uses it from then on).
struct ReplicationPublisherHandOff: @unchecked Sendable {
    let publisher: ReplicationPublisher
}
