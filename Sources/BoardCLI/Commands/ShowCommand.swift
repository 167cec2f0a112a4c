import BoardArguments
import FlightData

/// `board show FLIGHT [--date D]`: one flight; it becomes the last viewed.
struct ShowCommand: FlightArgumentCommand, Equatable {
    static let spec = CommandSpec(
        name: "show",
        summary: "one flight; it becomes the last viewed",
        overview: OverviewLine("board show FLIGHT [--date D]", "one flight, remembered as the last"),
        flags: [.date],
        positional: .flightIDs,
        help: """
            usage: board show FLIGHT [--date D]

            Shows one flight: its times, gate, status, progress in the air and its
            last 10 days of on-time history. It becomes the last viewed flight
            (not with --json, which only reads).
            A designator means today's flight, else the next one in the window.

            examples:
              board show 1234
              board show "Pacific 123"
              board show pacific123 --date tomorrow
            """
    )

    var flight: FlightReference
    var date: DateSpec?

    init(flight: FlightReference, date: DateSpec? = nil) {
        self.flight = flight
        self.date = date
    }

    func run(on client: inout BoardClient) throws(ClientError) {
        let params = BoardClient.params(for: flight, on: date).adding("pinned", client.pinnedParam)
        try client.showFlight(try client.call(.flightGet, params))
    }
}
