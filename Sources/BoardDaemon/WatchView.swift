import FlightData

/// What a watcher asked to see. Watchers of the same view share one encoded board.
public struct WatchView: Hashable, Sendable {
    var tab: Tab
    var hidePast: Bool
    var pinned: PinnedFlights
}
