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
    /// The daemon's part in replication, for `ping` and `clock.*`; nil when it neither publishes nor follows.
    var replication: (any ReplicationReporting)?
    /// The answer to `ping`, the same for the daemon's whole run: encoded once.
    let pong: EncodedDocument
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
        self.pong = EncodedDocument(
            PingDocument(server: "boardd/\(boardVersion)", instance: instance, protocolVersion: wireProtocolVersion))
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

    /// Answers `request`. `arrivedAt` is the clock when another loop read it (`ClientConnection.handedOverAt`):
    /// an `events.watch` without `since` or `cursor` then starts there, not now.
    public mutating func handle(_ request: WireRequest, arrivedAt: Date? = nil) -> Outcome {
        handle(request, method: WireMethod(rawValue: request.method), arrivedAt: arrivedAt)
    }

    /// The same, with the request's method already looked up by the loop that read it (nil: unknown).
    mutating func handle(_ request: WireRequest, method: WireMethod?, arrivedAt: Date? = nil) -> Outcome {
        guard let method else {
            let known = WireMethod.allCases.map(\.rawValue).joined(separator: ", ")
            return .failure(
                WireError(.unknownMethod, "Unknown method \"\(request.method.prefix(64))\"; the methods are \(known)."))
        }
        do {
            return try dispatch(method, request.params, arrivedAt: arrivedAt)
        } catch {
            return .failure(error)
        }
    }

    /// A flight's details: its service's history and the weekdays it runs, from the timetable.
    private func details(_ flight: Flight, window: ScheduleWindow, at now: Date, pinned: PinnedParam?) -> EncodedDocument {
        EncodedDocument(encoding.details(flight, from: window.source, at: now, pinned: pinned?.flights.contains(flight) ?? false))
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

    /// For an id no flight has that is a flight number (`578`): the flights of that number, by
    /// designator (`; 578 is the number of Pacific 578: give the airline too`), as people mean it.
    static func asNumber(_ reference: FlightReference, window: ScheduleWindow) -> String {
        guard case .id(let id) = reference else { return "" }
        let names = window.services(numbered: id).map(\.flightName)
        guard let first = names.first else { return "" }
        let named = names.count == 1 ? first : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
        return "; \(id) is the number of \(named): give the airline too (\"\(first)\")"
    }

    /// Each method's params are read by its request type (`BoardProtocol/Requests`), which refuses
    /// their shape; what needs the window or the clock is checked here.
    private mutating func dispatch(_ method: WireMethod, _ params: JSON, arrivedAt: Date?) throws(WireError) -> Outcome {
        let now = clock.now
        revealedUntil = max(revealedUntil, now)
        if let outcome = try answer(method, params, arrivedAt: arrivedAt, at: now) { return outcome }
        return try move(advance: method == .clockAdvance, params, at: now)
    }

    /// Every method but the clock's moves (nil for those): it changes nothing, so the service is
    /// borrowed, not copied (each call of another method from a mutating one copied the whole service).
    private func answer(_ method: WireMethod, _ params: JSON, arrivedAt: Date?, at now: Date) throws(WireError) -> Outcome? {
        switch method {
        case .ping:
            _ = try PingRequest(params: params)
            guard let replication else { return .encoded(pong) }
            return .encoded(
                EncodedDocument(
                    PingDocument(
                        server: "boardd/\(boardVersion)", instance: instance, protocolVersion: wireProtocolVersion,
                        replication: replication.document(localTime: localTime))))
        case .boardGet:
            let request = try BoardGetRequest(params: params)
            let window = window(at: now)
            let date = try day(request.date, window: window) ?? window.firstDate
            // Not through a WatchView: it hashes itself for watchers' groups, which a reply does not need.
            let (tab, hidePast, pinned) = Self.board(request)
            return .encoded(document(tab: tab, hidePast: hidePast, pinned: pinned, on: date, at: now, window: window))
        case .boardWatch:
            let request = try BoardWatchRequest(params: params)
            return .watch(Self.view(request).on(try day(request.date, window: window(at: now))))
        case .flightGet:
            let request = try FlightGetRequest(params: params)
            let window = window(at: now)
            let date = try day(request.date, window: window)
            guard let flight = window.flight(request.flight, on: date) else {
                let when = date.map { " on \($0)" } ?? " in the window (\(window.firstDate) to \(window.lastDate))"
                throw WireError(
                    .notFound,
                    "No flight \(request.flight)\(when)\(Self.runs(request.flight, window: window))"
                        + "\(Self.asNumber(request.flight, window: window)).")
            }
            return .encoded(details(flight, window: window, at: now, pinned: request.pinned))
        case .flightNext:
            return .encoded(try step(FlightNextRequest(params: params), forward: true, at: now))
        case .flightPrev:
            return .encoded(try step(FlightPrevRequest(params: params), forward: false, at: now))
        case .flightSoonest:
            let request = try FlightSoonestRequest(params: params)
            let tab = request.tab ?? .all
            let window = window(at: now)
            guard let flight = FlightNavigation(window: window, tab: tab, at: now).soonest() else {
                throw WireError(.notFound, "No flight is still to come in \(tab.title) in the window.")
            }
            return .encoded(details(flight, window: window, at: now, pinned: request.pinned))
        case .search:
            return .encoded(EncodedDocument(search(try SearchRequest(params: params), at: now)))
        case .eventsGet:
            return .encoded(EncodedDocument(try events(EventsGetRequest(params: params), at: now)))
        case .eventsWatch:
            var request = try EventsWatchRequest(params: params)
            if !request.replays, let arrivedAt, arrivedAt < now { request.cursor = ChangeCursor.encode(.after(arrivedAt)) }
            return .eventsWatch(try eventsSubscription(request, at: now))
        case .clockGet:
            _ = try ClockGetRequest(params: params)
            return .encoded(EncodedDocument(clockDocument(at: now)))
        case .clockSet, .clockAdvance:
            return nil
        }
    }

    /// `clock.set`, or `clock.advance` when `advance`.
    private mutating func move(advance: Bool, _ params: JSON, at now: Date) throws(WireError) -> Outcome {
        // Refused on a replica and on the real clock whatever its params: moving it is what is refused.
        if let refusal = replication?.clockMoveRefusal { throw refusal }
        guard clock.isSimulated else { throw Self.notSimulated }
        let instant: Date
        if advance {
            let request = try ClockAdvanceRequest(params: params)
            instant = now.addingTimeInterval(Double(request.minutes) * 60)
            guard ClockLimits.instants.contains(instant) else {
                throw WireError(.invalidParams, "clock.advance would move the clock past its range, \(ClockLimits.instantsText).")
            }
        } else {
            let request = try ClockSetRequest(params: params)
            guard let parsed = InstantInput.parse(request.time, localTime: localTime, today: localTime.date(at: now)) else {
                throw ClockSetRequest.needsTime
            }
            guard ClockLimits.instants.contains(parsed) else {
                throw WireError(.invalidParams, "clock.set needs a \"time\" \(ClockLimits.instantsText).")
            }
            instant = parsed
        }
        _ = clock.set(instant)
        return .clockMoved(clockJSON(at: clock.now))
    }

    /// A replica's clock after its source's move (`DaemonClock.follow`). Boards encoded on a clock of
    /// another kind or speed say so in their head: they are dropped when it changes.
    mutating func follow(_ state: ReplicationClock) {
        let before = (clock.isSimulated, clock.speed)
        clock.follow(state)
        if before != (clock.isSimulated, clock.speed) { documents = BoardDocumentCache() }
    }

    /// `flight.next` or `flight.prev`: the flight after or before the one named, in the request's tab.
    private func step(_ request: some FlightStepRequest, forward: Bool, at now: Date) throws(WireError) -> EncodedDocument {
        let window = window(at: now)
        guard let from = window.flight(request.flight, on: try day(request.date, window: window)) else {
            throw WireError(.notFound, "Flight \(request.flight) is no longer on the board.")
        }
        let navigation = FlightNavigation(window: window, tab: request.tab ?? .all, at: now)
        guard let flight = forward ? navigation.next(after: from) : navigation.previous(before: from) else {
            throw WireError(
                .notFound, "\(from.flightName) is the \(forward ? "last" : "first") flight of the window in this tab.")
        }
        return details(flight, window: window, at: now, pinned: request.pinned)
    }

    // MARK: Search

    /// The most flights one search reply holds; `next` asks for more.
    static let searchPageLimit = SearchRequest.pageLimit

    /// One page of a search: at most `limit` flights from `cursor` on, with the total and the next cursor.
    func search(_ request: SearchRequest, at now: Date) -> SearchResultsDocument {
        let search = FlightSearch(text: request.text, tab: request.tab ?? .all)
        let pinned = request.pinned?.flights ?? []
        let limit = request.limit ?? Self.searchPageLimit
        let offset = request.offset
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

    func clockDocument(at now: Date) -> ClockDocument {
        encoding.clock(
            now: now, simulated: clock.isSimulated, speed: clock.speed, window: window(at: now),
            replication: replication?.document(localTime: localTime))
    }

    /// The clock as a `JSON` value, for `.clockMoved`.
    func clockJSON(at now: Date) -> JSON { clockDocument(at: now).json }

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
    func document(
        tab: Tab, hidePast: Bool, pinned: PinnedFlights, on date: LocalDate, at now: Date, window: ScheduleWindow
    ) -> EncodedDocument {
        let key = BoardDocumentCache.Key(tab: tab, hidePast: hidePast, date: date)
        return BoardDocumentCache.assemble(
            entry(key, at: now, window: window), key: key, pinned: pinned, nowText: nowText(at: now))
    }

    /// The encoded "now" of a document made at `now`.
    func nowText(at now: Date) -> [UInt8] { readings.reading(at: now, localTime: localTime).nowText }

    /// The shared encoding of a board (tab, hide-past, day) at `now`, from the cache when it still holds.
    func entry(_ key: BoardDocumentCache.Key, at now: Date, window: ScheduleWindow) -> BoardDocumentCache.Entry {
        // The closure captures the schedule alone: capturing `self` copied the whole service, every
        // request, though the closure runs only when the cache misses.
        let schedule = schedule
        return documents.entry(key, at: now, encoding: encoding, simulated: clock.isSimulated, speed: clock.speed) {
            let change = Self.nextBoardChange(in: schedule, on: key.date, after: now)
            return BoardDocumentCache.Source(
                flights: window.flights(on: key.date), validUntil: min(change ?? .distantFuture, window.nextSlide))
        }
    }

    /// The next instant any watched view changes: a status boundary, a flight becoming past, midnight,
    /// or the clocks changing (every board's `now` takes the new offset, and a live view's clock runs
    /// on from it: without a board then, it showed 02:01 in New York an hour after 02:00 became 03:00).
    func nextChange(after now: Date) -> Date {
        let window = window(at: now)
        let flightChange = nextBoardChange(on: window.firstDate, after: now)
        let offsetChange = localTime.nextOffsetChange(after: now) ?? .distantFuture
        return min(flightChange ?? window.nextSlide, window.nextSlide, offsetChange)
    }

    /// The first instant after `now` at which the board of `date`'s flights changes: a search in the
    /// day's sorted instants (`CachedSchedule.boardChanges`), not a look at each of its flights.
    func nextBoardChange(on date: LocalDate, after now: Date) -> Date? {
        Self.nextBoardChange(in: schedule, on: date, after: now)
    }

    static func nextBoardChange(in schedule: CachedSchedule, on date: LocalDate, after now: Date) -> Date? {
        let instants = schedule.boardChanges(on: date)
        var (low, high) = (0, instants.count)
        while low < high {
            let middle = (low + high) / 2
            if instants[middle] <= now { low = middle + 1 } else { high = middle }
        }
        return low < instants.count ? instants[low] : nil
    }

    // MARK: Requests

    /// Names the daemon's pid: one `board` started by itself is stopped by it, no command stops it.
    static let notSimulated = WireError(
        .clockNotSimulated,
        "The daemon runs on the real clock; to move its clock, stop it (kill \(Program.processID)) and start boardd --now TIME (and --speed X)."
    )

    static func view(_ request: some BoardViewRequest) -> WatchView {
        let (tab, hidePast, pinned) = board(request)
        return WatchView(tab: tab, hidePast: hidePast, pinned: pinned)
    }

    /// The board a request names, with the protocol's defaults: All, past flights shown, none pinned.
    static func board(_ request: some BoardViewRequest) -> (tab: Tab, hidePast: Bool, pinned: PinnedFlights) {
        (request.tab ?? .all, request.hidePast ?? false, request.pinned?.flights ?? [])
    }

    /// The day `spec` names, when one is given; a day outside the window is refused.
    func day(_ spec: DateSpec?, window: ScheduleWindow) throws(WireError) -> LocalDate? {
        guard let spec else { return nil }
        let date = spec.resolve(today: window.firstDate)
        guard window.contains(date) else {
            let named = spec.asked(naming: date)
            throw WireError(.outsideWindow, "\(named) is outside the board's window, \(window.firstDate) to \(window.lastDate).")
        }
        return date
    }
}
