import Testing

/// The now line (the contract's "Now is drawn"), `  ──── 12:00 now ────…`, drawn among the rows of a
/// board of today. Tests that walk a board's rows, or a frame's, skip it with `withoutNowLine()`.
enum NowLineRows {
    /// What the line has and no row has.
    static let mark = " now ─"
}

extension Sequence where Element: StringProtocol {
    /// The lines without the now line, which is at most one of them (the test fails otherwise).
    func withoutNowLine(sourceLocation: SourceLocation = #_sourceLocation) -> [Element] {
        let lines = Array(self)
        let rows = lines.filter { !$0.contains(NowLineRows.mark) }
        #expect(lines.count - rows.count <= 1, "at most one now line", sourceLocation: sourceLocation)
        return rows
    }

    /// Where the now line is among the lines, if it is there.
    var nowLineIndex: Int? { Array(self).firstIndex { $0.contains(NowLineRows.mark) } }
}

extension StringProtocol {
    /// Whether a board row drawn at `width` ends its usual columns with `tail` (the id, or the belt
    /// and the id): the row's end below 100 columns, before the columns that appear from 100 on
    /// (`ExtraColumns`: the terminal first, two spaces after the id).
    func endsColumns(with tail: String, width: Int) -> Bool {
        width < 100 ? hasSuffix(tail) : contains(tail + "  ")
    }
}
