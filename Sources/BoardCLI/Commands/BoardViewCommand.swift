import BoardArguments
import BoardProtocol
import FlightData

/// `board [TAB] [--hide-past] [--date D]`: the board for one day; a TAB argument also selects it.
struct BoardViewCommand: BoardCommand, Equatable {
    static let spec = CommandSpec(
        name: "board",
        summary: "the board for one day",
        overview: OverviewLine("board [TAB] [--hide-past] [--date D]", "the board; TAB is also remembered"),
        flags: [.hidePast, .date, .wide],
        positional: .commandsAndTabs,
        help: """
            usage: board [arrivals|all|departures] [--hide-past] [--date D] [--wide]

            Prints the board for one day: a header, the tabs with their badges
            (counts for arrivals and departures, the date for all), then one row a
            flight: time (and the new time when it changed), flight, from/to, gate,
            status, id. Pinned flights come first. A TAB argument selects that tab
            for later commands too (not with --json, which only reads).

              --hide-past   leave out flights whose time has passed (pins stay)
              --date D      another day in the window: YYYY-MM-DD, today, tomorrow, +N
              --wide        every column whatever the width, also the terminal,
                            codeshares and remark (a longer line is cut with …)

            examples:
              board
              board arrivals --hide-past
              board departures --date tomorrow
              board all --json | jq '.flights[0]'
            """
    )

    var tab: Tab?
    var hidePast = false
    var date: DateSpec?
    var wide = false

    init(tab: Tab? = nil, hidePast: Bool = false, date: DateSpec? = nil, wide: Bool = false) {
        self.tab = tab
        self.hidePast = hidePast
        self.date = date
        self.wide = wide
    }

    init(_ arguments: CommandArguments) throws(UsageError) {
        tab = try arguments.optionalTab()
        hidePast = arguments.has("--hide-past")
        date = try arguments.date()
        wide = arguments.has("--wide")
    }

    func run(on client: inout BoardClient) throws(ClientError) {
        client.select(tab)
        var params: JSON = [
            "tab": .string((tab ?? client.state.tab).rawValue), "hidePast": .bool(hidePast), "pinned": client.pinnedParam,
        ]
        if let date { params = params.adding("date", .string(date.description)) }
        let result = try client.call(.boardGet, params)
        if client.options.json { return Output.print(result.text) }
        var renderer = client.renderer
        renderer.wide = wide
        Output.print(renderer.board(try client.decode(BoardDocument.self, result)))
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
