import BoardArguments
import BoardProtocol
import BoardSystem
import FlightData

/// `board log FLIGHT [--date D]`: the flight's timeline so far, what was announced when and each step it took.
struct LogCommand: FlightArgumentCommand, Equatable {
    static let spec = CommandSpec(
        name: "log",
        summary: "a flight's timeline so far: announcements and steps",
        overview: OverviewLine("board log FLIGHT", "a flight's changes so far"),
        flags: [.date],
        positional: .flightIDs,
        help: """
            usage: board log FLIGHT [--date D]

            The flight's timeline up to the daemon's now: each change (a new time, a
            gate change, a cancellation or diversion, each status it took, its
            baggage belt) at the time it happened, with the words it was announced
            in. A designator means today's flight, else the next one in the window,
            as for 'board show'. With --json, one change a line (NDJSON), as
            'board events --json' prints them.

              --date D   the flight of day D (YYYY-MM-DD, today, tomorrow, +N)

            examples:
              board log 1234
              board log "Pacific 578" --date tomorrow
              board log 1234 --json | jq -r '.kind'
            """
    )

    var flight: FlightReference
    var date: DateSpec?

    init(flight: FlightReference, date: DateSpec? = nil) {
        self.flight = flight
        self.date = date
    }

    func run(on client: inout BoardClient) throws(ClientError) {
        let connection = try client.connect()
        let details = try client.details(of: flight, on: date, over: connection)
        let flight = details.flight
        let identity = try client.identity(of: flight)
        // From noon the day before (at the daemon's airport), so that the flight's first step, at its
        // day's very start, is in its log: `events.get` lists changes after `since`, and nothing of
        // the flight comes before its day. Not 23:59, a minute that a clock change can skip (Nuuk
        // springs from 22:59 to 00:00): read as 00:59, it left out the day's first hour.
        let request = EventsGetRequest(
            filter: EventFilterParams(flight: try client.eventFlight(flight)), since: "\(identity.date.adding(days: -1))T12:00")
        if client.options.json {
            var printed = 0
            _ = try EventStream.all(on: connection, request) { change in
                printed += 1
                Output.print(change.json(numbered: printed).text)
            }
            return
        }
        var changes: [EventChange] = []
        _ = try EventStream.all(on: connection, request) { change in changes.append(change) }
        let today = EventTime.date(of: details.now)
        let lines = Self.timeline(changes, announcements: details.announcements, today: today, width: Output.width())
        Output.print(([cut(Self.header(flight), Output.width())] + lines).joined(separator: "\n"))
    }

    /// `Pacific 123  to Denver  Mon Nov 30  Boarding`.
    static func header(_ flight: FlightDocument) -> String {
        var day = flight.date
        if let date = LocalDate(flight.date) {
            day = "\(LocalDate.weekdayAbbreviations[date.weekday]) \(date.shortName)"
        }
        let way = flight.isArrival ? "from" : "to"
        return "\(flight.flightName)  \(way) \(flight.otherAirport)  \(day)  \(StatusAppearance(flight.status).title)"
    }

    /// The timeline's lines: each change with the announcement made with it, and any announcement no change carries.
    static func timeline(
        _ changes: [EventChange], announcements: [FlightDetailsDocument.AnnouncementEntry], today: String?, width: Int
    ) -> [String] {
        var unused = announcements
        var entries: [(at: String, line: String)] = changes.map { change in
            // The announcement of this change: the same kind at the same minute.
            let index = unused.firstIndex { $0.kind == change.kindName && $0.at.prefix(16) == change.at.prefix(16) }
            let note = index.map { unused.remove(at: $0).text }
            return (change.at, ChangeLine.line(change, today: today, width: width, showsFlight: false, note: note))
        }
        for announcement in unused {
            let when = ChangeLine.when(announcement.at, today: today)
            let line = [when, ChangeLine.padded(announcement.kind, ChangeLine.kindWidth), announcement.text].joined(
                separator: "  ")
            entries.append((announcement.at, cut(line, width)))
        }
        guard !entries.isEmpty else { return ["No changes yet."] }
        // By the instant, not the text: in the hour a fall-back repeats, 01:48-04:00 comes before
        // 01:14-05:00. Stable: changes of one instant keep the daemon's order.
        let first = entries[0].at
        let order = entries.map { RecentChange.seconds(from: first, to: $0.at) ?? 0 }
        return entries.indices.sorted { (order[$0], $0) < (order[$1], $1) }.map { entries[$0].line }
    }
}
