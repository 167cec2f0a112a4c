import FoundationEssentials

/// The three tabs, in the board's order.
public enum Tab: String, Hashable, Sendable, CaseIterable {
    case arrivals, all, departures

    public var title: String {
        switch self {
        case .arrivals: "Arrivals"
        case .all: "All"
        case .departures: "Departures"
        }
    }

    /// Whether a flight belongs on this tab.
    public func includes(_ flight: Flight) -> Bool {
        switch self {
        case .all: true
        case .arrivals: flight.direction == .arrival
        case .departures: flight.direction == .departure
        }
    }

    /// The tab after this one, wrapping around.
    public var next: Tab { Tab.allCases[(Tab.allCases.firstIndex(of: self)! + 1) % 3] }
    public var previous: Tab { Tab.allCases[(Tab.allCases.firstIndex(of: self)! + 2) % 3] }
}

/// One tab's entry in the tab bar.
public struct TabSummary: Hashable, Sendable {
    public let tab: Tab
    public let count: Int
    /// The count for arrivals and departures, the date (`Nov 30`) for all.
    public let badge: String
}

/// One flight on the board, with what the clock says of it.
public struct BoardRow: Hashable, Sendable {
    public let flight: Flight
    /// What the board shows of it at the board's instant.
    public let state: FlightState
    public var status: FlightStatus { state.status }
    public let isPast: Bool
    public let isPinned: Bool
}

/// What to show: a day, a tab, whether past flights are hidden, which flights are pinned.
public struct BoardQuery: Hashable, Sendable {
    public var date: LocalDate
    public var tab: Tab
    public var hidePast: Bool
    /// Pinned by identity (id and date): another day's flight with the same id is not pinned.
    public var pinned: PinnedFlights

    public init(date: LocalDate, tab: Tab = .all, hidePast: Bool = false, pinned: PinnedFlights = []) {
        self.date = date
        self.tab = tab
        self.hidePast = hidePast
        self.pinned = pinned
    }
}

/// The board for one local day at one instant.
///
/// Rows are ordered by current time as announced at `now` (the scheduled time when canceled),
/// then id, with pinned flights first. Hide-past hides past flights but never a
/// pinned one: a pin is a request to keep watching. Counts are the rows each
/// tab would list.
public struct Board: Hashable, Sendable {
    public let query: BoardQuery
    public let now: Date
    public let tabs: [TabSummary]
    public let rows: [BoardRow]

    public var date: LocalDate { query.date }
    public var tab: Tab { query.tab }

    public init(flights: [Flight], query: BoardQuery, now: Date) {
        self.query = query
        self.now = now
        let visible = flights.filter { flight in
            !query.hidePast || query.pinned.contains(flight) || !flight.isPast(at: now)
        }
        tabs = Tab.allCases.map { tab in
            let count = visible.count { tab.includes($0) }
            return TabSummary(tab: tab, count: count, badge: tab == .all ? query.date.shortName : String(count))
        }
        rows = visible.filter { query.tab.includes($0) }
            .sorted(by: Board.order(pinned: query.pinned, at: now))
            .map {
                BoardRow(
                    flight: $0, state: $0.state(at: now), isPast: $0.isPast(at: now), isPinned: query.pinned.contains($0))
            }
    }

    /// Time order at `now`: the current time announced by then, then id. (A delay not yet
    /// announced must not move a row: the order would give it away.)
    public static func timeOrder(at now: Date) -> (Flight, Flight) -> Bool {
        { a, b in
            let (ta, tb) = (a.currentTime(at: now), b.currentTime(at: now))
            return ta != tb ? ta < tb : a.id < b.id
        }
    }

    public static func order(pinned: PinnedFlights, at now: Date) -> (Flight, Flight) -> Bool {
        let time = timeOrder(at: now)
        return { a, b in
            let (pa, pb) = (pinned.contains(a), pinned.contains(b))
            return pa != pb ? pa : time(a, b)
        }
    }

    /// The first instant after `now` at which this board would look different, if any.
    public func nextChange(in flights: [Flight], after now: Date) -> Date? {
        flights.compactMap { $0.nextBoardChange(after: now) }.min()
    }
}
