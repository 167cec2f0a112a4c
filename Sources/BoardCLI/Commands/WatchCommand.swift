import BoardArguments
import BoardLink
import BoardProtocol
import BoardSystem
import FlightData

/// `board watch [TAB|FLIGHT] [--route R] [--print-route] [--hide-past] [--rotate SECONDS] [--reduced-motion]
/// [filters] [--countdown]`: the live board, full screen.
struct WatchCommand: BoardCommand, Equatable {
    static let spec = CommandSpec(
        name: "watch",
        summary: "the live board, full screen",
        overview: OverviewLine("board watch [TAB|FLIGHT] [--hide-past]", "live, full screen (q quits)"),
        flags: [
            .hidePast,
            .date,
            Flag("--route", value: .free, summary: "open this route (from R or --print-route)"),
            Flag("--print-route", summary: "print the route of what this pane's live view shows"),
            Flag("--rotate", value: .number, summary: "page through the board and its tabs every SECONDS"),
            Flag("--reduced-motion", summary: "nothing moves by itself: no rotation"),
            Flag(
                "--layout", value: .choices(LiveLayout.allCases.map(\.rawValue)),
                summary: "board and flight side by side: auto (from 150 columns), stack (never) or split (from 120)"),
            .wide,
        ] + FlightFilter.flags + [.within, .countdown],
        positional: .tabsAndFlightIDs,
        help: """
            usage: board watch [TAB] [--date D] [--hide-past] [--rotate SECONDS]
                               [--reduced-motion] [--layout L] [--wide] [--airline A] [--city TEXT]
                               [--gate G] [--terminal T] [--status S]
                               [--within DURATION] [--countdown]
                   board watch FLIGHT [--date D]
                   board watch --route ROUTE
                   board watch --print-route

            The live board, full screen, updated by the daemon as flights move.
            \(LiveKeyMap.helpParagraph)
            When no daemon answers, it starts one (as every command does). When the
            daemon goes away or stops answering (within about five seconds) the last
            board stays, with its age, and the view reconnects by itself, starting a
            daemon again if one died (not one that was stopped on purpose). It reopens
            as you left it (the tab, hide-past, and each tab's search results and
            open flight: every tab keeps its own path), the last flight you viewed
            marked with › and the cursor on it, else on the first flight still to
            come. A tab given (board watch departures) or --rotate starts on that
            tab's board of today, nothing open over it. Inside tmux each pane
            reopens its own view ($TMUX_PANE, with the server's socket for a
            tmux -L or -S server); outside tmux one view is shared.

            Layouts: on a pane of 150 columns or more (--layout auto) the board
            stays on the left, at the width its columns need, and the open flight
            is on the right, past a divider; with nothing open the right side shows
            the flight under the cursor and says that Enter shows its details there.
            Enter gives the keys to the details (n, p, a, P, w work there as in the
            stack), Esc gives them back to the list, and moving the list's cursor
            shows the flight under it on the right in place of the one shown (one
            fetch at a time; the keys never wait). Narrower, the same screens are
            one stack: the flight on the right is the top of it, and Esc lands on
            the board with the cursor on that flight; widened again, both sides
            come back. The route (R, --print-route) is the same at every width.

            Deep links: 'board watch FLIGHT' (an id or designator, as 'board show'
            takes it) opens that flight over its day's board, in its direction's tab
            (or the tab you had, when it holds the flight), the cursor on it: Esc
            lands on the board, and Esc on another day's board goes to today's.
            'board watch [TAB] --date D' (tomorrow, +2, YYYY-MM-DD) opens that
            day's board. A route names a screen: the tab (@DATE for another day, +hide-past),
            then search/TEXT and a flight/ID@DATE for each flight of the stack
            (Enter, n and p open one on top of another; at most 8), such as
            departures/flight/1234@2026-12-01. R in the live view shows the route
            (and puts it in tmux's paste buffer); --print-route prints the route of
            this pane's view for a script or a tmux binding; --route opens it. A
            malformed route is refused with status 2, a flight no longer on the
            board or a day outside the window with status 4, before the screen
            opens.

            Not on a terminal (or on TERM=dumb), it prints one board per update;
            with --json one JSON board per line. A route (or FLIGHT) names the
            same screen there: a search's results are printed as 'board search'
            prints them (past flights left out with +hide-past), a flight as
            'board show' shows it, each again when an update changes it; the
            board is the route's tab and day, with its hide-past.

              --hide-past        start with past flights hidden
              --date D           that day's board, or with FLIGHT that day's
                                 flight (YYYY-MM-DD, today, tomorrow, +N)
              --route ROUTE      open the screen ROUTE names
              --print-route      print the route of this pane's live view
                                 (the plain board's when none was saved) and exit;
                                 with --json {"schema":1,"route":"..."}
              --rotate SECONDS   a wall screen: every SECONDS (2 to 3600) the next
                                 page of the board ("page 2/3" by the tabs), after
                                 the last page the next tab, cycling. Keys still
                                 work; a key holds the page for one more period,
                                 and it waits while a flight or search is open.
              --reduced-motion   nothing moves by itself: no rotation (also
                                 BOARD_REDUCED_MOTION=1). Nothing blinks either way.
              --layout L         auto (split from 150 columns), stack (one screen
                                 at a time at every width) or split (from 120
                                 columns); kept for this pane like its tab
              --wide             every column, also terminal, codeshares and remark,
                                 whatever the width; a longer row is cut with …
                                 (piped with no COLUMNS, never)
                                 (without it they appear at 100, 120 and 160
                                 columns, and the belt on All at 100)
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
              board watch --layout split
              board watch "Overland 256" --date tomorrow
              board watch --route departures/flight/4912@2026-12-01
              tmux split-window "board watch --route $(board watch --print-route)"
              board watch departures --airline Pacific --countdown
              board watch --json | jq -c '.tabs'
            """
    )

    var tab: Tab?
    /// A deep link: this flight over its day's board.
    var flight: FlightReference?
    var date: DateSpec?
    var route: LiveRoute?
    var printRoute = false
    var hidePast = false
    var rotateSeconds: Int?
    var reducedMotion = false
    var wide = false
    var filter = FlightFilter()
    var countdown = false
    /// `--layout`: nil when not given (the pane's saved layout, else `auto`).
    var layout: LiveLayout?

    /// The seconds `--rotate` accepts.
    static let rotateRange = 2...3600

    init(
        tab: Tab? = nil, hidePast: Bool = false, rotateSeconds: Int? = nil, reducedMotion: Bool = false, wide: Bool = false,
        filter: FlightFilter = FlightFilter(), countdown: Bool = false, layout: LiveLayout? = nil
    ) {
        self.tab = tab
        self.hidePast = hidePast
        self.rotateSeconds = rotateSeconds
        self.reducedMotion = reducedMotion
        self.wide = wide
        self.filter = filter
        self.countdown = countdown
        self.layout = layout
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
        if arguments.positionals.count == 1, let only = arguments.positionals.first, let chosen = Tab(rawValue: only) {
            tab = chosen
        } else if !arguments.positionals.isEmpty {
            let text = arguments.positionals.joined(separator: " ")
            guard FlightReference(text) != nil else {
                throw arguments.usageError(
                    "expected a tab (arrivals, all or departures) or a flight (1234, \"Pacific 123\"), not \"\(text)\"")
            }
            flight = try arguments.flight()
        }
        date = try arguments.date()
        if let text = arguments.flags["--route"] {
            guard tab == nil, flight == nil else {
                throw arguments.usageError("--route names the whole screen: give it without a TAB or FLIGHT")
            }
            guard date == nil else {
                throw arguments.usageError("--route names the day too (all@2026-12-01): give it without --date")
            }
            switch LiveRoute.parse(text) {
            case .success(let parsed): route = parsed
            case .failure(let malformed): throw arguments.usageError("--route: \(malformed.reason)")
            }
        }
        printRoute = arguments.has("--print-route")
        if printRoute, tab != nil || flight != nil || route != nil || date != nil {
            throw arguments.usageError("--print-route only prints: give it without a TAB, FLIGHT, --date or --route")
        }
        hidePast = arguments.has("--hide-past")
        reducedMotion = arguments.has("--reduced-motion")
        wide = arguments.has("--wide")
        filter = try arguments.flightFilter()
        filter.within = try arguments.within()
        countdown = arguments.has("--countdown")
        if let text = arguments.flags["--layout"] {
            guard let chosen = LiveLayout(rawValue: text) else {
                throw arguments.usageError("--layout needs \(LiveLayout.choices), not \"\(text)\"")
            }
            layout = chosen
        }
    }

    /// `--reduced-motion`, or `BOARD_REDUCED_MOTION` set to anything but `0` or nothing.
    static func reducedMotion(flag: Bool, environment: String?) -> Bool {
        flag || (environment.map { !$0.isEmpty && $0 != "0" } ?? false)
    }

    func run(on client: inout BoardClient) throws(ClientError) {
        let pane = SavedLiveViews.pane(tmux: BoardPaths.environment("TMUX"), tmuxPane: BoardPaths.environment("TMUX_PANE"))
        let saved = client.state.liveView[pane]
        if printRoute {
            let route = Self.route(of: saved, remembered: client.state.tab).description
            return Output.print(client.options.json ? (["schema": 1, "route": .string(route)] as JSON).text : route)
        }
        client.select(tab)
        var start = LiveView.Start(pane: pane, restoring: saved)
        var shownTab = tab ?? saved?.tab ?? client.state.tab
        if let flight {
            let connection = try client.connect()
            let details = try client.details(of: flight, on: date, over: connection)
            shownTab = Self.tab(for: details.flight, remembered: shownTab)
            start = Self.deepLink(
                to: [.flight(id: details.flight.id, date: details.flight.date, flightName: details.flight.flightName)],
                tab: shownTab, date: details.flight.date, today: details.now, hidePast: saved?.hidePast ?? false,
                over: saved, remembered: client.state.tab, pane: pane)
        } else if let route = route ?? date.map({ LiveRoute(tab: shownTab, date: $0.description) }) {
            // A route, or another day's board (`board watch departures --date tomorrow`).
            start = try Self.open(route, on: client, over: saved, remembered: client.state.tab, pane: pane)
            shownTab = start.restoring?.tab ?? route.tab
        } else if tab != nil || rotateSeconds != nil {
            start.restoring = saved.map { Self.onTheBoard($0, tab: shownTab, rotating: rotateSeconds != nil) }
        }
        // A route's hide-past, as its screens, holds on a terminal or off it.
        let hidePast = hidePast || route?.hidePast == true
        if route != nil || flight != nil, !Self.fullScreen(json: client.options.json),
            let screen = RouteStream.screen(of: start.restoring?.screens ?? [])
        {
            let options = RouteStream.Options(
                tab: shownTab, hidePast: hidePast, date: start.restoring?.date, filter: filter, wide: wide)
            return try RouteStream.run(client: client, screen: screen, options: options)
        }
        try LiveView.run(
            client: client, tab: shownTab, hidePast: hidePast, rotateSeconds: rotateSeconds,
            reducedMotion: Self.reducedMotion(flag: reducedMotion, environment: BoardPaths.environment("BOARD_REDUCED_MOTION")),
            wide: wide, filter: filter, countdown: countdown, layout: layout, start: start)
    }

    /// Whether `board watch` takes the whole screen: stdin and stdout a terminal that moves its cursor
    /// (not `TERM=dumb`, an Emacs shell buffer), and no `--json`; else it prints as into a pipe.
    /// (The same test as `LiveView.run`'s.)
    static func fullScreen(json: Bool) -> Bool {
        FileDescriptor.standardOutput.isTerminal && FileDescriptor.standardInput.isTerminal && !json
            && BoardPaths.environment("TERM") != "dumb"
    }

    /// What an explicit tab (`board watch departures`) or `--rotate` reopens of a pane's saved view:
    /// today's board of `tab`, nothing open over it, hide-past as it was; the other tabs keep their
    /// paths, except on a wall screen, which turns through every tab's board.
    static func onTheBoard(_ saved: SavedLiveView, tab: Tab, rotating: Bool) -> SavedLiveView {
        var others = saved.stacks(shownTab: tab)
        others[tab] = nil
        return SavedLiveView(
            hidePast: saved.hidePast, screens: [], tab: tab, date: nil, layout: saved.layout, otherTabs: rotating ? [:] : others)
    }

    /// The tab a deep link opens: the one the pane had when it holds the flight, else the flight's direction.
    static func tab(for flight: FlightDocument, remembered: Tab) -> Tab {
        switch (remembered, flight.direction) {
        case (.all, _), (.arrivals, .arrival), (.departures, .departure): remembered
        case (_, .arrival): .arrivals
        case (_, .departure): .departures
        }
    }

    /// The view a deep link starts: `screens` over the board of `date` (today's when it is today) in
    /// `tab`, the cursor on the flight; the pane's other tabs keep their paths.
    static func deepLink(
        to screens: [SavedLiveView.Screen], tab: Tab, date: String?, today now: String, hidePast: Bool,
        over saved: SavedLiveView?, remembered: Tab, pane: String
    ) -> LiveView.Start {
        let today = String(now.prefix(10))
        let others = (saved?.stacks(shownTab: remembered) ?? [:]).filter { $0.key != tab }
        let view = SavedLiveView(
            hidePast: hidePast, screens: screens, tab: tab, date: date == today ? nil : date, layout: saved?.layout ?? .auto,
            otherTabs: others)
        let flight = screens.compactMap { screen -> LiveModel.FlightKey? in
            if case .flight(let id, let date, let name) = screen { return LiveModel.FlightKey(id: id, date: date, name: name) }
            return nil
        }.first
        return LiveView.Start(pane: pane, restoring: view, lastViewed: flight)
    }

    /// `--route`: the board's day checked against the window and each flight looked up, before the
    /// screen opens; a day or flight no longer there is refused (status 4).
    static func open(
        _ route: LiveRoute, on client: BoardClient, over saved: SavedLiveView?, remembered: Tab, pane: String
    ) throws(ClientError) -> LiveView.Start {
        let connection = try client.connect()
        let board: BoardDocument
        do {
            let request = BoardGetRequest(tab: route.tab, date: route.boardDate.flatMap(DateSpec.init))
            board = try client.decode(BoardDocument.self, try connection.call(request))
        } catch let error as ConnectionError {
            throw ClientError(error, socket: client.socket, autostartOffBy: nil)
        } catch let error as ClientError {
            throw error
        } catch {
            throw .failure("\(error)")
        }
        var screens: [SavedLiveView.Screen] = []
        var directions = Set<Direction>()
        for screen in route.screens {
            switch screen {
            case .search(let text): screens.append(.searchResults(text: text))
            case .flight(let key):
                // A day the window has passed held the flight once; a day still in it never did.
                let gone = ClientError.notFound(
                    (key.date < String(board.now.prefix(10))
                        ? "flight \(key.id) of \(key.date) is no longer on the board" : "no flight \(key.id) on \(key.date)")
                        + "; 'board watch' opens the board")
                // A route's flights have their day (`LiveRoute` reads none without one).
                guard let identity = key.identity else { throw gone }
                let json: JSON
                do { json = try connection.call(FlightGetRequest(identity)) } catch {
                    if case .remote(let refusal) = error, refusal.code == .notFound || refusal.code == .outsideWindow {
                        throw gone
                    }
                    throw ClientError(error, socket: client.socket, autostartOffBy: nil)
                }
                let flight = try client.decode(FlightDetailsDocument.self, json).flight
                directions.insert(flight.direction)
                screens.append(.flight(id: flight.id, date: flight.date, flightName: flight.flightName))
            }
        }
        // The board's own day: the route's `tomorrow` or `+2` as the daemon read it. A flight of the
        // other direction than the route's tab opens over its own direction's tab (all for both), as
        // `board watch FLIGHT` does: over a tab without it, Esc landed on a board that never held it.
        let tab =
            directions.allSatisfy(route.tab.includesDirection)
            ? route.tab : directions.count == 1 ? (directions.first == .arrival ? .arrivals : .departures) : .all
        return deepLink(
            to: screens, tab: tab, date: board.date, today: board.now, hidePast: route.hidePast, over: saved,
            remembered: remembered, pane: pane)
    }

    /// The route of a pane's saved view; the plain board's (the remembered tab) when none was saved.
    static func route(of saved: SavedLiveView?, remembered: Tab) -> LiveRoute {
        guard let saved else { return LiveRoute(tab: remembered) }
        var model = LiveModel(
            tab: saved.tab ?? remembered, hidePast: false, pins: [], lastViewed: nil, restoring: saved,
            style: Style(enabled: false), rotate: nil)
        model.hidePast = saved.hidePast
        return model.route
    }
}

extension Flag {
    /// `--wide` on the boards (`board`, `board watch`): every column whatever the width.
    static let wide = Flag("--wide", summary: "every column (terminal, codeshares, remark) whatever the width")
}
