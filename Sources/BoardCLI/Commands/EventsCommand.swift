import BoardArguments
import BoardLink
import BoardProtocol
import BoardSystem
import FlightData

/// `board events [--since T] [--until T] [--follow] [--pinned] [--flight F] [--kind K]...`: the changes of the day, as they happened.
struct EventsCommand: BoardCommand, Equatable {
    static let spec = CommandSpec(
        name: "events",
        summary: "changes as they happened: delays, gates, cancellations, belts",
        overview: OverviewLine("board events [--since T] [--follow]", "changes as they happen"),
        flags: [.since, .until, .follow, .pinned, .flight, .date, .kind] + FlightFilter.flags + [.within],
        flagValues: ["--flight": .flightIDs],
        help: """
            usage: board events [--since T] [--until T] [--follow] [--pinned]
                   [--flight F [--date D]] [--kind K]... [--airline A]
                   [--city TEXT]
                   [--gate G] [--terminal T] [--status S] [--within D]

            Prints the changes of the day, one a line, oldest first: new times,
            gate changes, cancellations, diversions, statuses and baggage belts,
            each at the daemon's time it happened. Without --since, after the start
            of the daemon's today (of the flight's day with --flight); never past
            the daemon's now, or, with --until after its clock was set back, past
            the latest time that clock has shown. ('board log FLIGHT' shows a
            flight's midnight step too.)
            The daemon keeps changes as far back as its window is long (15 days
            by default): an older --since lists from there, and says so.

              --since T     after T: HH:MM today, a date-time (2026-11-30T09:00),
                            or a duration back from now (90m, 2h, 1d); a change
                            at T itself is not listed (--since 11:09 lists 11:10's)
              --until T     up to T (the same forms); not with --follow
              --follow      then keep printing each change as the daemon's clock
                            passes it (a simulated clock's jumps too); without
                            --since the day's changes so far come first, as
                            tail -f shows what is there (--since 0m: from now
                            on only). It survives daemon restarts without
                            losing or repeating one. Ctrl-C ends it
              --pinned      only your pinned flights (with --follow, as they are
                            pinned and unpinned meanwhile: a flight pinned
                            meanwhile from its pin on)
              --flight F    only flight F: an id (1234) or a designator ("Pacific 123")
              --date D      with --flight, the flight of day D (YYYY-MM-DD,
                            today, tomorrow, +N), as 'board show' takes it
              --kind K      only changes of kind K: \(EventChange.Kind.allCases.prefix(4).map(\.rawValue).joined(separator: ", ")),
                            \(EventChange.Kind.allCases.dropFirst(4).map(\.rawValue).joined(separator: ", ")); repeat it (or K1,K2) for several

            --airline, --city, --gate, --terminal and --status keep the changes
            of the flights that match them as the board shows those flights when
            the change is printed (its gate and status then), as on the board
            (see 'board help board'); the client reads the flights' day for it.
            --within D keeps the changes of the flights whose current time is
            from the daemon's now to D after it (90m, 2h; 1m to 24h), past
            flights never: what changed for the flights about to leave or land.
            Listing, now is when the command runs; with --follow, when each
            change is printed.

            Each line fits the terminal's width (else COLUMNS, else 80): its columns
            (time, flight, kind, what changed) all stay, so there is no --wide. Below
            57 columns they close up, and a status, time, gate or belt goes without
            its kind, which what changed says; a line longer still is cut with ….

            With --json, one change a line (NDJSON), as the daemon sends it:
            {"seq","at","flight":{"id","date","flightName"},"kind","from","to","cursor"},
            with seq counting 1... over the whole output; cursor names the change.

            examples:
              board events --since 2h
              board events --follow --pinned
              board events --flight "Pacific 578" --kind gate --kind time
              board events --follow --terminal B --airline Pacific
              board events --since 2h --within 90m
              board events --follow --json | jq -c 'select(.kind == "gate")'
            """
    )

    var since: EventTime?
    var until: EventTime?
    var follow = false
    var pinned = false
    var flight: FlightReference?
    /// The day of `flight`'s flight (`--date`): flight numbers repeat daily.
    var date: DateSpec?
    var kinds: [EventChange.Kind] = []
    var filter = FlightFilter()

    init(
        since: EventTime? = nil, until: EventTime? = nil, follow: Bool = false, pinned: Bool = false,
        flight: FlightReference? = nil, date: DateSpec? = nil, kinds: [EventChange.Kind] = [],
        filter: FlightFilter = FlightFilter()
    ) {
        self.date = date
        self.filter = filter
        self.since = since
        self.until = until
        self.follow = follow
        self.pinned = pinned
        self.flight = flight
        self.kinds = kinds
    }

    init(_ arguments: CommandArguments) throws(UsageError) {
        try arguments.noArguments()
        since = try arguments.eventTime("--since")
        until = try arguments.eventTime("--until")
        follow = arguments.has("--follow")
        pinned = arguments.has("--pinned")
        flight = try arguments.flightFlag()
        date = try arguments.date()
        if date != nil && flight == nil {
            throw arguments.usageError(
                "--date picks the day of --flight's flight: give --flight too, or --since and --until for a day's changes")
        }
        kinds = try arguments.kinds()
        filter = try arguments.flightFilter()
        filter.within = try arguments.within()
        if follow && until != nil {
            throw arguments.usageError("--follow prints changes from now on until Ctrl-C: it takes no --until; drop one")
        }
    }

    /// The filters every request of the command carries: `flight` (as `resolved` names it, when the
    /// client found it by `--date`), `pinned`, `kinds`.
    func filters(pins: @autoclosure () -> PinnedParam, flight resolved: EventFlightParam? = nil) -> EventFilterParams {
        EventFilterParams(
            flight: resolved ?? flight.map(EventFlightParam.reference), pinned: pinned ? pins() : nil,
            kinds: kinds.isEmpty ? nil : kinds.compactMap { FlightChange.Kind(rawValue: $0.rawValue) })
    }

    func run(on client: inout BoardClient) throws(ClientError) {
        // `--pinned --follow` follows the pins as they are saved (`PinsOnDisk`): with none yet it waits
        // for the first (the tmux snippet starts it with tmux, before anything is pinned).
        var pinsOnDisk = PinsOnDisk(client)
        if pinned && client.sentPins.isEmpty {
            // An empty `pinned` names no flight: say so rather than print nothing, or everything.
            guard follow else {
                if !client.options.json { Output.note("No pinned flights; 'board pin FLIGHT' pins one.") }
                return
            }
            Output.warning("no pinned flights yet; following their changes once one is pinned ('board pin FLIGHT')")
            while pinsOnDisk.changed(waiting: true) == nil {}
            client.state = pinsOnDisk.client.state
        }
        let connection = try client.connect()
        let json = client.options.json
        let needsNow =
            !json || since?.needsNow == true || until?.needsNow == true || (follow && since?.isTimeOfDay == true)
        var clock = needsNow ? try Self.clock(on: connection, socket: client.socket) : nil
        let now = clock?.now
        if follow, let now, let ahead = since?.laterToday(now: now) { Output.warning(ahead) }
        func readClock() throws(ClientError) -> ClockDocument {
            if let clock { return clock }
            let read = try Self.clock(on: connection, socket: client.socket)
            clock = read
            return read
        }
        // A flight of a given day is found as `board show --date` finds it, then named by its identity.
        var resolved: EventFlightParam?
        if let flight, date != nil {
            resolved = try client.eventFlight(client.details(of: flight, on: date, over: connection).flight)
        }
        let filters = filters(pins: client.pinnedParam, flight: resolved)
        let width = Output.width()
        var today = now.map(EventTime.date(of:))
        var flights = FilteredFlights(filter: filter, client: client, refetch: follow)
        // `--json` numbers its lines 1... over the whole output (pages, the stream and its gaps).
        var printed = 0
        func print(_ change: EventChange) {
            printed += 1
            Output.print(json ? change.json(numbered: printed).text : ChangeLine.line(change, today: today, width: width))
        }
        if follow {
            // Without --since, what the day holds so far first, as `tail -f` shows what is there.
            var start = since?.param(now: now)
            if since == nil { start = try Self.dayStart(on: connection, filters, socket: client.socket) }
            // A flight of a day to come: said, as the listing says it, or the pane stays blank for days.
            if flight != nil, since == nil, let note = EventTime.dayToCome(starting: start, now: try readClock().now) {
                Output.warning(note + ": its changes print as the clock passes them")
            }
            // Each "not kept" note once: an old --since is said here, and its first change, days
            // later, must not say it again.
            var said: Set<String> = []
            if since != nil, flight == nil, let start, let note = Self.notKept(since: start, clock: try readClock()) {
                said.insert(note)
                Output.warning(note)
            }
            var stream = EventFollow(since: start)
            // A clock moved further than the daemon keeps changes is said once it shows, as an old
            // --since is, whatever the filters. A gap the daemon names (`skipped`, a move of more
            // changes than it pushes) is said from its bounds. Otherwise changes more than a day
            // apart may have come across a move (every day starts with changes at midnight; a
            // filtered follow's days may hold none), and the daemon's now says whether it still
            // keeps the day of the one before.
            var lastAt = start ?? now
            var followedAChange = false
            let socket = client.socket
            let sayNotKept = { (since: String, until: String?) in
                // One flight's subscription is sent its changes for the whole move: nothing left out.
                guard flight == nil, let current = try? BoardConnection(path: socket, timeoutMilliseconds: 2000),
                    let clock = try? Self.clock(on: current, socket: socket),
                    let note = Self.notKept(since: since, until: until, clock: clock), said.insert(note).inserted
                else { return }
                Output.warning(note)
            }
            let sayGap = { (previous: String, next: String) in
                guard let from = LocalDate(EventTime.date(of: previous)),
                    let to = LocalDate(EventTime.date(of: next)), to.dayNumber > from.dayNumber + 1
                else { return }
                sayNotKept(previous, nil)
            }
            _ = try EventStream.follow(
                client: client, first: connection, filters: filters, follow: &stream, endingWhenUnread: true,
                // The day bare times mean is the one the pane started on, kept across resubscriptions
                // (a restart on the next day made the same day's changes dated after it, undated before).
                subscribed: { daemonNow in
                    if today == nil { today = EventTime.date(of: daemonNow) }
                    // Subscribed again to a daemon back on an earlier clock (restarted with an earlier --now)
                    // after a change was followed: it sends nothing until it passes that change, said, or
                    // the pane looks alive and prints nothing.
                    if followedAChange, let lastAt, let shown = EventTime.instant(of: lastAt),
                        let clock = EventTime.instant(of: daemonNow), clock < shown
                    {
                        Output.warning(
                            "the daemon's clock (\(ChangeLine.bound(daemonNow, today: today))) is before the last change "
                                + "followed (\(ChangeLine.bound(lastAt, today: today))): nothing is printed until it passes it")
                    }
                },
                refilter: {
                    guard pinned, let pins = pinsOnDisk.changed() else { return nil }
                    return EventStream.Refilter(
                        filters: self.filters(pins: pins, flight: resolved), pinnedAt: pinsOnDisk.pinnedAt)
                },
                skipped: { since, until in sayNotKept(since, until) },
                handle: { change in
                    if let lastAt { sayGap(lastAt, change.at) }
                    lastAt = change.at
                    followedAChange = true
                    guard flights.keeps(change) else { return false }
                    print(change)
                    return false
                })
            return
        }
        let request = EventsGetRequest(filter: filters, since: since?.param(now: now), until: until?.param(now: now))
        let first = try EventStream.all(on: connection, request) { change in
            guard flights.keeps(change) else { return }
            print(change)
        }
        // Bounds the daemon read the wrong way round hold nothing. A --since after the daemon's now is a
        // time with no changes yet (a script's, or one from before the clock was set back): said, and
        // status 0. An --until before where a listing without --since starts is said as the swapped
        // pair is (2). (Without either, a flight's day to come holds nothing yet, said below.)
        if since != nil || until != nil, let from = first?.since, let to = first?.until,
            let start = EventTime.instant(of: from), let end = EventTime.instant(of: to), end < start
        {
            let current = try readClock().now
            if since != nil {
                let sentence = emptyBounds(since: from, until: to, now: current).message
                return json ? Output.warning(sentence) : Output.note("No changes: " + sentence + ".")
            }
            // An --until the daemon cut to its now is not what is wrong: the flight's day is to come.
            if EventTime.instant(of: current).map({ end < $0 }) == true {
                throw .usage(emptyBounds(since: from, until: to, now: current))
            }
        }
        // A --since older than the daemon lists from (the window's length back) is said, not silently cut.
        if since != nil, flight == nil, let start = first?.since,
            let note = Self.notKept(since: start, until: first?.until, clock: try readClock())
        {
            Output.warning(note)
        }
        if printed == 0 && !json {
            let matching = filter.isEmpty ? "" : " of flights that match the filter"
            let since = ChangeLine.bound(first?.since ?? now ?? "", today: today)
            // A flight of a day to come (its next run, days on): said as such, not as a quiet listing.
            if flight != nil, self.since == nil, until == nil, let note = EventTime.dayToCome(starting: first?.since, now: now) {
                return Output.note("No changes yet: " + note + ".")
            }
            // With --until, both bounds: an until before today's start holds nothing, and says so.
            if until != nil, let end = first?.until {
                Output.note("No changes\(matching) from \(since) to \(ChangeLine.bound(end, today: today)).")
            } else {
                Output.note("No changes\(matching) since \(since).")
            }
        }
    }

    /// Bounds that hold nothing though neither was given after the other (the daemon refuses those):
    /// a `--since` after the daemon's now, where a listing ends (said, status 0), or an `--until`
    /// before where a listing without `--since` starts (today's start, or the flight's day's; status 2).
    func emptyBounds(since start: String, until end: String, now: String) -> UsageError {
        let today = EventTime.date(of: now)
        let listingStart = flight == nil ? "today's start" : "the start of the flight's day"
        var sinceRead = ChangeLine.bound(start, today: today)
        if case .instant(let typed)? = since, let read = EventTime.instant(of: start), read >= ClockLimits.instants.upperBound,
            EventTime.instant(of: typed).map({ $0 > read }) ?? true
        {
            // Past the clock's range, the daemon read it as the range's end: what was typed, then that
            // (the end typed as it is was read as typed).
            sinceRead = "\(typed), read as the clock's end: \(sinceRead)"
        }
        let message =
            since != nil
            ? "--since (\(sinceRead)) is after the daemon's now "
                + "(\(ChangeLine.bound(now, today: today)), its clock's time), where a listing ends"
                + (since?.yesterdaysInstead(now: now).map { "; " + $0 } ?? "")
            : "--until (\(ChangeLine.bound(end, today: today))) is before \(listingStart) "
                + "(\(ChangeLine.bound(start, today: today))), where a listing without --since starts: give --since too"
        return UsageError(message: message, command: Self.spec.name)
    }

    /// The note for a `since` older than the first day the daemon lists changes of through `until`
    /// (its now when nil): `changes before Nov 15 00:00 are not kept …` (`EventsGetRequest.firstListedDay`:
    /// the window's length back); nil when it lists from `since`, or either is not a date-time.
    static func notKept(since: String, until: String? = nil, clock: ClockDocument) -> String? {
        guard let since = LocalDate(EventTime.date(of: since)), let until = LocalDate(EventTime.date(of: until ?? clock.now)),
            let start = clock.windowStart.flatMap(LocalDate.init), let end = clock.windowEnd.flatMap(LocalDate.init)
        else { return nil }
        let days = end.dayNumber - start.dayNumber + 1
        let first = EventsGetRequest.firstListedDay(since: since, until: until, days: days)
        guard first > since else { return nil }
        let kept = ChangeLine.bound("\(first)T00:00", today: EventTime.date(of: clock.now))
        return
            "changes before \(kept) are not kept (the daemon keeps its window's \(days) days back from the listing's end); listed from there"
    }

    /// Where a listing without `--since` starts, as the daemon says it: the start of its today (of the
    /// flight's day with `--flight`). Asked with `events.get` itself, so that following starts where
    /// listing does; nil when the daemon does not say.
    static func dayStart(on connection: BoardConnection, _ filters: EventFilterParams, socket: String) throws(ClientError)
        -> String?
    {
        do {
            return try EventsPage(json: try connection.call(EventsGetRequest(filter: filters, limit: 1))).since
        } catch let error as ConnectionError {
            throw EventStream.clientError(error, method: .eventsGet, socket: socket)
        } catch {
            throw .failure("the daemon's events reply is unreadable: \(error)")
        }
    }

    /// The daemon's clock: its now (ISO-8601 with its offset), which a duration back and the date
    /// prefixes need, and its window, whose length is how far back it lists changes.
    static func clock(on connection: BoardConnection, socket: String) throws(ClientError) -> ClockDocument {
        do { return try ClockDocument(json: try connection.call(ClockGetRequest())) } catch let error as ConnectionError {
            throw ClientError(error, socket: socket, autostartOffBy: nil)
        } catch {
            throw .failure("the daemon's clock reply is unreadable: \(error)")
        }
    }
}

extension CommandArguments {
    /// `--since` or `--until`, when given.
    func eventTime(_ flag: String) throws(UsageError) -> EventTime? {
        guard let text = flags[flag] else { return nil }
        guard let time = EventTime(text) else {
            throw usageError(
                "\(flag) needs HH:MM, a date-time such as 2026-11-30T09:00, or a duration back from now such as 90m, 2h or 1d, not \"\(text)\""
            )
        }
        return time
    }

    /// `--flight`, when given: an id or a designator, as `board show` takes them.
    func flightFlag() throws(UsageError) -> FlightReference? {
        guard let text = flags["--flight"] else { return nil }
        guard let reference = FlightReference(text), reference != .id(0) else {
            let hint = NearestWord.designator(for: text).map { " (did you mean \"\($0)\"?)" } ?? ""
            throw usageError("--flight needs an id (1234) or a designator (\"Pacific 123\"), not \"\(text)\"\(hint)")
        }
        return reference
    }

    /// Every `--kind` given (each may list several, `gate,time`), in order, without repeats.
    func kinds() throws(UsageError) -> [EventChange.Kind] {
        var kinds: [EventChange.Kind] = []
        let names = EventChange.Kind.allCases.map(\.rawValue)
        for text in values["--kind"] ?? flags["--kind"].map({ [$0] }) ?? [] {
            for word in text.split(separator: ",", omittingEmptySubsequences: false) {
                guard let kind = EventChange.Kind(rawValue: word.lowercased()) else {
                    throw usageError(
                        "--kind needs one of \(names.joined(separator: ", ")), not \"\(word)\""
                            + NearestWord.hint(for: String(word), among: names))
                }
                if !kinds.contains(kind) { kinds.append(kind) }
            }
        }
        return kinds
    }
}
