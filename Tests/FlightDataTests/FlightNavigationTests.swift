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
        let first = try Self.flight("Pacific 506")  // 07:00, the first current time on 2026-11-30
        let last = try Self.flight("US 959", on: Fixture.date("2026-12-14"))  // 22:30, the last on 2026-12-14
        #expect(Self.navigation(.all).previous(before: first) == nil)
        #expect(Self.navigation(.all).next(after: last) == nil)
        #expect(Self.navigation(.departures).previous(before: first) == nil)
        #expect(Self.navigation(.departures).next(after: last) == nil)
    }

    @Test func nextAndPreviousCrossMidnight() throws {
        let lastToday = try Self.flight("US 480")  // 22:35 on 2026-11-30
        let firstTomorrow = try Self.flight("Overland 899", on: Fixture.date("2026-12-01"))  // 06:05 delayed to 06:40
        #expect(Self.navigation(.all).next(after: lastToday) == firstTomorrow)
        #expect(Self.navigation(.all).previous(before: firstTomorrow) == lastToday)
        // On the departures tab tomorrow starts with Southeast 929 at 06:55: its delay to 07:50 is
        // not announced before its day. Then Overland 692 at 07:50 (to be canceled).
        let southeast929 = try Self.flight("Southeast 929", on: Fixture.date("2026-12-01"))
        let overland692 = try Self.flight("Overland 692", on: Fixture.date("2026-12-01"))
        #expect(Self.navigation(.departures).next(after: lastToday) == southeast929)
        #expect(Self.navigation(.departures).next(after: southeast929) == overland692)
        #expect(Self.navigation(.departures).previous(before: southeast929) == lastToday)
        // Late on Dec 1, with the delay announced, the two tie at 07:50 and go by id.
        let late = Fixture.instant("2026-12-01T23:00")
        #expect(Self.navigation(.departures, at: late).next(after: overland692) == southeast929)
    }

    /// From a flight the tab does not show, next and previous go by its place in time order.
    @Test func fromAFlightOutsideTheTab() throws {
        let arrival = try Self.flight("Overland 433")  // arrives 07:15
        #expect(Self.navigation(.departures).next(after: arrival) == (try Self.flight("Southeast 282")))  // 07:50, canceled
        #expect(Self.navigation(.departures).previous(before: arrival) == (try Self.flight("Pacific 506")))  // 07:00
        let lastArrivalToday = try Self.flight("Southeast 892")  // 22:10
        let lastDeparture = try Self.flight("US 480")  // 22:35
        #expect(Self.navigation(.departures).next(after: lastArrivalToday) == lastDeparture)
    }

    /// Navigation ignores pins and hide-past: from a past flight, next is the same as ever.
    @Test func nextDoesNotDependOnTheClock() throws {
        let departed = try Self.flight("Pacific 506")
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

    /// The first flight in the tab still to come: not past, canceled, departed or landed.
    @Test(arguments: [
        // Before Overland 433's delay is announced (01:26) it shows 06:25, the day's first time.
        ("2026-11-29T12:00", Tab.all, "Overland 433", "2026-11-30"),  // before the window opens: its first flight
        ("2026-11-30T00:00", .all, "Overland 433", "2026-11-30"),
        ("2026-11-30T02:27", .all, "Pacific 506", "2026-11-30"),  // now 07:15: Pacific 506 (07:00) comes first
        ("2026-11-30T06:59", .all, "Pacific 506", "2026-11-30"),
        ("2026-11-30T07:00", .all, "Overland 433", "2026-11-30"),  // departed now: not past, but no longer to come
        ("2026-11-30T07:00:01", .all, "Overland 433", "2026-11-30"),
        ("2026-11-30T07:30", .departures, "Pacific 759", "2026-11-30"),  // Southeast 282 at 07:50 is canceled
        ("2026-11-30T09:00", .all, "Southeast 666", "2026-11-30"),
        ("2026-11-30T09:00", .arrivals, "Southeast 666", "2026-11-30"),
        ("2026-11-30T09:00", .departures, "Pacific 657", "2026-11-30"),
        ("2026-11-30T22:36", .all, "Overland 899", "2026-12-01"),  // across midnight
        ("2026-11-30T22:36", .departures, "Southeast 929", "2026-12-01"),  // 06:55: tomorrow's delay is not shown yet
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
            // Still to come: a flight at its very time has departed or landed, though not yet past.
            let expected = ordered.first {
                $0.currentTime(at: now) >= now && !$0.isCanceled(at: now) && !$0.isDiverted(at: now)
                    && ![.departed, .landed].contains($0.state(at: now).status)
            }
            #expect(Self.navigation(.all, at: clock.now).soonest() == expected)
            clock.advance(minutes: 5)
        }
    }
}
