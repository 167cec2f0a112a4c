import BoardArguments

/// `board status [--format FMT] [--tmux | --waybar]`: one line for a status bar.
struct StatusCommand: BoardCommand, Equatable {
    static let spec = CommandSpec(
        name: "status",
        summary: "one line for a status bar",
        overview: OverviewLine("board status [--format FMT] [--tmux]", "one line for a status bar"),
        flags: [
            Flag("--format", value: .free, summary: "the line's format, with %-codes (%n %t %g)"),
            Flag("--tmux", summary: "tmux colour codes"),
            Flag("--waybar", summary: "waybar's JSON: text, tooltip and class"),
        ] + FlightFilter.flags + [.within],
        positional: .nothing,
        help: """
            usage: board status [--format FMT] [--tmux | --waybar] [--airline A]
                                [--city TEXT] [--gate G] [--terminal T] [--status S]
                                [--within D]

            Prints exactly one line for a status bar within 200 ms, even when the
            daemon is down or hung (then "\(StatusLine.offlineText)"). When no daemon
            answers it starts one in the background (unless autostart is off) and
            prints the offline marker this once; it never waits for the daemon. One
            that could not start (a config it refused) is said as "\(StatusLine.startFailedText)",
            and another is started at most once a minute. A daemon that will not
            serve this client says so: "\(StatusLine.busyText)" (its --max-clients reached),
            "\(StatusLine.versionMismatchText)", "\(StatusLine.permissionDeniedText)",
            "\(StatusLine.untrustedText)". Offline for longer? Any
            other command (board clock) says why. On a terminal, or with COLUMNS
            set, the default line gives up the status, "next", the gate and the
            airport's code, in that order, to fit the width; anything longer still
            (or a FMT of yours) is cut with … (not with --tmux: tmux's
            status-right-length cuts it).

            For 10 minutes of the daemon's clock after a pinned flight of today
            changes, the line starts with it: "◆ Pacific 123 Gate changed from A3".

            FMT codes (each also as {name}, such as {next}; %% is a percent sign):
            \(StatusFormat.codes.map { "  %\($0.letter)  \("{\($0.field.rawValue)}".padding(13))\($0.meaning)" }.joined(separator: "\n"))
            default: \(StatusFormat.defaultText)
            With %P in FMT the pinned change goes there instead of first. An
            unknown code is a usage error. In tmux.conf, % is strftime's: write
            %% for each % there, or use the {names}.

              --tmux   colour the status, the pinned flight and its change with
                       tmux #[fg=...] codes (FMT's own # is shown as text:
                       put your styles around #(...) in tmux.conf);
                       no colour with --color never or NO_COLOR
              --waybar one line of waybar's JSON for a custom module ("return-type":
                       "json"): {"text": the line, "tooltip": the airport, counts,
                       next departure and pinned flight, "class": offline, alert,
                       none (no departure left) or the next departure's status as
                       --status names it (on-time, delayed, boarding, final-call...)}
              --airline, --city, --gate, --terminal, --status (as on the board,
                       'board help board'): the counts count the matching flights
                       of today, and the next flight is the next matching departure
              --within D  only flights due from now to D after it (90m, 2h), as
                       on the board: the counts count those, the next departure
                       is one of them (none, "-", when none is due that soon)
              --json   one object: "online", "line" and each code's value by name

            examples:
              board status
              board status --format '%n %t gate %g, in %m min'
              board status --airline Pacific --terminal B
              board status --within 1h --format '%D departures within the hour'
              set -g status-right '#(board status --tmux --format "{next} {status}")'
              i3blocks: command=board status --format '✈ %n %t %g'
              waybar: "exec": "board status --waybar", "return-type": "json"
              zsh: precmd() { RPROMPT=$(board status --format '%n %m min') }
            (docs/TMUX.md has these at length.)
            """
    )

    var format: String?
    var tmux = false
    var filter = FlightFilter()
    var waybar = false

    init(format: String? = nil, tmux: Bool = false, waybar: Bool = false) {
        self.format = format
        self.tmux = tmux
        self.waybar = waybar
    }

    init(_ arguments: CommandArguments) throws(UsageError) {
        try arguments.noArguments()
        format = arguments.flags["--format"]
        if let format {
            do { _ = try StatusFormat(format) } catch { throw arguments.usageError(error.message) }
        }
        tmux = arguments.has("--tmux")
        waybar = arguments.has("--waybar")
        if tmux && waybar {
            throw arguments.usageError("--tmux and --waybar are two bars' formats: give one")
        }
        filter = try arguments.flightFilter()
        filter.within = try arguments.within()
    }

    var leavesStateAsItIs: Bool { true }

    func run(on client: inout BoardClient) throws(ClientError) {
        if waybar && client.options.json {
            throw .usage(UsageError(message: "--waybar prints waybar's JSON already: drop --json", command: "status"))
        }
        let autostart = Autostart.enabled(client.options) ? client.store.directory : nil
        var line = StatusLine(
            socket: client.socket, state: client.state, format: format, tmux: tmux, autostartLogDirectory: autostart,
            pinned: client.pinnedParam, filter: filter, waybar: waybar)
        // Coloured for tmux whatever stdout is (tmux reads it through a pipe), as `--color` allows.
        line.tmuxColours = Style.allowed(client.options.color)
        line.run(json: client.options.json)
    }
}
