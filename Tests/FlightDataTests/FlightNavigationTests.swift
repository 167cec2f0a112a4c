import FlightData
import Foundation
import Testing

/// Next, previous and soonest through a tab, day after day across the window
/// (2026-11-30 to 2026-12-14), in the board's time order.
struct FlightNavigationTests {
    static func navigation(_ tab: Tab, window: ScheduleWindow = Fixture.window, at now: Date = Fixture.now) -> FlightNavigation {
        FlightNavigation(window: window, tab: tab, at: now)
    }

    static func flight(_ designator: String, on date: LocalDate = Fixture.today) throws -> Flight {
        let parsed = try #require(Designator(designator))
        return try #require(Fixture.window.flight(designator: parsed, on: date))
    }

    /// The tab's flights, the whole window, in order.
    static func ordered(_ tab: Tab) -> [Flight] {
        Fixture.window.dates.flatMap { navigation(tab).flights(on: $0) }
    }

    @Test(arguments: Tab.allCases)
    func aDaysOrderIsTheBoards(tab: Tab) {
        for date in [Fixture.today, Fixture.today.adding(days: 7)] {
            let board = Board(
                flights: Fixture.window.flights(on: date), query: BoardQuery(date: date, tab: tab), now: Fixture.now)
            #expect(Self.navigation(tab).flights(on: date) == board.rows.map(\.flight))
        }
    }

    @Test(arguments: [(Tab.all, 450), (.arrivals, 225), (.departures, 225)])
    func nextWalksTheWholeTabThenStops(tab: Tab, count: Int) throws {
        let navigation = Self.navigation(tab)
        let expected = Self.ordered(tab)
        var walked = [try #require(expected.first)]
        while let next = navigation.next(after: walked.last!) {
            walked.append(next)
            try #require(walked.count <= count)
        }
        #expect(walked.count == count)
        #expect(walked == expected)
    }

    @Test(arguments: Tab.allCases)
    func previousWalksBackThenStops(tab: Tab) throws {
        let navigation = Self.navigation(tab)
        let expected = Self.ordered(tab)
        var walked = [try #require(expected.last)]
        while let previous = navigation.previous(before: walked.last!) {
            walked.append(previous)
            try #require(walked.count <= expected.count)
        }
        #expect(walked == expected.reversed())
    }

    @Test func theEndsOfTheWindowHaveNothingBeyond() throws {
        let first = try Self.flight("Southeast 513")  // 06:35, the first current time on 2026-11-30 (at 09:00)
        let last = try Self.flight("Southeast 791", on: Fixture.date("2026-12-14"))  // 22:50, the last on 2026-12-14
        #expect(Self.navigation(.all).previous(before: first) == nil)
        #expect(Self.navigation(.all).next(after: last) == nil)
        #expect(Self.navigation(.departures).previous(before: first) == nil)
        #expect(Self.navigation(.departures).next(after: last) == nil)
    }

    @Test func nextAndPreviousCrossMidnight() throws {
        let lastToday = try Self.flight("Southeast 791")  // 22:50 on 2026-11-30, canceled: it keeps its place
        // 06:15 on 2026-12-01: its delay to 07:15 is not announced before its day.
        let firstTomorrow = try Self.flight("US 527", on: Fixture.date("2026-12-01"))
        #expect(Self.navigation(.all).next(after: lastToday) == firstTomorrow)
        #expect(Self.navigation(.all).previous(before: firstTomorrow) == lastToday)
        // On the departures tab tomorrow starts with Southeast 513 at 06:35, then Overland 648 at
        // 08:10: its delay to 09:10 is not announced before its day.
        let tomorrow = Fixture.date("2026-12-01")
        let southeast513 = try Self.flight("Southeast 513", on: tomorrow)
        let overland648 = try Self.flight("Overland 648", on: tomorrow)
        let us403 = try Self.flight("US 403", on: tomorrow)  // 09:05
        #expect(Self.navigation(.departures).next(after: lastToday) == southeast513)
        #expect(Self.navigation(.departures).next(after: southeast513) == overland648)
        #expect(Self.navigation(.departures).next(after: overland648) == us403)
        #expect(Self.navigation(.departures).previous(before: southeast513) == lastToday)
        // Late on Dec 1, with the delays announced, Overland 648 (09:10) comes after US 403 (09:05),
        // and Overland 810 (20:35, delayed to 21:30) ties with US 428 at 21:30: they go by id.
        let late = Fixture.instant("2026-12-01T23:00")
        #expect(Self.navigation(.departures, at: late).next(after: southeast513) == us403)
        #expect(Self.navigation(.departures, at: late).next(after: us403) == overland648)
        let overland810 = try Self.flight("Overland 810", on: tomorrow)
        let us428 = try Self.flight("US 428", on: tomorrow)
        #expect(us428.id < overland810.id)
        #expect(Self.navigation(.departures).next(after: overland810) == us428)
        #expect(Self.navigation(.departures, at: late).next(after: us428) == overland810)
    }

    /// From a flight the tab does not show, next and previous go by its place in time order.
    @Test func fromAFlightOutsideTheTab() throws {
        let arrival = try Self.flight("US 527")  // 06:15, delayed to 07:05 (announced by 09:00)
        #expect(Self.navigation(.departures).next(after: arrival) == (try Self.flight("Overland 648")))  // 08:15
        #expect(Self.navigation(.departures).previous(before: arrival) == (try Self.flight("Southeast 513")))  // 06:35
        let lastArrivalToday = try Self.flight("Southeast 972")  // 22:15
        let lastDeparture = try Self.flight("Southeast 791")  // 22:50, canceled
        #expect(Self.navigation(.departures).next(after: lastArrivalToday) == lastDeparture)
    }

    /// Navigation ignores pins and hide-past: from a past flight, next is the same as ever.
    @Test func nextDoesNotDependOnTheClock() throws {
        let departed = try Self.flight("Southeast 513")
        let later = ScheduleWindow(source: Fixture.window.source, at: Fixture.instant("2026-11-30T23:00"))
        #expect(Self.navigation(.all, window: later).next(after: departed) == Self.navigation(.all).next(after: departed))
    }

    /// A flight the window has slid past (a last-viewed flight from an earlier
    /// day) comes before every flight in the window; one past the window's end
    /// comes after them all.
    @Test(arguments: [1, 2, 10])
    func fromAFlightBeforeTheWindow(daysBefore: Int) throws {
        let old = try #require(Fixture.generator.flights(on: Fixture.today.adding(days: -daysBefore)).last)
        #expect(Self.navigation(.all).next(after: old) == Self.ordered(.all).first)
        #expect(Self.navigation(.all).previous(before: old) == nil)
    }

    @Test(arguments: [1, 2, 10])
    func fromAFlightAfterTheWindow(daysAfter: Int) throws {
        let future = try #require(Fixture.generator.flights(on: Fixture.window.lastDate.adding(days: daysAfter)).first)
        #expect(Self.navigation(.all).previous(before: future) == Self.ordered(.all).last)
        #expect(Self.navigation(.all).next(after: future) == nil)
    }

    /// The first flight in the tab still to come: its current time (as announced by now) at or after
    /// now, neither canceled nor diverted. A flight that departs or lands at now is still to come.
    @Test(arguments: [
        // Before US 527's delay is announced (02:11) it shows 06:15, the day's first time.
        ("2026-11-29T12:00", Tab.all, "US 527", "2026-11-30"),  // before the window opens: its first flight
        ("2026-11-30T00:00", .all, "US 527", "2026-11-30"),
        ("2026-11-30T02:11", .all, "Southeast 513", "2026-11-30"),  // now 06:40: Southeast 513 (06:35) comes first
        ("2026-11-30T06:34", .all, "Southeast 513", "2026-11-30"),
        ("2026-11-30T06:35", .all, "Southeast 513", "2026-11-30"),  // departing now: still to come
        ("2026-11-30T06:35:01", .all, "US 527", "2026-11-30"),  // departed: US 527 at 07:05 is next
        ("2026-11-30T07:05", .arrivals, "US 527", "2026-11-30"),  // landing now: still to come
        ("2026-11-30T07:05:01", .arrivals, "Southeast 551", "2026-11-30"),
        ("2026-11-30T21:31", .departures, "Southeast 513", "2026-12-01"),  // Southeast 791 at 22:50 is canceled
        ("2026-11-30T09:00", .all, "US 403", "2026-11-30"),  // 09:05, delayed to 09:25
        ("2026-11-30T09:00", .arrivals, "Southeast 464", "2026-11-30"),
        ("2026-11-30T09:00", .departures, "US 403", "2026-11-30"),
        ("2026-11-30T22:16", .all, "US 527", "2026-12-01"),  // across midnight; 06:15: tomorrow's delay is not shown yet
        ("2026-11-30T22:16", .departures, "Southeast 513", "2026-12-01"),
    ])
    func soonest(time: String, tab: Tab, designator: String, date: String) throws {
        let expected = try Self.flight(designator, on: Fixture.date(date))
        #expect(Self.navigation(tab, at: Fixture.instant(time)).soonest() == expected)
    }

    @Test(arguments: Tab.allCases)
    func soonestIsNilOnceTheWindowIsOver(tab: Tab) {
        #expect(Self.navigation(tab, at: Fixture.instant("2026-12-14T23:59:59")).soonest() == nil)
        #expect(Self.navigation(tab, at: Fixture.instant("2027-01-01T00:00")).soonest() == nil)
    }

    /// Soonest agrees with the definition at every five minutes of a day (every flight's time among them).
    @Test func soonestMatchesItsDefinitionThroughADay() {
        var clock = ManualClock(Fixture.instant("2026-11-30T05:00"))
        let flights = Self.ordered(.all)
        while clock.now < Fixture.instant("2026-12-01T00:00") {
            let now = clock.now
            // In the board's order at that instant: the time announced by then, then id.
            let ordered = flights.sorted {
                ($0.date, $0.currentTime(at: now).timeIntervalSince1970, $0.id)
                    < ($1.date, $1.currentTime(at: now).timeIntervalSince1970, $1.id)
            }
            // Still to come: its current time at or after now, neither canceled nor diverted. A flight
            // at its very time has departed or landed and is still to come.
            let expected = ordered.first {
                $0.currentTime(at: now) >= now && !$0.isCanceled(at: now) && !$0.isDiverted(at: now)
            }
            #expect(Self.navigation(.all, at: clock.now).soonest() == expected)
            clock.advance(minutes: 5)
        }
    }
}
