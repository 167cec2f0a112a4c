import BoardLink
import BoardProtocol
import BoardSystem
import Foundation
import Glibc
import Testing

/// `boardd --follow` with the real binaries and a real `redis-server`: replicas that serve the
/// source's boards byte for byte, catch up when started late, outlive their source and Redis, and
/// say what is wrong when they cannot start. Every wait is for an event, with a deadline.
@Suite(.enabled(if: RedisServer.isInstalled, RedisServer.missingNote))
struct FollowTests {
    typealias P = PublishTests

    static func following(_ server: RedisServer, sandbox: Sandbox = Sandbox(), env: [String: String] = [:]) throws
        -> RunningDaemon
    {
        try RunningDaemon(sandbox: sandbox, now: nil, speed: nil, extra: ["--follow", P.url(server)], env: env)
    }

    static func clock(_ socket: String) throws -> ClockDocument {
        try ClockDocument(json: try BoardConnection(path: socket, timeoutMilliseconds: 2000).call(ClockGetRequest()))
    }

    /// What a person's scripts read: `board all --json`, a flight's details, the day's changes so far.
    /// What people read of a daemon: boards (today's, tomorrow's, a tab without the past), a flight
    /// by its id, the soonest, a search across the window and the day's events, each as JSON.
    static func pages(_ daemon: RunningDaemon) throws -> [String] {
        func page(_ arguments: [String]) throws -> String {
            let result = try daemon.sandbox.board(arguments: arguments)
            #expect(result.status == 0, "board \(arguments): \(result.stderr)")
            return result.stdout
        }
        let board = try page(["all", "--json"])
        let id = try #require(board.firstMatch(of: /"flights":\[\{"id":([0-9]+)/)?.1, "a flight on the board")
        return try [board]
            + [
                ["all", "--date", "tomorrow", "--json"], ["departures", "--hide-past", "--json"], ["show", String(id), "--json"],
                ["soonest", "--json"], ["search", "den", "--json"], ["events", "--json"],
            ].map(page)
    }

    /// A `board.watch` on `socket`: its first board read.
    static func watcher(_ socket: String) throws -> BoardConnection {
        let connection = try BoardConnection(path: socket, timeoutMilliseconds: 2000)
        _ = try connection.call(BoardWatchRequest(tab: .all), timeoutMilliseconds: 2000)
        return connection
    }

    /// Waits for the watcher's board whose `now` is `now`: the whole event.
    @discardableResult
    static func waitForBoard(_ connection: BoardConnection, now: String) throws -> JSON {
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            let message = try connection.readMessage(deadline: deadline)
            if message["event"]?.string == "board", message["result"]?["now"]?.string == now { return message }
        }
    }

    @Test func aMoveOnTheSourceReachesEveryReplicasWatchersAndTheirBoardsAreTheSameBytes() throws {
        let server = try RedisServer()
        let source = try P.publishing(server, sandbox: Sandbox())
        let sourceInstance = try P.ping(source.socket).instance
        let replicas = try (0..<3).map { _ in try Self.following(server) }
        let watchers = try replicas.map { try Self.watcher($0.socket) }
        let sourceWatcher = try Self.watcher(source.socket)
        let subscribers = try [source.socket, replicas[0].socket].map { socket in
            let connection = try BoardConnection(path: socket, timeoutMilliseconds: 2000)
            _ = try connection.call(EventsWatchRequest(), timeoutMilliseconds: 2000)
            return connection
        }
        try P.advance(source.socket, minutes: 45)
        // The board each watcher is pushed is the source's watcher's, seq and all.
        let pushed = try Self.waitForBoard(sourceWatcher, now: "2026-11-30T12:45:00-05:00")
        for watcher in watchers { #expect(try Self.waitForBoard(watcher, now: "2026-11-30T12:45:00-05:00") == pushed) }
        // A subscriber on a replica is sent the source's subscriber's changes, cursors and all.
        let passed = try source.sandbox.board("events", "--since", "12:00", "--json")
        let count = passed.stdout.split(separator: "\n").count  // one change a line
        #expect(count > 0, "the 45 minutes hold changes")
        let changes = try subscribers.map { connection in
            let deadline = ContinuousClock.now + .seconds(10)
            return try (0..<count).map { _ in try connection.readMessage(deadline: deadline) }
        }
        #expect(changes[0].allSatisfy { $0["event"]?.string == "change" })
        #expect(changes[1] == changes[0])
        let expected = try Self.pages(source)
        for replica in replicas {
            #expect(try Self.pages(replica) == expected)
            let ping = try P.ping(replica.socket)
            #expect(ping.instance != sourceInstance)
            let replication = try #require(ping.replication)
            #expect(replication.role == "replica" && replication.source == sourceInstance && replication.connected)
            #expect(replication.cutOffSince == nil && replication.outOfStep == nil)
        }
        // A replica's clock is its source's: moving it is refused, naming the source.
        let refused = try replicas[0].sandbox.board("clock", "advance", "10")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("replica") && refused.stderr.contains(sourceInstance), "\(refused.stderr)")
        let wire = try BoardConnection(path: replicas[0].socket, timeoutMilliseconds: 2000)
        #expect(throws: ConnectionError.self) { _ = try wire.call(ClockSetRequest(time: "13:00")) }
        #expect(try Self.clock(replicas[0].socket).now == "2026-11-30T12:45:00-05:00")
        // People see which daemon is a replica, and that it is live.
        // The note comes with the ping's reply, within the line's budget.
        let status = try replicas[0].sandbox.status { $0.stdout.contains("replica of") }
        #expect(status.stdout.hasSuffix("  replica of MTN · live\n"), "\(status.stdout)")
        let sourceStatus = try source.sandbox.status { $0.stdout.contains("source of") }.stdout
        #expect(sourceStatus.hasSuffix("  source of MTN · publishing\n") && !sourceStatus.contains("replica"), "\(sourceStatus)")
        let clock = try replicas[0].sandbox.board("clock")
        #expect(clock.stdout == "2026-11-30 12:45:00-05:00  SIMULATED, frozen  (replica · live)\n", "\(clock.stdout)")
    }

    @Test func aReplicaStartedLateStartsFromTheSourcesStateAndOneWithNoSourceSaysWhy() throws {
        let server = try RedisServer()
        let early = Sandbox()
        let alone = try run(
            Binaries.boardd, ["--socket", early.socket, "--follow", P.url(server)], environment: early.environment())
        #expect(alone.status == 1)
        #expect(
            alone.stderr.contains("no source publishes MTN") && alone.stderr.contains("board:MTN:state is empty"),
            "\(alone.stderr)")
        #expect(alone.stderr.split(separator: "\n").count == 1)
        let sandbox = Sandbox()
        let config = sandbox.path + "/boardd.json"
        try #"{"seed": 77, "days": 4, "hall": {"departedMinutes": 5}}"#.write(toFile: config, atomically: true, encoding: .utf8)
        let source = try RunningDaemon(sandbox: sandbox, extra: ["--config", config, "--publish", P.url(server)])
        for minutes in [30, 60, 90] { try P.advance(source.socket, minutes: minutes) }
        let redis = try RedisConnection(server.unixURL)
        try waitUntil("the moves in the stream") { try P.records(redis).count == 5 }
        let replica = try Self.following(server)
        #expect(try Self.clock(replica.socket).now == "2026-11-30T15:00:00-05:00")
        #expect(try Self.clock(replica.socket).windowEnd == "2026-12-03", "the source's four days")
        #expect(try Self.pages(replica) == Self.pages(source))
        // And it follows from there.
        let watcher = try Self.watcher(replica.socket)
        try P.advance(source.socket, minutes: 5)
        try Self.waitForBoard(watcher, now: "2026-11-30T15:05:00-05:00")
        // A reload of the source's config reaches it too.
        let subscriber = try RawClient(path: replica.socket)
        _ = try subscriber.readLine()  // the hello
        try subscriber.send(WireLine.line(["id": 7, "method": "events.watch", "params": [:]]))
        #expect(try subscriber.readLine(timeout: 10)?["result"]?["cursor"] != nil)
        try #"{"seed": 78, "days": 4}"#.write(toFile: config, atomically: true, encoding: .utf8)
        kill(source.pid, SIGHUP)
        try waitUntil("the replica to take the new config") {
            (try? Self.pages(replica)) == (try? Self.pages(source)) && replica.logText().contains("seed 78")
        }
        // Its events subscriptions are ended with the old schedule, to be taken again, as on the source.
        let lines = try subscriber.readUntilClosed(timeout: 10)
        #expect(lines.last?["event"] == "reloaded" && lines.last?["id"] == 7, "\(lines)")
    }

    @Test func aConfigThatSaysReplicationMakesASourceAndAReplicaWithoutFlags() throws {
        let server = try RedisServer()
        let sourceSandbox = Sandbox()
        let sourceConfig = sourceSandbox.path + "/boardd.json"
        try #"{"seed": 9, "replication": {"publish": "\#(P.url(server))"}}"#.write(
            toFile: sourceConfig, atomically: true, encoding: .utf8)
        let source = try RunningDaemon(sandbox: sourceSandbox, extra: ["--config", sourceConfig])
        let replicaSandbox = Sandbox()
        let replicaConfig = replicaSandbox.path + "/boardd.json"
        try #"{"replication": {"follow": "\#(P.url(server))"}}"#.write(
            toFile: replicaConfig, atomically: true, encoding: .utf8)
        let replica = try RunningDaemon(sandbox: replicaSandbox, now: nil, speed: nil, extra: ["--config", replicaConfig])
        #expect(try P.ping(source.socket).replication?.role == "source")
        #expect(try P.ping(replica.socket).replication?.role == "replica")
        #expect(try Self.pages(replica) == Self.pages(source), "the source's seed, not the replica's file's default")
        let clockFlag = try run(
            Binaries.boardd, ["--socket", replicaSandbox.path + "/other.sock", "--config", replicaConfig, "--now", "12:00"],
            environment: replicaSandbox.environment())
        #expect(clockFlag.status == 2 && clockFlag.stderr.contains("--now goes to the source"), "\(clockFlag.stderr)")
    }

    @Test func aKilledSourceLeavesItsReplicasServingAndTheNextSourceIsFollowed() throws {
        let server = try RedisServer()
        let lease = ["BOARDD_REPLICATION_LEASE_MS": "1000"]
        let first = try P.publishing(server, sandbox: Sandbox(), env: lease)
        let replica = try Self.following(server)
        try P.advance(first.socket, minutes: 10)
        try waitUntil("the replica to follow the move") { try Self.clock(replica.socket).now == "2026-11-30T12:10:00-05:00" }
        #expect(try first.stop(signal: SIGKILL) == 128 + SIGKILL)
        #expect(try Self.clock(replica.socket).now == "2026-11-30T12:10:00-05:00", "serving on without its source")
        let redis = try RedisConnection(server.unixURL)
        try waitUntil("the lease to expire", timeout: 5) { try redis.call("EXISTS", P.keys.source) == .integer(0) }
        // With no source holding the lease (past the grace a source has to reconnect), the replica
        // says since when, rather than "live"; the log says it first.
        try waitUntil("the replica to say it has no source", timeout: 15) {
            try P.ping(replica.socket).replication?.noSourceSince != nil
        }
        let alone = try replica.sandbox.status { $0.stdout.contains("replica of") }
        #expect(alone.stdout.hasPrefix("replica of MTN · no source since "), "\(alone.stdout)")
        #expect(replica.logText().contains("no source holds \(P.keys.source)"), "\(replica.logText())")
        let next = try RunningDaemon(
            sandbox: Sandbox(), now: "2026-12-01T08:00:00-05:00", extra: ["--publish", P.url(server)], env: lease)
        let nextInstance = try P.ping(next.socket).instance
        try waitUntil("the replica to follow the new source") {
            try P.ping(replica.socket).replication?.source == nextInstance
                && Self.clock(replica.socket).now == "2026-12-01T08:00:00-05:00"
        }
        #expect(try Self.pages(replica) == Self.pages(next))
        try waitUntil("the replica to find the new source's lease", timeout: 5) {
            try P.ping(replica.socket).replication?.noSourceSince == nil
        }
        #expect(replica.logText().contains("a source holds \(P.keys.source) again"), "logged before: \(replica.logText())")
    }

    /// A Redis out of memory (`maxmemory`, `noeviction`) refuses the source's writes: the source gives
    /// the lease back, so its replicas say they have no source rather than "live" while their board
    /// falls behind; once Redis takes writes again, the source leases anew and they catch up. The
    /// source renewed its lease (a `PEXPIRE` is no write) and its replicas said live for good.
    @Test func aRedisThatRefusesTheSourcesWritesLeavesItsReplicasSayingTheyHaveNoSource() throws {
        let server = try RedisServer()
        let lease = ["BOARDD_REPLICATION_LEASE_MS": "1000"]
        let source = try P.publishing(server, sandbox: Sandbox(), env: lease)
        let replica = try Self.following(server)
        let redis = try RedisConnection(server.unixURL)
        #expect(try redis.call("CONFIG", "SET", "maxmemory-policy", "noeviction") == .simpleString("OK"))
        #expect(try redis.call("CONFIG", "SET", "maxmemory", "1") == .simpleString("OK"))
        try P.advance(source.socket, minutes: 90)
        try waitUntil("the source to give the lease back", timeout: 10) {
            try redis.call("EXISTS", P.keys.source) == .integer(0)
        }
        try waitUntil("the replica to say it has no source", timeout: 15) {
            try P.ping(replica.socket).replication?.noSourceSince != nil
        }
        let alone = try replica.sandbox.status { $0.stdout.contains("replica of") }
        #expect(alone.stdout.hasPrefix("replica of MTN · no source since "), "\(alone.stdout)")
        #expect(source.logText().contains("OOM"), "\(source.logText())")
        #expect(try redis.call("CONFIG", "SET", "maxmemory", "0") == .simpleString("OK"))
        try waitUntil("the replica to catch up", timeout: 20) {
            try Self.clock(replica.socket).now == "2026-11-30T13:30:00-05:00"
                && P.ping(replica.socket).replication?.noSourceSince == nil
        }
        #expect(try Self.pages(replica) == Self.pages(source))
    }

    @Test func aPausedRedisLeavesReplicasServingAndTheyCatchUpNeverGoingBack() throws {
        let server = try RedisServer()
        let source = try P.publishing(server, sandbox: Sandbox())
        let replica = try Self.following(server)
        var seen: [String] = []
        func look() throws -> ReplicationDocument? {
            let began = ContinuousClock.now
            let clock = try Self.clock(replica.socket)
            // Under the 2 s a wait for Redis would take (`Daemon.followTimeouts`), with room for a loaded machine.
            #expect(ContinuousClock.now - began < .milliseconds(1900), "a replica answers while Redis is away")
            seen.append(clock.now)
            return clock.replication
        }
        kill(server.pid, SIGSTOP)
        defer { kill(server.pid, SIGCONT) }
        try P.advance(source.socket, minutes: 20)
        let pausedAt = ContinuousClock.now
        try waitUntil("the replica to say it is cut off", timeout: 10) {
            guard let replication = try look() else { return false }
            return !replication.connected && replication.cutOffSince != nil
        }
        #expect(try Self.pages(replica).count == 7, "it serves every page while cut off")
        let status = try replica.sandbox.status { $0.stdout.contains("replica of") }
        #expect(status.stdout.hasPrefix("replica of MTN · cut off since "), "\(status.stdout)")
        try waitUntil("five seconds of a paused Redis", timeout: 10) {
            _ = try look()
            return ContinuousClock.now - pausedAt >= .seconds(5)
        }
        kill(server.pid, SIGCONT)
        try waitUntil("the replica to catch up", timeout: 20) {
            guard let replication = try look() else { return false }
            return replication.connected && seen.last == "2026-11-30T12:20:00-05:00"
        }
        #expect(seen == seen.sorted(), "the clock never went back: \(Set(seen).sorted())")
        #expect(try Self.pages(replica) == Self.pages(source))
        #expect(replica.logText().contains("serving on, the clock running from the source's last move"))
    }

    @Test func aRedisRestartedEmptyIsFollowedAgain() throws {
        let server = try RedisServer()
        let source = try P.publishing(server, sandbox: Sandbox())
        let replica = try Self.following(server)
        try server.stop()
        try server.start()
        let redis = try RedisConnection(server.unixURL)
        try waitUntil("the source to write its state again", timeout: 15) { try P.state(redis) != nil }
        try waitUntil("the replica to reconnect", timeout: 15) { try P.ping(replica.socket).replication?.connected == true }
        try P.advance(source.socket, minutes: 25)
        try waitUntil("the move at the replica", timeout: 10) {
            try Self.clock(replica.socket).now == "2026-11-30T12:25:00-05:00"
        }
        // Redis came back without the lease, and the replica may have reached it before its source
        // did: never "no source" while the source is alive.
        #expect(!replica.logText().contains("no source holds"), "\(replica.logText())")
        #expect(try P.ping(replica.socket).replication?.noSourceSince == nil)
    }

    @Test func anEntryTheReplicaCannotReadIsNeverActedOnAndItSaysItIsOutOfStep() throws {
        let server = try RedisServer()
        let source = try P.publishing(server, sandbox: Sandbox())
        let replica = try Self.following(server)
        let redis = try RedisConnection(server.unixURL)
        // A writer of another version: an entry and a state this version cannot read.
        _ = try redis.call("HSET", P.keys.state, "v", "9")
        let id = try #require(try redis.call("XADD", P.keys.log, "*", "v", "9", "kind", "clock", "instant", "0").string)
        try waitUntil("the replica to say it is out of step") {
            try P.ping(replica.socket).replication?.outOfStep?.contains(id) == true
        }
        #expect(try Self.clock(replica.socket).now == "2026-11-30T12:00:00-05:00", "the entry was not acted on")
        let status = try replica.sandbox.status { $0.stdout.contains("replica of") }
        #expect(status.stdout.hasPrefix("replica of MTN · out of step  "), "\(status.stdout)")
        _ = try redis.call("XADD", P.keys.log, "*", "v", "9")
        // Three lines: the first entry, the state, the second entry (the state again is not logged again).
        try waitUntil("the second entry read") { replica.logText().components(separatedBy: "not applied").count == 4 }
        #expect(replica.logText().components(separatedBy: "entry \(id)").count == 2, "logged once: \(replica.logText())")
        // The source's next move writes a whole state: in step again.
        try P.advance(source.socket, minutes: 5)
        try waitUntil("the replica in step again") {
            try P.ping(replica.socket).replication?.outOfStep == nil
                && Self.clock(replica.socket).now == "2026-11-30T12:05:00-05:00"
        }
    }

    /// A record the source did not write (another writer of Redis: another instance, or the source's
    /// own instance with a seq past its state's) is never applied, and is logged once; the replica
    /// follows its source's next move. One seq past everything stopped it taking any, for good.
    @Test func aRecordItsSourceDidNotWriteIsNeverApplied() throws {
        let server = try RedisServer()
        let source = try P.publishing(server, sandbox: Sandbox())
        let replica = try Self.following(server)
        let redis = try RedisConnection(server.unixURL)
        let state = try #require(try P.state(redis))
        let instant = try #require(ISO8601DateFormatter().date(from: "2027-06-14T13:00:00-04:00")).timeIntervalSince1970
        let clock = ReplicationClock(
            move: .set, simulated: true, instant: instant, speed: 0, madeAt: Date().timeIntervalSince1970)
        let forged = [
            ReplicationRecord(seq: Int.max, source: state.clock.source, .clock(clock)),
            ReplicationRecord(seq: 1, source: "e0e0e0e0e0e0e0e0", .clock(clock)),
        ]
        var ids: [String] = []
        for record in forged {
            let id = try redis.call(RESPCommand(["XADD", P.keys.log, "*"] + record.fields.flatMap { [$0.0, $0.1] })).string
            ids.append(try #require(id))
        }
        try waitUntil("both entries passed over") {
            ids.allSatisfy { replica.logText().contains("entry \($0) is not its source's") }
        }
        #expect(try Self.clock(replica.socket).now == "2026-11-30T12:00:00-05:00", "neither was applied")
        #expect(try P.ping(replica.socket).replication?.source == state.clock.source)
        #expect(try P.ping(replica.socket).replication?.outOfStep == nil, "in step with its source all along")
        try P.advance(source.socket, minutes: 5)
        try waitUntil("the source's next move at the replica") {
            try Self.clock(replica.socket).now == "2026-11-30T12:05:00-05:00"
        }
        #expect(replica.logText().components(separatedBy: "entry \(ids[0])").count == 2, "logged once: \(replica.logText())")
    }

    /// A move that arrived late says the replica was behind, not that it still is: once a read of the
    /// stream finds nothing newer, its lag is 0 and it is live again.
    @Test func aReplicaThatReadALateMoveIsLiveAgainOnceItHasTheStreamsEnd() throws {
        let server = try RedisServer()
        let source = try P.publishing(server, sandbox: Sandbox())
        let replica = try Self.following(server)
        try P.advance(source.socket, minutes: 1)
        try waitUntil("the replica to follow") { try Self.clock(replica.socket).now == "2026-11-30T12:01:00-05:00" }
        // A source's move made 10 s before it reached the stream, as after a long stall: its next
        // record, written as a source writes a batch, the stream and the state in one transaction.
        let instant = try #require(ISO8601DateFormatter().date(from: "2026-11-30T12:07:00-05:00")).timeIntervalSince1970
        let redis = try RedisConnection(server.unixURL)
        let state = try #require(try P.state(redis))
        let late = ReplicationRecord(
            seq: state.clock.seq + 1, source: state.clock.source,
            .clock(
                ReplicationClock(
                    move: .advance, simulated: true, instant: instant, speed: 0, madeAt: Date().timeIntervalSince1970 - 10)))
        let fields = late.fields.flatMap { [$0.0, $0.1] }
        _ = try redis.send([
            RESPCommand("MULTI"), RESPCommand(["HSET", P.keys.state] + fields), RESPCommand(["XADD", P.keys.log, "*"] + fields),
            RESPCommand("EXEC"),
        ])
        try waitUntil("the late move applied") { try Self.clock(replica.socket).now == "2026-11-30T12:07:00-05:00" }
        try waitUntil("the replica live again") {
            guard let lag = try P.ping(replica.socket).replication?.lag, lag < 2 else { return false }
            return try replica.sandbox.status().stdout.contains("replica of MTN · live")
        }
    }

    /// A stream key of another type (a hand's `SET`) is said as Redis refused it, in one line and
    /// printable words, exit 1 before the socket: it said Swift's own text of the reply, cut off,
    /// and "start it once Redis answers", which Redis had.
    @Test func aStreamKeyOfAnotherTypeIsSaidAsRedisRefusedIt() throws {
        let server = try RedisServer()
        let redis = try RedisConnection(server.unixURL)
        #expect(try redis.call("SET", P.keys.log, "x") == .simpleString("OK"))
        #expect(try redis.call("HSET", P.keys.state, "v", "1") == .integer(1))
        let sandbox = Sandbox()
        let result = try run(
            Binaries.boardd, ["--socket", sandbox.socket, "--follow", P.url(server)], environment: sandbox.environment())
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stderr.hasPrefix("boardd: redis \(server.unixURL.server): EXEC: WRONGTYPE Operation against a key"),
            "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(!result.stderr.contains("RESPValue") && !result.stderr.contains("once Redis answers"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.socket), "refused before taking a socket")
    }

    @Test func aWrongPasswordABadURLASilentHostAndTheSourcesFlagsAreClearAtStart() throws {
        let secret = "pw-\(UUID().uuidString.prefix(8))"
        let server = try RedisServer(password: secret)
        let sandbox = Sandbox()
        let began = ContinuousClock.now
        try P.expectAWrongPasswordRefused(server, sandbox: sandbox, ["--follow", P.url(server)])
        let port = try RedisServer.freePort()
        let silent = try run(
            Binaries.boardd, ["--socket", sandbox.socket, "--follow", "redis://127.0.0.1:\(port)"],
            environment: sandbox.environment())
        #expect(silent.status == 1)
        #expect(
            silent.stderr.contains("cannot connect") && silent.stderr.contains("start it once Redis answers"), "\(silent.stderr)")
        // A path that is no socket is said as what it is, and not as a Redis to wait for: connect(2)
        // refuses a directory as it refuses a server not listening ("Connection refused").
        let directory = try run(
            Binaries.boardd, ["--socket", sandbox.socket, "--follow", "unix://\(sandbox.path)"],
            environment: sandbox.environment())
        #expect(directory.status == 1)
        #expect(
            directory.stderr
                == "boardd: redis unix://\(sandbox.path): cannot connect: \(sandbox.path) is a directory, not a socket: give the Redis server's socket (its unixsocket setting)\n",
            "\(directory.stderr)")
        #expect(ContinuousClock.now - began < .seconds(10), "each start gives up within its deadline")
        // A host that takes the connection and never answers: exit 1 within the 4 s the start may wait.
        let mute = try TCPSocket.listenOnLoopback()
        defer { mute.close() }
        let mutePort = try #require(TCPSocket.boundPort(mute))
        let muteStarted = ContinuousClock.now
        let unanswered = try run(
            Binaries.boardd, ["--socket", sandbox.socket, "--follow", "redis://127.0.0.1:\(mutePort)"],
            environment: sandbox.environment())
        let waited = ContinuousClock.now - muteStarted
        #expect(unanswered.status == 1 && waited < .seconds(5), "exit \(unanswered.status) after \(waited)")
        #expect(
            unanswered.stderr.hasPrefix("boardd: redis redis://127.0.0.1:\(mutePort): PING: no reply within 2 s"),
            "\(unanswered.stderr)")
        #expect(unanswered.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: sandbox.socket), "refused before taking a socket")
        let bad = try run(Binaries.boardd, ["--follow", "redis://"], environment: sandbox.environment())
        #expect(bad.status == 2 && bad.stderr.hasPrefix("boardd: --follow: redis URL 'redis://'"), "\(bad.stderr)")
        let clockFlag = try run(
            Binaries.boardd, ["--follow", P.url(server), "--now", "12:00"], environment: sandbox.environment())
        #expect(clockFlag.status == 2 && clockFlag.stderr.contains("--now goes to the source"), "\(clockFlag.stderr)")
    }
}
