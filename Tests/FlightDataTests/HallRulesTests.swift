import FlightData
import Foundation
import Testing

/// The hall's rules for past: a flight stays on the board after it leaves or arrives, as airport
/// displays keep it, and is past (hidden by hide-past, out of the counts) only once taken down.
struct HallRulesTests {
    static let window = Fixture.window
    static let flights = window.allFlights

    /// Each kind of flight's take-down instant, from its final times and its baggage.
    @Test func eachKindOfFlightIsTakenDownByItsRule() throws {
        var kinds = Set<String>()
        for flight in Self.flights {
            let expected: Date
            if flight.isCanceled {
                kinds.insert("canceled")
                expected = flight.scheduledTime.plus(minutes: 30)
            } else if let diverted = flight.divertedCity {
                kinds.insert("diverted")
                #expect(diverted != flight.otherAirport)
                expected = flight.currentTime.plus(minutes: 30)
            } else if flight.direction == .departure {
                kinds.insert("departed")
                expected = flight.currentTime.plus(minutes: 10)
            } else {
                kinds.insert("landed")
                let baggage = try #require(flight.baggage, "\(flight.flightName) landed without a belt")
                expected = baggage.lastBag.plus(minutes: 10)
            }
            #expect(flight.takenDownAt == expected, "\(flight.flightName) of \(flight.date)")
        }
        #expect(kinds == ["canceled", "departed", "landed", "diverted"], "the default window has every kind")
    }

    /// Past is strict: on the board at the instant it is taken down, past one millisecond later,
    /// and the board counts and hides by the same rule.
    @Test func pastIsStrictlyAfterTheHallTakesItDown() {
        for flight in Self.flights where flight.date == Fixture.today {
            let down = flight.takenDownAt
            #expect(!flight.isPast(at: down.plus(minutes: -1)))
            #expect(!flight.isPast(at: down))
            #expect(flight.isPast(at: down.plus(seconds: Flight.pastResolution)))
            let onBoard = Board(flights: [flight], query: BoardQuery(date: flight.date, hidePast: true), now: down)
            let gone = Board(
                flights: [flight], query: BoardQuery(date: flight.date, hidePast: true), now: down.plus(seconds: 1))
            #expect(onBoard.rows.count == 1 && gone.rows.isEmpty)
            #expect(onBoard.tabs.map(\.count).reduce(0, +) == 2 && gone.tabs.map(\.count).reduce(0, +) == 0)
        }
    }

    /// A departure says "Departed" for its ten minutes on the board; an arrival is on the arrivals
    /// board with its belt from landing until ten minutes after the last bag.
    @Test func aLandedArrivalStaysWithItsBeltUntilTheBagsAreOut() throws {
        let arrival = try Fixture.flight { $0.date == Fixture.today && $0.direction == .arrival && $0.baggage != nil }
        let baggage = try #require(arrival.baggage)
        let query = BoardQuery(date: arrival.date, tab: .arrivals, hidePast: true)
        for instant in [arrival.currentTime, baggage.firstBag, baggage.lastBag, baggage.lastBag.plus(minutes: 10)] {
            let row = try #require(Board(flights: [arrival], query: query, now: instant).rows.first)
            #expect(row.status == .landed && row.state.baggage == baggage && !row.isPast)
        }
        #expect(Board(flights: [arrival], query: query, now: baggage.lastBag.plus(minutes: 11)).rows.isEmpty)

        let departure = try Fixture.flight { $0.date == Fixture.today && $0.direction == .departure && !$0.isCanceled }
        let left = departure.currentTime
        let departures = BoardQuery(date: departure.date, tab: .departures, hidePast: true)
        #expect(Board(flights: [departure], query: departures, now: left.plus(minutes: 10)).rows.first?.status == .departed)
        #expect(Board(flights: [departure], query: departures, now: left.plus(minutes: 11)).rows.isEmpty)
    }

    /// The spans are config: other spans move the take-down instant and nothing else of the flight.
    @Test func theSpansAreConfig() throws {
        let hall = HallRules(departedMinutes: 0, afterLastBagMinutes: 240, canceledMinutes: 5)
        let other = ScheduleGenerator(config: ScheduleConfig(hall: hall))
        for (flight, same) in zip(Fixture.generator.flights(on: Fixture.today), other.flights(on: Fixture.today)) {
            #expect(flight.state(at: Fixture.now) == same.state(at: Fixture.now))
            #expect(flight.announcements == same.announcements)
            let expected =
                if flight.isCanceled || flight.divertedCity != nil {
                    flight.currentTime.plus(minutes: 5)
                } else if flight.direction == .departure {
                    flight.currentTime
                } else {
                    try #require(flight.baggage).lastBag.plus(minutes: 240)
                }
            #expect(same.takenDownAt == expected, "\(flight.flightName)")
        }
        #expect(HallRules.default == HallRules(departedMinutes: 10, afterLastBagMinutes: 10, canceledMinutes: 30))
    }

    /// The moment a flight is taken down is an instant the board changes at, so a watcher is woken
    /// for it; nothing changes after the day's last flight is taken down.
    @Test func theTakeDownIsABoardChange() {
        let today = Self.window.flights(on: Fixture.today)
        for flight in today {
            #expect(flight.boardChanges.contains(flight.takenDownAt.plus(seconds: Flight.pastResolution)))
        }
        let board = Board(flights: today, query: BoardQuery(date: Fixture.today), now: Fixture.now)
        let last = today.map(\.takenDownAt).max()!.plus(seconds: Flight.pastResolution)
        #expect(board.nextChange(in: today, after: last) == nil)
        #expect(board.nextChange(in: today, after: last.plus(seconds: -1)) == last)
    }

    /// Still to come (soonest, the status line's next flight, the countdown): the current time as
    /// announced at or after now, neither canceled nor diverted. A departed flight is on the board but
    /// no longer to come.
    @Test func stillToComeIsTheCurrentTimeAtOrAfterNow() throws {
        let departure = try Fixture.flight { $0.date == Fixture.today && $0.direction == .departure && !$0.isCanceled }
        #expect(departure.isStillToCome(at: departure.currentTime.plus(minutes: -1)))
        #expect(departure.isStillToCome(at: departure.currentTime))
        #expect(!departure.isStillToCome(at: departure.currentTime.plus(seconds: 1)))
        #expect(!departure.isPast(at: departure.currentTime.plus(seconds: 1)))
        let canceled = try Fixture.flight { $0.date == Fixture.today && $0.isCanceled }
        let announced = try #require(canceled.announcements.first { $0.kind == .canceled }).at
        #expect(canceled.isStillToCome(at: announced.plus(seconds: -1)))
        #expect(!canceled.isStillToCome(at: announced))
        for status in FlightStatus.allCases {
            #expect(status.hasEnded == [.departed, .landed, .canceled, .diverted].contains(status))
        }
    }
}
