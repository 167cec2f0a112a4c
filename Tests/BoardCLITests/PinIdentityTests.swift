import BoardProtocol
import FlightData
import Foundation
import Testing

@testable import BoardCLI

/// The client holds and sends pins as identities, id and date, and drops those that left the window.
struct PinIdentityTests {
    static let usFlight = RememberedFlight(id: 9541, designator: "US 481", date: "2026-11-30")
    static let pacific = RememberedFlight(id: 9541, designator: "Pacific 251", date: "2026-12-15")

    /// A state directory of its own, removed afterwards.
    static func withStore(_ body: (inout StateStore) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("board-pins-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var store = StateStore(directory: directory)
        try body(&store)
    }

    @Test func aRememberedFlightIsNamedByItsDesignatorAndDay() {
        #expect(Self.usFlight.name == "US 481 of Nov 30")
        #expect(Self.usFlight.key == FlightKey(id: 9541, date: LocalDate(year: 2026, month: 11, day: 30)!))
        #expect(!Self.usFlight.isSame(as: Self.pacific) && Self.usFlight.isSame(as: Self.usFlight))
        #expect(RememberedFlight(id: 1, designator: "US 1", date: "soon").key == nil)
    }

    @Test func theLiveViewSendsIdentities() {
        let key = LiveModel.FlightKey(id: 9541, date: "2026-11-30")
        let expected: JSON = [["id": 9541, "date": "2026-11-30"]]
        #expect(LiveRequest.watch(tab: .all, hidePast: false, pinned: [key]).params["pinned"] == expected)
        #expect(LiveRequest.flight(key, pinned: [key]).params["pinned"] == expected)
        #expect(LiveRequest.step(from: key, forward: true, tab: .all, pinned: [key]).params["pinned"] == expected)
        #expect(LiveRequest.search(text: "us", tab: .all, pinned: [key]).params["pinned"] == expected)
    }

    @Test func pinsOfTheSameIDOnTwoDaysAreTwoPins() throws {
        try Self.withStore { store in
            var state = store.load()
            state.pins = [Self.usFlight, Self.pacific]
            state = store.save(state)
            #expect(state.pins == [Self.usFlight, Self.pacific])
            state.pins.removeAll { $0.isSame(as: Self.pacific) }
            #expect(store.save(state).pins == [Self.usFlight], "removing one day's pin keeps the other")
        }
    }

    @Test func aSaveDropsPinsOfDaysBeforeTheDaemonsToday() throws {
        try Self.withStore { store in
            var state = store.load()
            state.pins = [Self.usFlight, Self.pacific]
            state.lastViewed = Self.usFlight
            #expect(store.save(state, pruningBefore: LocalDate("2026-11-30")).pins.count == 2, "today's pin stays")
            let saved = store.save(state, pruningBefore: LocalDate("2026-12-15"))
            #expect(saved.pins == [Self.pacific])
            #expect(saved.lastViewed == Self.usFlight, "the last viewed stays, to be named once gone")
            #expect(store.load().pins == [Self.pacific])
        }
    }
}
