import BoardArguments
import FlightData

/// `board unpin FLIGHT`: removes a pin, by id or designator.
struct UnpinCommand: BoardCommand, Equatable {
    static let spec = CommandSpec(
        name: "unpin",
        summary: "remove a pin",
        overview: nil,  // on the line of `board pin`
        flags: [],
        positional: .flightIDs,
        help: """
            usage: board unpin FLIGHT

            Removes a pin, by id or designator.

            example:
              board unpin 1234
            """
    )

    var flight: FlightReference

    init(flight: FlightReference) { self.flight = flight }

    init(_ arguments: CommandArguments) throws(UsageError) {
        flight = try arguments.flight()
    }

    func run(on client: inout BoardClient) throws(ClientError) {
        let before = client.state.pins.count
        client.state.pins.removeAll { pin in
            switch flight {
            case .id(let id): pin.id == id
            case .designator(let designator): Designator(pin.designator) == designator
            }
        }
        guard client.state.pins.count < before else { throw .notFound("\(flight) is not pinned; 'board pins' lists the pins") }
        client.state = client.store.save(client.state)
        client.printPins(message: "Unpinned \(flight).")
    }
}
