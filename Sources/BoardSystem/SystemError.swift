import Glibc

/// A failed system call: which call, and the `errno` it left.
public struct SystemError: Error, Hashable, Sendable, CustomStringConvertible {
    public let call: String
    public let code: Int32
    /// The failure in words, for the calls that do not report it in `errno` (`getaddrinfo`'s `gai_strerror`).
    public let detail: String?

    public init(_ call: String, code: Int32 = errno) {
        self.call = call
        self.code = code
        self.detail = nil
    }

    /// A failure a call reported in words of its own; `code` is the nearest `errno` value, for the predicates.
    public init(_ call: String, code: Int32, detail: String) {
        self.call = call
        self.code = code
        self.detail = detail
    }

    public var description: String { "\(call): \(detail ?? SystemError.message(for: code))" }

    /// `call` failed on a path that is not a socket, said in `detail`.
    public static func notASocket(_ call: String, detail: String) -> SystemError {
        SystemError(call, code: ENOTSOCK, detail: detail)
    }

    public static func message(for code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    public var isConnectionRefused: Bool { code == ECONNREFUSED }
    /// ECONNRESET: the peer closed with data unread, or reset the connection.
    public var isConnectionReset: Bool { code == ECONNRESET }
    public var isMissing: Bool { code == ENOENT }
    public var isPermissionDenied: Bool { code == EACCES || code == EPERM }
    public var isWouldBlock: Bool { code == EAGAIN || code == EWOULDBLOCK }
    /// A connect that did not finish in its time (`ETIMEDOUT`, or `EAGAIN` from a timed socket).
    public var isTimedOut: Bool { code == ETIMEDOUT || code == EAGAIN }
    /// The path is not a socket (`ENOTSOCK`), or a part of it is not a directory (`ENOTDIR`).
    public var isNotASocket: Bool { code == ENOTSOCK || code == ENOTDIR }
    /// EPIPE: the reading end is closed (`board ... | head`).
    public var isBrokenPipe: Bool { code == EPIPE }
    /// EEXIST: what was to be created is already there.
    public var isAlreadyExisting: Bool { code == EEXIST }
}

/// Calls `body` again while it fails with EINTR, as every blocking call must.
@inline(__always)
func retryingOnInterrupt<T: BinaryInteger>(_ body: () -> T) -> T {
    while true {
        let result = body()
        if result == -1 && errno == EINTR { continue }
        return result
    }
}
