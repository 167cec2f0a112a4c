import BoardProtocol
import BoardSystem

/// One connection to a Redis server: commands pipelined in one write, their replies read whole, all under deadlines.
///
/// Connecting (TCP or a Unix socket, as the URL says), `AUTH` and `SELECT` share the connect
/// timeout; every `send` has a reply timeout for writing all its commands and reading all their
/// replies, however the server spaces its bytes (an `XREAD BLOCK` passes one longer than its
/// block). A timeout, a closed or malformed stream, or a failed read or write breaks the
/// connection for good (`isBroken`): its replies could no longer be told apart. An error reply
/// does not: it is a value among the replies, or thrown by `call` as a refusal.
public final class RedisConnection {
    /// The connect and reply timeouts.
    public struct Timeouts: Hashable, Sendable {
        public var connect: Duration
        public var reply: Duration

        public init(connect: Duration = .seconds(2), reply: Duration = .seconds(5)) {
            self.connect = connect
            self.reply = reply
        }
    }

    public let url: RedisURL
    public let timeouts: Timeouts
    public let descriptor: FileDescriptor
    /// Set once the stream is out of step or gone: every later `send` throws.
    public private(set) var isBroken = false
    private var parser: RESPParser
    private var readBuffer = [UInt8](repeating: 0, count: 64 << 10)
    private static let clock = ContinuousClock()

    /// Connects, then authenticates (`AUTH [USER] PASSWORD`) when given a password, selects the URL's
    /// database and pings, all within `timeouts.connect`.
    public init(
        _ url: RedisURL, password: RedisPassword? = nil, timeouts: Timeouts = Timeouts(), limits: RESPLimits = .standard
    ) throws(RedisError) {
        let deadline = Self.clock.now + timeouts.connect
        self.url = url
        self.timeouts = timeouts
        self.parser = RESPParser(limits: limits)
        self.descriptor = try Self.open(url, deadline: deadline, limit: timeouts.connect)
        var greeting: [RESPCommand] = []
        if let password {
            let auth = Array("AUTH".utf8)
            greeting.append(RESPCommand(url.user.map { [auth, Array($0.utf8), password.bytes] } ?? [auth, password.bytes]))
        }
        if url.database != 0 { greeting.append(RESPCommand("SELECT", String(url.database))) }
        greeting.append(RESPCommand("PING"))
        let replies = try exchange(greeting, deadline: deadline, limit: timeouts.connect)
        for (command, reply) in zip(greeting, replies) {
            if let message = reply.errorMessage { throw fail(command.name, .refused(message)) }
        }
    }

    deinit { descriptor.close() }

    private static func open(_ url: RedisURL, deadline: ContinuousClock.Instant, limit: Duration) throws(RedisError)
        -> FileDescriptor
    {
        do {
            switch url.endpoint {
            case .tcp(let host, let port):
                return try TCPSocket.connect(host: host, port: port, deadline: deadline)
            case .unix(let path):
                let fd = try UnixSocket.connect(path: path, timeoutMilliseconds: max(1, Deadline.milliseconds(until: deadline)))
                fd.setNonBlocking(true)
                return fd
            }
        } catch {
            if error.isTimedOut { throw RedisError(server: url.server, .connectTimedOut(limit)) }
            // A path to something else than a socket is refused by connect(2) as a server that is not
            // listening would be: said as what it is, as `board --socket` says it.
            if case .unix(let path) = url.endpoint {
                let status = try? FileStatus(path: path)
                let what =
                    error.isNotASocket
                    ? "a part of \(path) is not a directory"
                    : status.map { $0.kind != .socket ? "\(path) is \($0.kind.name), not a socket" : nil } ?? nil
                if let what {
                    let detail = what + ": give the Redis server's socket (its unixsocket setting)"
                    throw RedisError(server: url.server, .cannotConnect(.notASocket(error.call, detail: detail)))
                }
            }
            throw RedisError(server: url.server, .cannotConnect(error))
        }
    }

    /// Sends the commands in one write and returns their replies in order, error replies among them,
    /// all within `timeout` (the reply timeout unless given).
    public func send(_ commands: [RESPCommand], timeout: Duration? = nil) throws(RedisError) -> [RESPValue] {
        guard !commands.isEmpty else { return [] }
        let limit = timeout ?? timeouts.reply
        guard isOpen else { throw fail(commands[0].name, .closed) }
        return try exchange(commands, deadline: Self.clock.now + limit, limit: limit)
    }

    /// Whether the connection is still good between commands: not broken, and nothing readable (a
    /// server that closed, or sent what nobody asked for, is readable while idle). One that is not
    /// is broken from then on; nothing has been sent on it.
    public var isOpen: Bool {
        guard !isBroken else { return false }
        guard (try? descriptor.waitUntilReadable(timeoutMilliseconds: 0)) == false else {
            isBroken = true
            descriptor.shutdownBoth()
            return false
        }
        return true
    }

    /// Sends one command and returns its reply; an error reply is thrown as a refusal (the connection stays good).
    public func call(_ command: RESPCommand, timeout: Duration? = nil) throws(RedisError) -> RESPValue {
        let reply = try send([command], timeout: timeout)[0]
        if let message = reply.errorMessage { throw RedisError(server: url.server, command: command.name, .refused(message)) }
        return reply
    }

    public func call(_ parts: String..., timeout: Duration? = nil) throws(RedisError) -> RESPValue {
        try call(RESPCommand(parts), timeout: timeout)
    }

    /// Writes every command, reading replies as they come so that neither side's buffers fill, until all are read.
    private func exchange(_ commands: [RESPCommand], deadline: ContinuousClock.Instant, limit: Duration) throws(RedisError)
        -> [RESPValue]
    {
        var out: [UInt8] = []
        for command in commands { command.encode(into: &out) }
        var written = 0
        var replies: [RESPValue] = []
        replies.reserveCapacity(commands.count)
        func awaited() -> String {
            let index = min(replies.count, commands.count - 1)
            return commands.count == 1 ? commands[index].name : "\(commands[index].name) (\(index + 1) of \(commands.count))"
        }
        while replies.count < commands.count {
            do {
                while replies.count < commands.count, let value = try parser.next() { replies.append(value) }
            } catch {
                throw fail(awaited(), .malformed(error))
            }
            if replies.count == commands.count { break }
            let wait = Deadline.milliseconds(until: deadline)
            guard wait > 0 else { throw fail(awaited(), .replyTimedOut(limit)) }
            let ready: (readable: Bool, writable: Bool)
            do {
                ready =
                    written < out.count
                    ? try descriptor.waitUntilReadableOrWritable(timeoutMilliseconds: wait)
                    : (try descriptor.waitUntilReadable(timeoutMilliseconds: wait), false)
            } catch {
                throw fail(awaited(), .system(error))
            }
            if ready.writable { written += try writeSome(out, from: written, command: awaited()) }
            if ready.readable { try readSome(command: awaited()) }
        }
        return replies
    }

    private func writeSome(_ bytes: [UInt8], from offset: Int, command: String) throws(RedisError) -> Int {
        let fd = descriptor
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(SystemError) in try fd.writeSome(UnsafeRawBufferPointer(rebasing: raw[offset...])) }
        }
        switch result {
        case .success(let count): return count
        case .failure(let error) where error.isBrokenPipe || error.isConnectionReset: throw fail(command, .closed)
        case .failure(let error): throw fail(command, .system(error))
        }
    }

    private func readSome(command: String) throws(RedisError) {
        let fd = descriptor
        let result = readBuffer.withUnsafeMutableBytes { raw in Result { () throws(SystemError) in try fd.read(into: raw) } }
        switch result {
        case .success(0): throw fail(command, .closed)
        case .success(let count): readBuffer.withUnsafeBytes { parser.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        case .failure(let error) where error.isWouldBlock: return
        case .failure(let error) where error.isConnectionReset: throw fail(command, .closed)
        case .failure(let error): throw fail(command, .system(error))
        }
    }

    /// Breaks the connection (shut down both ways: the server sees it at once) and makes the error to throw.
    private func fail(_ command: String, _ reason: RedisError.Reason) -> RedisError {
        isBroken = true
        descriptor.shutdownBoth()
        return RedisError(server: url.server, command: command, reason)
    }
}
