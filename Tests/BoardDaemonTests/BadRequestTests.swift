import BoardProtocol
import Foundation
import Testing

@testable import BoardDaemon

/// Every kind of bad request gets an error reply with its named code, from the request handling alone:
/// the same path a server takes (frame, parse, handle), on a frozen simulated clock, with no socket.
///
/// That the connection stays open afterwards is the server's part: `ReliabilityTests` checks it end to end.
struct BadRequestTests {
    /// 2026-11-30T12:00:00-05:00, frozen.
    static let noon = Date(timeIntervalSince1970: 1_796_050_800)

    /// The error code and message a line is answered with, or nil when it is answered with a result.
    static func error(for bytes: [UInt8]) -> WireError? {
        var service = BoardService(config: .builtIn, clock: DaemonClock(simulatedAt: noon, speed: 0), instance: "test")
        var framer = LineFramer()
        let outputs = framer.feed(bytes + [UInt8(ascii: "\n")])
        guard case .line(let line) = outputs.first else { return WireError(.tooLarge, "not framed") }
        switch WireRequest.parse(line) {
        case .failure(let rejected): return rejected.error
        case .success(let request):
            if case .failure(let error) = service.handle(request) { return error }
            return nil
        }
    }

    @Test(arguments: [
        ("not json", WireErrorCode.badRequest),
        ("[1,2,3]", .badRequest),
        ("{\"id\":2,\"method\":\"launch.rockets\"}", .unknownMethod),
        ("{\"id\":3,\"method\":\"board.get\",\"params\":{\"tab\":\"sideways\"}}", .invalidParams),
        ("{\"id\":4,\"method\":\"board.get\",\"params\":{\"hidePast\":\"yes\"}}", .invalidParams),
        ("{\"id\":5,\"method\":\"flight.get\",\"params\":{}}", .invalidParams),
        ("{\"id\":6,\"method\":\"flight.get\",\"params\":{\"id\":1}}", .notFound),
        ("{\"id\":7,\"method\":\"board.get\",\"params\":{\"date\":\"2030-01-01\"}}", .outsideWindow),
        ("{\"id\":8,\"method\":\"clock.advance\",\"params\":{\"minutes\":\"ten\"}}", .invalidParams),
        ("{\"id\":9,\"method\":\"clock.advance\",\"params\":{\"minutes\":-9223372036854775808}}", .invalidParams),
        ("{\"id\":10,\"method\":\"search\",\"params\":{\"text\":\"\"}}", .invalidParams),
        ("{\"id\":11,\"params\":{}}", .badRequest),
        ("{\"id\":12,\"method\":\"ping\",\"params\":[]}", .invalidParams),
        ("{\"id\":[1],\"method\":\"ping\"}", .badRequest),
    ])
    func aBadRequestIsAnsweredWithItsCode(line: String, code: WireErrorCode) throws {
        let error = try #require(Self.error(for: Array(line.utf8)), "answered with a result")
        #expect(error.code == code, "\(error.message)")
        #expect(error.message.count > 10, "a sentence a person can act on")
    }

    @Test func deepNestingIsABadRequest() throws {
        let line = Array(repeating: UInt8(ascii: "["), count: 10_000)
        #expect(try #require(Self.error(for: line)).code == .badRequest)
    }

    @Test func invalidUTF8IsABadRequest() throws {
        let bytes = Array("{\"id\":1,\"method\":\"board.get\",\"params\":{\"tab\":\"".utf8) + [0xFF, 0xFE] + Array("\"}}".utf8)
        #expect(try #require(Self.error(for: bytes)).code == .badRequest)
    }

    @Test func aGoodRequestIsAnsweredWithAResult() {
        #expect(Self.error(for: Array("{\"id\":1,\"method\":\"ping\"}".utf8)) == nil)
        #expect(Self.error(for: Array("{\"id\":\"a\",\"method\":\"board.get\",\"params\":{\"tab\":\"arrivals\"}}".utf8)) == nil)
    }
}
