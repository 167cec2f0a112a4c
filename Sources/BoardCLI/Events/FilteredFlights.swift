import BoardProtocol
import FlightData

/// The flights the events' filter reads: each day's board, asked for once (when listing) or at
/// each change (when following, so that a flight's new gate or status counts).
struct FilteredFlights {
    let filter: FlightFilter
    let client: BoardClient
    let refetch: Bool
    /// Each day's flights by id, and the board's now (for `within`).
    private var days: [String: (now: String, flights: [Int: FlightDocument])] = [:]

    init(filter: FlightFilter, client: BoardClient, refetch: Bool) {
        self.filter = filter
        self.client = client
        self.refetch = refetch
    }

    /// Days whose board the daemon no longer shows (they left the window); those already said. A
    /// follow asks again at each change (a clock set back brings a day back), a listing once.
    private var daysGone: Set<String> = []
    private var daysSaid: Set<String> = []

    /// Whether `change`'s flight matches. A flight of a day the daemon no longer shows matches by
    /// its name where the filter asks only for that (`FlightFilter.matches(flightName:)`); else it is
    /// left out, and said so once a day on stderr rather than dropped unsaid.
    mutating func keeps(_ change: EventChange) -> Bool {
        guard !filter.isEmpty else { return true }
        if !refetch, daysGone.contains(change.flightDate) { return keepsByName(change) }
        if refetch || days[change.flightDate] == nil {
            // A day the daemon did not write as one has no board.
            let request = LocalDate(change.flightDate).map {
                BoardGetRequest(tab: .all, hidePast: false, date: .exact($0), pinned: client.pinnedParam)
            }
            do {
                guard let request else { return false }
                let board = try client.decode(BoardDocument.self, try client.call(request))
                days[change.flightDate] = (
                    board.now, Dictionary(board.flights.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
                )
            } catch {
                if case .notFound = error {
                    daysGone.insert(change.flightDate)
                    if filter.matches(flightName: change.flightName) == nil, daysSaid.insert(change.flightDate).inserted {
                        let day = LocalDate(change.flightDate)?.shortName ?? change.flightDate
                        Output.warning(
                            "changes of flights of \(day) are left out: that day has left the board's window, so a flight's city, gate, terminal or status cannot be read (--airline still filters them)"
                        )
                    }
                    return keepsByName(change)
                }
                days[change.flightDate] = ("", [:])
            }
        }
        guard let day = days[change.flightDate], let flight = day.flights[change.flightID] else { return false }
        return filter.matches(flight, now: day.now)
    }

    private func keepsByName(_ change: EventChange) -> Bool { filter.matches(flightName: change.flightName) ?? false }
}
