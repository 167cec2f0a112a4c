/// Why bytes from a server are not RESP this client accepts: malformed, or past a limit.
///
/// After one, the stream cannot be trusted to be in step again: the connection is closed.
public enum RESPError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A byte that RESP does not allow where it is (`offset` counts from the start of the value).
    case malformed(String, offset: Int)
    /// A bulk string declared longer than the limit (Redis's own `proto-max-bulk-len` is 512 MiB).
    case bulkTooLong(Int, limit: Int)
    /// An array declared with more elements than the limit.
    case tooManyElements(Int, limit: Int)
    /// Arrays nested deeper than the limit.
    case tooDeep(limit: Int)
    /// A status, error or header line with no CRLF within the limit.
    case lineTooLong(limit: Int)
    /// One value larger in all than the limit, however it is made up.
    case valueTooLarge(limit: Int)

    public var description: String {
        switch self {
        case .malformed(let what, let offset): "malformed RESP at byte \(offset) of a reply: \(what)"
        case .bulkTooLong(let length, let limit): "a bulk string of \(length) bytes, over the limit of \(limit)"
        case .tooManyElements(let count, let limit): "an array of \(count) elements, over the limit of \(limit)"
        case .tooDeep(let limit): "arrays nested more than \(limit) deep"
        case .lineTooLong(let limit): "a line with no CRLF within \(limit) bytes"
        case .valueTooLarge(let limit): "a reply larger than \(limit) bytes"
        }
    }
}

/// What a client accepts from a server before it calls the reply malformed.
public struct RESPLimits: Hashable, Sendable {
    /// The longest bulk string: Redis's own default `proto-max-bulk-len`, 512 MiB.
    public var maxBulkLength: Int
    /// The most elements one array may declare.
    public var maxElements: Int
    /// How deep arrays may nest (a stream's entries are 4 deep in an `XREAD` reply).
    public var maxDepth: Int
    /// The longest status, error or header line.
    public var maxLineLength: Int
    /// The most bytes one value may take in all.
    public var maxValueLength: Int

    public init(
        maxBulkLength: Int = 512 << 20, maxElements: Int = 1 << 20, maxDepth: Int = 32, maxLineLength: Int = 64 << 10,
        maxValueLength: Int = 1 << 30
    ) {
        self.maxBulkLength = maxBulkLength
        self.maxElements = maxElements
        self.maxDepth = maxDepth
        self.maxLineLength = maxLineLength
        self.maxValueLength = maxValueLength
    }

    public static let standard = RESPLimits()
}
