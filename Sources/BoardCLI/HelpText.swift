/// `board --help` and `board help COMMAND`: what each command does, its flags, examples.
enum HelpText {
    static let overview = """
        board: the flight board of your airport, in the terminal.

        usage: board [TAB] [--hide-past] [--date D]   the board; TAB is also remembered
               board show FLIGHT [--date D]           one flight, remembered as the last
               board last                             the last viewed flight
               board next | board prev                the one after / before it
               board soonest [TAB]                    the next flight not yet past
               board search TEXT [--tab TAB]          city, airline, number or gate
               board pin FLIGHT | unpin FLIGHT | pins keep flights at the top
               board watch [TAB] [--hide-past]        live, full screen (q quits)
               board status [--format FMT] [--tmux]   one line for a status bar
               board clock [set TIME | advance DURATION]
               board bench [--clients N | --watchers N] load the daemon
               board completions bash|zsh|fish        a shell completion script
               board help [COMMAND] | --help | --version

        TAB is arrivals, all or departures. FLIGHT is an id (1234) or a designator
        ("Pacific 123", pacific123). D is YYYY-MM-DD, today, tomorrow or +N.

        Every command takes:
          --json            print JSON ("schema": 1) for scripts
          --socket PATH     the daemon's socket (BOARD_SOCKET; default
                            $XDG_RUNTIME_DIR/board/boardd.sock)
          --color WHEN      auto (default), always or never; NO_COLOR turns it off
          --no-autostart    never start boardd (BOARD_NO_AUTOSTART=1)
          --state-dir DIR   the tab, last flight and pins (BOARD_STATE_DIR)

        Exit status: 0 done, 1 error, 2 usage, 3 no daemon, 4 not found, 130 interrupt.
        'board help COMMAND' shows a command's details and examples.
        """

    static let commands: [String: String] = [
        "board": """
        usage: board [arrivals|all|departures] [--hide-past] [--date D]

        Prints the board for one day: a header, the tabs with their badges
        (counts for arrivals and departures, the date for all), then one row a
        flight: time (and the new time when it changed), flight, from/to, gate,
        status, id. Pinned flights come first. A TAB argument selects that tab
        for later commands too.

          --hide-past   leave out flights whose time has passed (pins stay)
          --date D      another day in the window: YYYY-MM-DD, today, tomorrow, +N

        examples:
          board
          board arrivals --hide-past
          board departures --date tomorrow
          board all --json | jq '.flights[0]'
        """,
        "show": """
        usage: board show FLIGHT [--date D]

        Shows one flight: its times, gate, status, progress in the air and its
        last 10 days of on-time history. It becomes the last viewed flight.
        A designator means today's flight, else the next one in the window.

        examples:
          board show 1234
          board show "Pacific 123"
          board show pacific123 --date tomorrow
        """,
        "last": """
        usage: board last

        Shows the last viewed flight again (status 4 when none was viewed, or
        when it has left the board).

        example:
          board last --json
        """,
        "next": """
        usage: board next

        Shows the flight after the last viewed one in the selected tab, in time
        order, crossing into the next day; it becomes the last viewed.

        examples:
          board show 1234 && board next
          board departures >/dev/null && board next
        """,
        "prev": """
        usage: board prev

        Shows the flight before the last viewed one in the selected tab; it
        becomes the last viewed.

        example:
          board prev
        """,
        "soonest": """
        usage: board soonest [TAB]

        Shows the next flight that is neither past nor canceled, in TAB or the
        selected tab.

        examples:
          board soonest
          board soonest departures --json
        """,
        "search": """
        usage: board search TEXT [--tab TAB]

        Finds flights across the whole window by city, airline, number or gate
        (ignoring case), grouped by day with a count a day.

        examples:
          board search miami
          board search "pacific 5" --tab departures
          board search B3
        """,
        "pin": """
        usage: board pin FLIGHT [--date D]

        Pins a flight: it stays at the top of its day's board, even with
        --hide-past. 'board pins' lists pins; 'board unpin' removes one.

        example:
          board pin "Southeast 282"
        """,
        "unpin": """
        usage: board unpin FLIGHT

        Removes a pin, by id or designator.

        example:
          board unpin 1234
        """,
        "pins": """
        usage: board pins

        Lists the pinned flights, and those that have left the board.

        example:
          board pins --json
        """,
        "watch": """
        usage: board watch [TAB] [--hide-past] [--rotate SECONDS]

        The live board, full screen, updated by the daemon as flights move.
        Keys: Tab/Shift-Tab or left/right switch tabs (and keep the choice),
        up/down or j/k move, Enter opens a flight, Esc goes back, n/p next and
        previous flight, h hides past flights, / searches, P pins, q quits.
        When the daemon goes away the last board stays, with its age, and the
        view reconnects by itself.

        Not on a terminal, it prints one board per update; with --json one
        JSON board per line.

          --hide-past        start with past flights hidden
          --rotate SECONDS   page through a long board, for an unattended screen

        examples:
          board watch
          board watch departures --hide-past
          board watch --json | jq -c '.tabs'
        """,
        "status": """
        usage: board status [--format FMT] [--tmux]

        Prints exactly one line for a status bar within 200 ms, even when the
        daemon is down or hung (then "\(StatusLine.offlineText)"). It never starts a daemon.

        FMT placeholders:
        \(StatusLine.placeholders.map { "  \($0.0.padding(13))\($0.1)" }.joined(separator: "\n"))
        default: \(StatusLine.defaultFormat)

          --tmux   colour the status with tmux #[fg=...] codes
          --json   one object: "online", "line" and each placeholder by name

        examples:
          board status
          board status --format '{next} {time} {gate}'
          set -g status-right '#(board status --tmux)'
        """,
        "clock": """
        usage: board clock [set TIME | advance DURATION]

        Shows the daemon's clock. With a simulated clock (boardd --now TIME
        [--speed X]), 'set' moves it to TIME (ISO-8601, or HH:MM today) and
        'advance' moves it by DURATION (90m, 2h, 1h30m, 1d; negative goes back).
        Both are refused on the real clock.

        examples:
          board clock
          board clock set 2026-11-30T09:00
          board clock advance 90m
        """,
        "bench": """
        usage: board bench [--clients N] [--duration S] [--method M] [--params JSON]
               board bench --watchers N [--rounds R]
               board bench --resp KEY [--payload FILE] ...   (the same, against Redis)

        Measures the daemon. Request/response: N clients (default 50) send
        board.get (or --method with --params) back to back for S seconds
        (default 5) and it prints requests per second and p50/p99/max latency.
        Fan-out: N watchers, then R rounds (default 20) of one clock.advance
        each, timed until every watcher holds the new board. Both print the
        server's peak memory. Needs a daemon on a simulated clock for fan-out.

        --resp KEY speaks Redis's protocol to the server on --socket: GET KEY,
        or SUBSCRIBE KEY and PUBLISH the --payload FILE for fan-out, so both
        sides are measured with one client design (scripts/bench-vs-redis.sh).

        examples:
          board bench --clients 50 --duration 5
          board bench --clients 1 --method flight.get --params '{"id":8087}'
          board bench --watchers 5000 --rounds 20 --json
          board bench --resp board --socket /tmp/redis.sock --clients 50
        """,
        "completions": """
        usage: board completions bash|zsh|fish

        Prints a completion script for the shell: commands, flags, tab names,
        flag values, and the day's flight ids after show, pin and unpin (asked
        of the daemon with 'board completions --ids', which answers within
        about 200 ms and prints nothing when no daemon runs; it never starts one).
        scripts/install.sh installs all three where the shells look.

        examples:
          source <(board completions bash)                       # in ~/.bashrc
          board completions zsh > ~/.zfunc/_board                # a directory in $fpath
          board completions fish > ~/.config/fish/completions/board.fish
        """,
        "help": """
        usage: board help [COMMAND]

        Shows the overview, or one command's details and examples.

        example:
          board help watch
        """,
    ]

    static func text(for topic: String?) -> String {
        guard let topic else { return overview }
        return commands[topic] ?? overview
    }
}

extension String {
    func padding(_ width: Int) -> String { count >= width ? self + " " : self + String(repeating: " ", count: width - count) }
}
