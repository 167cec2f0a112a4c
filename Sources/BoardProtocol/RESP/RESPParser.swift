/// Turns bytes from a Redis server into values as they arrive: feed it what was read, take out whole values.
///
/// A state machine as a value (as `LineFramer` is for board's lines). It frames with
/// `RESPScanner`, so every declared length, count and depth is checked against its limits
/// before anything waits for or allocates it, and builds a value only once all its bytes are
/// here. After an error it refuses everything: a stream out of step is not read again.
public struct RESPParser: Sendable {
    public let limits: RESPLimits
    private var buffer: [UInt8] = []
    /// The first byte not yet taken.
    private var start = 0
    private var scanner: RESPScanner
    private var failure: RESPError?

    public init(limits: RESPLimits = .standard) {
        self.limits = limits
        self.scanner = RESPScanner(limits: limits)
    }

    /// Bytes read and not yet taken as values.
    public var bufferedCount: Int { buffer.count - start }

    /// Adds bytes as they were read.
    public mutating func append(_ bytes: UnsafeRawBufferPointer) { buffer.append(contentsOf: bytes) }

    public mutating func append(_ bytes: [UInt8]) { buffer += bytes }

    /// The next whole value, taken; nil while it has not all arrived.
    public mutating func next() throws(RESPError) -> RESPValue? {
        if let failure { throw failure }
        let scanned = buffer.withUnsafeBytes { raw in
            Result { () throws(RESPError) in try scanner.scan(raw, upTo: raw.count) }
        }
        let end: Int
        switch scanned {
        case .success(nil): return nil
        case .success(let found?): end = found
        case .failure(let error):
            failure = error
            throw error
        }
        let value = buffer.withUnsafeBytes { raw in
            var index = start
            return Self.build(raw, at: &index)
        }
        start = end
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
            start = 0
        } else if start >= 64 << 10 && start * 2 >= buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        scanner = RESPScanner(start: start, limits: limits)
        return value
    }

    /// The value at `index`, which the scanner has found whole and well formed; `index` moves past it.
    /// Its depth is the scanner's limit at most, so the recursion is bounded.
    private static func build(_ raw: UnsafeRawBufferPointer, at index: inout Int) -> RESPValue {
        let type = raw[index]
        var lineEnd = index + 1
        while raw[lineEnd] != 13 { lineEnd += 1 }
        let line = UnsafeRawBufferPointer(rebasing: raw[(index + 1)..<lineEnd])
        index = lineEnd + 2
        switch type {
        case UInt8(ascii: "+"): return .simpleString(String(decoding: line, as: UTF8.self))
        case UInt8(ascii: "-"): return .error(String(decoding: line, as: UTF8.self))
        case UInt8(ascii: ":"): return .integer(RESPScanner.integer(raw, from: lineEnd - line.count, to: lineEnd) ?? 0)
        case UInt8(ascii: "$"):
            let length = Int(RESPScanner.integer(raw, from: lineEnd - line.count, to: lineEnd) ?? -1)
            guard length >= 0 else { return .bulkString(nil) }
            let bytes = Array(raw[index..<(index + length)])
            index += length + 2
            return .bulkString(bytes)
        default:
            let count = Int(RESPScanner.integer(raw, from: lineEnd - line.count, to: lineEnd) ?? -1)
            guard count >= 0 else { return .array(nil) }
            var elements: [RESPValue] = []
            elements.reserveCapacity(count)  // all of them are here: the scanner found the value whole
            for _ in 0..<count { elements.append(build(raw, at: &index)) }
            return .array(elements)
        }
    }
}
