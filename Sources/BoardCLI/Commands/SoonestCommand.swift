import BoardArguments
import BoardProtocol
import FlightData

/// `board soonest [TAB]`: the next flight not yet past.
struct SoonestCommand: BoardCommand, Equatable {
    static let spec = CommandSpec(
        name: "soonest",
        summary: "the next flight not yet past",
        overview: OverviewLine("board soonest [TAB]", "the next flight not yet past"),
        flags: [],
        positional: .tabs,
        help: """
            usage: board soonest [TAB]

            Shows the next flight still to come: its current time at or after
            now, neither canceled nor diverted, and not one you hid; in TAB or
            the selected tab. A TAB argument selects that tab for later commands
            too (not with --json). The flight becomes the last viewed.

            examples:
              board soonest
              board soonest departures --json
            """
    )

    var tab: Tab?

    init(tab: Tab? = nil) { self.tab = tab }

    init(_ arguments: CommandArguments) throws(UsageError) {
        tab = try arguments.optionalTab()
    }

    func run(on client: inout BoardClient) throws(ClientError) {
        let chosen = tab
        let tab = tab ?? client.state.tab
        let pinned = client.pinnedParam
        let soonest = try client.call(FlightSoonestRequest(tab: tab, pinned: pinned))
        // A flight you hid is off your boards and your status line: the soonest is the next one still to come.
        let hidden = Watchlist.keys(client.state.hidden)
        let json = try client.stepPast(
            from: soonest, FlightNextRequest.self, tab: tab,
            noneLeft: "no flight still to come in the window but those you hid; 'board hidden' lists them"
        ) { details, steps in Watchlist.passesOver(details, steps: steps, hidden: hidden) }
        // Chosen once the daemon has answered: a command that fails selects no tab.
        client.select(chosen)
        try client.showFlight(json)
    }
}
