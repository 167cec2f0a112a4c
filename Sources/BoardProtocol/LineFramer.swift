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

    /// Finds a byte in a buffer from an index: the index, or nil.
    public typealias ByteFinder = @Sendable (_ byte: UInt8, _ bytes: UnsafeRawBufferPointer, _ start: Int) -> Int?

    public let maxLineLength: Int
    private var pending: [UInt8] = []
    public private(set) var overflowed = false
    private let find: ByteFinder

    /// A framer that looks for newlines with `find`: by default the pure-Swift scan below; the programs
    /// pass `BoardSystem`'s `ByteSearch.firstIndex` (libc's `memchr`), which is also fast in a debug build.
    public init(maxLineLength: Int = LineFramer.protocolLimit, find: @escaping ByteFinder = LineFramer.firstIndex) {
        self.maxLineLength = maxLineLength
        self.find = find
    }

    /// Bytes of a line still waiting for its newline.
    public var bufferedCount: Int { pending.count }

    /// Adds bytes; returns the complete lines in order, or `.tooLarge` as the last output once over the limit.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) -> [Output] {
        guard !overflowed else { return [] }
        var out: [Output] = []
        var start = 0
        let newline = UInt8(ascii: "\n")
        while start < bytes.count {
            if let end = find(newline, bytes, start) {
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

    /// The first index of `byte` at or after `start`, eight bytes a step (no libc `memchr` in a pure module).
    ///
    /// A word holds the byte when `(x - 0x01..01) & ~x & 0x80..80` is not zero, where x is the word
    /// XORed with the byte in every lane (the classic "has a zero byte" test).
    @Sendable public static func firstIndex(of byte: UInt8, in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        var index = start
        let count = bytes.count
        let lanes = UInt64(byte) &* 0x0101_0101_0101_0101
        while index + 8 <= count {
            let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ lanes
            let found = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
            if found != 0 { return index + found.littleEndian.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < count {
            if bytes[index] == byte { return index }
            index += 1
        }
        return nil
    }

    private mutating func fail(_ out: [Output]) -> [Output] {
        overflowed = true
        pending = []
        return out + [.tooLarge]
    }
}
