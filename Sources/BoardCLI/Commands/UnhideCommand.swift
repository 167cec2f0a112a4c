import BoardArguments
import BoardProtocol
import FlightData

/// `board unhide FLIGHT`: brings a hidden flight back to your boards, by id or designator.
struct UnhideCommand: BoardCommand, Equatable {
    static let spec = CommandSpec(
        name: "unhide",
        summary: "bring a hidden flight back",
        overview: nil,  // on the line of `board hide`
        flags: [],
        positional: .hiddenIDs,
        help: """
            usage: board unhide FLIGHT

            Brings a hidden flight back to your boards, by id or designator: the
            flight that names on the board now when it is hidden, else the
            earliest hidden flight with that id or designator. 'board hidden'
            lists them.

            example:
              board unhide 1234
            """
    )

    var flight: FlightReference

    init(flight: FlightReference) { self.flight = flight }

    init(_ arguments: CommandArguments) throws(UsageError) {
        flight = try arguments.flight()
    }

    func run(on client: inout BoardClient) throws(ClientError) {
        guard let hidden = client.flight(matching: flight, in: client.state.hidden) else {
            throw .notFound("\(flight) is not hidden; 'board hidden' lists the hidden flights")
        }
        client.state.hidden.removeAll { $0.isSame(as: hidden) }
        try client.saveChange("unhiding \(hidden.name)")
        client.printHidden(message: "Unhidden \(hidden.name): it is back on your boards.")
    }
}
