import BoardArguments
import BoardProtocol
import FlightData

/// `board hide FLIGHT [--date D]`: takes a flight off your boards (never off the daemon's).
struct HideCommand: FlightArgumentCommand, Equatable {
    static let spec = CommandSpec(
        name: "hide",
        summary: "take a flight off your boards",
        overview: OverviewLine("board hide FLIGHT | unhide | hidden", "off your boards"),
        flags: [.date],
        positional: .flightIDs,
        help: """
            usage: board hide FLIGHT [--date D]

            Hides a flight: it leaves your boards, 'board' and 'board watch', and
            'board status' no longer names it as the next flight. The daemon and
            other people's boards still have it. Commands that name a flight
            (show, search, log, events, wait) still find it: you asked for it;
            next, prev and soonest step past it. A hidden flight that is also
            pinned stays hidden.

            Counts and badges count what you see: every tab's count leaves hidden
            flights out ('board watch' follows the all board while any flight is
            hidden, to count each tab), and the board's header says how many it
            hides ("2 hidden").

            'board hidden' lists them, 'board unhide' brings one back; in 'board
            watch', x hides the flight under the cursor and u undoes it for 5
            seconds. A hidden flight is a flight on its day: once its day has
            left the window, the next save drops it.

              --date D     the flight on another day: YYYY-MM-DD, today, tomorrow, +N

            examples:
              board hide "Pacific 578"
              board hide 1234 --date tomorrow
            """
    )

    var flight: FlightReference
    var date: DateSpec?

    init(flight: FlightReference, date: DateSpec? = nil) {
        self.flight = flight
        self.date = date
    }

    func run(on client: inout BoardClient) throws(ClientError) {
        let details = try client.decode(
            FlightDetailsDocument.self, try client.call(FlightGetRequest(flight: flight, date: date)))
        client.noteToday(fromNow: details.now)
        let flight = RememberedFlight(details.flight)
        if client.state.hidden.contains(where: { $0.isSame(as: flight) && $0.designator == flight.designator }) {
            return client.printHidden(message: "\(flight.name) is already hidden; 'board unhide FLIGHT' brings it back.")
        }
        let replacing = client.state.hidden.contains { $0.isSame(as: flight) }
        guard replacing || client.canHide else {
            throw .failure(
                "cannot hide \(flight.name): \(client.state.hidden.count) flights are hidden, and \(PinnedParam.limit) is the most; "
                    + "'board unhide FLIGHT' brings one back ('board hidden' lists them)")
        }
        _ = RememberedFlight.add(flight, to: &client.state.hidden)
        try client.saveChange("hiding \(flight.name)")
        client.printHidden(message: "Hidden \(flight.name); 'board unhide \(flight.id)' brings it back.")
    }
}
