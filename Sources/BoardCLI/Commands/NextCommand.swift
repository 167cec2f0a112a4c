import BoardArguments
import BoardProtocol
import FlightData

/// `board next`: the flight after the last viewed, in the selected tab.
struct NextCommand: BoardCommand, Equatable {
    static let spec = CommandSpec(
        name: "next",
        summary: "the flight after the last viewed",
        overview: OverviewLine("board next | board prev", "the one after / before it"),
        flags: [],
        positional: .nothing,
        help: """
            usage: board next

            Shows the flight after the last viewed one in the selected tab, in time
            order, crossing into the next day; it becomes the last viewed. Flights
            you hid ('board hide') are stepped past, as your boards leave them out.

            examples:
              board show 1234 && board next
              board departures >/dev/null && board next
            """
    )

    init() {}

    init(_ arguments: CommandArguments) throws(UsageError) {
        try arguments.noArguments()
    }

    func run(on client: inout BoardClient) throws(ClientError) {
        try client.showNeighbour(FlightNextRequest.self)
    }
}

extension BoardClient {
    /// Shows the flight after (`flight.next`) or before (`flight.prev`) the last viewed; it becomes the last viewed.
    ///
    /// A flight you hid is off your boards, so the step goes past it to the next the board shows, as
    /// the live view's n and p and `board soonest` do (at most `Watchlist.soonestSteps` steps).
    mutating func showNeighbour<Step: FlightStepRequest>(_: Step.Type) throws(ClientError) {
        let last = try lastViewed()
        guard let key = last.key else { throw lastViewedGone(last) }
        let hidden = Watchlist.keys(state.hidden)
        let json: JSON
        do {
            json = try call(Step(from: key, tab: state.tab, pinned: pinnedParam))
        } catch .notFound(let message) {
            // Gone from its day ("no longer"), or its day has left the window (the window slid
            // past it): either way name the flight, as 'board last' does.
            guard message.contains("no longer") || message.contains("outside the board's window") else {
                throw .notFound(message)
            }
            throw lastViewedGone(last)
        }
        let way = Step.self == FlightPrevRequest.self ? "before" : "after"
        try showFlight(
            try stepPast(
                from: json, Step.self, tab: state.tab,
                noneLeft: "no flight \(way) \(last.name) in the window but those you hid; 'board hidden' lists them"
            ) { details, _ in hidden.contains { $0.names(details.flight) } })
    }

    /// The flight of `json`, or the first after it (`Step`) that `passesOver` does not pass over
    /// (given the flight and the steps taken so far), in `tab`: `board next`, `prev` and `soonest`
    /// step past the flights you hid. The window's end, or `Watchlist.soonestSteps` steps, is the
    /// not-found error `noneLeft`: a flight passed over is never shown.
    mutating func stepPast<Step: FlightStepRequest>(
        from json: JSON, _: Step.Type, tab: Tab, noneLeft: String,
        passesOver: (FlightDetailsDocument, Int) -> Bool
    ) throws(ClientError) -> JSON {
        var json = json
        var steps = 0
        while let details = try? FlightDetailsDocument(json: json), passesOver(details, steps) {
            guard steps < Watchlist.soonestSteps else { throw .notFound(noneLeft) }
            steps += 1
            do {
                json = try call(Step(from: try identity(of: details.flight), tab: tab, pinned: pinnedParam))
            } catch .notFound {
                throw .notFound(noneLeft)
            }
        }
        return json
    }

    /// The error for a last viewed flight the daemon does not show: "no longer on the board", or "not
    /// on the board yet" when its day is after the daemon's window (asked for here when not known).
    mutating func lastViewedGone(_ last: RememberedFlight) -> ClientError {
        _ = daemonWindowEnd()
        return .notFound(
            "the last viewed flight, \(last.name), is \(absence(on: last.date)); 'board soonest' shows the next flight")
    }
}
