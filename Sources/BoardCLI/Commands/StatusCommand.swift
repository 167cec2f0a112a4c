import BoardArguments

/// `board status [--format FMT] [--tmux]`: one line for a status bar.
struct StatusCommand: BoardCommand, Equatable {
    static let spec = CommandSpec(
        name: "status",
        summary: "one line for a status bar",
        overview: OverviewLine("board status [--format FMT] [--tmux]", "one line for a status bar"),
        flags: [
            Flag("--format", value: .free, summary: "the line's format, with {placeholders}"),
            Flag("--tmux", summary: "tmux colour codes"),
        ] + FlightFilter.flags,
        positional: .nothing,
        help: """
            usage: board status [--format FMT] [--tmux]

            Prints exactly one line for a status bar within 200 ms, even when the
            daemon is down or hung (then "\(StatusLine.offlineText)"). When no daemon
            answers it starts one in the background (unless autostart is off) and
            prints the offline marker this once; it never waits for the daemon.
            Offline for longer? Any other command (board clock) says why.

            For 10 minutes of the daemon's clock after a pinned flight of today
            changes, the line starts with it: "◆ Pacific 123 Gate changed from A3".

            FMT placeholders:
            \(StatusLine.placeholders.map { "  \($0.0.padding(13))\($0.1)" }.joined(separator: "\n"))
            default: \(StatusLine.defaultFormat)

              --tmux   colour the status with tmux #[fg=...] codes
              --airline, --city, --gate, --terminal, --status (as on the board,
                       'board help board'): the counts count the matching flights
                       of today, and {next} is the next matching departure of today
              --json   one object: "online", "line" and each placeholder by name

            examples:
              board status
              board status --format '{next} {time} {gate}'
              board status --airline Pacific --terminal B
              set -g status-right '#(board status --tmux)'
            """
    )

    var format: String?
    var tmux = false
    var filter = FlightFilter()

    init(format: String? = nil, tmux: Bool = false) {
        self.format = format
        self.tmux = tmux
    }

    init(_ arguments: CommandArguments) throws(UsageError) {
        try arguments.noArguments()
        format = arguments.flags["--format"]
        if let format, let unknown = StatusLine.unknownPlaceholder(in: format) {
            let names = StatusLine.placeholders.map(\.0).joined(separator: ", ")
            throw arguments.usageError("unknown placeholder \(unknown) in --format; the placeholders are \(names)")
        }
        tmux = arguments.has("--tmux")
        filter = try arguments.flightFilter()
    }

    func run(on client: inout BoardClient) throws(ClientError) {
        let autostart = Autostart.enabled(client.options) ? client.store.directory : nil
        StatusLine(
            socket: client.socket, state: client.state, format: format, tmux: tmux, autostartLogDirectory: autostart,
            pinned: client.pinnedParam, filter: filter
        )
        .run(json: client.options.json)
    }
}
