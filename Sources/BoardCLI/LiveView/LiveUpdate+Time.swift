import BoardProtocol
import BoardSystem
import FlightData

/// The live view and time: ticks, the open flight's refresh, `--rotate`, how long the loop may sleep.
extension LiveModel {
    // MARK: Time

    mutating func tick(_ now: ContinuousClock.Instant) -> [LiveEffect] {
        refreshOpenFlight(at: now) + rotatePage(at: now)
    }

    /// The open flight's details follow the daemon's clock: it is fetched again every few of the
    /// daemon's seconds (more often in the air, where progress moves), at most once a second of
    /// real time and one request at a time; never on a frozen clock, where only a new board changes it.
    private mutating func refreshOpenFlight(at now: ContinuousClock.Instant) -> [LiveEffect] {
        guard case .details(let open) = top, link == .live, let interval = detailsRefreshInterval(open) else {
            nextDetailsRefresh = nil
            return []
        }
        guard let due = nextDetailsRefresh else {
            nextDetailsRefresh = now + interval
            return []
        }
        guard now >= due else { return [] }
        nextDetailsRefresh = now + interval
        // One at a time: while an answer is awaited (a slow or stopped daemon), this round is skipped.
        guard !pending.values.contains(.refresh(open.key)) else { return [] }
        return [send(.flight(open.key, pinned: pins), for: .refresh(open.key))]
    }

    /// Real time between fetches of the open flight: 5 of the daemon's seconds in the air, else 30,
    /// scaled by the clock's speed, and never under a second; nil on a frozen clock.
    func detailsRefreshInterval(_ open: OpenFlight) -> Duration? {
        let speed = board.map { $0.simulated ? $0.speed : 1 } ?? 1
        guard speed > 0 else { return nil }
        let inTheAir = open.details.progress.map { $0 > 0 && $0 < 1 } ?? false
        return max(.seconds(1), .seconds((inTheAir ? 5.0 : 30.0) / speed))
    }

    /// The rows PageUp and PageDown move by: the board's (`boardRows`) on the board, the lines shown of search results.
    var pageRows: Int {
        if case .board = top { return boardViewport.page }
        if case .searchResults(let results) = top { return Self.resultRows(size.rows, results: results) }
        return Self.listRows(size.rows)
    }

    /// The `--rotate` interval, unless `--reduced-motion` stops rotation.
    var rotation: Duration? { reducedMotion ? nil : rotate }

    /// The board's pages at this screen's height, and the one shown (from 1): the page the first row
    /// shown is on, the last page once the last flight is shown.
    var boardPage: (number: Int, count: Int) {
        let viewport = boardViewport
        let page = viewport.page
        // The pinned rows held at the top are on every page.
        let count = (board?.flights.count ?? 0) - viewport.held
        let pages = max(1, (count + page - 1) / page)
        let first = viewport.first - viewport.held
        return (viewport.below == 0 ? pages : min(pages, first / page + 1), pages)
    }

    /// `--rotate`, as airport screens do: every period the board shows its next page; after the last
    /// page (or when it fits on one) the next tab, from its top, cycling. Only on the board: over a
    /// flight's details or search results it waits. A key holds the page for a whole period; the
    /// tabs it turns to are not saved as the tab to reopen.
    private mutating func rotatePage(at now: ContinuousClock.Instant) -> [LiveEffect] {
        guard let rotate = rotation else { return [] }
        guard let due = nextRotate, !rotationHeld else {
            rotationHeld = false
            nextRotate = now + rotate
            return []
        }
        guard now >= due else { return [] }
        nextRotate = now + rotate
        guard case .board = top, let board else { return [] }
        let viewport = boardViewport
        let flights = board.flights
        guard viewport.below == 0 else {
            let first = viewport.scrolling.upperBound
            boardCursor = ListCursor(flight: FlightKey(flights[first]), row: first, scroll: first)
            return []
        }
        tab = tab.next
        boardCursor = ListCursor()
        // The next tab's board starts at its top, not on the first flight still to come.
        rotationTurnedTab = true
        return [subscription]
    }

    /// How long the loop may wait before the screen needs drawing again (the header clock, `--rotate`,
    /// the open flight's next fetch).
    public func wakeInterval(now: ContinuousClock.Instant) -> Duration {
        var wait = Duration.seconds(1)
        if let board, board.simulated, board.speed >= 60 { wait = .milliseconds(250) }
        if let nextRotate, rotation != nil { wait = min(wait, max(.milliseconds(10), nextRotate - now)) }
        if let nextDetailsRefresh { wait = min(wait, max(.milliseconds(10), nextDetailsRefresh - now)) }
        return wait
    }
}
