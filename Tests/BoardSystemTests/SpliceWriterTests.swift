import BoardSystem
import Glibc
import Testing

/// `SpliceWriter` on a socket pair: what the reader gets is the chunks' bytes in order, whether the
/// socket takes all of them at once or a part at a time, and however many splices it takes.
@Suite struct SpliceWriterTests {
    /// A non-blocking socket pair; the writer's send buffer made small when `sendBuffer` is given.
    static func socketPair(sendBuffer: Int32? = nil) throws -> (writer: FileDescriptor, reader: FileDescriptor) {
        var ends: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0, &ends) == 0)
        if var size = sendBuffer {
            setsockopt(ends[0], SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        return (FileDescriptor(ends[0]), FileDescriptor(ends[1]))
    }

    /// Reads what is waiting on the non-blocking socket.
    static func readAvailable(_ reader: FileDescriptor, into received: inout [UInt8]) throws {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(reader.rawValue, $0.baseAddress, $0.count) }
            if n <= 0 { return }
            received += buffer[..<n]
        }
    }

    static func pattern(_ count: Int, seed: UInt8) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31) &+ seed } }

    @Test func chunksArriveInOrderWithTheSharedPartsByReference() throws {
        let writer = try #require(SpliceWriter())
        let (out, reader) = try Self.socketPair()
        defer {
            out.close()
            reader.close()
        }
        let rows = SpliceableBytes(Self.pattern(20_000, seed: 1))
        let chunks: [OutputChunk] = [
            .bytes(Array("{\"id\":1,\"result\":".utf8)[...]), rows[100..<9_000], .bytes([44]), rows[9_500..<20_000],
            .bytes(Array("}\n".utf8)[...]),
        ]
        let expected = chunks.flatMap { chunk -> [UInt8] in
            switch chunk {
            case .bytes(let bytes): Array(bytes)
            case .spliceable(let shared, let range): Array(shared.bytes(range))
            }
        }
        let written = try #require(try writer.write(chunks[...], skippingFirst: 0, to: out))
        #expect(written == expected.count)
        var received: [UInt8] = []
        try Self.readAvailable(reader, into: &received)
        #expect(received == expected)
    }

    @Test func aSocketThatTakesPartGetsTheRestFromWhereItStopped() throws {
        let writer = try #require(SpliceWriter())
        let (out, reader) = try Self.socketPair(sendBuffer: 4096)
        defer {
            out.close()
            reader.close()
        }
        let rows = SpliceableBytes(Self.pattern(300_000, seed: 7))
        let chunks: [OutputChunk] = [.bytes(Array(repeating: 65, count: 700)[...]), rows[rows.all], .bytes([10])]
        let expected = [UInt8](repeating: 65, count: 700) + Self.pattern(300_000, seed: 7) + [10]
        // Write, read what arrived, and write again from where the last write stopped.
        var stream: [UInt8] = []
        var position = 0
        let total = expected.count
        var rounds = 0
        while position < total {
            rounds += 1
            try #require(rounds < 100_000)
            let (index, skip) = Self.locate(position, in: chunks)
            if let written = try writer.write(chunks[index...], skippingFirst: skip, to: out) {
                position += written
            } else {
                position += try out.writeVector(chunks[index...], skippingFirst: skip)
            }
            try Self.readAvailable(reader, into: &stream)
        }
        try Self.readAvailable(reader, into: &stream)
        #expect(rounds > 2, "the small buffer should have taken the chunks in parts")
        #expect(stream == expected)
    }

    /// The chunk holding byte `position` of the stream, and how far into it.
    static func locate(_ position: Int, in chunks: [OutputChunk]) -> (Int, Int) {
        var left = position
        for (index, chunk) in chunks.enumerated() {
            if left < chunk.count { return (index, left) }
            left -= chunk.count
        }
        return (chunks.count, 0)
    }

    @Test func smallOutputIsLeftToWritev() throws {
        let writer = try #require(SpliceWriter())
        let (out, reader) = try Self.socketPair()
        defer {
            out.close()
            reader.close()
        }
        let small = SpliceableBytes(Self.pattern(1_000, seed: 3))
        #expect(try writer.write([.bytes(Array("hello\n".utf8)[...])], skippingFirst: 0, to: out) == nil)
        #expect(try writer.write([small[small.all]], skippingFirst: 0, to: out) == nil)
    }

    @Test func aClosedPeerIsAnErrorAndTheNextSocketGetsOnlyItsOwnBytes() throws {
        // As with `writev`, a closed peer raises SIGPIPE; the daemon ignores it, as this test does.
        UnixSignal.ignoreBrokenPipe()
        let writer = try #require(SpliceWriter())
        let (out, reader) = try Self.socketPair()
        reader.close()
        let rows = SpliceableBytes(Self.pattern(50_000, seed: 9))
        #expect(throws: SystemError.self) { try writer.write([rows[rows.all]], skippingFirst: 0, to: out) }
        out.close()
        let (next, nextReader) = try Self.socketPair()
        defer {
            next.close()
            nextReader.close()
        }
        let written = try #require(try writer.write([rows[20_000..<28_000]], skippingFirst: 0, to: next))
        var received: [UInt8] = []
        try Self.readAvailable(nextReader, into: &received)
        #expect(written == 8_000 && received == Array(Self.pattern(50_000, seed: 9)[20_000..<28_000]))
    }
}
