import BoardProtocol

/// Where now falls among a board's rows (the contract's "Now is drawn"): between the last flight
/// whose current time (the scheduled time when canceled) is before now and the first one at or
/// after it, among the unpinned rows (pinned rows lead the board in your order, whatever the time).
///
/// Only a board of today has one: another day's board is all before or all after now.
struct NowLine: Equatable {
    /// The row the line goes before; the board's count when every unpinned row is before now.
    let index: Int
    /// Where the unpinned rows start: pinned rows are never above the line in time.
    let firstUnpinned: Int

    /// Nil for another day's board or one whose clock does not read.
    init?(_ board: BoardDocument) {
        self.init(board.flights, now: board.now, date: board.date)
    }

    init?(_ flights: [FlightDocument], now: String, date: String) {
        guard now.prefix(10) == date else { return nil }
        let firstUnpinned = flights.firstIndex { !$0.pinned } ?? flights.count
        var index = flights.count
        for position in firstUnpinned..<flights.count {
            let flight = flights[position]
            guard let seconds = RecentChange.seconds(from: now, to: flight.currentTime ?? flight.scheduledTime) else {
                return nil
            }
            if seconds >= 0 {
                index = position
                break
            }
        }
        self.index = index
        self.firstUnpinned = firstUnpinned
    }

    /// Whether row `index` is above the line: an unpinned row before now, dimmed.
    func isBefore(_ row: Int) -> Bool { row >= firstUnpinned && row < index }
}
