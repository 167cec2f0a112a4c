import BoardLink
import BoardProtocol
import BoardSystem
import Foundation
import Glibc
import Testing

/// boardd's own RESP client against a real `redis-server`: commands, pipelines, streams, AUTH,
/// SELECT, and every way a server can fail it (absent, silent, paused, restarted), each failure one
/// line naming the server and the command, within its deadline.
@Suite(.enabled(if: RedisServer.isInstalled, RedisServer.missingNote))
struct RedisConnectionTests {
    static func bulk(_ text: String) -> RESPValue { .bulkString(Array(text.utf8)) }

    @Test func pingSetAndGetOverTheUnixSocketAndTCP() throws {
        let server = try RedisServer()
        for url in [server.unixURL, server.tcpURL] {
            let redis = try RedisConnection(url)
            #expect(try redis.call("PING") == .simpleString("PONG"))
            #expect(try redis.call("SET", "greeting", "héllo\r\n") == .simpleString("OK"))
            #expect(try redis.call("GET", "greeting") == Self.bulk("héllo\r\n"))
            #expect(try redis.call("GET", "missing") == .bulkString(nil))
            #expect(try redis.call(RESPCommand([Array("SET".utf8), [0, 1, 2], [255, 0, 13, 10]])) == .simpleString("OK"))
            #expect(try redis.call(RESPCommand([Array("GET".utf8), [0, 1, 2]])) == .bulkString([255, 0, 13, 10]))
        }
    }

    @Test func aThousandCommandsGoInOneWriteAndTheirRepliesComeBackInOrder() throws {
        let server = try RedisServer()
        let redis = try RedisConnection(server.unixURL)
        let commands = (0..<1000).map { _ in RESPCommand("INCR", "counter") }
        let replies = try redis.send(commands)
        #expect(replies == (1...1000).map { RESPValue.integer($0) })
        // An error reply is one value among the others, and the connection stays good.
        let mixed = try redis.send([RESPCommand("INCR", "counter"), RESPCommand("NOSUCHCOMMAND"), RESPCommand("GET", "counter")])
        #expect(mixed[0] == .integer(1001))
        #expect(mixed[1].errorMessage?.hasPrefix("ERR unknown command") == true)
        #expect(mixed[2] == Self.bulk("1001"))
        #expect(redis.isOpen)
    }

    @Test func streamsAreAddedRangedAndReadWithABlockShorterThanTheReplyTimeout() throws {
        let server = try RedisServer()
        let redis = try RedisConnection(server.tcpURL)
        let first = try #require(try redis.call("XADD", "board:TST:log", "*", "kind", "advance", "minutes", "5").string)
        let second = try #require(try redis.call("XADD", "board:TST:log", "*", "kind", "set").string)
        let range = try #require(try redis.call("XRANGE", "board:TST:log", "-", "+").elements)
        #expect(range.map { $0.elements?.first } == [Self.bulk(first), Self.bulk(second)])
        #expect(range[0].elements?[1] == .array([Self.bulk("kind"), Self.bulk("advance"), Self.bulk("minutes"), Self.bulk("5")]))
        // What follows the first entry comes at once, four deep.
        let after = try redis.call("XREAD", "BLOCK", "100", "STREAMS", "board:TST:log", first, timeout: .seconds(2))
        #expect(after.elements?.first?.elements?[1].elements?.first?.elements?.first == Self.bulk(second))
        // Nothing new: the server holds the reply for its block, then answers null; the reply timeout is longer.
        let started = ContinuousClock.now
        #expect(try redis.call("XREAD", "BLOCK", "300", "STREAMS", "board:TST:log", "$", timeout: .seconds(3)) == .array(nil))
        #expect(ContinuousClock.now - started >= .milliseconds(290))
        // A reply timeout shorter than the block is a timeout naming XREAD, and the connection is done.
        #expect {
            try redis.call("XREAD", "BLOCK", "5000", "STREAMS", "board:TST:log", "$", timeout: .milliseconds(200))
        } throws: { error in
            "\(error)" == "redis \(server.tcpURL.server): XREAD: no reply within 200 ms"
        }
        #expect(redis.isBroken)
    }

    @Test func theRightPasswordIsAcceptedAndAWrongOneIsRefusedByNameWithoutIt() throws {
        let secret = "s3cret-\(UUID().uuidString.prefix(6))"
        let server = try RedisServer(password: secret)
        #expect(try RedisConnection(server.unixURL, password: RedisPassword(secret)).call("PING") == .simpleString("PONG"))
        // With the ACL user named in the URL: AUTH default PASSWORD.
        let withUser = RedisURL(endpoint: .tcp(host: "127.0.0.1", port: server.port), user: "default")
        #expect(try RedisConnection(withUser, password: RedisPassword(secret)).call("PING") == .simpleString("PONG"))
        for url in [server.unixURL, withUser] {
            do {
                _ = try RedisConnection(url, password: RedisPassword("wrong-\(secret)"))
                Issue.record("a wrong password was accepted")
            } catch {
                #expect("\(error)".hasPrefix("redis \(url.server): AUTH: WRONGPASS"))
                #expect(!"\(error)".contains(secret))
            }
        }
        // No password for a server that wants one: the greeting's PING says so.
        #expect {
            try RedisConnection(server.unixURL)
        } throws: { error in
            "\(error)".hasPrefix("redis \(server.unixURL.server): PING: NOAUTH")
        }
    }

    @Test func theDatabaseInTheURLIsSelected() throws {
        let server = try RedisServer()
        let three = RedisURL(endpoint: .unix(path: server.socketPath), database: 3)
        let tcpThree = try RedisURL(parsing: "redis://127.0.0.1:\(server.port)/3")
        try RedisConnection(three).call("SET", "where", "three").string.map { #expect($0 == "OK") }
        #expect(try RedisConnection(tcpThree).call("GET", "where") == Self.bulk("three"))
        #expect(try RedisConnection(server.unixURL).call("GET", "where") == .bulkString(nil))
        #expect {
            try RedisConnection(RedisURL(endpoint: .unix(path: server.socketPath), database: 99_999))
        } throws: { error in
            "\(error)" == "redis \(server.unixURL.server): SELECT: ERR DB index is out of range"
        }
    }

    @Test func aPortNobodyListensOnIsAClearErrorWithinTheDeadline() throws {
        let port = try RedisServer.freePort()
        let started = ContinuousClock.now
        #expect {
            try RedisConnection(try RedisURL(parsing: "redis://127.0.0.1:\(port)"), timeouts: .init(connect: .seconds(2)))
        } throws: { error in
            "\(error)" == "redis redis://127.0.0.1:\(port): cannot connect: Connection refused"
        }
        #expect {
            try RedisConnection(RedisURL(endpoint: .unix(path: "/tmp/board-no-such-redis-\(port).sock")))
        } throws: { error in
            "\(error)" == "redis unix:///tmp/board-no-such-redis-\(port).sock: cannot connect: No such file or directory"
        }
        #expect {
            try RedisConnection(RedisURL(endpoint: .unix(path: "/etc/passwd/redis.sock")))
        } throws: { error in
            "\(error)"
                == "redis unix:///etc/passwd/redis.sock: cannot connect: a part of /etc/passwd/redis.sock is not a directory: give the Redis server's socket (its unixsocket setting)"
        }
        // Refused at once, not at the connect deadline. (The host's name below is looked up by the
        // resolver, whose time is the machine's, not the deadline's: it is not timed.)
        #expect(ContinuousClock.now - started < .seconds(2))
        #expect {
            try RedisConnection(RedisURL(endpoint: .tcp(host: "no-such-host.invalid", port: 6379)))
        } throws: { error in
            "\(error)".hasPrefix("redis redis://no-such-host.invalid:6379: cannot connect: ")
        }
    }

    /// A server that accepts and never answers: the greeting's PING times out at the connect timeout;
    /// a server paused mid-session (`CLIENT PAUSE`): the command times out at the reply timeout.
    @Test func aServerThatNeverAnswersIsATimeoutNamingTheCommand() throws {
        let tcp = try TCPSocket.listenOnLoopback()
        defer { tcp.close() }
        let port = try #require(TCPSocket.boundPort(tcp))
        let directory = "/tmp/board-silent-\(UUID().uuidString.prefix(8))"
        let silent = try SilentDaemon(path: directory + "/s.sock")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = silent
        for url in [
            RedisURL(endpoint: .tcp(host: "127.0.0.1", port: port)), RedisURL(endpoint: .unix(path: directory + "/s.sock")),
        ] {
            let started = ContinuousClock.now
            #expect {
                try RedisConnection(url, timeouts: .init(connect: .milliseconds(300)))
            } throws: { error in
                "\(error)" == "redis \(url.server): PING: no reply within 300 ms"
            }
            let took = ContinuousClock.now - started
            #expect(took >= .milliseconds(290) && took < .seconds(2), "\(took)")
        }
        let server = try RedisServer()
        let redis = try RedisConnection(server.unixURL, timeouts: .init(reply: .milliseconds(300)))
        let other = try RedisConnection(server.tcpURL)
        _ = try other.call("CLIENT", "PAUSE", "3000", "ALL")
        let started = ContinuousClock.now
        #expect {
            try redis.send([RESPCommand("SET", "a", "1"), RESPCommand("GET", "a")])
        } throws: { error in
            "\(error)" == "redis \(server.unixURL.server): SET (1 of 2): no reply within 300 ms"
        }
        #expect(ContinuousClock.now - started < .seconds(2))
        _ = try? other.call("CLIENT", "UNPAUSE")
    }

    @Test func aLinkReconnectsAfterRedisRestartsAtTheBackoffsPace() throws {
        let server = try RedisServer()
        let link = RedisLink(server.unixURL, backoff: RedisBackoff(seed: 1))
        let t0 = ContinuousClock.now
        #expect(try link.call(RESPCommand("SET", "a", "1"), now: t0) == .simpleString("OK"))
        // Restarted between commands: the closed connection is noticed before sending, and replaced at once.
        try server.stop()
        try server.start()
        #expect(try link.call(RESPCommand("GET", "a"), now: t0) == .bulkString(nil))
        #expect(link.disconnectedSince == nil)
        // Down: the attempt fails, the next one is due after the backoff's first wait (50 to 100 ms).
        try server.stop()
        #expect {
            try link.call(RESPCommand("PING"), now: t0)
        } throws: { error in
            "\(error)".hasPrefix("redis \(server.unixURL.server): cannot connect: ")
        }
        #expect(link.disconnectedSince == t0)
        let due = try #require(link.nextAttempt)
        #expect(due > t0 + .milliseconds(49) && due <= t0 + .milliseconds(100))
        // Before it is due, nothing is tried: the error says why and when.
        #expect {
            try link.call(RESPCommand("PING"), now: t0 + .milliseconds(10))
        } throws: { error in
            "\(error)".hasPrefix("redis \(server.unixURL.server): PING: not connected (cannot connect: ")
                && "\(error)".contains("trying again in")
        }
        try server.start()
        #expect(try link.call(RESPCommand("PING"), now: due) == .simpleString("PONG"))
        #expect(link.isConnected && link.disconnectedSince == nil && link.nextAttempt == nil)
    }
}
