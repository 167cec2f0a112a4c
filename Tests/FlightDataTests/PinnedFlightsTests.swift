import FlightData
import Foundation
import Testing

/// A pin is a flight's identity, its id and its date: once the window slides, the id names
/// another day's flight, and that flight is not pinned.
struct PinnedFlightsTests {
    /// US 481 on Nov 30, and the flight with its id once the window has slid to Dec 15 (Pacific 251).
    static func sameIDFifteenDaysLater() throws -> (old: Flight, new: Flight, window: ScheduleWindow) {
        let designator = try #require(Designator("US 481"))
        let old = try #require(Fixture.window.flight(designator: designator, on: Fixture.today))
        let later = ScheduleWindow(source: Fixture.window.source, firstDate: Fixture.date("2026-12-15"))
        let new = try #require(later.flight(id: old.id))
        return (old, new, later)
    }

    @Test func anotherDaysFlightWithThePinnedIDIsNotPinned() throws {
        let (old, new, later) = try Self.sameIDFifteenDaysLater()
        #expect(new.date == Fixture.date("2026-12-15") && new.flightName != old.flightName)
        let noon = Fixture.instant("2026-12-15T12:00")
        for hidePast in [false, true] {
            let board = Board(
                flights: later.flights(on: new.date),
                query: BoardQuery(date: new.date, hidePast: hidePast, pinned: [FlightKey(old)]), now: noon)
            #expect(!board.rows.contains { $0.isPinned }, "hidePast \(hidePast)")
            #expect(board.rows.map(\.flight) == board.rows.map(\.flight).sorted(by: Board.timeOrder(at: noon)))
        }
        let own = Board(
            flights: later.flights(on: new.date), query: BoardQuery(date: new.date, pinned: [FlightKey(new)]), now: noon)
        #expect(own.rows.first?.flight == new && own.rows.first?.isPinned == true)
        #expect(own.rows.dropFirst().allSatisfy { !$0.isPinned })
    }

    @Test func aKeyMatchesOnlyItsDay() throws {
        let (old, new, _) = try Self.sameIDFifteenDaysLater()
        let pins: PinnedFlights = [FlightKey(old)]
        #expect(pins.contains(old))
        #expect(!pins.contains(new))
        #expect(FlightKey(old).matches(old) && !FlightKey(old).matches(new))
        #expect(FlightKey(old) != FlightKey(new) && FlightKey(old).id == FlightKey(new).id)
        #expect(FlightKey(old).description == "\(old.id) on 2026-11-30")
    }

    /// Older clients send ids alone; those still mean that id on any day.
    @Test func anIDAloneStillPinsThatIDOnAnyDay() throws {
        let (old, new, _) = try Self.sameIDFifteenDaysLater()
        let pins = PinnedFlights(anyDay: [old.id])
        #expect(pins.contains(old) && pins.contains(new))
        #expect(pins.count == 1 && !pins.isEmpty && PinnedFlights().isEmpty)
    }
}
