import BoardProtocol
import FlightData
import Foundation
import Testing

@testable import BoardCLI

/// The client holds and sends pins as identities, id and date, and drops those that left the window.
struct PinIdentityTests {
    /// Southeast 428 (Mon, Wed, Fri) on Mon Nov 30; on Tue Dec 15 the id is US 389's.
    static let southeast428 = RememberedFlight(id: 6249, designator: "Southeast 428", date: "2026-11-30")
    static let us389 = RememberedFlight(id: 6249, designator: "US 389", date: "2026-12-15")

    /// A state directory of its own, removed afterwards.
    static func withStore(_ body: (inout StateStore) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("board-pins-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var store = StateStore(directory: directory)
        try body(&store)
    }

    @Test func aRememberedFlightIsNamedByItsDesignatorAndDay() {
        #expect(Self.southeast428.name == "Southeast 428 of Nov 30")
        #expect(Self.southeast428.key == FlightKey(id: 6249, date: LocalDate(year: 2026, month: 11, day: 30)!))
        #expect(!Self.southeast428.isSame(as: Self.us389) && Self.southeast428.isSame(as: Self.southeast428))
        #expect(RememberedFlight(id: 1, designator: "US 1", date: "soon").key == nil)
    }

    /// The flight remembered under an id for an earlier day, by any list; none for the flight itself,
    /// a later day's, or another id.
    @Test func anIdRememberedForAnEarlierDaysFlightIsFound() throws {
        let shown = try #require(LiveViewFixture.board().flights.first)
        let before = RememberedFlight(id: shown.id, designator: "Pacific 365", date: "2026-11-15")
        var state = ClientState()
        #expect(state.earlierFlight(withID: shown.id, than: shown) == nil)
        for list in [\ClientState.pins, \.hidden, \.endedPins] {
            var holding = ClientState()
            holding[keyPath: list] = [before]
            #expect(holding.earlierFlight(withID: shown.id, than: shown) == before)
        }
        state.lastViewed = before
        #expect(state.earlierFlight(withID: shown.id, than: shown) == before)
        #expect(state.earlierFlight(withID: shown.id + 1, than: shown) == nil, "another id")
        state.lastViewed = RememberedFlight(shown)
        #expect(state.earlierFlight(withID: shown.id, than: shown) == nil, "the flight itself")
        state.lastViewed = RememberedFlight(id: shown.id, designator: "Pacific 365", date: "2026-12-10")
        #expect(state.earlierFlight(withID: shown.id, than: shown) == nil, "a later day's")
    }

    @Test func theLiveViewSendsIdentities() {
        let key = LiveModel.FlightKey(id: 6249, date: "2026-11-30")
        let expected: JSON = [["id": 6249, "date": "2026-11-30"]]
        #expect(LiveRequest.watch(tab: .all, hidePast: false, pinned: [key]).params["pinned"] == expected)
        #expect(LiveRequest.flight(key, pinned: [key]).params["pinned"] == expected)
        #expect(LiveRequest.step(from: key, forward: true, tab: .all, pinned: [key]).params["pinned"] == expected)
        #expect(LiveRequest.search(text: "us", tab: .all, pinned: [key]).params["pinned"] == expected)
    }

    @Test func pinsOfTheSameIDOnTwoDaysAreTwoPins() throws {
        try Self.withStore { store in
            var state = store.load()
            state.pins = [Self.southeast428, Self.us389]
            state = store.save(state)
            #expect(state.pins == [Self.southeast428, Self.us389])
            state.pins.removeAll { $0.isSame(as: Self.us389) }
            #expect(store.save(state).pins == [Self.southeast428], "removing one day's pin keeps the other")
        }
    }

    @Test func aSaveDropsPinsOfDaysBeforeTheDaemonsToday() throws {
        try Self.withStore { store in
            var state = store.load()
            state.pins = [Self.southeast428, Self.us389]
            state.lastViewed = Self.southeast428
            #expect(store.save(state, pruningBefore: LocalDate("2026-11-30")).pins.count == 2, "today's pin stays")
            let saved = store.save(state, pruningBefore: LocalDate("2026-12-15"))
            #expect(saved.pins == [Self.us389])
            #expect(saved.lastViewed == Self.southeast428, "the last viewed stays, to be named once gone")
            #expect(store.load().pins == [Self.us389])
        }
    }
}

extension PinIdentityTests {
    /// When a pin was made (`pinnedAt`) is the state file's, kept through a save and a load, never in
    /// what `--json` prints: `board pin --json` printed it for some pins and not others.
    @Test func whenAPinWasMadeIsTheStatesAlone() throws {
        let pin = RememberedFlight(
            id: 3220, designator: "Overland 256", date: "2026-11-30", pinnedAt: "2026-11-30T12:30:00-05:00")
        #expect(pin.json["pinnedAt"] == nil)
        #expect(pin.stateJSON["pinnedAt"]?.string == "2026-11-30T12:30:00-05:00")
        var state = ClientState()
        state.pins = [pin]
        let read = try #require(ClientState(json: try JSON.parse(state.json.bytes)))
        #expect(read.pins == [pin])
    }
}
