import Glibc

/// Splits a byte stream into `\n`-terminated lines without ever holding more than the limit.
///
/// A state machine as a value: feed it bytes, take out what it found. Once a
/// line passes `maxLineLength` it reports `.tooLarge` and refuses more, so a
/// peer that never sends a newline costs at most the limit in memory.
public struct LineFramer: Sendable {
    public enum Output: Equatable, Sendable {
        case line([UInt8])
        case tooLarge
    }

    /// The protocol's limit: 64 KiB a line, the newline excluded.
    public static let protocolLimit = 64 * 1024

    public let maxLineLength: Int
    private var pending: [UInt8] = []
    public private(set) var overflowed = false

    public init(maxLineLength: Int = LineFramer.protocolLimit) { self.maxLineLength = maxLineLength }

    /// Bytes of a line still waiting for its newline.
    public var bufferedCount: Int { pending.count }

    /// Adds bytes; returns the complete lines in order, or `.tooLarge` as the last output once over the limit.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) -> [Output] {
        guard !overflowed else { return [] }
        var out: [Output] = []
        var start = 0
        let newline = UInt8(ascii: "\n")
        while start < bytes.count {
            if let found = memchr(bytes.baseAddress! + start, Int32(newline), bytes.count - start) {
                let end = bytes.baseAddress!.distance(to: UnsafeRawPointer(found))
                guard pending.count + (end - start) <= maxLineLength else { return fail(out) }
                var line: [UInt8]
                if pending.isEmpty {
                    line = Array(bytes[start..<end])  // the common case: a whole line in one read, one copy
                } else {
                    pending.append(contentsOf: bytes[start..<end])
                    line = pending
                    pending = []
                }
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                out.append(.line(line))
                start = end + 1
            } else {
                guard pending.count + (bytes.count - start) <= maxLineLength else { return fail(out) }
                pending.append(contentsOf: bytes[start...])
                start = bytes.count
            }
        }
        return out
    }

    public mutating func feed(_ bytes: [UInt8]) -> [Output] {
        bytes.withUnsafeBytes { feed($0) }
    }

    private mutating func fail(_ out: [Output]) -> [Output] {
        overflowed = true
        pending = []
        return out + [.tooLarge]
    }
}
