import BoardProtocol
import FlightData

/// Your boards as you arranged them: the pinned flights first in the watchlist's order, and the
/// hidden flights left out.
///
/// The daemon lists pinned flights first in time order and knows nothing of hidden ones, so the
/// client arranges each board it receives (one-shot boards, `board watch`, `board status`).
/// A hidden flight that is also pinned stays hidden: hiding takes it off your boards.
///
/// Counts and badges count what you see: a hidden flight is taken out of its tab's count and of
/// the `all` count. On `arrivals` or `departures` the other direction's flights are not in the
/// board; unless `all` (the same day's `all` tab) is given, the other tab's badge says `–` when a
/// hidden flight of the day could be in it, rather than a wrong count.
enum Watchlist {
    typealias Key = LiveModel.FlightKey

    /// The keys of remembered flights, with the names they were remembered by (entries with a
    /// garbled date name no flight and are skipped).
    static func keys(_ flights: [RememberedFlight]) -> [Key] {
        flights.compactMap { $0.key == nil ? nil : Key(id: $0.id, date: $0.date, name: $0.designator) }
    }

    /// Whether the soonest flight, `steps` flights past the daemon's soonest, is passed over for the
    /// next (`board soonest` and the live view's `s`): one you hid or `filter` leaves out, or after
    /// the first step one no longer to come.
    static func passesOver(_ details: FlightDetailsDocument, steps: Int, hidden: [Key], filter: FlightFilter = FlightFilter())
        -> Bool
    {
        !shows(details.flight, now: details.now, hidden: hidden, filter: filter)
            || (steps > 0 && !StatusLine.isToCome(details.flight, now: details.now))
    }

    /// Whether a board as of `now` shows `flight`: not one you hid (pinned or not), matching `filter`,
    /// and with `hidePast` not past unless pinned (a pin keeps a past flight on the board).
    static func shows(
        _ flight: FlightDocument, now: String, hidden: [Key], filter: FlightFilter, hidePast: Bool = false
    ) -> Bool {
        !hidden.contains { $0.names(flight) } && filter.matches(flight, now: now) && !(hidePast && flight.past && !flight.pinned)
    }

    static let soonestSteps = PinnedParam.limit + 200

    /// An arranged board as `--json` prints it: the board, then `hidden`, how many of its flights
    /// you hid were left out, and `filter`, what it was filtered by, each only when there is one
    /// (a board neither hidden from nor filtered is the daemon's, as it sent it).
    static func json(_ board: BoardDocument, hidden: Int, filter: FlightFilter) -> JSON {
        var json = board.json
        if hidden > 0 { json = json.adding("hidden", .int(hidden)) }
        if !filter.isEmpty { json = json.adding("filter", filter.json) }
        return json
    }

    /// `board` arranged: pinned rows in `pins` order, `hidden` flights out, the counts counted again.
    /// `hiddenCount` is how many of the board's flights were left out that `shown` keeps (a filter, a tab).
    static func arrange(
        _ board: BoardDocument, pins: [Key], hidden: [Key], all: BoardDocument? = nil,
        counting shown: (FlightDocument) -> Bool = { _ in true }
    ) -> (board: BoardDocument, hiddenCount: Int) {
        // Each hidden flight by its identity, kept to the flight of its name (see `Key`).
        let hiddenKeys = Dictionary(hidden.filter { $0.date == board.date }.map { ($0, $0) }) { first, _ in first }
        func isHidden(_ flight: FlightDocument) -> Bool { hiddenKeys[Key(flight)]?.names(flight) ?? false }
        var order: [Key: Int] = [:]
        for (index, pin) in pins.enumerated() where order[pin] == nil { order[pin] = index }
        let visible = board.flights.filter { !isHidden($0) }
        let pinned = visible.enumerated().filter(\.element.pinned).sorted { a, b in
            (order[Key(a.element)] ?? Int.max, a.offset) < (order[Key(b.element)] ?? Int.max, b.offset)
        }.map(\.element)
        let flights = pinned + visible.filter { !$0.pinned }
        // Those the person would have seen: a filter or the tab shown counts only the hidden it keeps.
        let hiddenCount = board.flights.count { isHidden($0) && shown($0) }
        guard !hiddenKeys.isEmpty else {
            return (Self.board(board, tabs: board.tabs, flights: flights), 0)
        }
        let source = all ?? board
        let gone = source.flights.filter(isHidden)
        // A hidden flight of the day not on this direction's board may be on the other's.
        let unknown = all == nil && board.tab != .all && gone.count < hiddenKeys.count
        let tabs = board.tabs.map { entry in
            if unknown && entry.id != board.tab && entry.id != .all {
                return BoardDocument.TabEntry(id: entry.id, title: entry.title, count: entry.count, badge: "–")
            }
            let count = max(0, entry.count - gone.count { entry.id.includesDirection($0.direction) })
            let badge = entry.id == .all ? entry.badge : String(count)
            return BoardDocument.TabEntry(id: entry.id, title: entry.title, count: count, badge: badge)
        }
        return (Self.board(board, tabs: tabs, flights: flights), hiddenCount)
    }

    private static func board(
        _ board: BoardDocument, tabs: [BoardDocument.TabEntry], flights: [FlightDocument]
    ) -> BoardDocument {
        BoardDocument(
            airport: board.airport, now: board.now, simulated: board.simulated, speed: board.speed, date: board.date,
            tab: board.tab, hidePast: board.hidePast, tabs: tabs, flights: flights)
    }

    /// `2 hidden`: what a header says of the flights left out; nil when none are.
    static func hiddenNote(_ count: Int) -> String? { count > 0 ? "\(count) hidden" : nil }
}

extension Watchlist {
    /// Where a flight at `from` of `count` goes when moved `direction`.
    static func place(from: Int, _ direction: PinsCommand.Direction, count: Int) -> Int {
        switch direction {
        case .up: max(0, from - 1)
        case .down: min(count - 1, from + 1)
        case .first: 0
        case .last: max(0, count - 1)
        }
    }
}

/// A pin whose day has left the daemon's window, with the sentence that says so once:
/// `Pacific 365 of Dec 23 left the window; unpinned.`
struct EndedPin: Hashable, Sendable {
    let key: Watchlist.Key
    let sentence: String

    init(_ key: Watchlist.Key) {
        self.key = key
        let day = LocalDate(key.date)?.shortName ?? key.date
        sentence = "\(key.name ?? "Flight \(key.id)") of \(day) left the window; unpinned."
    }
}

extension Watchlist {
    /// The pins that have ended: those of a day before `today`, the first day of the daemon's window
    /// (the window slides at the airport's midnight and never comes back for a day), each with its
    /// sentence, in the pins' order. A pin of a day after the window (the clock set back) has not ended.
    static func endedPins(_ pins: [Key], today: LocalDate) -> [EndedPin] {
        pins.filter { LocalDate($0.date).map { $0 < today } ?? false }.map(EndedPin.init)
    }

    /// The pins that have ended by the daemon's answer `board`: its `now` says the window's first day.
    static func endedPins(_ pins: [Key], on board: BoardDocument) -> [EndedPin] {
        guard let today = LocalDate(board.now.prefix(10)) else { return [] }
        return endedPins(pins, today: today)
    }
}
