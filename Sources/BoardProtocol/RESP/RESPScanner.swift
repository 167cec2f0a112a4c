/// Finds where one RESP value ends as its bytes arrive, checking them, without building anything.
///
/// A state machine as a value: each `scan` goes on from the byte where the last one stopped,
/// so a large reply read in many pieces is checked once, not once a piece. It holds counts,
/// never the bytes: a declared length or count is checked against `RESPLimits` before anything
/// waits for it, so a hostile header costs nothing, and no value is allowed past
/// `maxValueLength`. An array's elements are counted with one number a level still open, and
/// a level whose last element is being read is not kept at all (it ends with that element), so
/// a flat reply such as `GET`'s or a subscriber's message is scanned with no allocation: this
/// is the framing both `RESPParser` and `board bench --resp` use.
public struct RESPScanner: Sendable {
    public let limits: RESPLimits
    /// Where the value begins.
    public private(set) var start: Int
    /// The first byte not yet checked.
    private var position: Int
    /// Values still to read at the innermost open level (1 at first: the value itself).
    private var remaining = 1
    /// Arrays open around `position`.
    private var depth = 0
    /// The enclosing levels that still have values to read, innermost last.
    private var enclosing: [Level] = []

    private struct Level: Sendable {
        var remaining: Int
        var depth: Int
    }

    public init(start: Int = 0, limits: RESPLimits = .standard) {
        self.start = start
        self.position = start
        self.limits = limits
    }

    /// The length of the first whole value in `bytes[start..<end]`, or nil while it has not all
    /// arrived: a scan from nothing, for a caller that keeps no state between reads.
    public static func length(
        of bytes: UnsafeRawBufferPointer, from start: Int, upTo end: Int, limits: RESPLimits = .standard
    ) throws(RESPError) -> Int? {
        var scanner = RESPScanner(start: start, limits: limits)
        return try scanner.scan(bytes, upTo: end).map { $0 - start }
    }

    /// Scans on over `bytes[..<end]` (the same buffer, grown); the index just past the value once it is whole.
    public mutating func scan(_ bytes: UnsafeRawBufferPointer, upTo end: Int) throws(RESPError) -> Int? {
        while true {
            guard position < end else { return nil }
            // A byte that starts no value is refused at once, not after waiting for its line.
            guard Self.typeBytes.contains(bytes[position]) else {
                throw malformed("a type byte \(Self.hex(bytes[position])) that is not +, -, :, $ or *", at: position)
            }
            guard let lineEnd = try lineEnd(bytes, upTo: end) else { return nil }
            let next: Int
            switch bytes[position] {
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                next = lineEnd + 2
            case UInt8(ascii: ":"):
                guard Self.integer(bytes, from: position + 1, to: lineEnd) != nil else {
                    throw malformed("an integer that is not one", at: position + 1)
                }
                next = lineEnd + 2
            case UInt8(ascii: "$"):
                let length = try count(bytes, to: lineEnd, limit: limits.maxBulkLength, RESPError.bulkTooLong)
                guard length >= 0 else {
                    next = lineEnd + 2
                    break
                }
                let dataEnd = lineEnd + 2 + length
                guard dataEnd + 2 - start <= limits.maxValueLength else { throw .valueTooLarge(limit: limits.maxValueLength) }
                // Not yet here: the header is read again next time (a few bytes), the data is not looked at.
                guard dataEnd + 2 <= end else { return nil }
                guard bytes[dataEnd] == 13, bytes[dataEnd + 1] == 10 else {
                    throw malformed("a bulk string not followed by CRLF", at: dataEnd)
                }
                next = dataEnd + 2
            case UInt8(ascii: "*"):
                let count = try count(bytes, to: lineEnd, limit: limits.maxElements, RESPError.tooManyElements)
                if count > 0 {
                    guard depth < limits.maxDepth else { throw .tooDeep(limit: limits.maxDepth) }
                    remaining -= 1
                    if remaining > 0 { enclosing.append(Level(remaining: remaining, depth: depth)) }
                    depth += 1
                    remaining = count
                    position = lineEnd + 2
                    continue
                }
                next = lineEnd + 2  // null or empty: whole already
            default:
                throw malformed("a type byte \(Self.hex(bytes[position])) that is not +, -, :, $ or *", at: position)
            }
            position = next
            guard position - start <= limits.maxValueLength else { throw .valueTooLarge(limit: limits.maxValueLength) }
            remaining -= 1
            while remaining == 0 {
                guard let outer = enclosing.popLast() else { return position }
                remaining = outer.remaining
                depth = outer.depth
            }
        }
    }

    private static let typeBytes: [UInt8] = Array("+-:$*".utf8)

    /// The index of the CR ending the line at `position`; nil when it has not arrived.
    private func lineEnd(_ bytes: UnsafeRawBufferPointer, upTo end: Int) throws(RESPError) -> Int? {
        let limit = min(end, position + 1 + limits.maxLineLength + 1)
        var index = position + 1
        while index < limit {
            if bytes[index] == 13 {
                guard index + 1 < end else { return nil }
                guard bytes[index + 1] == 10 else { throw malformed("a CR not followed by LF", at: index + 1) }
                return index
            }
            index += 1
        }
        if limit - position > limits.maxLineLength + 1 { throw .lineTooLong(limit: limits.maxLineLength) }
        return nil
    }

    /// A bulk string's length or an array's count: -1 (null), or 0 up to `limit`.
    private func count(
        _ bytes: UnsafeRawBufferPointer, to lineEnd: Int, limit: Int, _ overLimit: (Int, Int) -> RESPError
    ) throws(RESPError) -> Int {
        let from = position + 1
        if lineEnd - from == 2, bytes[from] == UInt8(ascii: "-"), bytes[from + 1] == UInt8(ascii: "1") { return -1 }
        guard from < lineEnd, bytes[from] != UInt8(ascii: "-"), let value = Self.integer(bytes, from: from, to: lineEnd) else {
            throw malformed("a length that is not -1 or a count", at: from)
        }
        guard value <= Int64(limit) else { throw overLimit(Int(clamping: value), limit) }
        return Int(value)
    }

    /// The signed decimal in `bytes[from..<to]`; nil for anything else, or one past `Int64`.
    static func integer(_ bytes: UnsafeRawBufferPointer, from: Int, to: Int) -> Int64? {
        var index = from
        let negative = index < to && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        guard index < to else { return nil }
        var value: Int64 = 0
        while index < to {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let shifted = value.multipliedReportingOverflow(by: 10)
            let added = shifted.partialValue.addingReportingOverflow(Int64(digit))
            guard !shifted.overflow, !added.overflow else {
                // Int64.min has no positive twin: accept its digits when negative.
                guard negative, index == to - 1, value == Int64.max / 10, digit == 8 else { return nil }
                return Int64.min
            }
            value = added.partialValue
            index += 1
        }
        return negative ? -value : value
    }

    private func malformed(_ what: String, at index: Int) -> RESPError { .malformed(what, offset: index - start) }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return "0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 15)])
    }
}
