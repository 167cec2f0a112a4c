import BoardProtocol
import FlightData
import Foundation
import Testing

@testable import BoardDaemon

/// The `pinned` param holds flight identities (id and date): across a window slide, the flight
/// that now has a pinned flight's id is not pinned. `BoardService.handle` on a frozen simulated clock.
struct PinnedParamTests {
    /// 2026-11-30T12:00:00-05:00, frozen.
    static let noon = Date(timeIntervalSince1970: 1_796_050_800)
    /// Southeast 428 on Nov 30 (a Monday; it runs Mon, Wed, Fri); on Dec 15, a Tuesday, the id is US 389's.
    static let southeastFlight: JSON = ["id": 6249, "date": "2026-11-30"]

    static func service() -> BoardService {
        BoardService(config: .builtIn, clock: DaemonClock(simulatedAt: noon, speed: 0), instance: "test")
    }

    /// The result of a request, or the error it got.
    static func answer(_ service: inout BoardService, _ method: WireMethod, _ params: JSON) -> Result<JSON, WireError> {
        switch service.handle(WireRequest(id: 1, method: method, params: params)) {
        case .result(let json), .clockMoved(let json): return .success(json)
        case .encoded(let document):
            guard let json = try? JSON.parse(document.joined) else { return .failure(WireError(.internal, "not JSON")) }
            return .success(json)
        case .failure(let error): return .failure(error)
        case .watch(let view): return .success(.string("watch \(view)"))
        case .eventsWatch: return .success(.string("events.watch"))
        }
    }

    static func result(_ service: inout BoardService, _ method: WireMethod, _ params: JSON) throws -> JSON {
        try answer(&service, method, params).get()
    }

    /// The flights of a board marked pinned, as "name date".
    static func pinnedFlights(_ board: JSON) -> [String] {
        (board["flights"]?.array ?? []).filter { $0["pinned"] == true }.map {
            "\($0["flightName"]?.string ?? "?") \($0["date"]?.string ?? "?")"
        }
    }

    @Test func aPinIsTheFlightOfItsDayAcrossAWindowSlide() throws {
        var service = Self.service()
        let today = try Self.result(&service, .boardGet, ["pinned": [Self.southeastFlight]])
        #expect(Self.pinnedFlights(today) == ["Southeast 428 2026-11-30"])
        #expect(today["flights"]?.array?.first?["id"] == 6249)

        _ = try Self.result(&service, .clockSet, ["time": "2026-12-15T12:00:00-05:00"])
        let later = try Self.result(&service, .boardGet, ["date": "2026-12-15", "pinned": [Self.southeastFlight]])
        let other = try #require(later["flights"]?.array?.first { $0["id"] == 6249 })
        #expect(other["flightName"] == "US 389")
        #expect(other["pinned"] == false)
        #expect(Self.pinnedFlights(later).isEmpty)
        #expect(later["flights"]?.array?.first?["id"] != 6249, "not listed first either")

        let details = try Self.result(&service, .flightGet, ["id": 6249, "pinned": [Self.southeastFlight]])
        #expect(details["flightName"] == "US 389" && details["pinned"] == false)
        let search = try Self.result(&service, .search, ["text": "US 389", "pinned": [Self.southeastFlight]])
        let found = search["days"]?.array?.flatMap { $0["flights"]?.array ?? [] } ?? []
        #expect(!found.isEmpty && found.allSatisfy { $0["pinned"] == false })
        let soonest = try Self.result(&service, .flightSoonest, ["pinned": [Self.southeastFlight]])
        #expect(soonest["pinned"] == false)

        // US 389 pinned by its own identity is pinned, and first.
        let own: JSON = ["id": 6249, "date": "2026-12-15"]
        let pinnedOwn = try Self.result(&service, .boardGet, ["date": "2026-12-15", "pinned": [own, Self.southeastFlight]])
        #expect(Self.pinnedFlights(pinnedOwn) == ["US 389 2026-12-15"])
        #expect(pinnedOwn["flights"]?.array?.first?["id"] == 6249)
        #expect(try Self.result(&service, .flightGet, ["id": 6249, "pinned": [own]])["pinned"] == true)
    }

    /// Older clients and scripts send ids alone: that id on any day, as before.
    @Test func anIDAloneStillPinsThatIDOnAnyDay() throws {
        var service = Self.service()
        _ = try Self.result(&service, .clockSet, ["time": "2026-12-15T12:00:00-05:00"])
        let board = try Self.result(&service, .boardGet, ["date": "2026-12-15", "pinned": [6249]])
        #expect(Self.pinnedFlights(board) == ["US 389 2026-12-15"])
    }

    /// A watched view keeps identities: the same pins in another order are the same view.
    @Test func aWatchKeepsTheIdentities() throws {
        var service = Self.service()
        let pins: JSON = [Self.southeastFlight, 1234, ["id": 6249, "date": "2026-12-15"]]
        let first = service.handle(WireRequest(id: 1, method: .boardWatch, params: ["pinned": pins]))
        let reordered: JSON = [["id": 6249, "date": "2026-12-15"], 1234, Self.southeastFlight]
        let second = service.handle(WireRequest(id: 2, method: .boardWatch, params: ["pinned": reordered]))
        guard case .watch(let view) = first, case .watch(let same) = second else {
            Issue.record("not a watch")
            return
        }
        #expect(view == same)
        #expect(view.pinned.flights.count == 2 && view.pinned.anyDay == [1234])
    }

    static let badShapes: [JSON] = [
        9541, "9541", ["9541"], [true], [[9541]], [["id": 9541]], [["date": "2026-11-30"]],
        [["id": "9541", "date": "2026-11-30"]], [["id": 9541, "date": "Nov 30"]], [["id": 9541, "date": "2026-02-30"]],
        [["id": 9541, "date": 20_261_130]], .array(Array(repeating: 9541, count: 1001)),
    ]

    @Test(arguments: [WireMethod.boardGet, .boardWatch, .flightGet, .flightSoonest, .search])
    func aBadPinnedIsInvalidParams(method: WireMethod) {
        for shape in Self.badShapes {
            var service = Self.service()
            var params: JSON = ["pinned": shape]
            if method == .flightGet { params = params.adding("id", 9541) }
            if method == .search { params = params.adding("text", "denver") }
            guard case .failure(let error) = service.handle(WireRequest(id: 1, method: method, params: params)) else {
                Issue.record("\(method) accepted \"pinned\": \(shape.text.prefix(60))")
                continue
            }
            #expect(error.code == .invalidParams, "\(shape.text.prefix(60))")
            #expect(error.message.contains("\"pinned\""), "\(error.message)")
        }
    }

    /// A pin made with a name is a pin of that flight only: another flight with its identity (a
    /// config reloaded with another schedule) is not pinned.
    @Test func aPinWithANameMatchesOnlyTheFlightOfThatName() throws {
        var service = Self.service()
        let named: JSON = ["id": 6249, "date": "2026-11-30", "flightName": "Southeast 428"]
        let misnamed: JSON = ["id": 6249, "date": "2026-11-30", "flightName": "US 389"]
        #expect(Self.pinnedFlights(try Self.result(&service, .boardGet, ["pinned": [named]])) == ["Southeast 428 2026-11-30"])
        #expect(Self.pinnedFlights(try Self.result(&service, .boardGet, ["pinned": [misnamed]])) == [])
        #expect(
            Self.pinnedFlights(try Self.result(&service, .boardGet, ["pinned": [Self.southeastFlight]]))
                == ["Southeast 428 2026-11-30"])
        let long: JSON = ["id": 6249, "date": "2026-11-30", "flightName": .string(String(repeating: "x", count: 101))]
        for bad in [long, ["id": 6249, "date": "2026-11-30", "flightName": 5] as JSON] {
            guard case .failure(let error) = Self.answer(&service, .boardGet, ["pinned": [bad]]) else {
                Issue.record("\(bad.text) was taken")
                continue
            }
            #expect(error.code == .invalidParams && error.message.contains("flightName"))
        }
    }
}

extension JSON {
    fileprivate func adding(_ key: String, _ value: JSON) -> JSON {
        .object((objectPairs ?? []) + [(key, value)])
    }

}

/// A thousand pins with the longest ids and names still make a request within the protocol's line limit.
@Test func aThousandNamedPinsStayWithinTheLineLimit() throws {
    let keys = (0..<PinnedParam.limit).map { FlightKey(id: 9_999_000 + $0, date: LocalDate("2026-11-30")!) }
    let names = Dictionary(uniqueKeysWithValues: keys.map { ($0, "Southeast 9999") })
    let pinned = PinnedParam(keys, names: names).json
    let request = WireLine.line(
        WireRequest(id: Int.max, method: .boardGet, params: ["tab": "departures", "hidePast": true, "pinned": pinned]).json)
    #expect(request.count < LineFramer.protocolLimit, "\(request.count) bytes")
    #expect(pinned.array?.first?["flightName"]?.string == "Southeast 9999", "the first pins carry their names")
    let parsed = try PinnedParam(json: pinned).flights
    #expect(parsed.flights.count == PinnedParam.limit && !parsed.names.isEmpty)
}
