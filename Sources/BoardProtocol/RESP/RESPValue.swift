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

    /// The first refusal in the replies to `MULTI` ... `EXEC`: of a command as it was queued, else
    /// of one inside the transaction (`EXEC`'s array: a key of another type, WRONGTYPE); nil when none.
    public static func transactionRefusal(_ replies: [RESPValue]) -> String? {
        replies.lazy.compactMap(\.errorMessage).first ?? replies.last?.elements?.lazy.compactMap(\.errorMessage).first
    }

    /// Whether this is the null bulk string or the null array.
    public var isNull: Bool { self == .bulkString(nil) || self == .array(nil) }

    /// What the reply is, for a message that says it was not the one expected: `an array of 2`,
    /// `a string of 5 bytes`, `the error "WRONGTYPE ..."` (its first 80 characters, printable only).
    public var shape: String {
        func quoted(_ text: String) -> String {
            // Every control a terminal acts on (C0, C1, bidi) as `?`: a server's text goes to a log and a terminal.
            let printable = String(String.UnicodeScalarView(text.unicodeScalars.map { $0.isTerminalControl ? "?" : $0 }))
            return "\"" + (printable.count > 80 ? printable.prefix(80) + "…" : printable) + "\""
        }
        switch self {
        case .simpleString(let text): return "the status \(quoted(text))"
        case .error(let text): return "the error \(quoted(text))"
        case .integer(let value): return "the integer \(value)"
        case .bulkString(let bytes?): return "a string of \(bytes.count) bytes"
        case .array(let values?): return "an array of \(values.count)"
        case .bulkString(nil), .array(nil): return "null"
        }
    }
}
