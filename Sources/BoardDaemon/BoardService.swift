import BoardProtocol
import BoardSystem
import FlightData
import FoundationEssentials

/// The daemon's answers to requests: the protocol's methods over the schedule and the clock.
///
/// No sockets here; the server hands it parsed requests and writes what it returns.
public struct BoardService: Sendable {
    public enum Outcome {
        /// A result to send.
        case result(JSON)
        /// A result already encoded.
        case encoded(EncodedDocument)
        case failure(WireError)
        /// Start watching: the server sends the first board and keeps the watcher.
        case watch(WatchView)
        /// The clock moved: reply with the result, then push new boards to every watcher.
        case clockMoved(JSON)
        /// Subscribe to changes: the server replies with the cursor of now, replays, then pushes changes.
        case eventsWatch(EventSubscription)
    }

    private(set) var config: DaemonConfig
    public private(set) var clock: DaemonClock
    private(set) var schedule: CachedSchedule
    private(set) var encoding: WireEncoding
    let instance: String
    /// Encoded boards until they change; emptied when the config or the clock's speed changes.
    private(set) var documents = BoardDocumentCache()
    /// Each day's changes, in order, for `events.get` and subscriptions; emptied with the config.
    private(set) var dayChanges = DayChangesCache()
    /// Each day's count of changes by filter, for pages of a long interval; emptied with the config.
    private(set) var dayCounts = DayCountCache()
    /// The latest instant the clock has shown: changes up to it have been revealed, so `events.get`
    /// may list them even after the clock is set back (a gap a subscriber was told to fetch stays
    /// fetchable); nothing past it is ever listed.
    private(set) var revealedUntil = Date.distantPast
    /// The airport's date and the encoded "now", read once a second.
    private(set) var readings = ClockReadings()

    public init(config: DaemonConfig, clock: DaemonClock, instance: String) {
        self.config = config
        self.clock = clock
        self.instance = instance
        self.schedule = CachedSchedule(config: config.schedule)
        self.encoding = WireEncoding(airport: config.schedule.airport)
    }

    /// Swaps in a new config (SIGHUP); the clock carries on.
    mutating func reload(_ newConfig: DaemonConfig) {
        config = newConfig
        schedule = CachedSchedule(config: newConfig.schedule)
        encoding = WireEncoding(airport: newConfig.schedule.airport)
        documents = BoardDocumentCache()
        dayChanges = DayChangesCache()
        dayCounts = DayCountCache()
        readings = ClockReadings()
    }

    func window(at now: Date) -> ScheduleWindow {
        ScheduleWindow(source: schedule, firstDate: readings.reading(at: now, localTime: localTime).date)
    }

    var localTime: LocalTime { encoding.localTime }

    /// This service for the read loop, with caches of its own: the same answers, but no object the
    /// two loops' requests retain and release on every call (which bounced between the cores). A
    /// `previous` read-loop copy of the same config keeps its caches; a reloaded config starts afresh.
    func forReadLoop(previous: (copy: BoardService, of: BoardService)?) -> BoardService {
        var copy = self
        if let previous, previous.of.schedule === schedule {
            copy.schedule = previous.copy.schedule
            copy.documents = previous.copy.documents
            copy.readings = previous.copy.readings
            copy.encoding = previous.copy.encoding
        } else {
            copy.schedule = CachedSchedule(config: config.schedule)
            copy.documents = BoardDocumentCache()
            copy.readings = ClockReadings()
            copy.encoding = WireEncoding(airport: config.schedule.airport)
        }
        copy.dayChanges = DayChangesCache()  // events are the main loop's
        copy.dayCounts = DayCountCache()
        return copy
    }

    public mutating func handle(_ request: WireRequest) -> Outcome {
        guard let method = WireMethod(rawValue: request.method) else {
            let known = WireMethod.allCases.map(\.rawValue).joined(separator: ", ")
            return .failure(
                WireError(.unknownMethod, "Unknown method \"\(request.method.prefix(64))\"; the methods are \(known)."))
        }
        do {
            return try dispatch(method, request.params)
        } catch {
            return .failure(error)
        }
    }

    /// A flight's details: its service's history and the weekdays it runs, from the timetable.
    private func details(_ flight: Flight, window: ScheduleWindow, at now: Date, params: JSON) throws(WireError) -> JSON {
        encoding.details(flight, from: window.source, at: now, pinned: try Self.pinned(params).contains(flight)).json
    }

    /// `: Pacific 298 runs Mon-Fri` when a designator names a service that is not daily: the reason
    /// a day has no such flight. Empty otherwise.
    static func runs(_ reference: FlightReference, window: ScheduleWindow) -> String {
        guard case .designator(let designator) = reference, let service = window.service(designator: designator),
            service.weekdays != .daily
        else { return "" }
        let name = service.flightName == designator.description ? designator.description : "\(designator) (\(service.flightName))"
        return ": \(name) runs \(service.weekdays)"
    }

    private mutating func dispatch(_ method: WireMethod, _ params: JSON) throws(WireError) -> Outcome {
        let now = clock.now
        revealedUntil = max(revealedUntil, now)
        switch method {
        case .ping:
            return .result(
                PingDocument(server: "boardd/\(boardVersion)", instance: instance, protocolVersion: wireProtocolVersion).json)
        case .boardGet:
            let view = try Self.view(params)
            let window = window(at: now)
            let date = try date(params, window: window)
            return .encoded(document(view, on: date, at: now, window: window))
        case .boardWatch:
            let view = try Self.view(params).on(try optionalDate(params, window: window(at: now)))
            return .watch(view)
        case .flightGet:
            let window = window(at: now)
            let date = try optionalDate(params, window: window)
            let reference = try Self.reference(params)
            guard let flight = window.flight(reference, on: date) else {
                let when = date.map { " on \($0)" } ?? " in the window (\(window.firstDate) to \(window.lastDate))"
                throw WireError(.notFound, "No flight \(reference)\(when)\(Self.runs(reference, window: window)).")
            }
            return .result(try details(flight, window: window, at: now, params: params))
        case .flightNext, .flightPrev:
            let window = window(at: now)
            let reference = try Self.reference(params)
            guard let from = window.flight(reference, on: try optionalDate(params, window: window)) else {
                throw WireError(.notFound, "Flight \(reference) is no longer on the board.")
            }
            let navigation = FlightNavigation(window: window, tab: try Self.tab(params) ?? .all, at: now)
            let forward = method == .flightNext
            guard let flight = forward ? navigation.next(after: from) : navigation.previous(before: from) else {
                throw WireError(
                    .notFound, "\(from.flightName) is the \(forward ? "last" : "first") flight of the window in this tab.")
            }
            return .result(try details(flight, window: window, at: now, params: params))
        case .flightSoonest:
            let tab = try Self.tab(params) ?? .all
            let window = window(at: now)
            guard let flight = FlightNavigation(window: window, tab: tab, at: now).soonest() else {
                throw WireError(.notFound, "No flight is still to come in \(tab.title) in the window.")
            }
            return .result(try details(flight, window: window, at: now, params: params))
        case .search:
            return .result(try search(params, at: now).json)
        case .eventsGet:
            return .result(try events(params, at: now).json)
        case .eventsWatch:
            return .eventsWatch(try eventsSubscription(params, at: now))
        case .clockGet:
            return .result(clockJSON(at: now))
        case .clockSet:
            guard clock.isSimulated else { throw Self.notSimulated }
            guard let text = params["time"]?.string,
                let instant = InstantInput.parse(text, localTime: localTime, today: localTime.date(at: now))
            else {
                throw WireError(
                    .invalidParams, "clock.set needs \"time\": ISO-8601 such as 2026-11-30T09:00:00-05:00, or HH:MM for today.")
            }
            guard ClockLimits.instants.contains(instant) else {
                throw WireError(.invalidParams, "clock.set needs a \"time\" \(ClockLimits.instantsText).")
            }
            _ = clock.set(instant)
            return .clockMoved(clockJSON(at: clock.now))
        case .clockAdvance:
            guard clock.isSimulated else { throw Self.notSimulated }
            guard let minutes = params["minutes"]?.int, minutes.magnitude <= ClockLimits.maximumAdvanceMinutes else {
                throw WireError(.invalidParams, "clock.advance needs \"minutes\": a whole number of minutes, at most a year.")
            }
            let instant = now.addingTimeInterval(Double(minutes) * 60)
            guard ClockLimits.instants.contains(instant) else {
                throw WireError(.invalidParams, "clock.advance would move the clock past its range, \(ClockLimits.instantsText).")
            }
            _ = clock.set(instant)
            return .clockMoved(clockJSON(at: clock.now))
        }
    }

    // MARK: Search

    /// The most flights one search reply holds; `next` asks for more.
    static let searchPageLimit = 200

    /// One page of a search: at most `limit` flights from `cursor` on, with the total and the next cursor.
    func search(_ params: JSON, at now: Date) throws(WireError) -> SearchResultsDocument {
        let text = try Self.searchText(params)
        let search = FlightSearch(text: text, tab: try Self.tab(params) ?? .all)
        let pinned = try Self.pinned(params)
        let limit = try Self.searchLimit(params)
        let offset = try Self.searchCursor(params)
        // Day by day, keeping only the page's flights: the whole result is never held.
        let window = window(at: now)
        var total = 0
        var page: [SearchResultsDocument.Day] = []
        var taken = 0
        for date in window.dates {
            let flights = window.flights(on: date)
            // Days outside the page are only counted: no flight is copied.
            let matching = flights.count(where: search.matches)
            let skip = max(0, offset - total)
            total += matching
            guard taken < limit, skip < matching else { continue }
            let found = flights.filter(search.matches)
            let ordered = found.sorted(by: Board.order(pinned: pinned, at: now))
            let slice = ordered[skip..<min(ordered.count, skip + limit - taken)]
            taken += slice.count
            page.append(
                SearchResultsDocument.Day(
                    date: date.description, badge: date.shortName, count: slice.count,
                    flights: slice.map { encoding.flight($0, at: now, pinned: pinned.contains($0)) }))
        }
        let end = offset + taken
        return SearchResultsDocument(
            text: search.text, tab: search.tab, count: taken, days: page, total: total,
            next: taken > 0 && end < total ? String(end) : nil)
    }

    static func searchText(_ params: JSON) throws(WireError) -> String {
        guard let text = params["text"]?.string else {
            throw WireError(.invalidParams, "search needs \"text\": a string of 1 to 100 characters.")
        }
        guard SearchText.fits(text) else {
            throw WireError(.invalidParams, "search \"text\" is \(SearchText.limits); shorten it.")
        }
        guard !text.allSatisfy(\.isWhitespace) else {
            throw WireError(.invalidParams, "search needs \"text\": a string of 1 to 100 characters.")
        }
        return text
    }

    static func searchLimit(_ params: JSON) throws(WireError) -> Int {
        guard let value = params["limit"], !value.isNull else { return searchPageLimit }
        guard let limit = value.int, (1...searchPageLimit).contains(limit) else {
            throw WireError(.invalidParams, "\"limit\" must be a whole number from 1 to \(searchPageLimit).")
        }
        return limit
    }

    /// The cursor is the number of flights already seen, as a string of digits; null or absent is the start.
    static func searchCursor(_ params: JSON) throws(WireError) -> Int {
        guard let value = params["cursor"], !value.isNull else { return 0 }
        guard let text = value.string, (1...9).contains(text.utf8.count), text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
            let offset = Int(text)
        else {
            throw WireError(.invalidParams, "\"cursor\" must be the \"next\" of an earlier search, or null to start.")
        }
        return offset
    }

    func clockJSON(at now: Date) -> JSON {
        encoding.clock(now: now, simulated: clock.isSimulated, speed: clock.speed, window: window(at: now)).json
    }

    /// The board for a view on `date`.
    func board(_ view: WatchView, on date: LocalDate, at now: Date, window: ScheduleWindow) -> Board {
        let query = BoardQuery(date: date, tab: view.tab, hidePast: view.hidePast, pinned: view.pinned)
        return Board(flights: window.flights(on: date), query: query, now: now)
    }

    /// A watcher's board, encoded: of its day while that day is in the window, else of today.
    public func watchBoard(_ view: WatchView, at now: Date) -> EncodedDocument {
        var boards = watchBoards(at: now)
        return boards.board(view)
    }

    /// The boards of many watchers' views at one instant, each board's shared encoding looked up once.
    func watchBoards(at now: Date) -> WatchBoards { WatchBoards(service: self, at: now) }

    /// A board's bytes, from the cache when the board has not changed since it was encoded.
    func document(_ view: WatchView, on date: LocalDate, at now: Date, window: ScheduleWindow) -> EncodedDocument {
        let key = BoardDocumentCache.Key(tab: view.tab, hidePast: view.hidePast, date: date)
        return BoardDocumentCache.assemble(
            entry(key, at: now, window: window), key: key, pinned: view.pinned, nowText: nowText(at: now))
    }

    /// The encoded "now" of a document made at `now`.
    func nowText(at now: Date) -> [UInt8] { readings.reading(at: now, localTime: localTime).nowText }

    /// The shared encoding of a board (tab, hide-past, day) at `now`, from the cache when it still holds.
    func entry(_ key: BoardDocumentCache.Key, at now: Date, window: ScheduleWindow) -> BoardDocumentCache.Entry {
        documents.entry(key, at: now, encoding: encoding, simulated: clock.isSimulated, speed: clock.speed) {
            let flights = window.flights(on: key.date)
            let change = flights.compactMap { $0.nextBoardChange(after: now) }.min()
            return BoardDocumentCache.Source(flights: flights, validUntil: min(change ?? .distantFuture, window.nextSlide))
        }
    }

    /// The next instant any watched view changes: a status boundary, a flight becoming past, midnight,
    /// or the clocks changing (every board's `now` takes the new offset, and a live view's clock runs
    /// on from it: without a board then, it showed 02:01 in New York an hour after 02:00 became 03:00).
    func nextChange(after now: Date) -> Date {
        let window = window(at: now)
        // The first of today's flights' board changes after now: a search in the day's sorted instants.
        let instants = schedule.boardChanges(on: window.firstDate)
        var (low, high) = (0, instants.count)
        while low < high {
            let middle = (low + high) / 2
            if instants[middle] <= now { low = middle + 1 } else { high = middle }
        }
        let flightChange = low < instants.count ? instants[low] : nil
        let offsetChange = localTime.nextOffsetChange(after: now) ?? .distantFuture
        return min(flightChange ?? window.nextSlide, window.nextSlide, offsetChange)
    }

    // MARK: Params

    static let notSimulated = WireError(
        .clockNotSimulated, "The daemon runs on the real clock; start it with --now TIME (and --speed X) to move its clock.")

    static func view(_ params: JSON) throws(WireError) -> WatchView {
        WatchView(tab: try tab(params) ?? .all, hidePast: try flag(params, "hidePast"), pinned: try pinned(params))
    }

    static func tab(_ params: JSON) throws(WireError) -> Tab? {
        guard let value = params["tab"], !value.isNull else { return nil }
        guard let text = value.string, let tab = Tab(rawValue: text) else {
            throw WireError(.invalidParams, "\"tab\" must be arrivals, all or departures.")
        }
        return tab
    }

    static func flag(_ params: JSON, _ key: String) throws(WireError) -> Bool {
        guard let value = params[key], !value.isNull else { return false }
        guard let flag = value.bool else { throw WireError(.invalidParams, "\"\(key)\" must be true or false.") }
        return flag
    }

    static func pinned(_ params: JSON) throws(WireError) -> PinnedFlights {
        try PinnedParam.parse(params["pinned"])
    }

    static func reference(_ params: JSON) throws(WireError) -> FlightReference {
        if let id = params["id"], !id.isNull {
            if let number = id.int, number > 0 { return .id(number) }
            if let text = id.string, let reference = FlightReference(text), case .id = reference { return reference }
            throw WireError(.invalidParams, "\"id\" must be a positive flight id.")
        }
        if let text = params["designator"]?.string {
            guard let designator = Designator(text) else {
                throw WireError(
                    .invalidParams,
                    "\"designator\" must be an airline and a number, such as \"Pacific 123\" (airlines: \(FlightCatalog.airlines.joined(separator: ", ")))."
                )
            }
            return .designator(designator)
        }
        throw WireError(.invalidParams, "flight.get needs \"id\" or \"designator\".")
    }

    func optionalDate(_ params: JSON, window: ScheduleWindow) throws(WireError) -> LocalDate? {
        guard let value = params["date"], !value.isNull else { return nil }
        guard let text = value.string, let spec = DateSpec(text) else {
            throw WireError(.invalidParams, "\"date\" must be YYYY-MM-DD, today, tomorrow or +N.")
        }
        let date = spec.resolve(today: window.firstDate)
        guard window.contains(date) else {
            throw WireError(.outsideWindow, "\(date) is outside the board's window, \(window.firstDate) to \(window.lastDate).")
        }
        return date
    }

    func date(_ params: JSON, window: ScheduleWindow) throws(WireError) -> LocalDate {
        try optionalDate(params, window: window) ?? window.firstDate
    }
}
