import BoardProtocol

extension LiveFrame {
    /// Search results under their title: a heading for each day, then its flights, and the marks of
    /// the flights above and below when they do not all fit.
    ///
    /// A list scrolled into a day keeps the day's heading on its first line (`heldHeading`), over the
    /// line the cursor is not on: scrolled results said no day at all.
    func appendResults(
        _ results: LiveModel.SearchResults, to lines: inout [String], _ model: LiveModel, selected: Int, now: String,
        _ renderer: BoardRenderer
    ) {
        let shown = results.lines
        let flights = results.flights
        let fitting = LiveModel.resultRows(size.rows, results: results)
        let first = LiveModel.scroll(results, from: results.cursor.scroll, keeping: selected, visible: fitting)
        var range = min(first, shown.count)..<min(shown.count, first + fitting)
        let held = Self.heldHeading(shown, range: &range, cursorLine: results.line(ofRow: selected))
        // The flights above and below the lines shown, as the board counts its rows.
        func flightCount(_ lines: ArraySlice<LiveModel.SearchResults.Line>) -> Int {
            lines.count { if case .flight = $0 { true } else { false } }
        }
        let (above, below) = (flightCount(shown[..<range.lowerBound]), flightCount(shown[range.upperBound...]))
        // A pane with no row for the marks (6 rows) says them on its first day's heading, as the
        // board says them on its now line: nothing said 98 more results were there.
        var marksOnHeading =
            fitting < LiveModel.listRows(size.rows)
            ? []
            : [
                BoardViewport.marks(above: above, below: below), BoardViewport.shortMarks(above: above, below: below),
            ].compactMap { $0 }
        func heading(_ day: SearchResultsDocument.Day) -> String {
            defer { marksOnHeading = [] }
            return dayHeading(day, marks: marksOnHeading)
        }
        if let held { lines.append(heading(held)) }
        for line in shown[range] {
            switch line {
            case .day(let day):
                lines.append(heading(day))
            case .flight(let index):
                lines.append(
                    row(
                        flights[index], selected: index == selected,
                        lastViewed: model.lastViewed?.names(flights[index]) == true, now: now,
                        renderer))
            case .foundAs(let partner): lines.append(renderer.foundAsLine(partner))
            }
        }
        guard fitting < LiveModel.listRows(size.rows) else { return }
        while lines.count < size.rows - 2 { lines.append("") }
        if let marks = BoardViewport.marks(above: above, below: below) {
            lines.append(style.dim(fit("  " + marks, size.columns)))
        }
    }

    /// A day's heading in search results: `Tue Dec 1 2026  (7)`, then the first of `marks` (the
    /// same marks in fewer words after it) that fits beside it; where none does, the day without its
    /// count, so that the marks are said (the count is the results' title's to say too).
    private func dayHeading(_ day: SearchResultsDocument.Day, marks: [String] = []) -> String {
        let date = BoardRenderer.longDate(day.date)
        let text = "\(date)  (\(day.count))"
        let fitting = [text, date].lazy.compactMap { heading in
            marks.first { heading.columns + 3 + $0.columns <= size.columns }.map { (heading, $0) }
        }.first
        guard let (heading, said) = fitting else { return style.bold(fit(text, size.columns)) }
        return style.bold(heading) + "   " + style.dim(said)
    }

    /// The day to head search results shown from `range` with, when its first line is not a day's
    /// heading: `range` gives up its first line for it, or its last when the cursor is on the first.
    /// Nil at the top (`range` as it was), and where the next day's heading is the second line
    /// (`range` starts there instead).
    static func heldHeading(
        _ shown: [LiveModel.SearchResults.Line], range: inout Range<Int>, cursorLine: Int
    ) -> SearchResultsDocument.Day? {
        guard range.count > 1, let top = range.first, top > 0 else { return nil }
        func day(_ line: LiveModel.SearchResults.Line) -> SearchResultsDocument.Day? {
            if case .day(let day) = line { day } else { nil }
        }
        guard day(shown[top]) == nil, let heading = shown[..<top].lazy.reversed().compactMap(day).first else { return nil }
        if cursorLine == top {
            range = top..<(range.upperBound - 1)
        } else if day(shown[top + 1]) != nil, range.upperBound < shown.count || cursorLine == range.upperBound - 1 {
            // The next day's heading is the line after: the results start there, a line further on
            // (at the list's end, with the cursor on its last line, one short).
            range = (top + 1)..<min(shown.count, range.upperBound + 1)
            return nil
        } else if day(shown[top + 1]) != nil {
            // At the list's end, the cursor above its last line: the first line keeps its heading and
            // the last goes, rather than leave a line blank.
            range = top..<(range.upperBound - 1)
        } else {
            range = (top + 1)..<range.upperBound
        }
        return heading
    }
}
