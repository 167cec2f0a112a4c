import FlightData
import Foundation
import Testing

/// A pin is a flight's identity, its id and its date: once the window slides, the id names
/// another day's flight, and that flight is not pinned.
///
/// An id is its slot's on a day of the window, so 15 days later it names the same slot: another
/// service's flight where the slot is shared out by weekday, the same service's flight on another
/// date where a daily service fills it. Neither is the pinned flight.
struct PinnedFlightsTests {
    /// Southeast 428 (Mon, Wed, Fri) on Monday Nov 30, and the flight with its id once the window has
    /// slid to Tuesday Dec 15: US 389, which flies the slot on Tuesdays.
    static func sameIDFifteenDaysLater() throws -> (old: Flight, new: Flight, window: ScheduleWindow) {
        try sameIDFifteenDaysLater("Southeast 428")
    }

    static func sameIDFifteenDaysLater(_ name: String) throws -> (old: Flight, new: Flight, window: ScheduleWindow) {
        let designator = try #require(Designator(name))
        let old = try #require(Fixture.window.flight(designator: designator, on: Fixture.today))
        let later = ScheduleWindow(source: Fixture.window.source, firstDate: Fixture.date("2026-12-15"))
        let new = try #require(later.flight(id: old.id))
        return (old, new, later)
    }

    @Test func anotherDaysFlightWithThePinnedIDIsNotPinned() throws {
        let (old, new, later) = try Self.sameIDFifteenDaysLater()
        #expect(new.date == Fixture.date("2026-12-15") && new.flightName == "US 389" && old.flightName != new.flightName)
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

    /// US 527 runs daily: 15 days later its id names its own flight of Dec 15, the same designator on
    /// another date, and that one is not pinned either.
    @Test func theSameServiceOnAnotherDayIsNotPinned() throws {
        let (old, new, later) = try Self.sameIDFifteenDaysLater("US 527")
        #expect(new.date == Fixture.date("2026-12-15") && new.flightName == old.flightName && new.id == old.id)
        let pins: PinnedFlights = [FlightKey(old)]
        #expect(pins.contains(old) && !pins.contains(new))
        let board = Board(
            flights: later.flights(on: new.date), query: BoardQuery(date: new.date, pinned: pins),
            now: Fixture.instant("2026-12-15T12:00"))
        #expect(!board.rows.contains { $0.isPinned })
    }

    /// Older clients send ids alone; those still mean that id on any day.
    @Test func anIDAloneStillPinsThatIDOnAnyDay() throws {
        let (old, new, _) = try Self.sameIDFifteenDaysLater()
        let pins = PinnedFlights(anyDay: [old.id])
        #expect(pins.contains(old) && pins.contains(new))
        #expect(pins.count == 1 && !pins.isEmpty && PinnedFlights().isEmpty)
    }
}
