import BoardArguments
import BoardProtocol
import FlightData

/// `board unhide FLIGHT [--date D]`: brings a hidden flight back to your boards, by id or designator.
struct UnhideCommand: BoardCommand, Equatable {
    static let spec = CommandSpec(
        name: "unhide",
        summary: "bring a hidden flight back",
        overview: nil,  // on the line of `board hide`
        flags: [.date],
        positional: .hiddenIDs,
        help: """
            usage: board unhide FLIGHT [--date D]

            Brings a hidden flight back to your boards, by id or designator: the
            flight that names on the board now when it is hidden, else the
            earliest hidden flight with that id or designator; with --date, the
            one of that day. 'board hidden' lists them.

              --date D     the hidden flight of that day: YYYY-MM-DD, today, tomorrow, +N

            examples:
              board unhide 1234
              board unhide "Pacific 578" --date tomorrow
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
        guard let hidden = try client.flight(matching: flight, in: client.state.hidden, on: date) else {
            throw .notFound(
                "\(flight)\(client.onDay(date)) is not hidden; 'board hidden' lists the hidden flights")
        }
        // A flight whose day has left the window is on no board to come back to (asked of a running
        // daemon's clock, none started for it; without an answer, unhiding is still the whole work).
        let gone = client.daemonTodayIfRunning().map { hidden.isBefore($0) } ?? false
        client.state.hidden.removeAll { $0.isSame(as: hidden) }
        try client.saveChange("unhiding \(hidden.name)")
        client.printHidden(
            message: gone
                ? "Unhidden \(hidden.name): its day has left the window, so it is on no board."
                : "Unhidden \(hidden.name): it is back on your boards.")
    }
}
