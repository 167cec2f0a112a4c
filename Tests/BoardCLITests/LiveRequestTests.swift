import BoardProtocol
import FlightData
import Testing

@testable import BoardCLI

/// The live view's requests stand for the protocol's (`BoardProtocol/Requests`): the same method,
/// the flights by identity, the pins with the names they were made by.
struct LiveRequestTests {
    static let key = LiveModel.FlightKey(id: 8087, date: "2026-12-01", name: "Pacific 123")
    static let identity = FlightKey(id: 8087, date: LocalDate("2026-12-01")!)
    static let pinned = PinnedParam([identity], names: [identity: "Pacific 123"])

    static let requests: [(LiveRequest, any BoardRequest)] = [
        (
            .watch(tab: .departures, hidePast: true, pinned: [key], date: "2026-12-01"),
            BoardWatchRequest(tab: .departures, hidePast: true, date: .exact(identity.date), pinned: pinned)
        ),
        (
            .watch(tab: .all, hidePast: false, pinned: []),
            BoardWatchRequest(tab: .all, hidePast: false, pinned: PinnedParam(pins: []))
        ),
        (.flight(key, pinned: [key]), FlightGetRequest(identity, pinned: pinned)),
        (
            .step(from: key, forward: true, tab: .arrivals, pinned: []),
            FlightNextRequest(from: identity, tab: .arrivals, pinned: PinnedParam(pins: []))
        ),
        (
            .step(from: key, forward: false, tab: .all, pinned: [key]),
            FlightPrevRequest(from: identity, tab: .all, pinned: pinned)
        ),
        (.search(text: "den", tab: .all, pinned: [key]), SearchRequest(text: "den", tab: .all, pinned: pinned)),
        (.soonest(tab: .departures, pinned: []), FlightSoonestRequest(tab: .departures, pinned: PinnedParam(pins: []))),
    ]

    @Test(arguments: requests)
    func eachStandsForItsProtocolRequest(live: LiveRequest, expected: any BoardRequest) throws {
        let request = try #require(live.request)
        #expect(type(of: request).method == live.method)
        #expect(live.params.text == expected.params.text)
        #expect(WireRequest(id: 1, request).json.text == WireRequest(id: 1, expected).json.text)
    }

    /// A key whose date is not one (only a daemon could have written it) names no request; the view
    /// answers it as a flight gone, and pins without a date are left out.
    @Test func aFlightWithoutADateNamesNoRequest() {
        let undated = LiveModel.FlightKey(id: 8087, date: "soon")
        #expect(LiveRequest.flight(undated, pinned: []).request == nil)
        #expect(LiveRequest.step(from: undated, forward: true, tab: .all, pinned: []).request == nil)
        #expect(LiveRequest.undated.code == .notFound)
        #expect(LiveRequest.search(text: "a", tab: .all, pinned: [undated, Self.key]).params["pinned"] == Self.pinned.json)
    }
}
