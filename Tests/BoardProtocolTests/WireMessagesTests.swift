import BoardLink
import BoardProtocol
import BoardSystem
import Testing

@Suite struct WireRequestTests {
    static func parse(_ text: String) -> Result<WireRequest, RejectedRequest> { WireRequest.parse(Array(text.utf8)) }

    @Test func aFullRequestIsRead() throws {
        let request = try Self.parse(#"{"id":7,"method":"board.get","params":{"tab":"arrivals","hidePast":true}}"#).get()
        #expect(request.id == .int(7))
        #expect(request.method == "board.get")
        #expect(request.params == ["tab": "arrivals", "hidePast": true])
    }

    @Test func paramsDefaultToAnEmptyObject() throws {
        let request = try Self.parse(#"{"id":1,"method":"ping"}"#).get()
        #expect(request.params == [:])
        #expect(request.params.objectPairs?.isEmpty == true)
    }

    @Test(arguments: [
        (#"{"id":"abc","method":"ping"}"#, JSON.string("abc")),
        (#"{"id":-3,"method":"ping"}"#, .int(-3)),
        (#"{"id":0,"method":"ping"}"#, .int(0)),
        (#"{"id":null,"method":"ping"}"#, .null),
        (#"{"method":"ping"}"#, .null),
        (#"{"method":"ping","id":9}"#, .int(9)),
    ])
    func idsAreNumbersStringsOrAbsent(_ line: String, _ id: JSON) throws {
        let request = try Self.parse(line).get()
        #expect(request.id == id)
        #expect(Kind(request.id) == Kind(id))
    }

    @Test func anyMethodNameIsReadTheServiceJudgesIt() throws {
        #expect(try Self.parse(#"{"id":1,"method":"fly.away"}"#).get().method == "fly.away")
    }

    @Test func extraKeysAreIgnored() throws {
        let request = try Self.parse(#"{"jsonrpc":"2.0","id":2,"method":"ping","params":{},"extra":[1]}"#).get()
        #expect(request.method == "ping")
        #expect(request.id == 2)
    }

    struct Rejection: Sendable, CustomTestStringConvertible {
        let line: String
        let code: WireErrorCode
        let id: JSON
        var testDescription: String { line.isEmpty ? "(empty)" : line }
    }

    static let rejections: [Rejection] = [
        // Not JSON at all: no id can be known.
        Rejection(line: "", code: .badRequest, id: .null),
        Rejection(line: "hello?", code: .badRequest, id: .null),
        Rejection(line: #"{"id":1,"method":"ping""#, code: .badRequest, id: .null),
        Rejection(line: #"{"id":1,"method":"ping"} trailing"#, code: .badRequest, id: .null),
        Rejection(line: #"{"id":01,"method":"ping"}"#, code: .badRequest, id: .null),
        // JSON, but not an object.
        Rejection(line: "[1,2]", code: .badRequest, id: .null),
        Rejection(line: #""ping""#, code: .badRequest, id: .null),
        Rejection(line: "42", code: .badRequest, id: .null),
        Rejection(line: "null", code: .badRequest, id: .null),
        // An id of the wrong type is not echoed back.
        Rejection(line: #"{"id":true,"method":"ping"}"#, code: .badRequest, id: .null),
        Rejection(line: #"{"id":1.5,"method":"ping"}"#, code: .badRequest, id: .null),
        Rejection(line: #"{"id":[1],"method":"ping"}"#, code: .badRequest, id: .null),
        Rejection(line: #"{"id":{"n":1},"method":"ping"}"#, code: .badRequest, id: .null),
        // A good id is kept when the rest is wrong.
        Rejection(line: #"{"id":3}"#, code: .badRequest, id: .int(3)),
        Rejection(line: #"{"id":"x","method":5}"#, code: .badRequest, id: .string("x")),
        Rejection(line: #"{"id":4,"method":null}"#, code: .badRequest, id: .int(4)),
        Rejection(line: #"{"id":4,"params":{}}"#, code: .badRequest, id: .int(4)),
        Rejection(line: #"{"method":["ping"]}"#, code: .badRequest, id: .null),
        Rejection(line: #"{"id":5,"method":"ping","params":[]}"#, code: .invalidParams, id: .int(5)),
        Rejection(line: #"{"id":"k","method":"ping","params":"x"}"#, code: .invalidParams, id: .string("k")),
        Rejection(line: #"{"id":6,"method":"ping","params":null}"#, code: .invalidParams, id: .int(6)),
        Rejection(line: #"{"id":7,"method":"ping","params":1}"#, code: .invalidParams, id: .int(7)),
    ]

    @Test(arguments: rejections)
    func rejectedLinesCarryTheirCodeAndTheIdWhenKnown(_ rejection: Rejection) throws {
        guard case .failure(let rejected) = Self.parse(rejection.line) else {
            Issue.record("\(rejection.line) was accepted")
            return
        }
        #expect(rejected.error.code == rejection.code)
        #expect(rejected.id == rejection.id)
        #expect(Kind(rejected.id) == Kind(rejection.id))
        #expect(!rejected.error.message.isEmpty)
        #expect(rejected.error.description == rejected.error.message)
    }

    @Test func aFractionalIdIsRefusedInWordsThatSayWhy() throws {
        guard case .failure(let rejected) = Self.parse(#"{"id":1.5,"method":"ping"}"#) else {
            Issue.record("a fractional id was accepted")
            return
        }
        #expect(rejected.error.message.contains("integer"))
    }

    @Test func invalidUTF8IsABadRequest() throws {
        let line = Array(#"{"id":1,"method":"ping","params":{"x":""#.utf8) + [0xFF] + Array(#""}}"#.utf8)
        guard case .failure(let rejected) = WireRequest.parse(line) else {
            Issue.record("invalid UTF-8 was accepted")
            return
        }
        #expect(rejected.error.code == .badRequest)
    }

    @Test func theClientsRequestsParseBack() throws {
        let sent = WireRequest(id: 12, method: .flightGet, params: ["designator": "Pacific 123", "date": "tomorrow"])
        #expect(sent.json.text == #"{"id":12,"method":"flight.get","params":{"designator":"Pacific 123","date":"tomorrow"}}"#)
        let read = try WireRequest.parse(WireLine.line(sent.json).dropLast().map { $0 }).get()
        #expect(read.id == 12)
        #expect(read.method == "flight.get")
        #expect(read.params == sent.params)
    }

    @Test func theErrorCodesAreTheContractsList() {
        #expect(
            WireErrorCode.allCases.map(\.rawValue) == [
                "badRequest", "unknownMethod", "invalidParams", "notFound", "tooLarge", "tooManyClients",
                "protocolUnsupported", "outsideWindow", "clockNotSimulated", "replica", "internal",
            ])
    }

    @Test func theMethodsAreTheContractsListPlusTheExtensions() {
        #expect(
            WireMethod.allCases.map(\.rawValue) == [
                "ping", "board.get", "flight.get", "search", "clock.get", "clock.set", "clock.advance", "board.watch",
                "flight.next", "flight.prev", "flight.soonest", "events.get", "events.watch",
            ])
    }

    @Test func anErrorIsACodeAndAMessage() {
        #expect(WireError(.notFound, "No flight 9.").json.text == #"{"code":"notFound","message":"No flight 9."}"#)
    }
}

@Suite struct WireLineTests {
    enum Builder: String, CaseIterable, Sendable {
        case hello, result, resultEncoded, error, boardEvent, shutdown, line
    }

    /// A string that would break a naive line writer.
    static let awkward = "two\nlines \"quoted\" \u{2028} ✈️"

    static func build(_ builder: Builder) -> (bytes: [UInt8], expected: JSON) {
        let body: JSON = ["text": .string(awkward), "n": [1, 2]]
        switch builder {
        case .hello:
            return (
                WireLine.hello(server: "boardd/0.1.0", instance: awkward),
                ["type": "hello", "protocol": 1, "server": "boardd/0.1.0", "instance": .string(awkward)]
            )
        case .result:
            return (WireLine.result(id: 3, body), ["id": 3, "result": body])
        case .resultEncoded:
            return (WireLine.result(id: "q\"\n", encoded: body.bytes), ["id": "q\"\n", "result": body])
        case .error:
            return (
                WireLine.error(id: .null, WireError(.tooLarge, awkward)),
                ["id": nil, "error": ["code": "tooLarge", "message": .string(awkward)]]
            )
        case .boardEvent:
            return (
                WireLine.boardEvent(id: 9, seq: 4, encoded: body.bytes), ["id": 9, "event": "board", "seq": 4, "result": body]
            )
        case .shutdown:
            return (WireLine.shutdown(reason: awkward), ["event": "shutdown", "reason": .string(awkward)])
        case .line:
            return (WireLine.line(body), body)
        }
    }

    @Test(arguments: Builder.allCases)
    func everyLineIsOneLineThatParsesBack(_ builder: Builder) throws {
        let (bytes, expected) = Self.build(builder)
        #expect(bytes.last == UInt8(ascii: "\n"))
        #expect(bytes.filter { $0 == UInt8(ascii: "\n") }.count == 1)
        #expect(!bytes.dropLast().contains(UInt8(ascii: "\r")))
        let parsed = try JSON.parse(bytes.dropLast())
        #expect(parsed == expected)
        // Key order is part of the shape: the bytes are exactly the expected value's.
        #expect(Array(bytes.dropLast()) == expected.bytes)
        // And a framer on the other end sees exactly this one line.
        var framer = LineFramer()
        #expect(framer.feed(bytes) == [.line(Array(bytes.dropLast()))])
    }

    @Test func theHelloIsTheContractsLine() {
        let hello = WireLine.hello(server: "boardd/0.1.0", instance: "0568baf4df54e1a0")
        #expect(
            String(decoding: hello, as: UTF8.self)
                == #"{"type":"hello","protocol":1,"server":"boardd/0.1.0","instance":"0568baf4df54e1a0"}"# + "\n")
        #expect(wireProtocolVersion == 1)
    }

    @Test func aBoardEventHasTheContractsShape() {
        let event = WireLine.boardEvent(id: 7, seq: 12, encoded: Array(#"{"schema":1}"#.utf8))
        #expect(String(decoding: event, as: UTF8.self) == #"{"id":7,"event":"board","seq":12,"result":{"schema":1}}"# + "\n")
    }

    /// The header a fan-out writes in place for each watcher (or subscriber: a change's holds its seq
    /// twice) is the bytes `boardEventHeader` (`changeEventHeader`) makes, for any id a client may send
    /// and any seq, the largest too.
    @Test(arguments: [0, 1, 9, 10, 99, 100, 12_345, Int.max])
    func anEventHeaderWrittenInPlaceIsTheOneMade(seq: Int) {
        typealias Writer = ([UInt8], Int, UnsafeMutableRawBufferPointer) -> Int
        let kinds: [(prefix: (JSON) -> [UInt8], room: Int, write: Writer, made: (JSON, Int) -> [UInt8])] = [
            (WireLine.boardEventPrefix, WireLine.boardEventHeaderRoom, WireLine.writeBoardEventHeader, WireLine.boardEventHeader),
            (
                WireLine.changeEventPrefix, WireLine.changeEventHeaderRoom, WireLine.writeChangeEventHeader,
                WireLine.changeEventHeader
            ),
        ]
        let ids: [JSON] = [7, -3, "watch \"me\"\n", .null, .double(1e300)]
        for kind in kinds {
            for id in ids {
                let prefix = kind.prefix(id)
                let written = [UInt8](unsafeUninitializedCapacity: prefix.count + kind.room) { buffer, count in
                    count = kind.write(prefix, seq, UnsafeMutableRawBufferPointer(buffer))
                }
                #expect(written == kind.made(id, seq), "id \(id.text), seq \(seq)")
            }
        }
    }

    @Test func anErrorReplyHasTheContractsShape() {
        let line = WireLine.error(id: 4, WireError(.unknownMethod, "Unknown method \"fly\"."))
        #expect(
            String(decoding: line, as: UTF8.self)
                == #"{"id":4,"error":{"code":"unknownMethod","message":"Unknown method \"fly\"."}}"# + "\n")
    }
}

@Suite struct ReplyReadingTests {
    @Test func aResultIsReturned() throws {
        #expect(try BoardConnection.result(of: ["id": 1, "result": ["pong": true]]) == ["pong": true])
        #expect(try BoardConnection.result(of: ["id": 1, "result": nil]) == .null)
    }

    @Test(arguments: WireErrorCode.allCases)
    func anErrorBecomesARemoteErrorWithItsCode(_ code: WireErrorCode) {
        let reply: JSON = ["id": 1, "error": ["code": .string(code.rawValue), "message": "why"]]
        #expect(throws: ConnectionError.remote(WireError(code, "why"))) { try BoardConnection.result(of: reply) }
    }

    @Test func anUnknownCodeOrMissingMessageIsStillAnError() {
        #expect(throws: ConnectionError.remote(WireError(.internal, "unknown error"))) {
            try BoardConnection.result(of: ["id": 1, "error": ["code": "somethingNew"]])
        }
    }

    @Test func aReplyWithoutResultOrErrorIsMalformed() {
        #expect(throws: ConnectionError.malformedReply("a reply without a result")) { try BoardConnection.result(of: ["id": 1]) }
    }

    /// The headers spliced before encoded results are the start of the JSON a whole encoding gives,
    /// for every kind of id and extreme sequence numbers.
    @Test(arguments: [JSON.int(0), .int(-7), .int(Int.max), .string("a\"b"), .null, .double(1.5)])
    func headersAreTheStartOfTheWholeLine(id: JSON) throws {
        #expect(WireLine.resultHeader(id: id) + Array("1}".utf8) == JSON.object([("id", id), ("result", 1)]).bytes)
        for seq in [0, 1, 9, 10, 12_345, Int.max] {
            let board = WireLine.boardEventHeader(id: id, seq: seq) + Array("1}".utf8)
            #expect(board == JSON.object([("id", id), ("event", "board"), ("seq", .int(seq)), ("result", 1)]).bytes)
            let change = WireLine.changeEventHeader(id: id, seq: seq) + Array(#""x":1}}"#.utf8)
            let whole: JSON = .object([
                ("id", id), ("event", "change"), ("seq", .int(seq)), ("result", .object([("seq", .int(seq)), ("x", 1)])),
            ])
            #expect(change == whole.bytes)
        }
    }
}
