import BoardProtocol

/// n, p and s open only flights the board shows (`board help watch`: "the rows, the cursor and n/p
/// see only matching flights"). The daemon steps through the tab's flights in time order across the
/// window and knows nothing of the filter, of the flights you hid, or of hide-past: a flight it
/// answers with that the board leaves out is stepped past, to the next one in the same direction.
/// Over search results, n and p go through the results themselves (`stepFlight`).
extension LiveModel {
    /// The effects that step past the flight of `details`, which the daemon answered `purpose` with,
    /// when the board does not show it; nil to open it.
    ///
    /// n and p pass over what `Watchlist.shows` leaves out: a flight you hid, one the filter leaves
    /// out, and a past one while past flights are hidden (unless pinned: a pin keeps it on the
    /// board); `s` over one you hid or the filter leaves out, and after its first step one no longer
    /// to come. After `Watchlist.soonestSteps` flights the footer says so and nothing opens.
    mutating func stepPast(_ details: FlightDetailsDocument, for purpose: Purpose) -> [LiveEffect]? {
        let flight = details.flight
        let (steps, forward, next): (Int, Bool, Purpose)
        switch purpose {
        case .soonest(let taken):
            guard Watchlist.passesOver(details, steps: taken, hidden: hidden, filter: filter) else { return nil }
            (steps, forward, next) = (taken, true, .soonest(steps: taken + 1))
        case .step(let from, let direction, let taken):
            guard !Watchlist.shows(flight, now: details.now, hidden: hidden, filter: filter, hidePast: hidePast) else {
                return nil
            }
            (steps, forward, next) = (taken, direction, .step(from: from, forward: direction, steps: taken + 1))
        default:
            return nil
        }
        // The answer just passed over is the `steps + 1`th looked at.
        guard steps + 1 < Watchlist.soonestSteps else {
            message =
                "None of the \(forward ? "next" : "previous") \(Watchlist.soonestSteps) flights in the window is one this board shows."
            return []
        }
        return [send(.step(from: FlightKey(flight), forward: forward, tab: tab, pinned: pins), for: next)]
    }

    /// n and p on a flight: over search results, the result after or before it, across the results'
    /// days (the flight after it on its day's board was not the next result); else the daemon's
    /// next or previous flight of the tab (`flight.next`, `flight.prev`). Either opens on top.
    mutating func stepFlight(from key: FlightKey, forward: Bool) -> [LiveEffect] {
        let searching = screens.contains { if case .searchResults = $0 { true } else { false } }
        let results = listedFlights
        guard searching, let index = results.firstIndex(where: { FlightKey($0) == key }) else {
            return [step(from: key, forward: forward)]
        }
        let next = index + (forward ? 1 : -1)
        guard results.indices.contains(next) else {
            message = forward ? "The last of the search results; p goes back." : "The first of the search results; n goes on."
            return []
        }
        let flight = results[next]
        return [send(.flight(FlightKey(flight), pinned: pins), for: .open(asked: GoneFlight(flight)))]
    }
}
