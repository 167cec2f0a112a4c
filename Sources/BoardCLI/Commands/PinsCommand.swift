import BoardArguments
import BoardProtocol
import FlightData

/// `board pins`: the watchlist in its order; `board pins move FLIGHT up|down|first|last` reorders it.
struct PinsCommand: BoardCommand, Equatable {
    static let spec = CommandSpec(
        name: "pins",
        summary: "list or reorder the pinned flights",
        overview: OverviewLine("board pins [move FLIGHT WHERE]", "the pins, in your order"),
        flags: [.date],
        positional: .words(["move"]),
        help: """
            usage: board pins
                   board pins move FLIGHT up|down|first|last [--date D]

            Lists the watchlist, the pinned flights, in your order: each with its
            date and its state now, and those that have left the board named as
            they were ("Pacific 578 of Nov 30"). Boards list the pinned flights first,
            in this order. A pin is a flight on its day: once its day has left
            the window (the daemon's days from its today), the pin ends, and
            'board pins' says so once ("Pacific 365 of Dec 23 left the window;
            unpinned.") and drops it; with --json they are listed in "ended"
            and kept until a 'board pins' without it.

            'move' moves a pinned flight one place up or down, or to the first or
            last place; with --date D (YYYY-MM-DD, today, tomorrow, +N), the pin
            of that day. In 'board watch', K and J do the same for the flight
            under the cursor.

            examples:
              board pins --json
              board pins move "Pacific 578" first
            """
    )

    /// Where `board pins move` takes a flight.
    enum Direction: String, CaseIterable, Equatable, Sendable {
        case up, down, first, last
    }

    enum Action: Equatable, Sendable {
        case list
        case move(FlightReference, Direction, on: DateSpec? = nil)
    }

    var action: Action

    init(_ action: Action = .list) { self.action = action }

    init(_ arguments: CommandArguments) throws(UsageError) {
        guard let word = arguments.positionals.first else {
            guard !arguments.has("--date") else {
                throw arguments.usageError("--date names the pin 'board pins move' moves: board pins move FLIGHT WHERE --date D")
            }
            action = .list
            return
        }
        guard word == "move" else {
            throw arguments.usageError("board pins takes nothing, or move FLIGHT up|down|first|last; not \"\(word)\"")
        }
        let rest = Array(arguments.positionals.dropFirst())
        guard rest.count >= 2, let last = rest.last else {
            throw arguments.usageError(
                "board pins move needs a flight and where to: board pins move FLIGHT up|down|first|last")
        }
        guard let direction = Direction(rawValue: last.lowercased()) else {
            let hint = NearestWord.hint(for: last, among: Direction.allCases.map(\.rawValue))
            throw arguments.usageError("board pins move takes up, down, first or last, not \"\(last)\"\(hint)")
        }
        let flightArguments = CommandArguments(
            name: arguments.name, positionals: Array(rest.dropLast()), flags: arguments.flags)
        action = .move(try flightArguments.flight(), direction, on: try arguments.date())
    }

    func run(on client: inout BoardClient) throws(ClientError) {
        switch action {
        case .list:
            // Two steps: `endedPins()` notes the daemon's today, which the list's own sentences need.
            let ended = try client.endedPins()
            try client.listPins(ended: ended)
        case .move(let flight, let direction, let date):
            guard let pin = try client.pinMatching(flight, on: date) else {
                throw .notFound(
                    "\(flight)\(client.onDay(date)) is not pinned; 'board pins' lists the pins, 'board pin FLIGHT' pins one")
            }
            let message = try client.movePin(pin, direction)
            client.printPins(message: message)
        }
    }
}

extension BoardClient {
    /// The pins that have ended, their day gone from the daemon's window: those a save dropped
    /// (`ClientState.endedPins`), then those of days before the daemon's today (asked when there are
    /// pins; `Watchlist.endedPins`). Without `--json`, which only reads, they leave the state, so
    /// that each is said once.
    mutating func endedPins() throws(ClientError) -> [EndedPin] {
        var ended = state.endedPins.map { EndedPin(Watchlist.Key(id: $0.id, date: $0.date, name: $0.designator)) }
        if !state.pins.isEmpty {
            // Asked once: the window's end says which missing pins are "not on the board yet".
            _ = daemonWindowEnd()
            let pins = Watchlist.endedPins(Watchlist.keys(state.pins), today: try daemonToday())
            ended += pins.filter { pin in !ended.contains { $0.key == pin.key } }
        }
        guard !options.json, !ended.isEmpty else { return ended }
        state.pins.removeAll { pin in ended.contains { $0.key.id == pin.id && $0.key.date == pin.date } }
        state.endedPins = []
        saveState()
        return ended
    }

    /// Moves `pin` in the watchlist and saves it; says where it is now.
    mutating func movePin(_ pin: RememberedFlight, _ direction: PinsCommand.Direction) throws(ClientError) -> String {
        guard let from = state.pins.firstIndex(where: { $0.isSame(as: pin) }) else { return "\(pin.name) is not pinned." }
        let to = Watchlist.place(from: from, direction, count: state.pins.count)
        guard to != from else {
            // Said as asked: `last` of a single pin is already last, not first.
            if state.pins.count == 1 { return "\(pin.name) is the only pin." }
            return "\(pin.name) is already \(direction == .up || direction == .first ? "first" : "last") of \(state.pins.count)."
        }
        state.pins.insert(state.pins.remove(at: from), at: to)
        try saveChange("moving \(pin.name)")
        return "Moved \(pin.name) \(direction.rawValue): \(to + 1) of \(state.pins.count)."
    }
}
