import BoardProtocol
import FlightData
import Foundation
import Testing

@testable import BoardDaemon

/// The daemon reads each method's params through its request type (`BoardProtocol/Requests`):
/// what the type refuses is the daemon's answer, word for word, and what needs the window or the
/// clock is the daemon's own. `BoardService.handle` on a frozen simulated clock.
struct RequestDecodingTests {
    /// 2026-11-30T12:00:00-05:00, frozen.
    static let noon = Date(timeIntervalSince1970: 1_796_050_800)

    static func refusal(_ method: WireMethod, _ params: JSON, simulated: Bool = true) -> WireError? {
        let clock = simulated ? DaemonClock(simulatedAt: noon, speed: 0) : DaemonClock()
        var service = BoardService(config: .builtIn, clock: clock, instance: "test")
        if case .failure(let error) = service.handle(WireRequest(id: 1, method: method, params: params)) { return error }
        return nil
    }

    static let badParams: [(WireMethod, JSON)] = [
        (.boardGet, ["tab": "sideways"]), (.boardGet, ["pinned": [true]]), (.boardWatch, ["hidePast": 1]),
        (.flightGet, [:]), (.flightGet, ["designator": "Zeppelin 1"]), (.flightNext, ["id": 1, "tab": 2]),
        (.flightPrev, ["id": 0]), (.flightSoonest, ["pinned": "x"]), (.search, ["text": ""]),
        (.search, ["text": "a", "cursor": "x"]), (.clockSet, ["time": "noon"]), (.clockAdvance, ["minutes": .double(1.5)]),
        (.eventsGet, ["kinds": ["gates"]]), (.eventsGet, ["flight": ["id": 1]]), (.eventsGet, ["limit": 0]),
        (.eventsWatch, ["cursor": "c1"]), (.eventsWatch, ["since": "soon"]),
    ]

    @Test(arguments: badParams)
    func theDaemonRefusesWhatTheTypeRefuses(method: WireMethod, params: JSON) throws {
        let expected = try #require(Self.decodingError(method, params), "the type takes \(params.text)")
        #expect(Self.refusal(method, params) == expected)
    }

    static func decodingError(_ method: WireMethod, _ params: JSON) -> WireError? {
        do throws(WireError) {
            _ = try method.requestType.init(params: params)
            return nil
        } catch {
            return error
        }
    }

    /// Which day, which flight, and where the clock may go are the daemon's to say, after the params' shape.
    @Test func whatNeedsTheWindowOrTheClockIsTheDaemons() throws {
        #expect(Self.refusal(.boardGet, ["date": "2030-01-01"])?.code == .outsideWindow)
        #expect(Self.refusal(.flightGet, ["id": 1])?.code == .notFound)
        #expect(Self.refusal(.eventsGet, ["flight": ["id": 1, "date": "2020-01-01"]])?.code == .notFound)
        #expect(
            Self.refusal(.clockSet, ["time": "1969-06-01T00:00:00Z"])?.message
                == "clock.set needs a \"time\" from 1970-01-02T00:00Z to 3999-01-01T00:00Z.")
        let swapped = try #require(Self.refusal(.eventsGet, ["since": "11:00", "until": "10:00"]))
        #expect(
            swapped.message == #""until" (2026-11-30T10:00:00-05:00) is before "since" (2026-11-30T11:00:00-05:00): swap them."#)
        // A shape fault comes first: the flight is not looked for when the pins are bad.
        #expect(Self.refusal(.flightGet, ["id": 1, "pinned": 5])?.code == .invalidParams)
    }

    /// Moving a real clock is refused whatever the move says, before its params are read.
    static let moves: [(WireMethod, JSON)] = [(.clockSet, ["time": "noon"]), (.clockAdvance, [:]), (.clockSet, [:])]

    @Test(arguments: moves)
    func aRealClockIsRefusedBeforeItsParamsAreRead(method: WireMethod, params: JSON) {
        #expect(Self.refusal(method, params, simulated: false)?.code == .clockNotSimulated)
    }
}
