import BoardArguments
import BoardProtocol
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

            Removes a pin, by id or designator: the flight that names on the
            board now when it is pinned, else the earliest pin with that id or
            designator (such as one that has left the board).

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
        guard let pin = client.pinMatching(flight) else {
            throw .notFound("\(flight) is not pinned; 'board pins' lists the pins")
        }
        client.state.pins.removeAll { $0.isSame(as: pin) }
        try client.saveChange("unpinning \(pin.name)")
        client.printPins(message: "Unpinned \(pin.name).")
    }
}

extension BoardClient {
    /// The pin `reference` names, by identity: the flight it names on the board now when that one
    /// is pinned (an id or designator means today's flight, else the next one), else the earliest
    /// pin with that id or designator, such as one that has left the board.
    mutating func pinMatching(_ reference: FlightReference) -> RememberedFlight? {
        flight(matching: reference, in: state.pins)
    }

    /// The flight of `list` that `reference` names, as `pinMatching` finds a pin (`board unhide` uses it too).
    mutating func flight(matching reference: FlightReference, in list: [RememberedFlight]) -> RememberedFlight? {
        let candidates = list.filter { pin in
            switch reference {
            case .id(let id): pin.id == id
            case .designator(let designator): Designator(pin.designator) == designator
            }
        }
        guard !candidates.isEmpty else { return nil }
        if candidates.count > 1,
            let json = try? call(FlightGetRequest(flight: reference)),
            let details = try? FlightDetailsDocument(json: json)
        {
            noteToday(fromNow: details.now)
            let current = RememberedFlight(details.flight)
            if let pin = candidates.first(where: { $0.isSame(as: current) }) { return pin }
        }
        return candidates.min { $0.date < $1.date }
    }
}
