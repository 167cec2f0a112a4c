import Testing

@testable import BoardProtocol

/// The in-place scan of the common request shape gives exactly the request the full parser gives,
/// and leaves every other line to the parser.
@Suite struct PlainRequestScanTests {
    /// The full parser's reading, as the scan would have to give it.
    static func parsed(_ text: String) -> WireRequest? {
        guard let value = try? JSON.parse(Array(text.utf8)), let method = value["method"]?.string else { return nil }
        return WireRequest(rawID: value["id"] ?? .null, method: method, params: value["params"] ?? [:])
    }

    @Test(arguments: [
        #"{"id":1,"method":"board.get"}"#,
        #"{"id":1,"method":"board.get","params":{}}"#,
        #"{"id":0,"method":"ping"}"#,
        #"{"id":123456789012345,"method":"clock.get","params":{}}"#,
        #"{"id":7,"method":"Events.Watch"}"#,
    ])
    func theCommonShapeIsScannedInPlaceAsTheParserReadsIt(_ text: String) throws {
        let scanned = try #require(WireRequest.scanPlain(Array(text.utf8)))
        let full = try #require(Self.parsed(text))
        #expect(scanned.id == full.id)
        #expect(scanned.method == full.method)
        #expect(scanned.params == full.params)
        guard case .success(let request) = WireRequest.parse(Array(text.utf8)) else {
            Issue.record("\(text) was refused")
            return
        }
        #expect(request.json == full.json)
    }

    @Test(arguments: [
        #"{"id":1,"method":"board.get","params":{"tab":"arrivals"}}"#,  // params: the parser's
        #"{"id":01,"method":"ping"}"#,  // a leading zero is not JSON
        #"{"id":-1,"method":"ping"}"#,
        #"{"id":1.5,"method":"ping"}"#,
        #"{"id":"a","method":"ping"}"#,
        #"{"id":1234567890123456,"method":"ping"}"#,  // past 15 digits
        #"{"id":1,"method":"ping"}x"#,
        #"{"id":1,"method":"ping"} "#,
        #"{"id":1,"method":"pi\"ng"}"#,
        #"{"id":1,"method":"pi\u006eg"}"#,
        #"{"id":1,"method":""}"#,
        #"{"id":1,"method":"ping","id":2}"#,
        #"{"method":"ping","id":1}"#,
        #" {"id":1,"method":"ping"}"#,
        #"{"id":1,"method":"ping","params":{}"#,
        #"{"id":1,"method":"ping""#,
        #"{"id":"#,
        "",
    ])
    func anythingElseIsLeftToTheParser(_ text: String) {
        #expect(WireRequest.scanPlain(Array(text.utf8)) == nil, "\(text)")
    }

    /// Every prefix of a plain request is refused by the scan, never read past its end.
    @Test func everyPrefixIsRefused() {
        let bytes = Array(#"{"id":42,"method":"board.get","params":{}}"#.utf8)
        for end in 0..<bytes.count {
            #expect(WireRequest.scanPlain(Array(bytes[..<end])) == nil, "prefix of \(end)")
        }
        #expect(WireRequest.scanPlain(bytes) != nil)
    }
}
