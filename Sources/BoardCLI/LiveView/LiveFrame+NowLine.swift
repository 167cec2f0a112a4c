import BoardProtocol

extension LiveFrame {
    /// The board's rows a frame draws: the viewport's, where now falls among them, and the marks of
    /// the rest.
    struct BoardRowsShown: Equatable {
        /// The flights drawn, in order: the held pinned rows, then the scrolling ones.
        var indices: [Int]
        /// Whether the now line goes under the last row drawn (the next row, not drawn, is after now;
        /// or there is none: every row is before now).
        var nowAtFoot = false
        /// Whether the now line goes over the first scrolling row drawn (the row above, not drawn, is
        /// the first after now: drawing it would take the line's row too).
        var nowAtHead = false
        var marks: String?
        /// On a pane too short for a row of marks (6 and 7 rows) with the now line among the rows:
        /// the marks, said on the line itself, in words and in few cells (the first that fits).
        var marksOnNowLine: [String] = []
    }

    /// The viewport's rows, and the row it leaves for the now line (`LiveModel.boardRows`, so that a
    /// page holds its flights and the line) used when the line falls off them: for the line itself
    /// right under the rows, else for the next row below, else for the one above (for the line over
    /// the rows when that one is the first after now, since it and its line would take two rows: the
    /// pinned rows held at the top were cut). A row was left blank whenever the line was scrolled
    /// out of sight.
    static func boardRowsShown(_ viewport: BoardViewport, now: NowLine?, flights: [FlightDocument]) -> BoardRowsShown {
        var indices = Array(0..<viewport.held) + Array(viewport.scrolling)
        let last = viewport.scrolling.upperBound
        var shown = BoardRowsShown(indices: indices, marks: viewport.marks)
        guard let now else { return shown }
        // No row for the marks (6 and 7 rows): a line drawn among the rows says what is out of sight,
        // where nothing said 28 more rows were there.
        if viewport.marks == nil {
            shown.marksOnNowLine = [
                BoardViewport.marks(above: viewport.above, pinnedAbove: viewport.pinnedAbove, below: viewport.below),
                BoardViewport.shortMarks(above: viewport.above, below: viewport.below),
            ].compactMap { $0 }
        }
        guard !viewport.scrolling.contains(now.index) else { return shown }
        if now.index == last && last == flights.count && last > viewport.first {
            // Every row is before now and the last is drawn: the line closes the list.
            shown.nowAtFoot = true
            return shown
        }
        shown.marksOnNowLine = []
        guard viewport.marks != nil else {
            // A pane too short for the marks beside the line (6 and 7 rows): the line's row says what
            // is out of sight, where it was blank and nothing said 13 more rows were there.
            shown.marks = BoardViewport.marks(above: viewport.above, pinnedAbove: viewport.pinnedAbove, below: viewport.below)
            return shown
        }
        var (above, pinnedAbove, below) = (viewport.above, viewport.pinnedAbove, viewport.below)
        if now.index == last, below > 0 {
            shown.nowAtFoot = true
        } else if below > 0 {
            indices.append(last)
            below -= 1
        } else if above > 0, now.index == viewport.first - 1 {
            shown.nowAtHead = true
        } else if above > 0 {
            indices.insert(viewport.first - 1, at: viewport.held)
            if flights[viewport.first - 1].pinned { pinnedAbove -= 1 }
            above -= 1
        }
        shown.indices = indices
        shown.marks = BoardViewport.marks(above: above, pinnedAbove: max(0, pinnedAbove), below: below)
        return shown
    }
}
