import BoardProtocol
import FlightData
import Foundation
import Testing

@testable import BoardCLI

/// Rows that say what happened: a departed or landed row carries its actual time, the arrivals tab
/// has a BELT column while the width allows (it goes before the gate, never before the flight or
/// the id), and a departure's details say when it boards and when its gate closes. The fixture's
/// clock is Mon Nov 30 12:00: the morning's flights have left or landed.
struct HallRowsTests {
    static let arrivals = LiveViewFixture.board(tab: .arrivals)
    static let departures = LiveViewFixture.board(tab: .departures)

    static func lines(_ board: BoardDocument, width: Int) -> [Substring] {
        BoardRenderer(style: Style(enabled: false), width: width).board(board).split(
            separator: "\n", omittingEmptySubsequences: false)
    }

    /// At every width from the narrowest row up: no line is wider than the width, every row keeps
    /// its id, the BELT column comes and goes with its title, and where it is shown the gate is too.
    @Test(arguments: BoardRenderer.Columns.narrowest...160)
    func theBeltColumnFitsEveryWidth(width: Int) throws {
        let lines = Self.lines(Self.arrivals, width: width)
        for line in lines { #expect(line.columns <= width, "\(width): \(line)") }
        let titles = try #require(lines.first { $0.contains("FLIGHT") })
        let rows = lines.dropFirst(4).withoutNowLine().prefix(Self.arrivals.flights.count)
        for (row, flight) in zip(rows, Self.arrivals.flights) {
            #expect(row.endsColumns(with: " \(flight.id)", width: width), "\(width): \(row)")
        }
        guard titles.contains("BELT") else { return }
        #expect(titles.contains("GATE"), "\(width): the belt goes before the gate")
        for (row, flight) in zip(rows, Self.arrivals.flights) {
            let belt = flight.baggage.map { " \($0.belt)  \(flight.id)" }
            if let belt { #expect(row.endsColumns(with: belt, width: width), "\(width): \(row)") }
        }
    }

    /// At 80 columns the arrivals board shows every landed arrival's time and belt, and the
    /// departures board every departed flight's time, without `--wide`.
    @Test func eightyColumnsSayWhenAndWhichBelt() throws {
        let arrivals = Self.lines(Self.arrivals, width: 80)
        #expect(arrivals.first { $0.contains("FLIGHT") }?.contains("BELT") == true)
        let landed = Self.arrivals.flights.filter { $0.status == .landed }
        #expect(!landed.isEmpty)
        for flight in landed {
            let row = try #require(arrivals.first { $0.hasSuffix(" \(flight.id)") })
            let time = clockText(flight.currentTime)
            #expect(row.contains("Landed \(time)"), "\(row)")
            #expect(row.contains(" \(try #require(flight.baggage).belt)  \(flight.id)"), "\(row)")
        }
        let departures = Self.lines(Self.departures, width: 80)
        #expect(departures.first { $0.contains("FLIGHT") }?.contains("BELT") == false, "only arrivals have belts")
        let departed = Self.departures.flights.filter { $0.status == .departed }
        #expect(!departed.isEmpty)
        for flight in departed {
            let row = try #require(departures.first { $0.hasSuffix(" \(flight.id)") })
            #expect(row.contains("Departed \(clockText(flight.currentTime))"), "\(row)")
        }
    }

    /// Where the status column has no room for the time, the status alone: never cut through it.
    @Test func aNarrowStatusColumnKeepsTheStatusWhole() throws {
        let flight = try #require(Self.departures.flights.first { $0.status == .departed })
        #expect(BoardRenderer.statusText(flight, width: 15) == "Departed \(clockText(flight.currentTime!))")
        #expect(BoardRenderer.statusText(flight, width: 14) == "Departed")
        #expect(BoardRenderer.statusText(flight, width: 9) == "Departed")
        let onTime = try #require(Self.departures.flights.first { $0.status == .onTime })
        #expect(BoardRenderer.statusText(onTime, width: 15) == "On time")
    }

    /// A departure's details say when it boards and when its gate closes, from the time announced;
    /// every flight's say the days its service runs.
    @Test func detailsSayBoardingGateCloseAndTheDaysItRuns() throws {
        let departure = try #require(Self.departures.flights.first { $0.status == .onTime })
        let details = try FlightDetailsDocument(json: LiveViewFixture.details(departure.id))
        let text = BoardRenderer(style: Style(enabled: false), width: 100).details(details)
        let boards = try #require(details.boardingTime)
        let closes = try #require(details.gateClosesTime)
        #expect(text.contains("Boarding    Boards \(clockText(boards)) · Gate closes \(clockText(closes))"), "\(text)")
        #expect(text.contains("Runs        "))
        #expect(details.runs.isEmpty == false)
        let arrival = try #require(Self.arrivals.flights.first)
        let arrivalDetails = try FlightDetailsDocument(json: LiveViewFixture.details(arrival.id))
        #expect(arrivalDetails.boardingTime == nil && arrivalDetails.gateClosesTime == nil)
        #expect(!BoardRenderer(style: Style(enabled: false), width: 100).details(arrivalDetails).contains("Boarding"))
    }

    /// The live view's cursor starts on the first flight still to come, not on a landed arrival the
    /// hall still shows with its belt; the last viewed flight still wins. At 12:05: Pacific 578
    /// landed at 12:00 (at noon itself its time is now, and it is still to come).
    @Test func theCursorStartsOnTheFirstFlightStillToCome() throws {
        let board = CountdownTests.board(atMinute: 5, tab: .arrivals)
        let landed = try #require(board.flights.first { $0.status == .landed && !$0.past })
        let start = try #require(LiveModel.startingFlight(on: board, lastViewed: nil))
        #expect(start.id == board.flights.first { !$0.status.hasEnded && !$0.past }?.id)
        #expect(start.id != landed.id && !start.status.hasEnded)
        let lastViewed = LiveModel.FlightKey(id: landed.id, date: landed.date)
        #expect(LiveModel.startingFlight(on: board, lastViewed: lastViewed)?.id == landed.id)
    }

    /// The client's "still to come" (status line counts and next flight, countdown, the cursor's
    /// start) is the daemon's (`flight.soonest`): for every flight of the day, a minute before its
    /// time, at it, a second after and once taken down.
    @Test func theClientAndTheDaemonAgreeOnWhatIsStillToCome() {
        let encoding = LiveViewFixture.encoding
        let localTime = LocalTime(timeZone: LiveViewFixture.airport.timeZone)
        for flight in LiveViewFixture.window.flights(on: LiveViewFixture.today) {
            let current = flight.currentTime
            for instant in [current - 60, current, current + 1, flight.takenDownAt + 1] {
                let document = encoding.flight(flight, at: instant, pinned: false)
                let now = localTime.iso8601(instant)
                #expect(
                    StatusLine.isToCome(document, now: now) == flight.isStillToCome(at: instant),
                    "\(flight.flightName) at \(now): \(document.status)")
            }
        }
    }
}
