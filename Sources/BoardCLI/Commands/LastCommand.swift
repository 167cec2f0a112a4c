import BoardArguments
import BoardProtocol

/// `board last`: the last-viewed flight again.
struct LastCommand: BoardCommand, Equatable {
    static let spec = CommandSpec(
        name: "last",
        summary: "the last viewed flight",
        overview: OverviewLine("board last", "the last viewed flight"),
        flags: [],
        positional: .nothing,
        help: """
            usage: board last

            Shows the last viewed flight again (status 4 when none was viewed, or
            when it has left the board).

            example:
              board last --json
            """
    )

    init() {}

    init(_ arguments: CommandArguments) throws(UsageError) {
        try arguments.noArguments()
    }

    func run(on client: inout BoardClient) throws(ClientError) {
        let last = try client.lastViewed()
        guard let key = last.key else { throw client.lastViewedGone(last) }
        let json: JSON
        do {
            json = try client.call(FlightGetRequest(key, pinned: client.pinnedParam))
        } catch .notFound {
            throw client.lastViewedGone(last)
        }
        // Another flight under its identity (a config reloaded with another schedule) is not it.
        if let found = try? FlightDetailsDocument(json: json).flight, !last.names(found) { throw client.lastViewedGone(last) }
        try client.showFlight(json, remember: false)
    }
}
