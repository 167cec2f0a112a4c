import BoardArguments

/// `board hidden`: the flights taken off your boards.
struct HiddenCommand: BoardCommand, Equatable {
    static let spec = CommandSpec(
        name: "hidden",
        summary: "list the hidden flights",
        overview: nil,  // on the line of `board hide`
        flags: [],
        positional: .nothing,
        help: """
            usage: board hidden

            Lists the flights 'board hide' took off your boards, in the order
            they were hidden, each with its date and its state now; those that
            have left the board are named as they were. --json gives them as
            "hidden", and those gone as "gone".

            example:
              board hidden --json
            """
    )

    init() {}

    init(_ arguments: CommandArguments) throws(UsageError) {
        try arguments.noArguments()
    }

    func run(on client: inout BoardClient) throws(ClientError) {
        try client.listFlights(
            client.state.hidden, key: "hidden", empty: "No hidden flights; 'board hide FLIGHT' hides one.")
    }
}
