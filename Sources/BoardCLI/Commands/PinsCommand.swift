import BoardArguments

/// `board pins`: the pinned flights, and those that have left the board.
struct PinsCommand: BoardCommand, Equatable {
    static let spec = CommandSpec(
        name: "pins",
        summary: "list the pinned flights",
        overview: nil,  // on the line of `board pin`
        flags: [],
        positional: .nothing,
        help: """
            usage: board pins

            Lists the pinned flights, and those that have left the board.

            example:
              board pins --json
            """
    )

    init() {}

    init(_ arguments: CommandArguments) throws(UsageError) {
        try arguments.noArguments()
    }

    func run(on client: inout BoardClient) throws(ClientError) {
        try client.listPins()
    }
}
