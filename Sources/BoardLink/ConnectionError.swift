import BoardProtocol
import BoardSystem

/// Why talking to the daemon failed, in words a person can act on.
public enum ConnectionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing listens on the socket (missing, or refused: a stale socket).
    case noDaemon(path: String)
    case permissionDenied(path: String)
    /// The socket or its directory belongs to someone else, or others can write the directory: not connected.
    case untrusted(SocketTrust.Problem)
    /// Connected, but the daemon did not answer in time.
    case timedOut(path: String)
    case protocolMismatch(server: Int)
    /// The daemon closed the connection.
    case closed
    /// The daemon refused the request.
    case remote(WireError)
    case malformedReply(String)
    case system(SystemError)

    public var description: String {
        switch self {
        case .noDaemon(let path): "no daemon is listening on \(path)"
        case .permissionDenied(let path):
            "permission denied on \(path): it belongs to another user; use your own socket with --socket or BOARD_SOCKET"
        case .untrusted(let problem): problem.description
        case .timedOut(let path): "the daemon on \(path) did not answer in time"
        case .protocolMismatch(let server):
            "the daemon speaks protocol \(server) and this board speaks protocol \(wireProtocolVersion); run matching versions of board and boardd"
        case .closed: "the daemon closed the connection"
        case .remote(let error): error.message
        case .malformedReply(let what): "the daemon sent a malformed reply: \(what)"
        case .system(let error): error.description
        }
    }
}
