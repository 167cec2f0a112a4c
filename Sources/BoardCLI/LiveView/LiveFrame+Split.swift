import BoardProtocol
import BoardSystem
import FlightData

/// The split layout (`LiveLayout`): the header and the tab bar across the pane, then the list on the
/// left at the width its columns need, a divider, and on the right the screen on top of the stack (a
/// flight's details or its "gone" screen), or with nothing open what Enter shows there; the footer
/// across the pane, with the keys of the side that has the focus.
///
/// Each side is the stack's own frame drawn at that side's width (`layOut`), so every rule of the
/// stack (the now line, the marks, the columns that fit, the details' actual times, cuts with `…`)
/// holds on both sides, and no line is wider than its side.
extension LiveFrame {
    func split(_ model: LiveModel, now: ContinuousClock.Instant) -> [String] {
        let (leftWidth, rightWidth) = Self.sideWidths(model, columns: size.columns)
        let listKeys = model.keyScreen(split: true) == .list
        // The list as the stack shows it under the flights open on it; the menu on the side it acts on.
        var list = model
        while list.top.isFlight { list.screens.removeLast() }
        if !listKeys { list.menu = nil }
        let left = LiveFrame(style: style, size: TerminalSize(columns: leftWidth, rows: size.rows))
        let leftLines = left.withMenu(left.layOut(list, now: now), list)
        let rightLines: [String]
        if model.top.isFlight {
            var shown = model
            if listKeys { shown.menu = nil }
            let right = LiveFrame(style: style, size: TerminalSize(columns: rightWidth, rows: size.rows))
            rightLines = right.withMenu(right.layOut(shown, now: now), shown)
        } else {
            rightLines = nothingOpen(model, width: rightWidth)
        }
        // The header, the tab bar and the footer across the whole pane.
        var lines = layOut(model, now: now)
        let divider = " " + style.dim("│") + " "
        for index in 2..<(size.rows - 1) {
            lines[index] = padded(leftLines[index], leftWidth) + divider + rightLines[index]
        }
        return lines
    }

    /// The list's side and the flight's side of a split pane of `columns`, the divider between them.
    static func sideWidths(_ model: LiveModel, columns: Int) -> (list: Int, flight: Int) {
        let list = LiveLayout.listWidth(columns: columns, natural: listWidth(model, columns: columns))
        return (list, columns - list - LiveLayout.dividerWidth)
    }

    /// The columns the list's rows need on a pane of `columns`: its rows and titles as the stack lays
    /// them out at the width the details leave (`LiveLayout.detailsWidth`), at least 80 (`Columns`), the
    /// belt on the arrivals tab, with `--countdown`'s time, so that a wider pane shows the columns a
    /// stack of that width shows (the terminal, codeshares, the remark: at 220 columns the list kept
    /// 80 and the details took 140); with `--wide`, as wide as its widest row with every column (the
    /// belt on the All tab too).
    static func listWidth(_ model: LiveModel, columns: Int = 80) -> Int {
        let flights = model.listedFlights
        let searching = model.screens.contains { if case .searchResults = $0 { true } else { false } }
        var renderer = BoardRenderer(
            style: Style(enabled: false), width: max(80, columns - LiveLayout.dividerWidth - LiveLayout.detailsWidth))
        renderer.countdown = model.countdown
        renderer = renderer.laidOut(for: flights, belt: model.tab == .arrivals && !searching)
        guard model.wide else {
            // At least the width its extra columns appear from, where its rows' text is narrower than
            // the room they keep: at a narrower side the stack leaves them out, and the side kept
            // their room blank (at 220 columns, 24 blank columns where the codeshares were measured).
            let extrasFrom = ExtraColumns.thresholds.filter { renderer.extras.contains($0.0) }.map(\.1).max() ?? 0
            return flights.reduce(max(extrasFrom, renderer.columns.total, renderer.columnTitles().columns)) {
                max($0, renderer.row($1).columns)
            }
        }
        renderer.wide = true
        renderer = renderer.laidOut(for: flights, belt: renderer.showsBelt(model.tab) && !searching)
        return flights.reduce(renderer.columnTitles().columns) { max($0, renderer.row($1).columns) }
    }

    /// The right side with nothing open: the flight under the cursor as the board has it, and what Enter
    /// does; a frame's lines, of which the header's and the tab bar's are not shown.
    private func nothingOpen(_ model: LiveModel, width: Int) -> [String] {
        var lines = ["", "", ""]
        if let flight = model.selectedFlight {
            let city = BoardRenderer.cityText(flight, width: width)
            let status = BoardRenderer.statusText(flight, width: 20)
            var time = clockText(flight.scheduledTime)
            if let current = flight.currentTime, clockText(current) != time { time += "→" + clockText(current) }
            lines.append(style.bold(cut("\(flight.flightName)  \(city)", width)))
            // Search results run across the window's days: the day says which of them this is.
            let searching = if case .searchResults = model.top { true } else { false }
            if searching || flight.date != model.board?.date { lines.append(cut(BoardRenderer.longDate(flight.date), width)) }
            lines.append(cut("\(time)  gate \(BoardRenderer.gateText(flight))  \(status)", width))
            lines.append("")
            lines.append(style.dim(cut("⏎ shows its details here; ↑/↓ choose another flight.", width)))
        } else {
            lines.append(style.dim(cut("⏎ on a flight shows its details here.", width)))
        }
        return lines + Array(repeating: "", count: max(0, size.rows - lines.count))
    }

    /// `line` padded with spaces to `width` cells, its escape sequences taking none; cut without colour
    /// in the unlikely case it is wider.
    private func padded(_ line: String, _ width: Int) -> String {
        let visible = line.withoutEscapes
        let cells = visible.columns
        guard cells <= width else { return fit(visible, width) }
        return line + String(repeating: " ", count: width - cells)
    }
}

extension String {
    /// The text as a terminal shows it: without its escape sequences (`ESC [ … letter`).
    var withoutEscapes: String {
        guard contains("\u{1B}") else { return self }
        var out = ""
        var escaping = false
        for c in self {
            if c == "\u{1B}" {
                escaping = true
            } else if escaping {
                if c.isLetter { escaping = false }
            } else {
                out.append(c)
            }
        }
        return out
    }
}
