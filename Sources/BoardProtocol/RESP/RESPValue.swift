/// One value of Redis's serialization protocol (RESP2), as a server replies.
///
/// A null bulk string (`$-1`) and a null array (`*-1`) are `.bulkString(nil)` and `.array(nil)`:
/// RESP2 tells them apart, and a command's documentation says which one it answers.
public enum RESPValue: Hashable, Sendable {
    /// `+OK`: a short status line.
    case simpleString(String)
    /// `-ERR ...`: the server refused the command; the text starts with its code (`ERR`, `WRONGPASS`).
    case error(String)
    /// `:42`
    case integer(Int64)
    /// `$5 hello`, or nil for `$-1`.
    case bulkString([UInt8]?)
    /// `*2 ...`, or nil for `*-1`.
    case array([RESPValue]?)

    /// The text of a simple or bulk string (bytes that are not UTF-8 repaired); nil for anything else.
    public var string: String? {
        switch self {
        case .simpleString(let text): text
        case .bulkString(let bytes?): String(decoding: bytes, as: UTF8.self)
        default: nil
        }
    }

    /// The elements of a non-null array; nil for anything else.
    public var elements: [RESPValue]? {
        if case .array(let values?) = self { return values }
        return nil
    }

    /// The server's error text, when this is an error reply.
    public var errorMessage: String? {
        if case .error(let text) = self { return text }
        return nil
    }

    /// Whether this is the null bulk string or the null array.
    public var isNull: Bool { self == .bulkString(nil) || self == .array(nil) }
}
