import BoardProtocol
import FlightData
import Foundation
import Testing

@testable import BoardDaemon

/// `events.get` on a frozen clock: pages add up to the whole, cursors resume without repeats,
/// filters keep what they say, `until` never passes now, bad params are refused by name.
struct EventsGetTests {
    /// 2026-11-30T12:00:00-05:00.
    static let noon = Date(timeIntervalSince1970: 1_796_058_000)

    static func service(_ config: DaemonConfig = .builtIn, at now: Date = noon) -> BoardService {
        BoardService(config: config, clock: DaemonClock(simulatedAt: now, speed: 0), instance: "test")
    }

    /// Every change of today's and yesterday's flights in (midnight, noon], as the domain gives them.
    static func whole(_ service: BoardService, kinds: Set<FlightChange.Kind> = Set(FlightChange.Kind.allCases))
        -> [FlightChange]
    {
        let window = service.window(at: noon)
        let midnight = service.localTime.startOfDay(window.firstDate)
        let flights =
            service.schedule.flights(on: window.firstDate.adding(days: -1)) + service.schedule.flights(on: window.firstDate)
        return ChangeQuery(kinds: kinds).changes(of: flights, after: midnight, through: noon)
    }

    static func get(_ service: BoardService, _ params: JSON) throws(WireError) -> EventsDocument {
        try service.events(EventsGetRequest(params: params), at: noon)
    }

    @Test func pagesAddUpToTheWholeInOrder() throws {
        let service = Self.service()
        let whole = Self.whole(service)
        #expect(whole.count > 34, "the test needs several pages")
        var seen: [String] = []
        var cursor: JSON = .null
        var pages = 0
        repeat {
            let page = try Self.get(service, ["since": "00:00", "limit": 17, "cursor": cursor])
            #expect(page.total == whole.count, "total counts the whole interval on every page")
            #expect(page.changes.map(\.seq) == page.changes.indices.map { $0 + 1 })
            #expect(page.since == "2026-11-30T00:00:00-05:00" && page.until == "2026-11-30T12:00:00-05:00")
            seen += page.changes.map(\.cursor)
            cursor = page.next.map(JSON.string) ?? .null
            pages += 1
        } while !cursor.isNull && pages < 100
        #expect(seen == whole.map { ChangeCursor.encode($0.position) })
        #expect(pages == (whole.count + 16) / 17)
        // The defaults: since the start of today, until now, up to 500.
        let all = try Self.get(service, [:])
        #expect(all.total == whole.count && all.changes.count == whole.count && all.next == nil)
        let encoding = service.encoding
        #expect(all.changes == whole.enumerated().map { encoding.change($0.element, seq: $0.offset + 1) })
    }

    /// An interval longer than the days' cache holds (32): the pages still add up to the whole,
    /// `total` the same on each, with and without a filter, and a page after the first takes its
    /// later days' counts from the counts kept (each page went through every day of it again).
    @Test(arguments: ["everything", "kinds", "pinned"])
    func pagesOfAnIntervalLongerThanTheCacheAddUpToTheWhole(filter: String) throws {
        var config = DaemonConfig.builtIn
        config.schedule.days = 60
        let start = Self.noon
        let now = start.addingTimeInterval(45 * 86_400)
        let service = Self.service(config, at: now)
        let window = service.window(at: now)
        // Pages of 200 of everything, of 5 of a filter's fewer changes.
        var pairs: [(String, JSON)] = [("since", "2026-11-30T12:00:00-05:00"), ("limit", filter == "everything" ? 200 : 5)]
        if filter == "kinds" { pairs.append(("kinds", ["gate", "canceled"])) }
        if filter == "pinned" {
            // Two flights 40 days apart: the days between count none of their changes.
            let pins = [-44, -4].compactMap { service.eventFlights(on: window.firstDate.adding(days: $0), window: window).first }
            pairs.append(("pinned", .array(pins.map { ["id": .int($0.id), "date": .string($0.date.description)] })))
        }
        let params = JSON.object(pairs)
        // The whole, in one reading of every day's changes, as the domain gives them.
        var flights: [Flight] = []
        var day = window.firstDate.adding(days: -46)
        while day <= window.firstDate {
            flights += service.eventFlights(on: day, window: window)
            day = day.adding(days: 1)
        }
        let query = try service.eventFilter(EventsGetRequest(params: params).filter, window: window).0
        let whole = ChangeQuery(kinds: query.kinds).changes(of: flights.filter(query.admits), after: start, through: now)
        #expect(whole.count > (filter == "everything" ? 2_000 : 5), "\(whole.count): several pages")
        var seen: [String] = []
        var cursor: JSON = .null
        var pages = 0
        repeat {
            let page = try service.events(EventsGetRequest(params: .object(pairs + [("cursor", cursor)])), at: now)
            #expect(page.total == whole.count, "page \(pages)")
            seen += page.changes.map { $0.cursor }
            cursor = page.next.map(JSON.string) ?? .null
            pages += 1
        } while !cursor.isNull && pages < 500
        #expect(seen == whole.map { ChangeCursor.encode($0.position) })
        // Counts are kept by filter, but not a pin list's: a thousand pins a key, a different list each
        // request, filled memory.
        #expect(filter == "pinned" ? service.dayCounts.stored == 0 : service.dayCounts.stored > 32)
    }

    @Test func aCursorAloneResumesAfterItsChangeWithoutRepeats() throws {
        let service = Self.service()
        let whole = Self.whole(service)
        let first = try Self.get(service, ["limit": 10])
        let next = try #require(first.next)
        #expect(next == first.changes.last?.cursor)
        let rest = try Self.get(service, ["cursor": .string(next)])
        #expect(rest.total == whole.count - 10, "with only a cursor, total counts what comes after it")
        #expect((first.changes + rest.changes).map(\.cursor) == whole.map { ChangeCursor.encode($0.position) })
        #expect(rest.next == nil)
        // A change's own cursor works as well as `next`: from the middle of one instant too.
        let middle = try Self.get(service, ["cursor": .string(first.changes[4].cursor), "limit": 3])
        #expect(middle.changes.map(\.cursor) == first.changes[5..<8].map(\.cursor))
    }

    @Test func filtersKeepWhatTheySay() throws {
        let service = Self.service()
        let whole = Self.whole(service)
        let gates = try Self.get(service, ["kinds": ["gate", "canceled"]])
        #expect(gates.total == whole.filter { $0.kind == .gate || $0.kind == .canceled }.count)
        #expect(gates.changes.allSatisfy { $0.kind == .gate || $0.kind == .canceled })

        let busiest = Dictionary(grouping: whole, by: { FlightKey($0.flight) }).max { $0.value.count < $1.value.count }!
        let flight = busiest.value[0].flight
        let expected = busiest.value.map { ChangeCursor.encode($0.position) }
        let identity: JSON = ["id": .int(flight.id), "date": .string(flight.date.description)]
        for param in [identity, .int(flight.id), .string(flight.flightName)] {
            let byFlight = try Self.get(service, ["flight": param])
            #expect(byFlight.changes.map(\.cursor) == expected, "\(param.text)")
            #expect(byFlight.since == "2026-11-30T00:00:00-05:00", "since defaults to the start of the flight's day")
        }
        if let codeshare = flight.codeshares.names.first {
            #expect(try Self.get(service, ["flight": .string(codeshare)]).changes.map(\.cursor) == expected)
        }
        // With the name it was read by: the same flight; with another name (another schedule's), none.
        func named(_ name: String) -> JSON {
            ["id": .int(flight.id), "date": .string(flight.date.description), "flightName": .string(name)]
        }
        #expect(try Self.get(service, ["flight": named(flight.flightName)]).changes.map(\.cursor) == expected)
        let another = "No Pacific 1 \(flight.id) on \(flight.date): the schedule has \(flight.flightName) there now."
        #expect(throws: WireError(.notFound, another)) { try Self.get(service, ["flight": named("Pacific 1")]) }
        let pinned = try Self.get(service, ["pinned": .array([identity])])
        #expect(pinned.changes.map(\.cursor) == expected)
        #expect(try Self.get(service, ["pinned": []]).total == 0, "an empty pin list admits no flight")

        // A flight of a later day: its day has not begun, so nothing yet.
        let window = service.window(at: Self.noon)
        let later = window.flights(on: window.firstDate.adding(days: 2))[3]
        let none = try Self.get(service, ["flight": ["id": .int(later.id), "date": .string(later.date.description)]])
        #expect(none.total == 0 && none.changes.isEmpty && none.next == nil)
    }

    @Test func untilIsClampedToNowAndAnIntervalCanBeNarrowed() throws {
        let service = Self.service()
        let whole = Self.whole(service)
        let future = try Self.get(service, ["until": "2026-12-25T00:00:00-05:00"])
        #expect(future.until == "2026-11-30T12:00:00-05:00" && future.total == whole.count)
        let morning = try Self.get(service, ["since": "08:00", "until": "2026-11-30T10:00:00-05:00"])
        let from = Self.noon.addingTimeInterval(-4 * 3600)
        let to = Self.noon.addingTimeInterval(-2 * 3600)
        #expect(
            morning.changes.map(\.cursor) == whole.filter { $0.at > from && $0.at <= to }.map { ChangeCursor.encode($0.position) }
        )
        let empty = try Self.get(service, ["since": "13:00"])
        #expect(empty.total == 0 && empty.changes.isEmpty)
    }

    @Test func yesterdaysLateChangesCountAndOldDaysStayWithinTheBound() throws {
        var config = DaemonConfig.builtIn
        config.schedule.days = 2
        let service = Self.service(config)
        // A week back: only the window's length of days back from now is looked at.
        let week = try Self.get(service, ["since": "2026-11-23T00:00:00-05:00"])
        let window = service.window(at: Self.noon)
        let flights = (-2...0).flatMap { service.eventFlights(on: window.firstDate.adding(days: $0), window: window) }
        let weekAgo = service.localTime.startOfDay(window.firstDate.adding(days: -7))
        let expected = ChangeQuery().changes(of: flights, after: weekAgo, through: Self.noon)
        #expect(week.total == expected.count)
        #expect(week.since == "2026-11-23T00:00:00-05:00")
    }

    static let badParams: [(JSON, String)] = [
        (["since": "10:00", "until": "09:00"], "swap them"), (["since": "25:00"], "\"since\""), (["until": 5], "\"until\""),
        (["since": "yesterday"], "\"since\""),
        (["limit": 0], "\"limit\""), (["limit": 501], "\"limit\""), (["limit": "ten"], "\"limit\""),
        (["cursor": "x"], "\"cursor\""), (["cursor": "c1.1796050800000.1.2.9"], "\"cursor\""), (["cursor": 3], "\"cursor\""),
        (["cursor": "c1.99999999999999999999.1.2.3"], "\"cursor\""),
        (["kinds": ["nope"]], "\"kinds\""), (["kinds": []], "\"kinds\""), (["kinds": "gate"], "\"kinds\""),
        (["flight": true], "\"flight\""), (["flight": "Nowhere 1"], "\"flight\""), (["flight": -4], "\"flight\""),
        (["flight": ["id": "x", "date": "2026-11-30"]], "\"flight\""), (["pinned": "all"], "\"pinned\""),
        (["flight": ["id": 1234, "date": "2026-11-30", "flightName": 7]], "\"flightName\""),
        (
            ["flight": ["id": 1234, "date": "2026-11-30", "flightName": .string(String(repeating: "P", count: 101))]],
            "\"flightName\""
        ),
    ]

    @Test func badParamsAreRefusedByName() {
        var service = Self.service()
        for (params, name) in Self.badParams {
            for method in [WireMethod.eventsGet, .eventsWatch] {
                // A subscription has no end and no pages: it takes no "until" and no "limit".
                if method == .eventsWatch, params["until"] != nil || params["limit"] != nil { continue }
                guard case .failure(let error) = service.handle(WireRequest(id: 1, method: method, params: params)) else {
                    Issue.record("\(method.rawValue) \(params.text) was accepted")
                    continue
                }
                #expect(error.code == .invalidParams, "\(params.text)")
                #expect(error.message.contains(name) && !error.message.contains("\n"), "\(error.message)")
            }
        }
    }

    @Test func anUnknownFlightIsNotFound() {
        var service = Self.service()
        for flight: JSON in [9_999_999, ["id": 1, "date": "2026-11-30"], ["id": 5, "date": "2020-01-01"]] {
            guard case .failure(let error) = service.handle(WireRequest(id: 1, method: .eventsGet, params: ["flight": flight]))
            else {
                Issue.record("\(flight.text) was found")
                continue
            }
            #expect(error.code == .notFound, "\(flight.text): \(error.message)")
        }
    }

    /// After midnight the daemon also wakes for yesterday's flights (a late landing, its baggage),
    /// which today's board changes do not include.
    @Test func theServerWakesForYesterdaysLateChanges() {
        var config = DaemonConfig.builtIn
        config.schedule.days = 2
        config.schedule.flightsPerDay = 300
        let service = Self.service(config)
        let window = service.window(at: Self.noon)
        let yesterday = service.schedule.flights(on: window.firstDate)
        let midnight = service.localTime.startOfDay(window.firstDate.adding(days: 1))
        let late = yesterday.flatMap { $0.changes(after: midnight, through: midnight.addingTimeInterval(86_400)) }
        var instant = midnight
        var woken: [Date] = []
        let tonight = Self.service(config, at: midnight)
        while true {
            let next = tonight.nextLateChange(after: instant)
            guard next < .distantFuture, woken.count < 1000 else { break }
            woken.append(next)
            instant = next
        }
        #expect(Set(late.map(\.at)).isSubset(of: Set(woken)), "every late change of yesterday's flights wakes the server")
        // The catalog's last slot (22:55) and largest delay (60 minutes) rarely reach past midnight:
        // when no flight does, the daemon must not wake for yesterday at all.
        if late.isEmpty { #expect(woken.isEmpty, "\(woken.count) wakes for nothing") }
    }

    /// The events params with the values that break arithmetic, parsing and types: an answer or a
    /// one-line error each, never a trap (as `ExtremeParamsTests` does for the other params).
    @Test(arguments: [WireMethod.eventsGet, .eventsWatch])
    func extremeValuesAreAnsweredWithoutATrap(method: WireMethod) {
        var service = Self.service()
        for name in ["since", "until", "flight", "kinds", "cursor", "limit", "pinned"] {
            for value in ExtremeParamsTests.values {
                if case .failure(let error) = service.handle(WireRequest(id: 1, method: method, params: .object([(name, value)])))
                {
                    #expect(!error.message.contains("\n") && error.message.count < 400, "\(name): \(error.message)")
                }
            }
        }
    }

    /// A cursor past anything the clock has shown (forged, or another daemon's) is refused by both
    /// methods, saying so, rather than paging or following nothing; one the daemon gave before a clock
    /// set back is still taken.
    @Test(arguments: [WireMethod.eventsGet, .eventsWatch])
    func aCursorAheadOfTheClockIsRefused(method: WireMethod) throws {
        var service = Self.service()
        let ahead = FlightChange.Position.after(Self.noon.addingTimeInterval(86_400 * 365))
        let refused = service.handle(
            WireRequest(id: 1, method: method, params: ["cursor": .string(ChangeCursor.encode(ahead))]))
        guard case .failure(let error) = refused else {
            Issue.record("a cursor a year ahead was taken")
            return
        }
        #expect(error.code == .invalidParams)
        #expect(error.message.contains("ahead of the daemon's clock"), "\(error.message)")
        // Given at noon, then the clock set back an hour: the daemon's own cursor still pages.
        let given = ChangeCursor.encode(.after(Self.noon))
        _ = service.handle(WireRequest(id: 2, method: .clockAdvance, params: ["minutes": -60]))
        let taken = service.handle(WireRequest(id: 3, method: method, params: ["cursor": .string(given)]))
        if case .failure(let error) = taken { Issue.record("the daemon's own cursor was refused: \(error.message)") }
    }

    /// A subscription the read loop handed over starts where that loop's clock was when it read it
    /// (`ClientConnection.handedOverAt`): a move the main loop made in between is replayed, as it would
    /// have been pushed had the main loop read the request first. `since` or `cursor` still win.
    @Test func aSubscriptionReadBeforeAMoveStartsWhereItWasRead() throws {
        var service = Self.service()
        _ = service.handle(WireRequest(id: 1, method: .clockAdvance, params: ["minutes": 90]))
        let now = service.clock.now
        let between = ChangeQuery(kinds: Set(FlightChange.Kind.allCases)).changes(
            of: service.schedule.flights(on: service.window(at: now).firstDate), after: Self.noon, through: now)
        #expect(between.count > 3, "the test needs changes in the move")
        func subscription(_ params: JSON, arrivedAt: Date?) throws -> EventSubscription {
            let outcome = service.handle(WireRequest(id: 2, method: .eventsWatch, params: params), arrivedAt: arrivedAt)
            guard case .eventsWatch(let subscription) = outcome else { throw WireError(.internal, "\(outcome)") }
            return subscription
        }
        let handed = try subscription([:], arrivedAt: Self.noon)
        #expect(handed.start == .after(Self.noon))
        #expect(handed.replay.map(\.position) == between.prefix(BoardService.eventsPerMove).map(\.position))
        #expect(handed.replay.count + handed.replaySkipped == between.count)
        let read = try subscription([:], arrivedAt: nil)
        #expect(read.start == .after(now) && read.replay.isEmpty)
        let since = try subscription(["since": "2026-11-30T13:00:00-05:00"], arrivedAt: Self.noon)
        #expect(since.replay.allSatisfy { $0.at > Self.noon.addingTimeInterval(3600) })
        let later = try subscription([:], arrivedAt: now.addingTimeInterval(60))
        #expect(later.start == .after(now) && later.replay.isEmpty, "a clock moved back since replays nothing")
    }
}

extension EventsGetTests {
    /// At the clock range's start (19:00 on Jan 1 1970 in New York) the day's changes lie before the
    /// range: every cursor the daemon hands out pages on, and the pages add up to the whole. Those
    /// cursors were refused as outside the range.
    @Test func atTheClockRangesStartEveryCursorPagesOn() throws {
        let start = ClockLimits.instants.lowerBound
        let service = Self.service(at: start)
        var seen = 0
        var cursor: JSON = .null
        var pages = 0
        var total = 0
        repeat {
            let page = try service.events(EventsGetRequest(params: ["limit": 7, "cursor": cursor]), at: start)
            if pages == 0 { total = page.total }  // with only a cursor, `total` counts what is after it
            seen += page.changes.count
            cursor = page.next.map(JSON.string) ?? .null
            pages += 1
        } while !cursor.isNull && pages < 100
        #expect(total > 14, "several pages")
        #expect(seen == total)
    }
}
