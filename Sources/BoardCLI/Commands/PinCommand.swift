import BoardArguments
import BoardProtocol
import FlightData

/// `board pin FLIGHT [--date D]`: keeps a flight at the top of its day's board.
struct PinCommand: BoardCommand, Equatable {
    static let spec = CommandSpec(
        name: "pin",
        summary: "keep a flight at the top of the board",
        overview: OverviewLine("board pin FLIGHT | unpin FLIGHT | pins", "keep flights at the top"),
        flags: [.date],
        positional: .flightIDs,
        help: """
            usage: board pin FLIGHT [--date D]

            Pins a flight: it stays at the top of its day's board, even with
            --hide-past. 'board pins' lists pins; 'board unpin' removes one.

            example:
              board pin "Southeast 282"
            """
    )

    var flight: FlightReference
    var date: DateSpec?

    init(flight: FlightReference, date: DateSpec? = nil) {
        self.flight = flight
        self.date = date
    }

    init(_ arguments: CommandArguments) throws(UsageError) {
        flight = try arguments.flight()
        date = try arguments.date()
    }

    func run(on client: inout BoardClient) throws(ClientError) {
        let details = try client.decode(
            FlightDetailsDocument.self, try client.call(.flightGet, BoardClient.params(for: flight, on: date)))
        client.noteToday(fromNow: details.now)
        let pin = RememberedFlight(details.flight)
        // By identity: the same id on another day is another flight, and another pin.
        if !client.state.pins.contains(where: { $0.isSame(as: pin) }) {
            guard client.canAddPin else {
                throw .failure(
                    "cannot pin \(pin.name): \(client.state.pins.count) flights are pinned, and \(PinnedParam.limit) is the most; "
                        + "'board unpin FLIGHT' removes one ('board pins' lists them)")
            }
            client.state.pins.append(pin)
            client.saveState()
        }
        client.printPins(message: "Pinned \(pin.name).")
    }
}
