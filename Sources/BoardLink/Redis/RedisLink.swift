import BoardProtocol

/// A connection to Redis that is made again when it breaks, no sooner than its `RedisBackoff` allows.
///
/// Time is injected: each call takes `now`, so a test drives the waits with instants it makes.
/// A send while connected goes on the connection; a failure that breaks it (a timeout, a closed
/// or malformed stream) drops it, and the next attempt is due after the backoff's wait. A send
/// while not connected connects first when an attempt is due, else throws
/// `waitingToReconnect` at once, without touching the network. Nothing is ever sent twice:
/// whether a command that failed took effect is the caller's to judge. An error reply leaves
/// the connection as it is.
public final class RedisLink {
    public let url: RedisURL
    public let timeouts: RedisConnection.Timeouts
    private let password: RedisPassword?
    public private(set) var connection: RedisConnection?
    private var backoff: RedisBackoff
    /// When the next attempt to connect may be made; nil when one may be made now.
    public private(set) var nextAttempt: ContinuousClock.Instant?
    /// Since when the link has had no connection (from the first failure); nil while connected or never tried.
    public private(set) var disconnectedSince: ContinuousClock.Instant?
    /// The last failure to connect or to send, until a send succeeds.
    public private(set) var lastError: RedisError?

    public init(
        _ url: RedisURL, password: RedisPassword? = nil, timeouts: RedisConnection.Timeouts = .init(),
        backoff: RedisBackoff = RedisBackoff()
    ) {
        self.url = url
        self.password = password
        self.timeouts = timeouts
        self.backoff = backoff
    }

    /// Whether a connection is open and not known to be broken.
    public var isConnected: Bool { connection.map { !$0.isBroken } ?? false }

    /// Sends the commands (see `RedisConnection.send`), connecting first when there is no connection and an attempt is due.
    public func send(
        _ commands: [RESPCommand], now: ContinuousClock.Instant = .now, timeout: Duration? = nil
    ) throws(RedisError) -> [RESPValue] {
        let link = try connected(now: now, command: commands.first?.name)
        do {
            let replies = try link.send(commands, timeout: timeout)
            lastError = nil
            return replies
        } catch {
            if link.isBroken { dropConnection(error, at: now) }
            throw error
        }
    }

    /// Sends one command; an error reply is thrown as a refusal.
    public func call(_ command: RESPCommand, now: ContinuousClock.Instant = .now, timeout: Duration? = nil) throws(RedisError)
        -> RESPValue
    {
        let reply = try send([command], now: now, timeout: timeout)[0]
        if let message = reply.errorMessage { throw RedisError(server: url.server, command: command.name, .refused(message)) }
        return reply
    }

    /// The open connection, or a new one when an attempt is due at `now`. A connection the server
    /// closed while it was idle (a restart between commands) is replaced at once, with no wait:
    /// nothing was sent on it.
    public func connected(now: ContinuousClock.Instant = .now, command: String? = nil) throws(RedisError) -> RedisConnection {
        if let connection {
            if connection.isOpen { return connection }
            self.connection = nil
        }
        if let nextAttempt, now < nextAttempt {
            throw RedisError(
                server: url.server, command: command,
                .waitingToReconnect(
                    lastFailure: Self.short(lastError) ?? "not yet connected", retryIn: now.duration(to: nextAttempt)))
        }
        do {
            let made = try RedisConnection(url, password: password, timeouts: timeouts)
            connection = made
            nextAttempt = nil
            disconnectedSince = nil
            backoff.reset()
            return made
        } catch {
            dropConnection(error, at: now)
            throw error
        }
    }

    /// Forgets the connection after `error` and schedules the next attempt.
    private func dropConnection(_ error: RedisError, at now: ContinuousClock.Instant) {
        connection = nil
        lastError = error
        if disconnectedSince == nil { disconnectedSince = now }
        nextAttempt = now + backoff.next()
    }

    /// What went wrong last, without the server's name (the error that carries this names it).
    private static func short(_ error: RedisError?) -> String? {
        guard let error else { return nil }
        let full = error.description
        let prefix = "redis \(error.server): "
        return full.hasPrefix(prefix) ? String(full.dropFirst(prefix.count)) : full
    }
}
