import BoardArguments
import BoardProtocol
import FlightData

/// `board pin FLIGHT [--date D] [--first]`: adds a flight to the watchlist, at its end or its front.
struct PinCommand: BoardCommand, Equatable {
    static let spec = CommandSpec(
        name: "pin",
        summary: "keep a flight at the top of the board",
        overview: OverviewLine("board pin FLIGHT [--first] | unpin FLIGHT", "keep flights at the top"),
        flags: [.date, .first],
        positional: .flightIDs,
        help: """
            usage: board pin FLIGHT [--date D] [--first]

            Pins a flight: it joins the watchlist, the pinned flights that stay
            at the top of their day's board (even with --hide-past) in the order
            you give them. A new pin goes at the end of the list; --first puts it
            at the front. Pinning a flight already pinned keeps its place.
            'board pins' lists the watchlist, 'board pins move' reorders it and
            'board unpin' removes a pin.

              --date D     the flight on another day: YYYY-MM-DD, today, tomorrow, +N
              --first      at the front of the watchlist, not the end

            examples:
              board pin "Pacific 578"
              board pin 1234 --first
            """
    )

    var flight: FlightReference
    var date: DateSpec?
    var first = false

    init(flight: FlightReference, date: DateSpec? = nil, first: Bool = false) {
        self.flight = flight
        self.date = date
        self.first = first
    }

    init(_ arguments: CommandArguments) throws(UsageError) {
        flight = try arguments.flight()
        date = try arguments.date()
        first = arguments.has("--first")
    }

    func run(on client: inout BoardClient) throws(ClientError) {
        let details = try client.decode(
            FlightDetailsDocument.self, try client.call(FlightGetRequest(flight: flight, date: date)))
        client.noteToday(fromNow: details.now)
        // When: `board events --follow --pinned` follows it from then on.
        let pin = RememberedFlight(details.flight, pinnedAt: details.now)
        // By identity: the same id on another day is another flight, and another pin. A pin of this
        // identity made for another flight (a config reloaded with another schedule) gives way to it.
        client.state.pins.removeAll { $0.isSame(as: pin) && $0.designator != pin.designator }
        if let place = client.state.pins.firstIndex(where: { $0.isSame(as: pin) }) {
            return client.printPins(
                message: "\(pin.name) is already pinned, \(place + 1) of \(client.state.pins.count); "
                    + "'board pins move FLIGHT up|down|first|last' moves it.")
        }
        guard client.canAddPin else {
            throw .failure(
                "cannot pin \(pin.name): \(client.state.pins.count) flights are pinned, and \(PinnedParam.limit) is the most; "
                    + "'board unpin FLIGHT' removes one ('board pins' lists them)")
        }
        if first { client.state.pins.insert(pin, at: 0) } else { client.state.pins.append(pin) }
        try client.saveChange("the pin of \(pin.name)")
        let place = first ? "first" : "\(client.state.pins.count) of \(client.state.pins.count)"
        client.printPins(message: "Pinned \(pin.name), \(place).")
    }
}

extension Flag {
    static let first = Flag("--first", summary: "at the front of the watchlist")
}
