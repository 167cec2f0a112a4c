import BoardArguments
import FlightData

/// `board watch [TAB] [--hide-past] [--rotate SECONDS]`: the live board, full screen.
struct WatchCommand: BoardCommand, Equatable {
    static let spec = CommandSpec(
        name: "watch",
        summary: "the live board, full screen",
        overview: OverviewLine("board watch [TAB] [--hide-past]", "live, full screen (q quits)"),
        flags: [
            .hidePast,
            Flag("--rotate", value: .number, summary: "page through a long board every SECONDS"),
        ],
        positional: .tabs,
        help: """
            usage: board watch [TAB] [--hide-past] [--rotate SECONDS]

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
              --rotate SECONDS   page through a long board, for an unattended screen

            examples:
              board watch
              board watch departures --hide-past
              board watch --json | jq -c '.tabs'
            """
    )

    var tab: Tab?
    var hidePast = false
    var rotateSeconds: Int?

    init(tab: Tab? = nil, hidePast: Bool = false, rotateSeconds: Int? = nil) {
        self.tab = tab
        self.hidePast = hidePast
        self.rotateSeconds = rotateSeconds
    }

    init(_ arguments: CommandArguments) throws(UsageError) {
        if let text = arguments.flags["--rotate"] {
            guard let seconds = Int(text), (1...3600).contains(seconds) else {
                throw arguments.usageError("--rotate needs a number of seconds from 1 to 3600, not \"\(text)\"")
            }
            rotateSeconds = seconds
        }
        tab = try arguments.optionalTab()
        hidePast = arguments.has("--hide-past")
    }

    func run(on client: inout BoardClient) throws(ClientError) {
        client.select(tab)
        try LiveView.run(client: client, tab: tab ?? client.state.tab, hidePast: hidePast, rotateSeconds: rotateSeconds)
    }
}
