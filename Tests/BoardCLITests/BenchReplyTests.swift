import BoardSystem
import Glibc
import Testing

@testable import BoardCLI

/// How `board bench` finds whole replies in what it reads: board lines and Redis's RESP, whole or in
/// pieces, several in one read, straight into a connection's own buffer.
struct BenchReplyTests {
    static let board = ReplyScanner(protocolKind: .board(method: "board.get", params: "{}"))
    static let resp = ReplyScanner(protocolKind: .resp(key: "board"))

    @Test func aRespReplyIsWholeOnlyWithItsLastByte() {
        let reply = Array("$5\r\nhello\r\n".utf8)
        for end in 0..<reply.count { #expect(ReplyScanner.respLength(reply, from: 0, upTo: end) == nil, "\(end)") }
        #expect(ReplyScanner.respLength(reply, from: 0, upTo: reply.count) == reply.count)
        // A subscriber's message: an array of three, the last a bulk string.
        let message = Array("*3\r\n$7\r\nmessage\r\n$5\r\nboard\r\n$2\r\nhi\r\n".utf8)
        #expect(ReplyScanner.respLength(message, from: 0, upTo: message.count) == message.count)
        #expect(ReplyScanner.respLength(message, from: 0, upTo: message.count - 1) == nil)
        #expect(ReplyScanner.respLength(Array("+OK\r\n:3\r\n".utf8), from: 5, upTo: 9) == 4)
    }

    @Test func repliesArriveInPiecesAndTogetherAndAreTakenInOrder() throws {
        let (reader, writer) = try Self.pair()
        defer {
            reader.close()
            writer.close()
        }
        var buffer = ReplyBuffer()
        let long = String(repeating: "x", count: 40_000)  // longer than a buffer's first room
        let lines = [#"{"id":1,"result":"a"}"#, #"{"id":2,"result":"\#(long)"}"#, #"{"id":3,"result":"c"}"#]
        let bytes = Array(lines.map { $0 + "\n" }.joined().utf8)
        var taken: [String] = []
        // In uneven pieces, the second reply's end and the third reply in one write.
        for piece in [bytes[..<10], bytes[10..<30_000], bytes[30_000...]] {
            try writer.writeAll(Array(piece))
            try buffer.readAvailable(reader)
            while let reply = buffer.take(Self.board) {
                taken.append(String(decoding: buffer.bytes[reply].dropLast(), as: UTF8.self))
            }
        }
        // Compared by their starts and lengths, so that a failure does not print 40,000 bytes.
        #expect(taken.map { $0.prefix(24) } == lines.map { $0.prefix(24) })
        #expect(taken.map(\.count) == lines.map(\.count))
        #expect(taken.last == lines.last)
        #expect(buffer.isEmpty)
    }

    @Test func aClosedConnectionIsAFailureNotAnEmptyReply() throws {
        let (reader, writer) = try Self.pair()
        defer { reader.close() }
        writer.close()
        var buffer = ReplyBuffer()
        #expect(throws: BenchRunner.Failure.self) { try buffer.readAvailable(reader) }
    }

    /// A connected pair of Unix sockets, the reading end non-blocking.
    static func pair() throws -> (reader: FileDescriptor, writer: FileDescriptor) {
        var ends: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        let reader = FileDescriptor(ends[0])
        reader.setNonBlocking(true)
        return (reader, FileDescriptor(ends[1]))
    }

    /// What a run would measure is an answer, not an error: board's error reply, Redis's error and its nil.
    @Test func aRefusalIsNamedAndAnAnswerIsNot() {
        let board = BenchProtocol.board(method: "board.get", params: "{}")
        #expect(board.refusal(of: Array(#"{"id":1,"result":{"schema":1}}"#.utf8) + [10]) == nil)
        #expect(
            board.refusal(of: Array(#"{"id":1,"error":{"code":"methodNotFound","message":"no method x\u001b."}}"#.utf8))
                == "boardd answers methodNotFound: no method x\u{FFFD}")
        let redis = BenchProtocol.resp(key: "board")
        #expect(redis.refusal(of: Array("$3\r\nabc\r\n".utf8)) == nil)
        #expect(redis.refusal(of: Array("$-1\r\n".utf8)) == "Redis has no key board")
        #expect(
            redis.refusal(of: Array("-NOAUTH Authentication required.\r\n".utf8))
                == "Redis answers NOAUTH Authentication required.")
    }
}
