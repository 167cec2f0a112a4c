import BoardProtocol

/// Which of a board's rows a pane shows, and what it says of the rest.
///
/// A board that fits is shown whole. One taller than the pane gives its last row to the marks
/// (`↑ 3 more  ↓ 12 more`); its pinned rows are held at the top, never scrolled away unseen,
/// while they take at most half the rows (more pins than that scroll with the rest, and the marks
/// say how many of the rows above are pinned); the other rows scroll under them around the cursor.
struct BoardViewport: Equatable, Sendable {
    /// The pinned rows held at the top (0 when none are held).
    let held: Int
    /// The first scrolling row shown, an index into the board's flights.
    let first: Int
    /// How many scrolling rows are shown.
    let shown: Int
    /// The rows not shown above the scrolling rows (the held pins not counted), and how many of them are pinned.
    let above: Int
    let pinnedAbove: Int
    /// The rows not shown below.
    let below: Int
    /// Whether a row is given to the marks.
    let marked: Bool

    /// The scrolling rows shown, as indices into the board's flights.
    var scrolling: Range<Int> { first..<(first + shown) }

    /// The rows a page moves by: the scrolling rows.
    var page: Int { max(1, shown) }

    /// `↑ 3 more (2 pinned)  ↓ 12 more`, or nil when every row is shown (or the pane is too short for them).
    var marks: String? {
        guard marked else { return nil }
        return Self.marks(above: above, pinnedAbove: pinnedAbove, below: below)
    }

    /// `↑ 3 more (2 pinned)  ↓ 12 more` for the rows above and below a list's shown rows; nil when none are.
    static func marks(above: Int, pinnedAbove: Int = 0, below: Int) -> String? {
        var parts: [String] = []
        if above > 0 { parts.append("↑ \(above) more" + (pinnedAbove > 0 ? " (\(pinnedAbove) pinned)" : "")) }
        if below > 0 { parts.append("↓ \(below) more") }
        return parts.isEmpty ? nil : parts.joined(separator: "  ")
    }

    /// The marks in few cells, for where their words do not fit (the now line of a narrow, short
    /// pane): `↑10 ↓18`.
    static func shortMarks(above: Int, below: Int) -> String? {
        let parts = [above > 0 ? "↑\(above)" : nil, below > 0 ? "↓\(below)" : nil].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// The viewport of `count` rows, the first `pinned` of them pinned, in `rows` rows of a pane, with
    /// the cursor on row `cursor` and the scrolling rows last starting at `scroll`.
    init(count: Int, pinned: Int, rows: Int, cursor: Int, scroll: Int) {
        let rows = max(1, rows)
        guard count > rows else {
            self.init(held: 0, first: 0, shown: count, above: 0, pinnedAbove: 0, below: 0, marked: false)
            return
        }
        // The marks take a row where that leaves two for flights; a pane of two rows shows flights only.
        let listed = rows >= 3 ? rows - 1 : rows
        let held = pinned > 0 && pinned <= listed / 2 ? pinned : 0
        let window = listed - held
        let lowest = held
        let highest = count - window
        var first = max(lowest, min(scroll, highest))
        if cursor >= held {
            if cursor < first { first = cursor }
            if cursor >= first + window { first = cursor - window + 1 }
        }
        first = max(lowest, min(first, highest))
        self.init(
            held: held, first: first, shown: window, above: first - held, pinnedAbove: max(0, min(pinned, first) - held),
            below: count - first - window, marked: listed < rows)
    }

    private init(held: Int, first: Int, shown: Int, above: Int, pinnedAbove: Int, below: Int, marked: Bool) {
        self.marked = marked
        self.held = held
        self.first = first
        self.shown = shown
        self.above = above
        self.pinnedAbove = pinnedAbove
        self.below = below
    }
}

extension LiveModel {
    /// The board's viewport at this screen's size, with the board's cursor.
    var boardViewport: BoardViewport { Self.viewport(of: board, rows: size.rows, cursor: boardCursor) }

    static func viewport(of board: BoardDocument?, rows: Int, cursor: ListCursor) -> BoardViewport {
        let flights = board?.flights ?? []
        return BoardViewport(
            count: flights.count, pinned: flights.prefix { $0.pinned }.count, rows: boardRows(rows, board: board),
            cursor: row(of: cursor, in: flights), scroll: cursor.scroll)
    }
}
