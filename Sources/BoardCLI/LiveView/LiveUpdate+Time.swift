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

    /// The board's pages at this screen's height at `now`, and the one shown (from 1): the last page
    /// the first row shown is on or after, the last page once the last flight is drawn.
    func boardPage(at now: ContinuousClock.Instant) -> (number: Int, count: Int) {
        let line = nowLine(at: now)
        let starts = boardPageStarts(line)
        let viewport = boardViewport
        guard lastRowDrawn(viewport, line) < (board?.flights.count ?? 0) - 1 else { return (starts.count, starts.count) }
        return (max(1, starts.lastIndex { $0 <= viewport.first }.map { $0 + 1 } ?? 1), starts.count)
    }

    /// The first scrolling row of each page `--rotate` turns to: the board's top, then each page the
    /// row after the last one the page before drew (which may be the row it lent the now line, out of
    /// sight), until a page draws the last flight. A page that started a fixed height on showed the
    /// lent row twice, and said 1/2 on rows the next page showed again.
    private func boardPageStarts(_ line: NowLine?) -> [Int] {
        let count = board?.flights.count ?? 0
        var start = Self.viewport(of: board, rows: size.rows, cursor: ListCursor()).held
        var starts = [start]
        while true {
            let viewport = Self.viewport(of: board, rows: size.rows, cursor: ListCursor(row: start, scroll: start))
            let next = max(start + 1, lastRowDrawn(viewport, line) + 1)
            guard next < count else { return starts }
            starts.append(next)
            start = next
        }
    }

    /// The now line over the board at `now`, by the daemon's clock run on (`daemonNow`).
    private func nowLine(at now: ContinuousClock.Instant) -> NowLine? {
        board.flatMap { NowLine($0.flights, now: daemonNow(at: now), date: $0.date) }
    }

    /// The last of the board's rows a frame of `viewport` draws, with the row it lends the now line
    /// when the line is out of sight (`LiveFrame.boardRowsShown`).
    private func lastRowDrawn(_ viewport: BoardViewport, _ line: NowLine?) -> Int {
        guard let board else { return -1 }
        return LiveFrame.boardRowsShown(viewport, now: line, flights: board.flights).indices.max() ?? -1
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
        let next = lastRowDrawn(boardViewport, nowLine(at: now)) + 1
        guard next >= board.flights.count else {
            boardCursor = ListCursor(flight: FlightKey(board.flights[next]), row: next, scroll: next)
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
