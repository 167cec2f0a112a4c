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

    /// Past is what the hall has taken down. At 08:59 Southeast 676 (landed 08:20, last bag 08:49) is
    /// taken down that very minute and still shown; past are US 527, Southeast 513, Southeast 551 and
    /// Overland 648. At 09:00 Southeast 676 is past too; US 403 (09:05, delayed to 09:25) is not. At
    /// 12:00 also US 403, Southeast 464, US 953, Southeast 722 and Overland 128; Pacific 578 (landed
    /// at 12:00, last bag 12:38) is not. The canceled Southeast 791 (22:50) stays up until 23:20.
    @Test(arguments: [
        ("2026-11-30T00:00", [15, 30, 15]), ("2026-11-30T08:59", [13, 26, 13]), ("2026-11-30T09:00", [12, 25, 13]),
        ("2026-11-30T12:00", [10, 20, 10]), ("2026-11-30T23:20", [0, 1, 1]), ("2026-11-30T23:20:01", [0, 0, 0]),
        ("2026-12-01T00:00", [0, 0, 0]),
    ])
    func hidePastCountsAtKnownInstants(time: String, counts: [Int]) {
        let now = Fixture.instant(time)
        let board = Self.board(hidePast: true, at: now)
        #expect(board.tabs.map(\.count) == counts)
        #expect(board.tabs.map(\.badge) == [String(counts[0]), "Nov 30", String(counts[2])])
        // The same counts, worked out from the hall's rules.
        let shown = Fixture.window.flights(on: Fixture.today).filter { FlightLifecycleTests.hallTakesDown($0) >= now }
        #expect(
            counts == [
                shown.count { $0.direction == .arrival }, shown.count, shown.count { $0.direction == .departure },
            ])
        #expect(board.rows.allSatisfy { !$0.isPast })
    }

    /// Under hide-past a flight that has departed, landed or been canceled is still shown until the
    /// hall takes it down, and hidden a moment (`Flight.pastResolution`) later.
    @Test(arguments: [
        // Southeast 513 departs at 06:35: shown until 10 minutes after.
        ("Southeast 513", "06:35", "06:45"),
        // Southeast 551 lands at 07:10, its last bag on the belt at 07:52: shown until 10 minutes after.
        ("Southeast 551", "07:10", "08:02"),
        // Southeast 791 at 22:50 is canceled: shown until 30 minutes after.
        ("Southeast 791", "22:50", "23:20"),
    ])
    func aFlightIsShownUnderHidePastUntilTheHallTakesItDown(designator: String, current: String, down: String) throws {
        let id = try Self.id(designator)
        func shown(at now: Date) -> Bool { Self.board(hidePast: true, at: now).rows.contains { $0.flight.id == id } }
        let down = Fixture.instant("2026-11-30T\(down)")
        #expect(shown(at: Fixture.instant("2026-11-30T\(current)")))
        #expect(shown(at: Fixture.instant("2026-11-30T\(current)").plus(seconds: 1)))
        #expect(shown(at: down))
        #expect(!shown(at: down.plus(seconds: Flight.pastResolution)))
    }

    @Test(arguments: Tab.allCases, [false, true])
    func eachTabCountsItsRows(tab: Tab, hidePast: Bool) throws {
        let pinned: Set = [try Self.id("Southeast 513"), try Self.id("Southeast 791")]
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
        // The first rows of the day, by name: Southeast 513 at 06:35 comes before US 527 (06:15, delayed to
        // 07:05); Overland 648 shows 08:15, its delay announced at 06:22.
        #expect(rows.prefix(4).map(\.flightName) == ["Southeast 513", "US 527", "Southeast 551", "Overland 648"])
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
        let late = try Self.id("Southeast 791")  // 22:50, canceled
        let middle = try Self.id("Pacific 320")  // 16:00
        let board = Self.board(pinned: [late, middle])
        #expect(board.rows.prefix(2).map(\.flight.id) == [middle, late])
        #expect(board.rows.prefix(2).allSatisfy { $0.isPinned })
        #expect(!board.rows.dropFirst(2).contains { $0.isPinned })
        let rest = board.rows.dropFirst(2).map(\.flight)
        #expect(zip(rest, rest.dropFirst()).allSatisfy { Board.timeOrder(at: board.now)($0, $1) })
        #expect(board.tabs.map(\.count) == [15, 30, 15])
    }

    @Test func aPinnedFlightIsKeptUnderHidePast() throws {
        let departed = try Self.id("Southeast 513")  // 06:35, taken down at 06:45: past at 09:00
        for tab in [Tab.all, .departures] {
            let board = Self.board(tab: tab, hidePast: true, pinned: [departed])
            let first = try #require(board.rows.first)
            #expect(first.flight.id == departed)
            #expect(first.isPinned && first.isPast && first.status == .departed)
            #expect(board.rows.dropFirst().allSatisfy { !$0.isPast })
        }
        // It is counted too: 13 departures not yet taken down and the pinned one.
        #expect(Self.board(hidePast: true, pinned: [departed]).tabs.map(\.count) == [12, 26, 14])
        // A pinned arrival (US 527, past at 09:00) does not appear on the departures tab.
        let arrival = try Self.id("US 527")
        #expect(Self.board(tab: .departures, hidePast: true, pinned: [arrival]).rows.count == 13)
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
        // Southeast 791 (22:50, canceled) is the last the hall takes down, at 23:20.
        let down = Fixture.instant("2026-11-30T23:20")
        #expect(Self.board(at: down).nextChange(in: flights, after: down) == down.plus(seconds: Flight.pastResolution))
        #expect(!Self.board(at: down).rows.allSatisfy { $0.isPast })
        let now = down.plus(seconds: Flight.pastResolution)
        #expect(Self.board(at: now).nextChange(in: flights, after: now) == nil)
        #expect(Self.board(at: now).rows.allSatisfy { $0.isPast })
    }
}
