import BoardArguments
import BoardProtocol
import FlightData

/// `board unpin FLIGHT [--date D]`: removes a pin, by id or designator.
struct UnpinCommand: BoardCommand, Equatable {
    static let spec = CommandSpec(
        name: "unpin",
        summary: "remove a pin",
        overview: nil,  // on the line of `board pin`
        flags: [.date],
        positional: .pinnedIDs,
        help: """
            usage: board unpin FLIGHT [--date D]

            Removes a pin, by id or designator: the flight that names on the
            board now when it is pinned, else the earliest pin with that id or
            designator (such as one that has left the board); with --date, the
            pin of that day.

              --date D     the pin of that day: YYYY-MM-DD, today, tomorrow, +N

            examples:
              board unpin 1234
              board unpin "Pacific 578" --date tomorrow
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
        guard let pin = try client.pinMatching(flight, on: date) else {
            throw .notFound("\(flight)\(client.onDay(date)) is not pinned; 'board pins' lists the pins")
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
    /// With `date`, the pin of that day (a relative day is the daemon's: `tomorrow` asks it for today).
    mutating func pinMatching(_ reference: FlightReference, on date: DateSpec? = nil) throws(ClientError) -> RememberedFlight? {
        try flight(matching: reference, in: state.pins, on: date)
    }

    /// The flight of `list` that `reference` names, as `pinMatching` finds a pin (`board unhide` uses it too).
    mutating func flight(
        matching reference: FlightReference, in list: [RememberedFlight], on date: DateSpec? = nil
    ) throws(ClientError) -> RememberedFlight? {
        let candidates = list.filter { pin in
            switch reference {
            case .id(let id): pin.id == id
            case .designator(let designator): Designator(pin.designator) == designator
            }
        }
        guard !candidates.isEmpty else { return nil }
        if let date {
            let day = try resolve(date)
            return candidates.first { $0.date == day.description }
        }
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

    /// The day `date` names: an exact one as it is, a relative one from the daemon's today (asked once).
    mutating func resolve(_ date: DateSpec) throws(ClientError) -> LocalDate {
        if case .exact(let day) = date { return day }
        return date.resolve(today: try daemonToday())
    }

    /// " of Dec 5" for a day given with --date (`+5`, `tomorrow`, `2026-12-05`), as a remembered
    /// flight is named; nothing without one. A relative day the daemon cannot place is said as given.
    mutating func onDay(_ date: DateSpec?) -> String {
        guard let date else { return "" }
        return " of \((try? resolve(date))?.shortName ?? date.description)"
    }
}
