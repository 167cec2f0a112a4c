import BoardArguments
import BoardSystem
import FlightData

/// `board watch [TAB] [--hide-past] [--rotate SECONDS] [--reduced-motion] [filters] [--countdown]`: the live board, full screen.
struct WatchCommand: BoardCommand, Equatable {
    static let spec = CommandSpec(
        name: "watch",
        summary: "the live board, full screen",
        overview: OverviewLine("board watch [TAB] [--hide-past]", "live, full screen (q quits)"),
        flags: [
            .hidePast,
            Flag("--rotate", value: .number, summary: "page through the board and its tabs every SECONDS"),
            Flag("--reduced-motion", summary: "nothing moves by itself: no rotation"),
            .wide,
        ] + FlightFilter.flags + [.within, .countdown],
        positional: .tabs,
        help: """
            usage: board watch [TAB] [--hide-past] [--rotate SECONDS] [--reduced-motion]
                               [--wide] [--airline A] [--city TEXT] [--gate G]
                               [--terminal T] [--status S] [--within DURATION]
                               [--countdown]

            The live board, full screen, updated by the daemon as flights move.
            \(LiveKeyMap.helpParagraph)
            When no daemon answers, it starts one (as every command does). When the
            daemon goes away or stops answering (within about five seconds) the last
            board stays, with its age, and the view reconnects by itself. It reopens
            as you left it (hide-past, search results, the open flight), the last
            flight you viewed marked with › and the cursor on it, else on the first
            flight not yet past.

            Not on a terminal, it prints one board per update; with --json one
            JSON board per line.

              --hide-past        start with past flights hidden
              --rotate SECONDS   a wall screen: every SECONDS (2 to 3600) the next
                                 page of the board ("page 2/3" by the tabs), after
                                 the last page the next tab, cycling. Keys still
                                 work; a key holds the page for one more period,
                                 and it waits while a flight or search is open.
              --reduced-motion   nothing moves by itself: no rotation (also
                                 BOARD_REDUCED_MOTION=1). Nothing blinks either way.
              --wide             every column, also terminal, codeshares and remark,
                                 whatever the width; a longer row is cut with …
              --countdown        the time column says the time left (boards in
                                 10 min, closes in 4 min, lands in 12 min, in 25
                                 min) within 3 hours, as on 'board --countdown'

            Filters, as on the one-shot board (see 'board help board'): each
            repeatable or comma-separated, a flight must match every kind given.
            Each board is filtered as it arrives: the rows, the cursor and n/p
            see only matching flights, and the tab bar says what is filtered.
            Every tab's count and badge is the filtered count: with a filter on,
            the view follows the all tab and lists a direction tab's flights
            from it.
              --airline A        the operating airline
              --city TEXT        any part of the other city's name
              --gate G           the current gate
              --terminal T       the terminal
              --status S         the status now
              --within D         only flights due from now to D after it (90m,
                                 2h; 1m to 24h), counted from each board's time

            examples:
              board watch
              board watch departures --hide-past
              board watch --rotate 15
              board watch departures --airline Pacific --countdown
              board watch --json | jq -c '.tabs'
            """
    )

    var tab: Tab?
    var hidePast = false
    var rotateSeconds: Int?
    var reducedMotion = false
    var wide = false
    var filter = FlightFilter()
    var countdown = false

    /// The seconds `--rotate` accepts.
    static let rotateRange = 2...3600

    init(
        tab: Tab? = nil, hidePast: Bool = false, rotateSeconds: Int? = nil, reducedMotion: Bool = false, wide: Bool = false,
        filter: FlightFilter = FlightFilter(), countdown: Bool = false
    ) {
        self.tab = tab
        self.hidePast = hidePast
        self.rotateSeconds = rotateSeconds
        self.reducedMotion = reducedMotion
        self.wide = wide
        self.filter = filter
        self.countdown = countdown
    }

    init(_ arguments: CommandArguments) throws(UsageError) {
        if let text = arguments.flags["--rotate"] {
            guard let seconds = Int(text), Self.rotateRange.contains(seconds) else {
                let range = Self.rotateRange
                throw arguments.usageError(
                    "--rotate needs a number of seconds from \(range.lowerBound) to \(range.upperBound), not \"\(text)\"")
            }
            rotateSeconds = seconds
        }
        tab = try arguments.optionalTab()
        hidePast = arguments.has("--hide-past")
        reducedMotion = arguments.has("--reduced-motion")
        wide = arguments.has("--wide")
        filter = try arguments.flightFilter()
        filter.within = try arguments.within()
        countdown = arguments.has("--countdown")
    }

    /// `--reduced-motion`, or `BOARD_REDUCED_MOTION` set to anything but `0` or nothing.
    static func reducedMotion(flag: Bool, environment: String?) -> Bool {
        flag || (environment.map { !$0.isEmpty && $0 != "0" } ?? false)
    }

    func run(on client: inout BoardClient) throws(ClientError) {
        client.select(tab)
        try LiveView.run(
            client: client, tab: tab ?? client.state.tab, hidePast: hidePast, rotateSeconds: rotateSeconds,
            reducedMotion: Self.reducedMotion(flag: reducedMotion, environment: BoardPaths.environment("BOARD_REDUCED_MOTION")),
            wide: wide, filter: filter, countdown: countdown)
    }
}

extension Flag {
    /// `--wide` on the boards (`board`, `board watch`): every column whatever the width.
    static let wide = Flag("--wide", summary: "every column (terminal, codeshares, remark) whatever the width")
}
