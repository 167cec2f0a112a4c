import BoardArguments
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

            Shows the next flight that is neither past nor canceled, in TAB or the
            selected tab; a TAB argument selects that tab for later commands too
            (not with --json). The flight becomes the last viewed.

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
        client.select(tab)
        try client.showFlight(
            try client.call(.flightSoonest, ["tab": .string((tab ?? client.state.tab).rawValue), "pinned": client.pinnedParam]))
    }
}
