import BoardArguments
import BoardProtocol
import FlightData

/// `board [TAB] [--hide-past] [--date D] [filters] [--within D] [--countdown]`: the board for one day; a TAB argument also selects it.
struct BoardViewCommand: BoardCommand, Equatable {
    /// Every status's command-line name (`FlightStatus.commandLineNames`), wrapped under `--status`'s
    /// description in `board help board`.
    static var statusChoices: String {
        LiveKeyMap.wrap(FlightStatus.commandLineNames.joined(separator: ", "), width: 60)
            .split(separator: "\n").joined(separator: "\n" + String(repeating: " ", count: 18))
    }

    static let spec = CommandSpec(
        name: "board",
        summary: "the board for one day",
        overview: OverviewLine("board [TAB] [--hide-past] [--date D]", "the board; TAB is also remembered"),
        flags: [.hidePast, .date, .wide] + FlightFilter.flags + [.within, .countdown],
        positional: .commandsAndTabs,
        help: """
            usage: board [arrivals|all|departures] [--hide-past] [--date D] [--wide]
                         [--airline A] [--city TEXT] [--gate G] [--terminal T] [--status S]
                         [--within DURATION] [--countdown]

            Prints the board for one day: a header, the tabs with their badges
            (counts for arrivals and departures, the date for all), then one row a
            flight: time (and the new time when it changed), flight, from/to, gate,
            status, id. Pinned flights come first, in the watchlist's order
            ('board pins move'); hidden flights ('board hide') are left out, the
            header says how many, and the counts leave them out too. A TAB
            argument selects that tab for later commands too (not with --json,
            which only reads).

              --hide-past     leave out past flights, those the hall has taken
                              down (pins stay)
              --date D        another day in the window: YYYY-MM-DD, today, tomorrow, +N
              --wide          every column whatever the width, also the terminal,
                              codeshares and remark (a longer line is cut with …
                              on a terminal or at COLUMNS; piped, never cut);
                              without it they appear at 100, 120 and 160 columns

            Filters (each repeatable, or comma-separated: --gate A1,B5; a flight
            must match every kind given, and any value of a kind). The board
            filters what the daemon sends; the tab counts and badges count the
            filtered flights, and a line under the header says what is filtered
            (--json prints the board as filtered, its counts counted again, and
            states the filter: "filter": {"airline": ["Pacific"]}; "hidden": N
            counts the flights you hid that it leaves out).
              --airline A     the operating airline: \(FlightCatalog.airlines.joined(separator: ", "))
              --city TEXT     any part of the other city's name, case, spaces and
                              punctuation ignored: "ft worth" finds Dallas/Ft. Worth
              --gate G        the current gate: \(FlightFilter.gateNames.joined(separator: ", "))
              --terminal T    the terminal: \(FlightFilter.terminalNames.joined(separator: ", "))
              --status S      the status now, one of:
                              \(Self.statusChoices)
              --within D      only flights whose current time is from now to D
                              after it (90m, 2h, 1h30m; 1m to 24h); past flights
                              and pins outside the span are left out

            --countdown: the time column says the time left, for flights whose
            current time is 0 to 180 minutes after now (whole minutes rounded up:
            180 min 1 s is 181, and shows the clock time), and not past:
              boards in 10 min   a departure not yet boarding: until boarding starts
                                 (40 min before its time)
              closes in 4 min    a departure boarding or at final call: until the
                                 gate closes (10 min before its time)
              lands in 12 min    an arrival in the air
              in 25 min          any other: a closed gate, an arrival not yet in the air
            "now" at 0 minutes, the very minute a flight leaves or lands too.
            Canceled, diverted and past flights, departed and landed ones after
            that minute, and flights beyond 180 minutes keep their clock time. On a narrow
            screen the time column says only the minutes to the flight's time: 25m.

            Width: the board fits the terminal (else COLUMNS, else 80) and never
            wraps. Under 78 columns (83 with --countdown) the columns give way in
            this order until a row fits: FROM/TO shortens, TIME keeps only the
            current time, FROM/TO shortens again, GATE loses its change mark's
            room, BELT goes, STATUS drops its time, then GATE goes, then FROM/TO,
            then STATUS.
            FLIGHT and ID stay; the ID is the last to go (board show needs it), and
            only a line still too long (under 29 columns) is cut with …. show,
            search, events and board watch fit the same way.

            examples:
              board
              board arrivals --hide-past
              board departures --date tomorrow
              board departures --airline Pacific --countdown
              board --city "ft worth" --status delayed,canceled
              board departures --terminal B --within 2h
              board all --json | jq '.flights[0]'
            """
    )

    var tab: Tab?
    var hidePast = false
    var date: DateSpec?
    var filter = FlightFilter()
    var countdown = false
    var wide = false

    init(
        tab: Tab? = nil, hidePast: Bool = false, date: DateSpec? = nil, filter: FlightFilter = FlightFilter(),
        countdown: Bool = false, wide: Bool = false
    ) {
        self.tab = tab
        self.hidePast = hidePast
        self.date = date
        self.filter = filter
        self.countdown = countdown
        self.wide = wide
    }

    init(_ arguments: CommandArguments) throws(UsageError) {
        tab = try arguments.optionalTab()
        hidePast = arguments.has("--hide-past")
        date = try arguments.date()
        filter = try arguments.flightFilter()
        filter.within = try arguments.within()
        countdown = arguments.has("--countdown")
        wide = arguments.has("--wide")
    }

    func run(on client: inout BoardClient) throws(ClientError) {
        let selected = tab
        let tab = tab ?? client.state.tab
        var request = BoardGetRequest(tab: tab, hidePast: hidePast, date: date, pinned: client.pinnedParam)
        let result = try client.call(request)
        // Selected once the daemon showed the board: a refused day or no daemon changes no saved state.
        client.select(selected)
        let pins = Watchlist.keys(client.state.pins)
        let hidden = Watchlist.keys(client.state.hidden)
        // The daemon's bytes as they are when nothing is arranged, hidden or filtered.
        if filter.isEmpty, client.options.json, hidden.isEmpty, pins.count < 2 { return Output.print(result.text) }
        let daemonBoard = try client.decode(BoardDocument.self, result)
        // The other tabs' counts need the whole day: the all tab, asked for the same day and pins.
        var all: BoardDocument?
        let hiddenToday = hidden.contains { $0.date == daemonBoard.date }
        if tab != .all, !filter.isEmpty || hiddenToday {
            request.tab = .all
            request.date = DateSpec(daemonBoard.date) ?? request.date
            all = try client.decode(BoardDocument.self, try client.call(request))
        }
        let arranged = Watchlist.arrange(
            daemonBoard, pins: pins, hidden: hidden, all: all, counting: { filter.matches($0, now: daemonBoard.now) })
        var board = arranged.board
        if !filter.isEmpty {
            board = filter.apply(to: board, all: all.map { Watchlist.arrange($0, pins: pins, hidden: hidden).board })
        }
        if client.options.json {
            return Output.print(Watchlist.json(board, hidden: arranged.hiddenCount, filter: filter).text)
        }
        Output.print(render(board, with: client.renderer(wide: wide), hidden: arranged.hiddenCount))
    }

    func render(_ board: BoardDocument, with renderer: BoardRenderer, hidden: Int = 0) -> String {
        var renderer = renderer
        renderer.countdown = countdown
        renderer.wide = wide
        if !filter.isEmpty { renderer.filterNote = filter.description }
        renderer.hiddenNote = Watchlist.hiddenNote(hidden)
        return renderer.board(board)
    }
}

extension BoardClient {
    /// Makes `tab`, when given, the selected tab for later commands; not with `--json`, which only reads.
    mutating func select(_ tab: Tab?) {
        guard let tab, tab != state.tab, !options.json else { return }
        state.tab = tab
        saveState()
    }
}
