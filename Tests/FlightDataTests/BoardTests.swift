import FlightData
import Foundation
import Testing

/// The board for one day at one instant: tabs, counts, badges, hide-past,
/// pins and the order of rows. The instants are on 2026-11-30, whose flights
/// the golden file pins.
struct BoardTests {
    static func board(
        _ date: LocalDate = Fixture.today, tab: Tab = .all, hidePast: Bool = false, pinned: Set<Int> = [],
        at now: Date = Fixture.now
    ) -> Board {
        Board(
            flights: Fixture.window.flights(on: date),
            query: BoardQuery(
                date: date, tab: tab, hidePast: hidePast, pinned: PinnedFlights(pinned.map { FlightKey(id: $0, date: date) })),
            now: now)
    }

    static func id(_ designator: String) throws -> Int {
        let parsed = try #require(Designator(designator))
        return try #require(Fixture.window.flight(designator: parsed, on: Fixture.today)).id
    }

    @Test func threeTabsInTheContractsOrder() {
        #expect(Tab.allCases == [.arrivals, .all, .departures])
        #expect(Tab.allCases.map(\.rawValue) == ["arrivals", "all", "departures"])
        #expect(Tab.allCases.map(\.title) == ["Arrivals", "All", "Departures"])
        #expect(Tab.arrivals.next == .all && Tab.all.next == .departures && Tab.departures.next == .arrivals)
        #expect(Tab.arrivals.previous == .departures && Tab.all.previous == .arrivals && Tab.departures.previous == .all)
        #expect(Self.board().tabs.map(\.tab) == Tab.allCases)
    }

    @Test func countsAndBadgesOfAWholeDay() {
        let board = Self.board()
        #expect(board.tabs.map(\.count) == [15, 30, 15])
        #expect(board.tabs.map(\.badge) == ["15", "Nov 30", "15"])
        #expect(board.rows.count == 30)
        #expect(board.date == Fixture.today && board.tab == .all)
    }

    /// Past flights at 09:00: Overland 433, Pacific 506, US 686, Southeast 282
    /// (canceled), Overland 691, Pacific 759. At 12:00 also Southeast 666,
    /// Pacific 657, US 487 and Pacific 807; US 481 (12:00, delayed to 12:10) is not.
    @Test(arguments: [
        ("2026-11-30T00:00", [15, 30, 15]), ("2026-11-30T09:00", [12, 24, 12]), ("2026-11-30T12:00", [10, 20, 10]),
        ("2026-12-01T00:00", [0, 0, 0]),
    ])
    func hidePastCountsAtKnownInstants(time: String, counts: [Int]) {
        let now = Fixture.instant(time)
        let board = Self.board(hidePast: true, at: now)
        #expect(board.tabs.map(\.count) == counts)
        #expect(board.tabs.map(\.badge) == [String(counts[0]), "Nov 30", String(counts[2])])
        // The same counts, worked out from the flights.
        let upcoming = Fixture.window.flights(on: Fixture.today).filter { $0.currentTime >= now }
        #expect(
            counts == [
                upcoming.count { $0.direction == .arrival }, upcoming.count, upcoming.count { $0.direction == .departure },
            ])
        #expect(board.rows.allSatisfy { !$0.isPast })
    }

    @Test func aFlightAtItsCurrentTimeIsStillShownUnderHidePast() throws {
        let id = try Self.id("Pacific 506")  // departs 07:00
        #expect(Self.board(hidePast: true, at: Fixture.instant("2026-11-30T07:00")).rows.contains { $0.flight.id == id })
        #expect(!Self.board(hidePast: true, at: Fixture.instant("2026-11-30T07:00:01")).rows.contains { $0.flight.id == id })
    }

    @Test(arguments: Tab.allCases, [false, true])
    func eachTabCountsItsRows(tab: Tab, hidePast: Bool) throws {
        let pinned: Set = [try Self.id("Pacific 506"), try Self.id("US 480")]
        let board = Self.board(tab: tab, hidePast: hidePast, pinned: pinned)
        let summary = try #require(board.tabs.first { $0.tab == tab })
        #expect(summary.count == board.rows.count)
        #expect(board.rows.allSatisfy { tab.includes($0.flight) })
        let arrivals = board.rows.allSatisfy { $0.flight.direction == .arrival }
        let departures = board.rows.allSatisfy { $0.flight.direction == .departure }
        #expect(arrivals == (tab == .arrivals) || tab == .all)
        #expect(departures == (tab == .departures) || tab == .all)
    }

    @Test func rowsAreInCurrentTimeThenIDOrder() {
        let rows = Self.board().rows.map(\.flight)
        // The time announced by now (09:00): a delay announced later does not move a row yet.
        let now = Fixture.now
        let expected = Fixture.window.flights(on: Fixture.today).sorted {
            ($0.currentTime(at: now).timeIntervalSince1970, $0.id) < ($1.currentTime(at: now).timeIntervalSince1970, $1.id)
        }
        #expect(rows == expected)
        // The first rows of the day, by name: Pacific 506 at 07:00 comes before Overland 433 (06:25, delayed to 07:15).
        #expect(rows.prefix(4).map(\.flightName) == ["Pacific 506", "Overland 433", "Southeast 282", "US 686"])
    }

    /// Equal current times go by id, not by slot or scheduled time (late in the day, every delay announced).
    @Test func tiesGoByID() throws {
        let tie = try #require(
            Fixture.window.dates.lazy.compactMap { date -> (LocalDate, Flight, Flight)? in
                let flights = Fixture.window.flights(on: date)
                let late = Fixture.instant("\(date)T23:59")
                for a in flights {
                    for b in flights
                    where a.slot < b.slot && a.currentTime(at: late) == b.currentTime(at: late) && a.id > b.id {
                        return (date, a, b)
                    }
                }
                return nil
            }.first, "a day with two flights at the same current time whose ids run against their slots")
        let (date, earlierSlot, laterSlot) = tie
        let late = Fixture.instant("\(date)T23:59")
        let rows = Self.board(date, at: late).rows.map(\.flight.id)
        let first = try #require(rows.firstIndex(of: laterSlot.id))
        let second = try #require(rows.firstIndex(of: earlierSlot.id))
        #expect(first < second)
        #expect(Board.timeOrder(at: late)(laterSlot, earlierSlot))
        #expect(!Board.timeOrder(at: late)(earlierSlot, laterSlot))
    }

    @Test func pinnedFlightsComeFirstInTimeOrder() throws {
        let late = try Self.id("US 480")  // 22:35
        let middle = try Self.id("Overland 384")  // 16:55, canceled
        let board = Self.board(pinned: [late, middle])
        #expect(board.rows.prefix(2).map(\.flight.id) == [middle, late])
        #expect(board.rows.prefix(2).allSatisfy { $0.isPinned })
        #expect(!board.rows.dropFirst(2).contains { $0.isPinned })
        let rest = board.rows.dropFirst(2).map(\.flight)
        #expect(zip(rest, rest.dropFirst()).allSatisfy { Board.timeOrder(at: board.now)($0, $1) })
        #expect(board.tabs.map(\.count) == [15, 30, 15])
    }

    @Test func aPinnedFlightIsKeptUnderHidePast() throws {
        let departed = try Self.id("Pacific 506")  // 07:00, past at 09:00
        for tab in [Tab.all, .departures] {
            let board = Self.board(tab: tab, hidePast: true, pinned: [departed])
            let first = try #require(board.rows.first)
            #expect(first.flight.id == departed)
            #expect(first.isPinned && first.isPast && first.status == .departed)
            #expect(board.rows.dropFirst().allSatisfy { !$0.isPast })
        }
        // It is counted too: 12 upcoming departures and the pinned one.
        #expect(Self.board(hidePast: true, pinned: [departed]).tabs.map(\.count) == [12, 25, 13])
        // A pinned arrival does not appear on the departures tab.
        let arrival = try Self.id("Overland 433")
        #expect(Self.board(tab: .departures, hidePast: true, pinned: [arrival]).rows.count == 12)
    }

    @Test func rowsSayWhatTheClockSays() {
        for time in ["2026-11-29T23:59", "2026-11-30T06:30", "2026-11-30T09:00", "2026-11-30T13:05", "2026-11-30T23:59"] {
            let now = Fixture.instant(time)
            for row in Self.board(at: now).rows {
                #expect(row.status == row.flight.status(at: now))
                #expect(row.isPast == row.flight.isPast(at: now))
            }
        }
    }

    @Test func anotherDayHasItsOwnBadgeAndIsAllScheduled() {
        let tomorrow = Fixture.today.adding(days: 1)
        let board = Self.board(tomorrow, hidePast: true)
        #expect(board.tabs.map(\.badge) == ["15", "Dec 1", "15"])
        #expect(board.rows.count == 30)
        #expect(board.rows.allSatisfy { $0.status == .scheduled && !$0.isPast && $0.flight.date == tomorrow })
    }

    @Test(arguments: [("2026-11-30", "Nov 30"), ("2026-12-01", "Dec 1"), ("2027-01-09", "Jan 9"), ("2028-02-29", "Feb 29")])
    func badgeDate(date: String, badge: String) {
        #expect(Fixture.date(date).shortName == badge)
    }

    @Test(arguments: ["2026-11-29T23:00", "2026-11-30T09:00", "2026-11-30T13:05", "2026-11-30T22:30"])
    func theNextChangeIsTheEarliestOfAnyFlight(time: String) throws {
        let now = Fixture.instant(time)
        let flights = Fixture.window.flights(on: Fixture.today)
        let board = Self.board(at: now)
        let next = try #require(board.nextChange(in: flights, after: now))
        #expect(next == flights.compactMap { $0.nextBoardChange(after: now) }.min())
        #expect(next > now)
        // Just before it the board is still what it was; at it, something differs.
        #expect(Self.summary(Self.board(at: next.plus(seconds: -Flight.pastResolution))) == Self.summary(board))
        #expect(Self.summary(Self.board(at: next)) != Self.summary(board))
    }

    /// What a board shows, in short, for comparisons that print well.
    static func summary(_ board: Board) -> [String] {
        board.rows.map { "\($0.flight.flightName) \($0.state)\($0.isPast ? " past" : "")" }
    }

    @Test func nothingChangesAfterTheDaysLastFlightIsPast() {
        let flights = Fixture.window.flights(on: Fixture.today)
        // US 480 departs at 22:35, the day's last flight.
        let now = Fixture.instant("2026-11-30T22:35:01")
        #expect(Self.board(at: now).nextChange(in: flights, after: now) == nil)
        #expect(Self.board(at: now).rows.allSatisfy { $0.isPast })
    }
}
