import BoardProtocol
import FlightData
import FoundationEssentials

/// Which changes a request or a subscription wants: one flight, the pinned flights, some kinds.
public struct EventFilter: Hashable, Sendable {
    /// Only this flight's changes, when given.
    var flight: FlightKey?
    /// Only these flights' changes, when given (an empty list admits none).
    var pinned: PinnedFlights?
    var kinds: Set<FlightChange.Kind> = Set(FlightChange.Kind.allCases) {
        didSet { kindMask = DayChanges.mask(kinds) }
    }
    /// `kinds` as bits (`DayChanges.mask`): a change is matched for each of thousands of subscribers
    /// without hashing its kind.
    private(set) var kindMask = DayChanges.allKinds

    init(flight: FlightKey? = nil, pinned: PinnedFlights? = nil, kinds: Set<FlightChange.Kind> = Set(FlightChange.Kind.allCases))
    {
        self.flight = flight
        self.pinned = pinned
        self.kinds = kinds
        self.kindMask = DayChanges.mask(kinds)
    }

    func admits(_ flight: Flight) -> Bool {
        if let key = self.flight, !key.matches(flight) { return false }
        if let pinned, !pinned.contains(flight) { return false }
        return true
    }

    func matches(_ change: FlightChange) -> Bool { kindMask & UInt8(1 << change.kind.order) != 0 && admits(change.flight) }

    static let everything = EventFilter()
}

/// An `events.watch` request, read: what to send, and the changes to replay before the live ones.
public struct EventSubscription: Sendable {
    let filter: EventFilter
    let now: Date
    /// The position the replay starts after (the subscription's start when there is no replay).
    let start: FlightChange.Position
    /// At most `BoardService.eventsPerMove` replayed changes, in order.
    let replay: [FlightChange]
    /// Matching changes in (start, now] beyond `replay`: sent as one `skipped` event.
    let replaySkipped: Int
}

extension BoardService {
    /// The most changes one `events.get` reply holds; `next` asks for more.
    static let eventsPageLimit = EventsGetRequest.pageLimit
    /// The most changes a subscription is sent for one clock move (and for its replay); the rest are
    /// reported in one `skipped` event.
    static let eventsPerMove = 200

    // MARK: events.get

    func events(_ request: EventsGetRequest, at now: Date) throws(WireError) -> EventsDocument {
        let interval = try eventsInterval(
            request.filter, since: request.since, until: request.until, cursor: request.position, at: now)
        let found = changes(
            matching: interval.filter, counting: interval.lower, keeping: interval.from, through: interval.until,
            limit: request.limit ?? Self.eventsPageLimit, at: now)
        let next = found.kept > found.page.count ? found.page.last?.position : nil
        return encoding.events(
            since: interval.since, until: interval.until, changes: found.page, total: found.total, next: next)
    }

    struct EventsInterval {
        var filter: EventFilter
        /// The interval's start as reported (`since`).
        var since: Date
        var until: Date
        /// `total` counts the changes after this position.
        var lower: FlightChange.Position
        /// The page holds changes after this one (the cursor, or `lower`).
        var from: FlightChange.Position
    }

    /// The filter, the interval and the cursor of `events.get` or `events.watch` (which has no `until`).
    ///
    /// `since` defaults to the start of today (of the flight's day with `flight`), or to the cursor's
    /// instant with `cursor`; `until` to now, and never past it. With `since`, `total` counts every
    /// change in (since, until]; with only a cursor, those after the cursor.
    func eventsInterval(
        _ params: EventFilterParams, since sinceText: String?, until untilText: String?, cursor: FlightChange.Position?,
        at now: Date
    ) throws(WireError) -> EventsInterval {
        let window = window(at: now)
        let today = window.firstDate
        let (filter, flightDay) = try eventFilter(params, window: window)
        // A cursor is a place the daemon gave: one past anything its clock has shown is forged or
        // another daemon's, and would page or follow nothing, silently.
        if let cursor, cursor.at > max(now, revealedUntil) {
            throw WireError(
                .invalidParams,
                "\"cursor\" is at \(localTime.iso8601(cursor.at)), ahead of the daemon's clock (\(localTime.iso8601(now))): give a cursor this daemon sent, or none to start from today."
            )
        }
        let sinceGiven = try instant(sinceText, "since", today: today)
        var until = now
        // A given `until` may reach back up to what the clock has shown (after a clock set back),
        // never past it; without one, now.
        if let given = try instant(untilText, "until", today: today) {
            // Both given the wrong way round hold nothing: a script that swapped them is told so.
            if let sinceGiven, given < sinceGiven {
                throw WireError(
                    .invalidParams,
                    "\"until\" (\(localTime.iso8601(given))) is before \"since\" (\(localTime.iso8601(sinceGiven))): swap them.")
            }
            until = min(given, max(now, revealedUntil))
        }
        let since = sinceGiven ?? cursor?.at ?? localTime.startOfDay(flightDay ?? today)
        let lower = sinceGiven != nil ? FlightChange.Position.after(since) : (cursor ?? .after(since))
        return EventsInterval(filter: filter, since: since, until: until, lower: lower, from: max(lower, cursor ?? lower))
    }

    /// The changes matching `filter` after `lower` through `end`: how many there are (`total`), how
    /// many of them come after `from` (`kept`), and the first `limit` of those (`page`).
    ///
    /// Days are taken one at a time, so a long interval is counted without being held. The flights
    /// are those of the days from the day before `lower`'s (late baggage) through `end`'s, never more
    /// than the window's length of days back from `end` (`firstListedDay`); with `flight`, that
    /// flight's day however far back, since one day is all it costs.
    func changes(
        matching filter: EventFilter, counting lower: FlightChange.Position, keeping from: FlightChange.Position,
        through end: Date, limit: Int, at now: Date
    ) -> (page: [FlightChange], total: Int, kept: Int) {
        let window = window(at: now)
        guard limit > 0, let days = listedDays(for: filter, after: lower, through: end, window: window) else {
            return ([], 0, 0)
        }
        let final = days.upperBound
        var total = 0
        var kept = 0
        // The page's positions: the first `limit` after `from`, merged day by day.
        var page: [FlightChange.Position] = []
        var flightsByDay: [Int: [Flight]] = [:]
        let endAt = end.timeIntervalSinceReferenceDate
        // A day counted on an earlier page adds its count alone, without its changes, when they all
        // lie within (lower, end] and either none comes after `from` (a day before the cursor) or
        // all come after the last of a full page (a day past it).
        let lowerAt = lower.at.timeIntervalSinceReferenceDate
        let fromAt = from.at.timeIntervalSinceReferenceDate
        var date = days.lowerBound
        while date <= final {
            // Not for pins: a key holds its filter, and a thousand pins a key, a different list
            // each request, would fill memory (a pin list's days are few flights to scan anyway).
            let countKey = filter.pinned == nil ? DayCountCache.Key(filter: filter, dayNumber: date.dayNumber) : nil
            if let countKey, let counted = dayCounts.count(countKey) {
                let none = counted.count == 0
                let allCounted = none || (counted.first > lowerAt && counted.last <= endAt)
                let noneKept = none || counted.last < fromAt
                let allPastThePage =
                    page.count == limit && counted.first > max(fromAt, page.last?.at.timeIntervalSinceReferenceDate ?? .infinity)
                if allCounted && (noneKept || allPastThePage) {
                    total += counted.count
                    if !noneKept { kept += counted.count }
                    date = date.adding(days: 1)
                    continue
                }
            }
            // A day's flights are made only when needed (days before the window are generated
            // again each time): to index the day once, for a filter that names flights, for the page.
            var made: [Flight]?
            func flights() -> [Flight] {
                if let made { return made }
                made = eventFlights(on: date, window: window)
                return made!
            }
            let day = dayChanges.changes(on: date, flights: flights)
            // A filter that names flights admits slots; the kinds filter reads the entry.
            let admitted: [Bool]? = filter.flight == nil && filter.pinned == nil ? nil : flights().map(filter.admits)
            if let countKey, dayCounts.count(countKey) == nil {
                dayCounts.store(DayCount(day, filter: filter, admitted: admitted), for: countKey)
            }
            var dayKept: [FlightChange.Position] = []
            var index = day.firstIndex(atOrAfter: lower.at)
            while index < day.entries.count, day.entries[index].at <= endAt {
                let entry = day.entries[index]
                index += 1
                guard filter.kinds.contains(DayChanges.kinds[Int(entry.kind)]) else { continue }
                if let admitted, !admitted[Int(entry.slot)] { continue }
                let position = day.position(entry)
                guard position > lower else { continue }
                total += 1
                guard position > from else { continue }
                kept += 1
                if dayKept.count < limit { dayKept.append(position) }
            }
            if !dayKept.isEmpty {
                page = Array((page + dayKept).sorted().prefix(limit))
                if let last = page.last, dayKept[0] <= last { flightsByDay[date.dayNumber] = flights() }
            }
            date = date.adding(days: 1)
        }
        return (materialize(page, flightsByDay: flightsByDay, after: lower.at, through: end), total, kept)
    }

    /// The changes at `positions` (sorted), made from their flights alone.
    func materialize(
        _ positions: [FlightChange.Position], flightsByDay: [Int: [Flight]], after start: Date, through end: Date
    ) -> [FlightChange] {
        guard !positions.isEmpty else { return [] }
        let wanted = Set(positions)
        var seen = Set<[Int]>()
        var made: [FlightChange] = []
        made.reserveCapacity(positions.count)
        for position in positions where seen.insert([position.dayNumber, position.slot]).inserted {
            guard let flights = flightsByDay[position.dayNumber], position.slot < flights.count else { continue }
            let flight = flights[position.slot]
            made += flight.changes(after: start.addingTimeInterval(-0.001), through: end).filter {
                wanted.contains($0.position)
            }
        }
        return made.sorted { $0.position < $1.position }
    }

    /// The days whose flights' changes (`lower`, `end`] lists for `filter`, nil when none: from the
    /// day before `lower`'s (`firstListedDay`) through `end`'s; with `flight`, that flight's day
    /// however far back, since one day is all it costs. `events.get` and a clock move's fan-out
    /// (`MoveSelection`) read the same days.
    func listedDays(
        for filter: EventFilter, after lower: FlightChange.Position, through end: Date, window: ScheduleWindow
    ) -> ClosedRange<LocalDate>? {
        guard lower < .after(end) else { return nil }
        var first = firstListedDay(after: lower.at, through: end, window: window)
        var final = localTime.date(at: end)
        if let key = filter.flight {
            first = max(localTime.date(at: lower.at).adding(days: -1), key.date)
            final = min(final, key.date)
        }
        return first <= final ? first...final : nil
    }

    /// The first day whose flights' changes an interval (`start`, `end`] lists (`EventsGetRequest.firstListedDay`).
    func firstListedDay(after start: Date, through end: Date, window: ScheduleWindow) -> LocalDate {
        EventsGetRequest.firstListedDay(since: localTime.date(at: start), until: localTime.date(at: end), days: window.days)
    }

    /// Whether a clock move (`start`, `end`] reaches further back than `allChanges` lists: a
    /// subscription to one flight of the days left out is then offered that flight's own changes.
    func movePassesTheReach(after start: Date, through end: Date, at now: Date) -> Bool {
        firstListedDay(after: start, through: end, window: window(at: now)) > localTime.date(at: start).adding(days: -1)
    }

    /// Every change in (`start`, `end`], in order.
    func allChanges(after start: Date, through end: Date, at now: Date) -> [FlightChange] {
        changes(matching: .everything, counting: .after(start), keeping: .after(start), through: end, limit: .max, at: now)
            .page
    }

    /// Whether a clock move (`start`, `end`] may change anything a subscription is offered: a change
    /// among the days it lists (found by a search in each), a day whose changes are not made yet
    /// (none is made here), or a move reaching further back than they (`movePassesTheReach`).
    func moveChangesSomething(after start: Date, through end: Date, at now: Date) -> Bool {
        let window = window(at: now)
        if movePassesTheReach(after: start, through: end, at: now) { return true }
        guard let days = listedDays(for: .everything, after: .after(start), through: end, window: window) else {
            return false
        }
        var date = days.lowerBound
        while date <= days.upperBound {
            guard let day = dayChanges.cached(on: date) else { return true }
            if day.firstIndex(after: start) < day.firstIndex(after: end) { return true }
            date = date.adding(days: 1)
        }
        return false
    }

    /// A day's flights: from the cache for yesterday and the window, else generated (a few such
    /// days kept).
    func eventFlights(on date: LocalDate, window: ScheduleWindow) -> [Flight] {
        if date >= window.firstDate.adding(days: -1), date <= window.lastDate { return schedule.flights(on: date) }
        return schedule.olderFlights(on: date)
    }

    /// The next instant after `now` at which one of yesterday's flights changes (a late landing, its
    /// baggage): today's are the boards' own changes (`nextChange(after:)`). Read from yesterday's
    /// changes when they are made (a search), else from its flights' instants.
    func nextLateChange(after now: Date) -> Date {
        let window = window(at: now)
        if let day = dayChanges.cached(on: window.firstDate.adding(days: -1)) {
            let next = day.firstIndex(after: now)
            return next < day.entries.count ? Date(timeIntervalSinceReferenceDate: day.entries[next].at) : .distantFuture
        }
        let yesterday = schedule.flights(on: window.firstDate.adding(days: -1))
        return yesterday.compactMap { flight in
            flight.boardChanges.first { $0 > now && $0 != flight.takenDownAt + Flight.pastResolution }
        }.min() ?? .distantFuture
    }

    // MARK: events.watch

    func eventsSubscription(_ request: EventsWatchRequest, at now: Date) throws(WireError) -> EventSubscription {
        let interval = try eventsInterval(request.filter, since: request.since, until: nil, cursor: request.position, at: now)
        guard request.replays else {
            return EventSubscription(filter: interval.filter, now: now, start: .after(now), replay: [], replaySkipped: 0)
        }
        let found = changes(
            matching: interval.filter, counting: interval.from, keeping: interval.from, through: now, limit: Self.eventsPerMove,
            at: now)
        return EventSubscription(
            filter: interval.filter, now: now, start: interval.from, replay: found.page,
            replaySkipped: found.total - found.page.count)
    }

    // MARK: Filters

    /// The daemon's filter of `params`; with `flight`, the flight's day. The flight must be one.
    func eventFilter(_ params: EventFilterParams, window: ScheduleWindow) throws(WireError) -> (EventFilter, LocalDate?) {
        var filter = EventFilter()
        var day: LocalDate?
        if let param = params.flight {
            let flight = try eventFlight(param, window: window)
            filter.flight = FlightKey(flight)
            day = flight.date
        }
        filter.pinned = params.pinned?.flights
        if let kinds = params.kinds { filter.kinds = Set(kinds) }
        return (filter, day)
    }

    /// The flight of a filter's `flight`: of its identity (of a day up to the window's length back), or in the window.
    func eventFlight(_ param: EventFlightParam, window: ScheduleWindow) throws(WireError) -> Flight {
        let reference: FlightReference
        switch param {
        case .identity(let key, let name):
            let earliest = window.firstDate.adding(days: -window.days)
            guard key.date >= earliest, key.date <= window.lastDate,
                let (_, slot) = FlightIdentity(config: window.config).decode(key.id)
            else {
                throw WireError(.notFound, "No flight \(key.id) on \(key.date) (events cover \(earliest) to \(window.lastDate)).")
            }
            let flights = eventFlights(on: key.date, window: window)
            guard slot < flights.count, flights[slot].id == key.id else {
                throw WireError(.notFound, "No flight \(key.id) on \(key.date).")
            }
            if let name, flights[slot].flightName != name {
                // The schedule changed with the config: the identity is another flight's now.
                throw WireError(
                    .notFound, "No \(name) \(key.id) on \(key.date): the schedule has \(flights[slot].flightName) there now.")
            }
            return flights[slot]
        case .reference(let given):
            reference = given
        }
        guard let flight = window.flight(reference) else {
            throw WireError(.notFound, "No flight \(reference) in the window (\(window.firstDate) to \(window.lastDate)).")
        }
        return flight
    }

    /// A time param as `clock.set` takes it: ISO-8601, or HH:MM for today. A bound beyond the
    /// clock's range is read as the range's end, since nothing changes outside it; before it, as
    /// the start of the range's first local day, whose flights change before the range starts
    /// (1970-01-02T00:00Z is 19:00 on Jan 1 in New York): `board log` there asks from the evening
    /// before, and `--since 1h` from 18:00.
    func instant(_ text: String?, _ key: String, today: LocalDate) throws(WireError) -> Date? {
        guard let text else { return nil }
        // The request's type has read its form: any text that comes here is a time.
        guard let instant = InstantInput.parse(text, localTime: localTime, today: today) else {
            throw EventsGetRequest.notATime(key)
        }
        let firstDay = localTime.instant(on: localTime.date(at: ClockLimits.instants.lowerBound), minute: 0)
        return min(max(instant, firstDay), ClockLimits.instants.upperBound)
    }
}
