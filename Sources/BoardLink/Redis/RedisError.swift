import BoardProtocol
import BoardSystem

/// Why a Redis command failed, in one line that names the server and the command, never an argument.
///
/// `redis unix:///run/redis.sock: AUTH: WRONGPASS invalid username-password pair`. Arguments are
/// never shown (`AUTH`'s is the password), only the command's name.
public struct RedisError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Hashable, Sendable {
        /// The connection could not be made: refused, no such socket, no such host.
        case cannotConnect(SystemError)
        /// No connection within the connect timeout.
        case connectTimedOut(Duration)
        /// The replies did not all arrive within the reply timeout.
        case replyTimedOut(Duration)
        /// The server closed the connection (or sent what nobody asked for while idle).
        case closed
        /// The server answered with an error; the connection is still good.
        case refused(String)
        /// The server's bytes are not RESP within the limits.
        case malformed(RESPError)
        /// A read or write failed.
        case system(SystemError)
        /// The server answered with something the command does not answer.
        case unexpected(String)
        /// Not connected, and the next attempt is not due yet: why the last one failed, and when the next is.
        case waitingToReconnect(lastFailure: String, retryIn: Duration)
    }

    /// The server as `RedisURL.server` names it: `redis://HOST:PORT` or `unix:///PATH`.
    public let server: String
    /// The command's name (`XREAD`, `SET (3 of 1000)` in a pipeline); nil for the connection itself.
    public let command: String?
    public let reason: Reason

    public init(server: String, command: String? = nil, _ reason: Reason) {
        self.server = server
        self.command = command
        self.reason = reason
    }

    /// The URL's path is no socket (a directory, a file, a part of it not a directory): waiting for
    /// Redis does not mend it.
    public var isWrongPath: Bool {
        if case .cannotConnect(let error) = reason { return error.isNotASocket }
        return false
    }

    /// The server refused the command; the connection is fine and the next command may be sent.
    public var isRefusal: Bool {
        if case .refused = reason { return true }
        return false
    }

    public var description: String { "redis \(server): " + (command.map { "\($0): " } ?? "") + reasonText }

    private var reasonText: String {
        switch reason {
        case .cannotConnect(let error): "cannot connect: \(error.detail ?? SystemError.message(for: error.code))"
        case .connectTimedOut(let limit): "no connection within \(Self.text(limit))"
        case .replyTimedOut(let limit): "no reply within \(Self.text(limit))"
        case .closed: "the server closed the connection"
        case .refused(let message): message
        case .malformed(let error): "the server sent \(error)"
        case .system(let error): error.description
        case .unexpected(let what): "unexpected reply: \(what)"
        case .waitingToReconnect(let last, let wait): "not connected (\(last)); trying again in \(Self.text(wait))"
        }
    }

    /// `250 ms`, `5 s`, `1.5 s`.
    public static func text(_ duration: Duration) -> String {
        let milliseconds = Int(duration / .milliseconds(1))
        if milliseconds < 1000 { return "\(milliseconds) ms" }
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
        return "\(milliseconds / 1000).\(milliseconds % 1000 / 100) s"
    }
}
