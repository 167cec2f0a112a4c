import FlightData

/// What a watcher asked to see. Watchers of the same view share one encoded board.
public struct WatchView: Hashable, Sendable {
    var tab: Tab
    var hidePast: Bool
    var pinned: PinnedFlights
    /// The day watched; nil for the daemon's today (which moves at midnight).
    var date: LocalDate? = nil
}
