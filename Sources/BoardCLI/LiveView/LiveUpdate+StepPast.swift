import BoardProtocol

/// n, p and s open only flights the board shows (`board help watch`: "the rows, the cursor and n/p
/// see only matching flights"). The daemon steps through the tab's flights in time order across the
/// window and knows nothing of the filter, of the flights you hid, or of hide-past: a flight it
/// answers with that the board leaves out is stepped past, to the next one in the same direction.
extension LiveModel {
    /// The effects that step past the flight of `details`, which the daemon answered `purpose` with,
    /// when the board does not show it; nil to open it.
    ///
    /// n and p pass over a flight you hid, one the filter leaves out, and a past one while past
    /// flights are hidden; `s` over one you hid or the filter leaves out, and after its first step
    /// one no longer to come. After `Watchlist.soonestSteps` steps the footer says so and nothing opens.
    mutating func stepPast(_ details: FlightDetailsDocument, for purpose: Purpose) -> [LiveEffect]? {
        let flight = details.flight
        let (steps, forward, next): (Int, Bool, Purpose)
        switch purpose {
        case .soonest(let taken):
            guard Watchlist.passesOver(details, steps: taken, hidden: hidden, filter: filter) else { return nil }
            (steps, forward, next) = (taken, true, .soonest(steps: taken + 1))
        case .step(let from, let direction, let taken):
            let shown =
                !hidden.contains { $0.names(flight) } && filter.matches(flight, now: details.now) && !(hidePast && flight.past)
            guard !shown else { return nil }
            (steps, forward, next) = (taken, direction, .step(from: from, forward: direction, steps: taken + 1))
        default:
            return nil
        }
        guard steps < Watchlist.soonestSteps else {
            message = "None of the next \(Watchlist.soonestSteps) flights in the window is one this board shows."
            return []
        }
        return [send(.step(from: FlightKey(flight), forward: forward, tab: tab, pinned: pins), for: next)]
    }
}
