import BoardLink
import BoardProtocol
import BoardSystem
import Foundation
import Glibc
import Testing

/// `boardd --publish` with the real binary and a real `redis-server`: its clock moves in the stream,
/// the state and the lease; a second source refused; Redis paused, restarted empty, or wrongly
/// configured. Every wait is for an event, with a deadline.
@Suite(.enabled(if: RedisServer.isInstalled, RedisServer.missingNote))
struct PublishTests {
    static let start = "2026-11-30T12:00:00-05:00"
    /// `start` as seconds since 1970.
    static let startSeconds = 1_796_058_000.0
    static let keys = ReplicationKeys(airportCode: "MTN")

    static func url(_ server: RedisServer) -> String { "unix://\(server.socketPath)" }

    /// The stream's records, in order.
    static func records(_ redis: RedisConnection) throws -> [ReplicationRecord] {
        let entries = try #require(try redis.call("XRANGE", keys.log, "-", "+").elements)
        return try entries.map { entry in
            let fields = try #require(entry.elements?[1].elements).map { $0.string ?? "" }
            return try ReplicationRecord(flat: fields)
        }
    }

    static func state(_ redis: RedisConnection) throws -> ReplicationState? {
        let fields = try #require(try redis.call("HGETALL", keys.state).elements).map { $0.string ?? "" }
        guard !fields.isEmpty else { return nil }
        return try ReplicationState(fields: stride(from: 0, to: fields.count, by: 2).map { (fields[$0], fields[$0 + 1]) })
    }

    /// The clock records' instants, each record once (a batch sent again is there twice), in order.
    static func clockInstants(_ records: [ReplicationRecord]) -> [Double] {
        var seen = Set<String>()
        return records.compactMap { record in
            guard seen.insert("\(record.source)/\(record.seq)").inserted, case .clock(let clock) = record.body else { return nil }
            return clock.instant
        }
    }

    static func ping(_ socket: String) throws -> PingDocument {
        let connection = try BoardConnection(path: socket, timeoutMilliseconds: 2000)
        return try PingDocument(json: try connection.call(PingRequest(), timeoutMilliseconds: 2000))
    }

    static func advance(_ socket: String, minutes: Int) throws {
        let connection = try BoardConnection(path: socket, timeoutMilliseconds: 2000)
        _ = try connection.call(ClockAdvanceRequest(minutes: minutes), timeoutMilliseconds: 2000)
    }

    static func publishing(_ server: RedisServer, sandbox: Sandbox, env: [String: String] = [:]) throws -> RunningDaemon {
        try RunningDaemon(sandbox: sandbox, extra: ["--publish", url(server)], env: env)
    }

    @Test func aClockAdvanceAppearsInTheStreamWithItsFieldsAndTheStateFollows() throws {
        let server = try RedisServer()
        let sandbox = Sandbox()
        let daemon = try Self.publishing(server, sandbox: sandbox)
        let redis = try RedisConnection(server.unixURL)
        try waitUntil("the config and the starting clock in the stream") { try Self.records(redis).count == 2 }
        let instance = try Self.ping(daemon.socket).instance
        try Self.advance(daemon.socket, minutes: 30)
        try waitUntil("the move in the stream") { try Self.records(redis).count == 3 }
        let records = try Self.records(redis)
        #expect(records.map(\.kind) == ["config", "clock", "clock"])
        #expect(records.map(\.seq) == [1, 2, 3])
        #expect(records.allSatisfy { $0.source == instance })
        guard case .clock(let moved) = records[2].body, case .clock(let started) = records[1].body,
            case .config(let settings) = records[0].body
        else { throw TimedOut(what: "a clock record and a config") }
        #expect(started.move == .start && started.instant == Self.startSeconds && started.simulated && started.speed == 0)
        #expect(moved.move == .advance && moved.instant == Self.startSeconds + 1800)
        #expect(abs(moved.madeAt - Date().timeIntervalSince1970) < 10)
        #expect(settings["airport"]?["code"]?.string == "MTN" && settings["seed"] == .int(2024))
        try waitUntil("the state to hold the move") { try Self.state(redis)?.clock == records[2] }
        #expect(try Self.state(redis)?.config == records[0])
        #expect(try redis.call("GET", Self.keys.source).string == instance)
        let ping = try Self.ping(daemon.socket)
        #expect(ping.replication == ReplicationDocument(role: "source", source: instance, connected: true, waiting: 0, lag: nil))
        let clock = try ClockDocument(
            json: try BoardConnection(path: daemon.socket, timeoutMilliseconds: 2000).call(ClockGetRequest()))
        #expect(clock.replication?.role == "source" && clock.replication?.connected == true)
        #expect(try daemon.stop() == 0)
        #expect(try redis.call("EXISTS", Self.keys.source) == .integer(0), "a clean stop gives the lease back")
    }

    @Test func aSecondSourceRefusesNamingTheFirstAndANewOneStartsOnceItsLeaseExpires() throws {
        let server = try RedisServer()
        let lease = ["BOARDD_REPLICATION_LEASE_MS": "1000"]
        let first = try Self.publishing(server, sandbox: Sandbox(), env: lease)
        let instance = try Self.ping(first.socket).instance
        let other = Sandbox()
        let arguments = ["--socket", other.socket, "--now", Self.start, "--publish", Self.url(server)]
        let second = try run(Binaries.boardd, arguments, environment: other.environment(extra: lease))
        #expect(second.status == 1)
        #expect(
            second.stderr.contains("board:MTN:source") && second.stderr.contains("held by instance \(instance)"),
            "\(second.stderr)")
        #expect(second.stderr.split(separator: "\n").count == 1, "\(second.stderr)")
        #expect(!FileManager.default.fileExists(atPath: other.socket), "refused before taking a socket")
        #expect(try first.stop(signal: SIGKILL) == 128 + SIGKILL)
        let redis = try RedisConnection(server.unixURL)
        try waitUntil("the lease to expire", timeout: 5) { try redis.call("EXISTS", Self.keys.source) == .integer(0) }
        let third = try Self.publishing(server, sandbox: other, env: lease)
        let thirdInstance = try Self.ping(third.socket).instance
        #expect(try redis.call("GET", Self.keys.source).string == thirdInstance)
        // Renewed: still held well past the lease.
        let renewedUntil = ContinuousClock.now + .milliseconds(2500)
        try waitUntil("two and a half seconds of renewals", timeout: 5) {
            let holder = try redis.call("GET", Self.keys.source).string
            #expect(holder == thirdInstance)
            return ContinuousClock.now >= renewedUntil
        }
    }

    /// A source that took the lease and then cannot serve (another daemon has its socket) gives the
    /// lease back as it exits, so the next source need not wait for it to expire.
    @Test func aSourceThatCannotTakeItsSocketGivesItsLeaseBack() throws {
        let server = try RedisServer()
        let alone = try RunningDaemon(sandbox: Sandbox())
        let sandbox = Sandbox()
        let taken = try run(
            Binaries.boardd, ["--socket", alone.socket, "--now", Self.start, "--publish", Self.url(server)],
            environment: sandbox.environment())
        #expect(taken.status == 1, "\(taken.stderr)")
        let redis = try RedisConnection(server.unixURL)
        #expect(try Self.state(redis) != nil, "it had taken the lease and written its state")
        #expect(try redis.call("EXISTS", Self.keys.source) == .integer(0), "the lease was given back")
    }

    @Test func movesMadeWhileRedisIsPausedArePublishedInOrderWhenItReturns() throws {
        let server = try RedisServer()
        let daemon = try Self.publishing(server, sandbox: Sandbox())
        let redis = try RedisConnection(server.unixURL)
        try waitUntil("the starting records") { try Self.records(redis).count == 2 }
        // Records Redis holds may not be acknowledged to the source yet (under a sanitizer the first
        // move's reply counted them as waiting): Redis is paused once the source has nothing waiting.
        try waitUntil("the source to have nothing waiting", timeout: 10) {
            try Self.ping(daemon.socket).replication.map { $0.connected && $0.waiting == 0 } == true
        }
        kill(server.pid, SIGSTOP)
        defer { kill(server.pid, SIGCONT) }
        for (index, minutes) in [10, 20, 30].enumerated() {
            let began = ContinuousClock.now
            let connection = try BoardConnection(path: daemon.socket, timeoutMilliseconds: 2000)
            let reply = try ClockDocument(
                json: try connection.call(ClockAdvanceRequest(minutes: minutes), timeoutMilliseconds: 2000))
            // Under the 2 s a wait for Redis would take (`Daemon.publishTimeouts`), with room for a loaded machine.
            #expect(ContinuousClock.now - began < .milliseconds(1900), "a move is answered without waiting for Redis")
            // Nothing reaches the paused server: the reply counts this very move among the records waiting.
            #expect(reply.replication?.waiting == index + 1, "\(String(describing: reply.replication))")
        }
        // The publisher gives up on the paused server after its reply timeout, and says so.
        try waitUntil("the source to say Redis is away", timeout: 10) {
            try Self.ping(daemon.socket).replication?.connected == false
        }
        #expect(try Self.ping(daemon.socket).replication?.waiting == 3)
        kill(server.pid, SIGCONT)
        let expected = [0.0, 600, 1800, 3600].map { Self.startSeconds + $0 }
        try waitUntil("the three moves in the stream", timeout: 20) {
            (try? Self.clockInstants(Self.records(RedisConnection(server.unixURL)))) == expected
        }
        try waitUntil("the source to say it is connected with nothing waiting", timeout: 10) {
            try Self.ping(daemon.socket).replication.map { $0.connected && $0.waiting == 0 } == true
        }
        #expect(daemon.logText().contains("record(s) wait to be published on reconnect"), "\(daemon.logText())")
    }

    @Test func aRedisRestartedEmptyGetsTheStateAndTheLeaseAgain() throws {
        let server = try RedisServer()
        let daemon = try Self.publishing(server, sandbox: Sandbox())
        let instance = try Self.ping(daemon.socket).instance
        try Self.advance(daemon.socket, minutes: 15)
        var redis = try RedisConnection(server.unixURL)
        try waitUntil("the move in the state") {
            guard case .clock(let clock)? = try Self.state(redis)?.clock.body else { return false }
            return clock.instant == Self.startSeconds + 900
        }
        let before = try #require(try Self.state(redis))
        try server.stop()
        try server.start()
        redis = try RedisConnection(server.unixURL)
        try waitUntil("the state written again", timeout: 15) { try Self.state(redis) == before }
        #expect(try redis.call("GET", Self.keys.source).string == instance)
        try Self.advance(daemon.socket, minutes: 15)
        try waitUntil("the next move in the new stream") {
            Self.clockInstants(try Self.records(redis)) == [Self.startSeconds + 1800]
        }
    }

    /// A source whose lease another instance took (it was cut off longer than the lease and a new
    /// source started, or someone wrote the key) says by whom, in `ping` and `board status`, where it
    /// said "not publishing, 0 records waiting", as if Redis were away. The holder is whatever Redis
    /// holds, so it is said in printable characters only.
    @Test func aSourceWhoseLeaseAnotherTookSaysWhoHoldsIt() throws {
        let server = try RedisServer()
        let daemon = try Self.publishing(server, sandbox: Sandbox(), env: ["BOARDD_REPLICATION_LEASE_MS": "1000"])
        let redis = try RedisConnection(server.unixURL)
        try waitUntil("the source to publish") { try Self.ping(daemon.socket).replication?.connected == true }
        #expect(try Self.ping(daemon.socket).replication?.supersededBy == nil)
        _ = try redis.call("SET", Self.keys.source, "other\u{1B}]0;x\u{7}", "PX", "60000")
        try waitUntil("the source to say who took its lease", timeout: 10) {
            try Self.ping(daemon.socket).replication?.supersededBy == "other]0;x"
        }
        #expect(try Self.ping(daemon.socket).replication?.connected == false)
        let status = try daemon.sandbox.status { $0.stdout.contains("source of") }.stdout
        #expect(status.contains("source of MTN · not publishing: instance other]0;x took the lease"), "\(status)")
        #expect(daemon.logText().contains("held by instance other]0;x"), "\(daemon.logText())")
    }

    @Test func aReloadedConfigIsPublishedAsAConfigRecordAndInTheState() throws {
        let server = try RedisServer()
        let sandbox = Sandbox()
        let config = sandbox.path + "/boardd.json"
        try #"{"seed": 5}"#.write(toFile: config, atomically: true, encoding: .utf8)
        let daemon = try RunningDaemon(sandbox: sandbox, extra: ["--config", config, "--publish", Self.url(server)])
        let redis = try RedisConnection(server.unixURL)
        try waitUntil("the starting records") { try Self.records(redis).count == 2 }
        try #"{"seed": 6, "days": 3}"#.write(toFile: config, atomically: true, encoding: .utf8)
        kill(daemon.pid, SIGHUP)
        try waitUntil("the reloaded config in the stream") { try Self.records(redis).count == 3 }
        let reloaded = try Self.records(redis)[2]
        guard case .config(let settings) = reloaded.body else { throw TimedOut(what: "a config record") }
        #expect(settings["seed"] == .int(6) && settings["days"] == .int(3) && settings["flightsPerDay"] == .int(30))
        try waitUntil("the state to hold it") { try Self.state(redis)?.config == reloaded }
        // A new airport code is published under the start's keys until a restart, and the log says so.
        try #"{"seed": 6, "airport": {"code": "XYZ"}}"#.write(toFile: config, atomically: true, encoding: .utf8)
        kill(daemon.pid, SIGHUP)
        try waitUntil("the code's warning") {
            daemon.logText().contains("airport.code changed to XYZ: published under board:MTN:log")
        }
        try waitUntil("the second reload in the start's stream") { try Self.records(redis).count == 4 }
    }

    /// boardd with `arguments` and a wrong password exits 1 in one line naming the server and `AUTH`, never the password.
    static func expectAWrongPasswordRefused(_ server: RedisServer, sandbox: Sandbox, _ arguments: [String]) throws {
        let wrong = try run(
            Binaries.boardd, ["--socket", sandbox.socket] + arguments,
            environment: sandbox.environment(extra: [RedisPassword.environmentVariable: "nope"]))
        #expect(wrong.status == 1)
        #expect(wrong.stderr.hasPrefix("boardd: redis \(Self.url(server)): AUTH: WRONGPASS"), "\(wrong.stderr)")
        #expect(!wrong.stderr.contains("nope") && wrong.stderr.split(separator: "\n").count == 1)
    }

    /// A source whose state Redis refuses at start (a hand's `SET` made the state key a string) exits 1
    /// saying so, and gives the lease back: left held, its next start was refused for the lease's
    /// length as "held by instance" its own dead one.
    @Test func aSourceRefusedAtStartLeavesNoLeaseHeld() throws {
        let server = try RedisServer()
        let redis = try RedisConnection(server.unixURL)
        #expect(try redis.call("SET", Self.keys.state, "x") == .simpleString("OK"))
        let sandbox = Sandbox()
        let refused = try run(
            Binaries.boardd, ["--socket", sandbox.socket, "--now", Self.start, "--publish", Self.url(server)],
            environment: sandbox.environment())
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("WRONGTYPE"), "\(refused.stderr)")
        #expect(try redis.call("EXISTS", Self.keys.source) == .integer(0), "the lease given back")
        #expect(try redis.call("DEL", Self.keys.state) == .integer(1))
        let next = try RunningDaemon(sandbox: Sandbox(), extra: ["--publish", Self.url(server)])
        #expect(try Self.ping(next.socket).replication?.source != nil, "the next start is the source at once")
    }

    @Test func aWrongPasswordABadURLAndASilentHostAreClearAtStart() throws {
        let secret = "pw-\(UUID().uuidString.prefix(8))"
        let server = try RedisServer(password: secret)
        let sandbox = Sandbox()
        let began = ContinuousClock.now
        try Self.expectAWrongPasswordRefused(server, sandbox: sandbox, ["--now", Self.start, "--publish", Self.url(server)])
        #expect(ContinuousClock.now - began < .seconds(5))
        // None given to a Redis that asks for one: Redis's words, and where boardd takes a password.
        let none = try run(
            Binaries.boardd, ["--socket", sandbox.socket, "--now", Self.start, "--publish", Self.url(server)],
            environment: sandbox.environment())
        #expect(none.status == 1, "\(none.stderr)")
        #expect(none.stderr.hasPrefix("boardd: redis \(Self.url(server)): "), "\(none.stderr)")
        #expect(
            none.stderr.contains(
                "NOAUTH Authentication required. (give boardd the password: --redis-password-file FILE, BOARDD_REDIS_PASSWORD, "
                    + "or replication.passwordFile in the config)"
            ),
            "\(none.stderr)")
        // The right one, from a file only its owner reads.
        let file = sandbox.path + "/redis-password"
        try (secret + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        chmod(file, 0o600)
        let daemon = try RunningDaemon(sandbox: sandbox, extra: ["--publish", Self.url(server), "--redis-password-file", file])
        #expect(try Self.ping(daemon.socket).replication?.source != nil)
        // A URL that does not parse: a usage error.
        let bad = try run(Binaries.boardd, ["--publish", "http://example.org"], environment: sandbox.environment())
        #expect(bad.status == 2)
        #expect(
            bad.stderr == "boardd: --publish: redis URL 'http://example.org': expected \(RedisURL.grammar); see boardd --help\n",
            "\(bad.stderr)")
        // A lease time outside 100 to 600000 ms, or not a number: a usage error, never passed over.
        for lease in ["abc", "0", "-5", "600001", "1e3"] {
            let refused = try run(
                Binaries.boardd, ["--socket", sandbox.path + "/lease.sock", "--publish", Self.url(server)],
                environment: sandbox.environment(extra: ["BOARDD_REPLICATION_LEASE_MS": lease]))
            #expect(refused.status == 2, "\(lease): \(refused.stderr)")
            #expect(
                refused.stderr
                    == "boardd: BOARDD_REPLICATION_LEASE_MS must be a whole number of milliseconds from 100 to 600000, not \"\(lease)\"; unset it for the default (10000)\n",
                "\(refused.stderr)")
        }
        // Nothing listening: the daemon serves at once, says so once, and waits to publish.
        let silent = Sandbox()
        let port = try RedisServer.freePort()
        let alone = try RunningDaemon(sandbox: silent, extra: ["--publish", "redis://127.0.0.1:\(port)"])
        let replication = try #require(try Self.ping(alone.socket).replication)
        #expect(!replication.connected && replication.waiting == 2)
        #expect(alone.logText().contains("cannot connect"), "\(alone.logText())")
        #expect(alone.logText().contains("serving, and publishing once Redis answers"))
        let status = try silent.status { $0.stdout.contains("source of") }
        #expect(status.stdout.hasPrefix("source of MTN · not publishing, 2 records waiting  "), "\(status.stdout)")
        // A host that takes the connection and never answers: serving within the 2 s connect deadline.
        let mute = try TCPSocket.listenOnLoopback()
        defer { mute.close() }
        let mutePort = try #require(TCPSocket.boundPort(mute))
        let muteStarted = ContinuousClock.now
        let unanswered = try RunningDaemon(sandbox: Sandbox(), extra: ["--publish", "redis://127.0.0.1:\(mutePort)"])
        let waited = ContinuousClock.now - muteStarted
        #expect(waited >= .milliseconds(1900) && waited < .seconds(6), "the start waited \(waited)")
        #expect(try Self.ping(unanswered.socket).replication?.connected == false)
        #expect(unanswered.logText().contains("PING: no reply within 2 s"), "\(unanswered.logText())")
    }
}
