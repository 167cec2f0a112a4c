import FlightData

/// What a watcher asked to see. Watchers of the same view share one encoded board.
///
/// Hashed once, when it is made: on every clock move each watcher's view is looked up among the
/// boards built for that move, and hashing a pin list thousands of times a move was a tenth of
/// the daemon's time with two thousand distinct views.
public struct WatchView: Hashable, Sendable {
    let tab: Tab
    let hidePast: Bool
    let pinned: PinnedFlights
    /// The day watched; nil for the daemon's today (which moves at midnight).
    let date: LocalDate?
    private let hashCode: Int

    init(tab: Tab, hidePast: Bool, pinned: PinnedFlights, date: LocalDate? = nil) {
        self.tab = tab
        self.hidePast = hidePast
        self.pinned = pinned
        self.date = date
        var hasher = Hasher()
        hasher.combine(tab)
        hasher.combine(hidePast)
        hasher.combine(pinned)
        hasher.combine(date)
        hashCode = hasher.finalize()
    }

    /// The same view on another day.
    func on(_ date: LocalDate?) -> WatchView { WatchView(tab: tab, hidePast: hidePast, pinned: pinned, date: date) }

    public func hash(into hasher: inout Hasher) { hasher.combine(hashCode) }

    public static func == (a: WatchView, b: WatchView) -> Bool {
        a.hashCode == b.hashCode && a.tab == b.tab && a.hidePast == b.hidePast && a.date == b.date && a.pinned == b.pinned
    }
}
