import FoundationEssentials

/// Moving through a tab's flights across the window: next, previous and soonest.
///
/// The order is the board's time order at `now` (current time as announced, then id), day after
/// day. Pins and hide-past do not change it: `next` from a flight is always the
/// same flight, whatever the board currently hides.
public struct FlightNavigation: Sendable {
    public let window: ScheduleWindow
    public let tab: Tab
    /// The instant whose announced times order the flights.
    public let now: Date

    public init(window: ScheduleWindow, tab: Tab, at now: Date) {
        self.window = window
        self.tab = tab
        self.now = now
    }

    /// The tab's flights on `date`, in order.
    public func flights(on date: LocalDate) -> [Flight] {
        window.flights(on: date).filter(tab.includes).sorted(by: Board.timeOrder(at: now))
    }

    /// The flight after `flight` in the tab; nil at the end of the window.
    public func next(after flight: Flight) -> Flight? {
        step(from: flight, forward: true)
    }

    /// The flight before `flight` in the tab; nil at the start of the window.
    public func previous(before flight: Flight) -> Flight? {
        step(from: flight, forward: false)
    }

    /// The first flight in the tab still to come at `now` (`Flight.isStillToCome(at:)`): its current
    /// time at or after now, neither canceled nor diverted as announced by then.
    public func soonest() -> Flight? {
        for date in window.dates {
            if let found = flights(on: date).first(where: { $0.isStillToCome(at: now) }) { return found }
        }
        return nil
    }

    private func step(from flight: Flight, forward: Bool) -> Flight? {
        // A flight outside the window (one it has slid past, or not reached yet)
        // comes before or after all of it: start from the empty day just beyond
        // the nearer end, so that its distance from the window does not matter.
        var date = min(max(flight.date, window.firstDate.adding(days: -1)), window.lastDate.adding(days: 1))
        var list = flights(on: date)
        // A flight outside this tab still has a place in its time order.
        var index = list.firstIndex(of: flight) ?? list.firstIndex(where: { !Board.timeOrder(at: now)($0, flight) }) ?? list.count
        if forward, list.indices.contains(index), list[index] == flight { index += 1 }
        if !forward { index -= 1 }
        while true {
            if list.indices.contains(index) { return list[index] }
            date = date.adding(days: forward ? 1 : -1)
            guard window.contains(date) else { return nil }
            list = flights(on: date)
            index = forward ? 0 : list.count - 1
        }
    }
}
