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

            Lists the pinned flights day by day, and names those that have left
            the board as they were ("US 481 of Nov 30"). A pin is a flight on
            its day: once its day has left the window, the next save drops it.

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
