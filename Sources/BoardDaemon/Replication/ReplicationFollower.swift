import BoardLink
import BoardProtocol
import BoardSystem
import FoundationEssentials

/// A replica's thread (`boardd --follow`): reads its source's state, then its stream, and hands each
/// new move to the main loop through the feed (`ReplicaFeed`).
///
/// On each new connection it reads the stream's last ID and the state in one `MULTI` ... `EXEC`
/// (the source writes them in one too, so they agree), hands on what the state holds that it has
/// not applied, then `XREAD BLOCK`s from that ID. A record it has applied (a batch sent twice, the
/// state repeating the stream) is skipped (`ReplicaProgress`). An entry it cannot read is never
/// acted on: it is logged once with its ID, the replica says it is out of step, and it reads the
/// state again with each later entry until the state is whole. While Redis is away the replica
/// serves on, its clock running from the last move; the follower reconnects with backoff.
final class ReplicationFollower {
    /// What the replica starts from: its source's schedule and clock.
    struct Snapshot {
        let config: DaemonConfig
        let clock: ReplicationClock
        let source: String
    }

    enum Start {
        case following(Snapshot)
        /// Redis holds no state for the airport: no source has published.
        case noSource
        case unreadable(String)
        case refused(RedisError)
        case unreachable(RedisError)
    }

    /// How long one `XREAD` blocks: the longest a stop waits for the follower.
    static let block = Duration.milliseconds(500)
    /// Entries read at most at once.
    static let batch = 256
    /// After a refusal (a key of another type, say), the wait before reading again.
    static let refusalRetry = Duration.seconds(1)
    /// How often it looks whether a source holds the lease (`noSourceSince`).
    static let leaseLook = Duration.seconds(1)
    /// How long the lease must be missing before the replica says it has no source: longer than a
    /// source's wait to reconnect (5 s at most), so that a Redis restarted empty, which the replica
    /// may reach first, is not "no source".
    static let noSourceGrace = Duration.seconds(6)

    let link: RedisLink
    let keys: ReplicationKeys
    let log: Log
    /// Set once the daemon serves: where the moves go.
    var feed: ReplicaFeed?
    private var progress = ReplicaProgress()
    /// The last stream entry read: `XREAD` goes on after it.
    private var position = "0-0"
    /// The connection the state was read on; a new one reads it again.
    private var syncedOn: RedisConnection?
    private var retryAt: ContinuousClock.Instant?
    private var loggedConnected: Bool?
    /// The entries already logged as unreadable: each is logged once.
    private var loggedUnreadable: Set<String> = []
    /// When to look at the lease next; whether a source held it as last said (nil before), since when
    /// it has been missing, and whether Redis refused the look (an ACL without `EXISTS`: not asked again).
    private var nextLeaseLook = ContinuousClock.now
    private var sourcePresent: Bool?
    private var leaseMissingSince: ContinuousClock.Instant?
    private var leaseRefused = false

    init(link: RedisLink, keys: ReplicationKeys, log: Log) {
        self.link = link
        self.keys = keys
        self.log = log
    }

    private var server: String { link.url.server }

    /// At the daemon's start, before it serves: the state to start from, or why there is none.
    func start() -> Start {
        do {
            let connection = try link.connected(command: "MULTI")
            let read = try readState()
            guard case .state(let state) = read else {
                if case .unreadable(let reason) = read { return .unreadable(reason) }
                return .noSource
            }
            guard case .clock(let clock) = state.clock.body, case .config(let settings) = state.config.body else {
                return .unreadable("the state holds no clock and config")
            }
            let config: DaemonConfig
            do { config = try DaemonConfig.replicated(settings, source: describe(state.config)) } catch {
                return .unreadable("\(error)")
            }
            _ = progress.admit(state.clock)
            _ = progress.admit(state.config)
            syncedOn = connection
            loggedConnected = true
            return .following(Snapshot(config: config, clock: clock, source: state.clock.source))
        } catch {
            return error.isRefusal ? .refused(error) : .unreachable(error)
        }
    }

    /// Follows until the daemon stops.
    func run() {
        guard let feed else { return }
        while !feed.isStopping {
            step(feed, ContinuousClock.now)
            waitForNextAttempt(feed, ContinuousClock.now)
        }
        feed.finished.signal()
    }

    /// One read: the state again on a new connection, then the entries after `position`.
    func step(_ feed: ReplicaFeed, _ now: ContinuousClock.Instant) {
        if let retryAt, now < retryAt { return }
        retryAt = nil
        do throws(RedisError) {
            let connection = try link.connected(now: now, command: "XREAD")
            if connection !== syncedOn {
                try catchUp(feed)
                syncedOn = connection
            }
            let blockMilliseconds = String(Int(Self.block / .milliseconds(1)))
            let command = RESPCommand(
                ["XREAD", "COUNT", String(Self.batch), "BLOCK", blockMilliseconds, "STREAMS", keys.log, position])
            let reply = try link.call(command, now: now, timeout: Self.block + link.timeouts.reply)
            guard let entries = ReplicationEntry.entries(xread: reply) else {
                throw RedisError(server: server, command: "XREAD", .unexpected(reply.shape))
            }
            report(feed, connected: true, nil)
            if entries.isEmpty { feed.reachedTheStreamsEnd() }
            // What the source has written, read after the entries: a record it holds no seq for is not its.
            let written = entries.contains { (try? $0.record.get()) != nil } ? try writtenState(now) : .empty
            if case .unreadable(let reason) = written { outOfStep(feed, reason, id: nil, keepingEarlier: true) }
            let anotherInstance = take(entries, feed, written: written)
            lookAtTheLease(feed, ContinuousClock.now)
            // A record of another instance than the state's: a source took over meanwhile, and the
            // state it wrote is what to show.
            if !entries.isEmpty, anotherInstance || feed.shared.withLock({ $0.outOfStep != nil }) { try catchUp(feed) }
        } catch {
            syncedOn = nil
            if error.isRefusal {
                log.error("\(error); reading again in \(RedisError.text(Self.refusalRetry))")
                retryAt = now + Self.refusalRetry
            }
            report(feed, connected: false, error)
        }
    }

    // MARK: Reading

    private enum StateRead {
        case empty
        case state(ReplicationState)
        case unreadable(String)
    }

    /// The stream's last ID (from which `XREAD` goes on) and the state, read in one transaction.
    private func readState() throws(RedisError) -> StateRead {
        let replies = try link.send([
            RESPCommand("MULTI"), RESPCommand("XREVRANGE", keys.log, "+", "-", "COUNT", "1"),
            RESPCommand("HGETALL", keys.state), RESPCommand("EXEC"),
        ])
        // A refusal, queued or inside the transaction (WRONGTYPE), is said as Redis said it.
        if let refusal = RESPValue.transactionRefusal(replies) {
            throw RedisError(server: server, command: "EXEC", .refused(refusal))
        }
        guard let results = replies.last?.elements, results.count == 2, let last = ReplicationEntry.entries(results[0]) else {
            throw RedisError(server: server, command: "EXEC", .unexpected((replies.last ?? .array(nil)).shape))
        }
        position = last.first?.id ?? "0-0"
        return stateRead(results[1])
    }

    /// The state in an `HGETALL` reply: none, the state, or why it cannot be read.
    private func stateRead(_ reply: RESPValue) -> StateRead {
        guard let values = reply.elements, !values.isEmpty else { return .empty }
        let strings = values.compactMap(\.string)
        guard strings.count == values.count else { return .unreadable("\(keys.state) holds values that are not strings") }
        do { return .state(try ReplicationState(flat: strings)) } catch { return .unreadable("\(keys.state): \(error)") }
    }

    /// On a new connection, or after an entry it could not read: hands on what the state holds that
    /// was not applied, the config before the clock. A whole state puts the replica in step again.
    private func catchUp(_ feed: ReplicaFeed) throws(RedisError) {
        switch try readState() {
        case .empty:
            return  // Redis came back empty: the source writes its state again, and its next moves follow.
        case .unreadable(let reason):
            // After an unreadable entry, the status keeps naming the entry: the first cause.
            outOfStep(feed, "\(reason)", id: nil, keepingEarlier: true)
        case .state(let state):
            var moves: [ReplicaMove] = []
            if progress.admit(state.config), case .config(let settings) = state.config.body {
                do { moves.append(.config(try DaemonConfig.replicated(settings, source: describe(state.config)))) } catch {
                    outOfStep(feed, "\(keys.state): \(error)", id: nil)
                    return
                }
            }
            if progress.admit(state.clock), case .clock(let clock) = state.clock.body {
                moves.append(.clock(clock, fromStream: false))
            }
            feed.deliver(moves, from: state.clock.source)
            if feed.shared.withLock({ $0.outOfStep != nil }) {
                feed.setOutOfStep(nil)
                log.info("redis \(server): in step with source instance \(state.clock.source) again, from \(keys.state)")
            }
        }
    }

    /// The state as it stands (`HGETALL`). Without one (Redis restarted empty, before its source
    /// writes it again) the entries are taken as they come; one that cannot be read says the
    /// replica is out of step.
    private func writtenState(_ now: ContinuousClock.Instant) throws(RedisError) -> StateRead {
        stateRead(try link.call(RESPCommand("HGETALL", keys.state), now: now))
    }

    /// Why `record` is not one its source wrote, by `state` read after it; nil when it may be. A source
    /// writes each batch to the stream and the state in one transaction, so the state read after a
    /// record of its names that record's source and a seq at least the record's: a record another
    /// writer of Redis made up (another instance, a seq past the source's) is never applied, where
    /// one seq past everything stopped the replica from taking its source's moves.
    static func notWritten(_ record: ReplicationRecord, by state: ReplicationState) -> String? {
        guard record.source == state.clock.source else {
            return "from instance \(record.source), where the state is instance \(state.clock.source)'s"
        }
        let newest = record.kind == "clock" ? state.clock.seq : state.config.seq
        guard record.seq <= newest else { return "\(record.kind) seq \(record.seq) is past the state's, \(newest)" }
        return nil
    }

    /// Hands on the new records among `entries`, in order; an entry it cannot read, or one `written`
    /// (the state read after them) shows its source did not write, is passed over. True when one was
    /// another instance's than the state's.
    private func take(_ entries: [ReplicationEntry], _ feed: ReplicaFeed, written: StateRead) -> Bool {
        var moves: [ReplicaMove] = []
        var source: String?
        var anotherInstance = false
        for entry in entries {
            position = entry.id
            let record: ReplicationRecord
            switch entry.record {
            case .failure(let error):
                outOfStep(feed, "\(error)", id: entry.id)
                continue
            case .success(let read): record = read
            }
            if case .state(let state) = written, let reason = Self.notWritten(record, by: state) {
                let another = record.source != state.clock.source
                anotherInstance = anotherInstance || another
                passOver(entry.id, reason, another: another)
                continue
            }
            guard progress.admit(record) else { continue }
            switch record.body {
            case .clock(let clock): moves.append(.clock(clock, fromStream: true))
            case .config(let settings):
                do { moves.append(.config(try DaemonConfig.replicated(settings, source: describe(record)))) } catch {
                    outOfStep(feed, "\(error)", id: entry.id)
                    continue
                }
            }
            source = record.source
        }
        if let source { feed.deliver(moves, from: source) }
        return anotherInstance
    }

    /// Says the replica is out of step, and logs it once for each entry.
    private func outOfStep(_ feed: ReplicaFeed, _ reason: String, id: String?, keepingEarlier: Bool = false) {
        let text = id.map { "\(keys.log) entry \($0): \(reason)" } ?? reason
        feed.shared.withLock { shared in
            if !keepingEarlier || shared.outOfStep == nil { shared.outOfStep = String(text.prefix(200)) }
        }
        guard loggedUnreadable.insert(id ?? reason).inserted else { return }
        if loggedUnreadable.count > 1000 { loggedUnreadable.removeAll() }
        log.error("redis \(server): \(text); not applied: serving on, out of step until \(keys.state) can be read")
    }

    /// Logs once an entry that is readable but not its source's; the replica stays in step. Another
    /// instance's is most often the last of a source a new one replaced, whose state is taken next.
    private func passOver(_ id: String, _ reason: String, another: Bool) {
        guard loggedUnreadable.insert(id).inserted else { return }
        if loggedUnreadable.count > 1000 { loggedUnreadable.removeAll() }
        let text = "redis \(server): \(keys.log) entry \(id) is not its source's (\(reason)): not applied"
        if another { log.info(text + "; the state is taken instead") } else { log.warning(text) }
    }

    private func describe(_ record: ReplicationRecord) -> String { "the config of source instance \(record.source)" }

    // MARK: Status and waiting

    /// Once a second: whether a source holds the lease. None does once the source stopped (it gives
    /// the lease back) or has been gone longer than its lease; the replica then says since when, as
    /// its clock runs on from the last move with no one to move it.
    ///
    /// The look is the follower's least part: a failure is left for the next read to find, and a
    /// refusal (no `EXISTS` for this user) is logged once and the lease not looked at again.
    private func lookAtTheLease(_ feed: ReplicaFeed, _ now: ContinuousClock.Instant) {
        guard now >= nextLeaseLook, !leaseRefused else { return }
        nextLeaseLook = now + Self.leaseLook
        let held: Bool
        do { held = try link.call(RESPCommand("EXISTS", keys.source), now: now) != .integer(0) } catch {
            if error.isRefusal {
                leaseRefused = true
                log.warning("\(error); the replica does not look whether a source holds \(keys.source)")
            }
            return
        }
        if held { leaseMissingSince = nil } else if leaseMissingSince == nil { leaseMissingSince = now }
        let present = leaseMissingSince.map { now - $0 < Self.noSourceGrace } ?? true
        guard sourcePresent != present else { return }
        // Logged before the status says it, so that whoever sees the status finds the line.
        if sourcePresent != nil || !present {
            log.info(
                present
                    ? "redis \(server): a source holds \(keys.source) again"
                    : "redis \(server): no source holds \(keys.source); serving on, the clock running from the last move")
        }
        sourcePresent = present
        feed.setSourcePresent(present)
    }

    private func report(_ feed: ReplicaFeed, connected: Bool, _ error: RedisError?) {
        feed.setConnected(connected)
        guard loggedConnected != connected else { return }
        loggedConnected = connected
        if connected {
            log.info("redis \(server): following \(keys.log) again")
        } else if let error, !error.isRefusal {
            log.warning("\(error); serving on, the clock running from the source's last move, until Redis answers")
        }
    }

    /// Sleeps until the next attempt to connect is due (or a refusal's wait is over), or the daemon stops.
    private func waitForNextAttempt(_ feed: ReplicaFeed, _ now: ContinuousClock.Instant) {
        let until: ContinuousClock.Instant
        if let retryAt {
            until = retryAt
        } else if !link.isConnected, let next = link.nextAttempt {
            until = next
        } else {
            return
        }
        let milliseconds = max(0, Int32(clamping: Int(now.duration(to: until) / .milliseconds(1))))
        if milliseconds > 0 { _ = try? feed.stopWakeup.descriptor.waitUntilReadable(timeoutMilliseconds: milliseconds) }
    }
}

/// The follower, handed to its thread (which alone uses it from then on).
struct ReplicationFollowerHandOff: @unchecked Sendable {
    let follower: ReplicationFollower
}
