import BoardArguments
import BoardProtocol

/// `board prev`: the flight before the last viewed, in the selected tab.
struct PrevCommand: BoardCommand, Equatable {
    static let spec = CommandSpec(
        name: "prev",
        summary: "the flight before the last viewed",
        overview: nil,  // on the line of `board next`
        flags: [],
        positional: .nothing,
        help: """
            usage: board prev

            Shows the flight before the last viewed one in the selected tab; it
            becomes the last viewed. Flights you hid are stepped past.

            example:
              board prev
            """
    )

    init() {}

    init(_ arguments: CommandArguments) throws(UsageError) {
        try arguments.noArguments()
    }

    func run(on client: inout BoardClient) throws(ClientError) {
        try client.showNeighbour(FlightPrevRequest.self)
    }
}
