import BoardProtocol

/// The list's geometry: which flight a cursor is on, how many rows a pane gives the board and search
/// results (less the marks' row and the now line's), and the scroll that keeps a row in sight. Pure
/// functions of the model's values, shared by `update` (`LiveUpdate.swift`) and the frame (`LiveFrame`).
extension LiveModel {
    static func row(of cursor: ListCursor, in flights: [FlightDocument]) -> Int {
        if let key = cursor.flight, let index = flights.firstIndex(where: { FlightKey($0) == key }) { return index }
        return min(cursor.row, max(0, flights.count - 1))
    }

    /// Rows of flights that fit: the screen less header, tab bar, column titles and footer.
    static func listRows(_ rows: Int) -> Int { max(1, rows - 4) }

    /// Lines of search results on screen: the list's rows, less one for the marks (`↑ 3 more  ↓ 12
    /// more`, counting flights) when the results are taller than that and the pane has three rows for them.
    static func resultRows(_ rows: Int, results: SearchResults) -> Int {
        let list = listRows(rows)
        return results.lines.count > list && list >= 3 ? list - 1 : list
    }

    /// Rows of flights on the board's screen: the list's rows, less one for the now line on a board
    /// of today (`NowLine`), so that a page (scrolling, PageDown, `--rotate`) holds its flights and
    /// the line, and no flight falls between two pages.
    static func boardRows(_ rows: Int, board: BoardDocument?) -> Int {
        let list = listRows(rows)
        guard list > 1, let board, NowLine(board.flights, now: board.now, date: board.date) != nil else { return list }
        return list - 1
    }

    /// The first row shown so that the cursor's row is on screen with `visible` rows.
    static func scroll(_ scroll: Int, keeping row: Int, visible: Int, count: Int) -> Int {
        let rows = max(1, visible)
        var first = scroll
        if row < first { first = row }
        if row >= first + rows { first = row - rows + 1 }
        return max(0, min(first, max(0, count - rows)))
    }

    /// The first line shown of search results so that flight `row` is on screen, with its day's
    /// heading when the flight is the first of its day and there is room.
    static func scroll(_ results: SearchResults, from scroll: Int, keeping row: Int, visible: Int) -> Int {
        let line = results.line(ofRow: row)
        var first = Self.scroll(scroll, keeping: line, visible: visible, count: results.lines.count)
        if results.startsADay(row), first == line, first > 0, visible > 1 { first -= 1 }
        return first
    }
}
