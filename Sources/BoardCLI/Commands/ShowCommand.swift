import BoardArguments
import BoardProtocol
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

            Shows one flight: its times, gate, status, baggage belt, boarding and
            gate-close times, the days its service runs, progress in the air and
            its history: how its service's last 10 flights ended. It becomes the
            last viewed flight (not with --json, which only reads).
            Flight numbers repeat on every day a service runs: a designator means
            today's flight, else the next one in the window; --date picks the day.
            Ids are a day's too: an id you viewed, pinned or hid for an earlier
            day's flight says so on stderr when it names another flight now
            ("4709 was Pacific 365 of Dec 23; now it is Southeast 231 of Jan 7").

            examples:
              board show 1234
              board show "Overland 256"
              board show pacific578 --date tomorrow
            """
    )

    var flight: FlightReference
    var date: DateSpec?

    init(flight: FlightReference, date: DateSpec? = nil) {
        self.flight = flight
        self.date = date
    }

    func run(on client: inout BoardClient) throws(ClientError) {
        let json = try client.call(FlightGetRequest(flight: flight, date: date, pinned: client.pinnedParam))
        // An id is a day's: one the client remembers for an earlier day's flight names another now.
        if case .id(let id) = flight, date == nil, !client.options.json,
            let shown = try? FlightDetailsDocument(json: json).flight,
            let earlier = client.state.earlierFlight(withID: id, than: shown)
        {
            Output.warning("\(id) was \(earlier.name); now it is \(RememberedFlight(shown).name)")
        }
        try client.showFlight(json)
    }
}
