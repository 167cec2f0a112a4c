import BoardProtocol
import BoardSystem
import FlightData
import FoundationEssentials

extension LiveModel {
    /// The lines of one frame for a screen of `size` at `now`: a pure function of the model.
    ///
    /// `now` only ages things: the header clock runs on from the board's time at the daemon's
    /// speed, and a board kept while reconnecting shows how old it is.
    public func view(size: TerminalSize, now: ContinuousClock.Instant) -> [String] {
        LiveFrame(style: style, size: size).lines(self, now: now)
    }
}

/// Lays out a frame: header, tab bar, the list or a flight's details, and the footer.
struct LiveFrame {
    let style: Style
    let size: TerminalSize

    /// The tab bar's shortest word that the board is filtered.
    static let filteredWord = "  filtered"

    /// The narrowest screen the layout is made for; below it, every line is cut to fit, without colour.
    static let narrowest = 40

    func lines(_ model: LiveModel, now: ContinuousClock.Instant) -> [String] {
        guard size.columns >= Self.narrowest else {
            let plain = LiveFrame(style: Style(enabled: false), size: size)
            return plain.overlaid(plain.withMenu(plain.layOut(model, now: now), model), model).map { fit($0, size.columns) }
        }
        // The board and the open flight side by side (`LiveFrame+Split.swift`), its menu on its side.
        if model.layout.splits(columns: size.columns), size.rows > 3, model.board != nil {
            return overlaid(split(model, now: now), model)
        }
        return overlaid(withMenu(layOut(model, now: now), model), model)
    }

    /// What goes over a frame's screens and menu: a footer message wider than the pane, the keys' help.
    private func overlaid(_ lines: [String], _ model: LiveModel) -> [String] {
        withKeysHelp(withWholeMessage(lines, model), model)
    }

    func layOut(_ model: LiveModel, now: ContinuousClock.Instant) -> [String] {
        var renderer = BoardRenderer(style: style)
        renderer.width = size.columns
        renderer.wide = model.wide
        renderer.countdown = model.countdown
        var lines: [String] = []
        lines.append(headerLine(model, now: now))
        guard let board = model.board else {
            lines.append("")
            lines.append(model.link == .connecting ? "  Connecting to the daemon…" : "  Waiting for the daemon…")
            return pad(lines, footer: footer(model))
        }
        var bar = renderer.tabBar(board)
        var barWidth = BoardRenderer(style: Style(enabled: false), width: size.columns).tabBar(board).columns
        // The filter's word goes last but outranks the notes before it: they leave it room to say
        // `filtered` at least, where the board's counts are the filter's (it was dropped at 40 columns).
        let room = size.columns - (model.filter.isEmpty ? 0 : Self.filteredWord.columns)
        if model.hidePast, let note = ["  past hidden", "  no past"].first(where: { barWidth + $0.columns <= room }) {
            // Shorter where the whole note does not fit beside the tabs.
            bar += style.dim(note)
            barWidth += note.columns
        }
        if let note = Watchlist.hiddenNote(model.hiddenCount), barWidth + note.columns + 2 <= room {
            bar += style.dim("  " + note)
            barWidth += note.columns + 2
        }
        if model.rotation != nil, case .board = model.top, case let page = model.boardPage(at: now), page.count > 1 {
            // The wall screen's page indicator (`page 2/3`, or `2/3` where that does not fit).
            let indicator = ["  page \(page.number)/\(page.count)", "  \(page.number)/\(page.count)"].first {
                barWidth + $0.columns <= room
            }
            if let indicator { bar += style.dim(indicator) }
        }
        if !model.filter.isEmpty {
            // What is filtered, after the tabs, cut with … where it does not fit, else the word alone.
            let note = "  filtered: \(model.filter.description)"
            let left = size.columns - barWidth
            if note.columns <= left || left >= Self.filteredWord.columns + 6 {
                bar += style.dim(cut(note, left))
            } else if left >= Self.filteredWord.columns {
                bar += style.dim(Self.filteredWord)
            }
        }
        lines.append(bar)
        if case .details(let open) = model.top {
            lines.append("")
            let all = details(open, hidden: model.hides(open.flight))
            let layout = Self.detailsLayout(lineCount: all.count, scroll: open.scroll, rows: size.rows)
            lines += all[layout.scroll..<(layout.scroll + layout.shown)]
            if let marks = layout.marks {
                // Nothing of a flight is out of sight unsaid, as on the board: what is above and below, and
                // the keys; beside a split pane's list that holds them, first the key that gives them here.
                while lines.count < size.rows - 2 { lines.append("") }
                let keys = model.keyScreen == .list ? "⏎ here, then PgUp/PgDn" : "PgUp/PgDn"
                lines.append(style.dim(fit("  " + marks + " (\(keys))", size.columns)))
            }
            return pad(lines, footer: footer(model))
        }
        if case .gone(let gone) = model.top {
            lines.append("")
            lines += wrapped(gone.sentence).map { style.bold($0) }
            lines.append("")
            lines += wrapped("⏎ or s: the soonest flight still to come in \(model.tab.title)")
            lines.append(fit("  Esc: back", size.columns))
            lines.append(fit("  b: back to the board", size.columns))
            return pad(lines, footer: footer(model))
        }
        let flights = model.listedFlights
        let searching = if case .searchResults = model.top { true } else { false }
        renderer = renderer.laidOut(for: flights, belt: renderer.showsBelt(model.tab) && !searching)
        // The daemon's clock run on from the board's: the now line, the rows before it, a recent
        // change's mark and a countdown follow it between the boards the daemon pushes.
        let current = model.daemonNow(at: now)
        if case .searchResults(let results) = model.top {
            lines.append(style.bold(fit(results.title(in: model.tab, width: size.columns), size.columns)))
        } else {
            lines.append(wideCut(renderer.columnTitles(), renderer))
        }
        if flights.isEmpty {
            // Said as the one-shot board says it: why the list is empty, and for a search how to go back.
            let empty =
                if case .searchResults = model.top {
                    model.tab == .all
                        ? "Nothing in the window matches. Esc goes back to the board."
                        : "Nothing in the window's \(model.tab.title.lowercased()) matches. Esc goes back to the board."
                } else if !model.filter.isEmpty {
                    "No flights in this tab match the filter."
                } else if board.hidePast {
                    "No flights left today in this tab."
                } else {
                    "No flights in this tab."
                }
            lines += wrapped(empty).map { style.dim($0) }
        }
        // The scroll as update left it, settled again for this size (the same unless the sizes differ).
        let selected = model.selectedRow
        let visible = LiveModel.listRows(size.rows)
        if case .searchResults(let results) = model.top {
            appendResults(results, to: &lines, model, selected: selected, now: current, renderer)
            return pad(lines, footer: footer(model))
        }
        // The pinned rows held at the top, the rows around the cursor, and the marks of the rest
        // (`BoardViewport`); where now falls among the rows on screen: the board's rows leave a row
        // for it (`boardRows`).
        let viewport = LiveModel.viewport(of: model.board, rows: size.rows, cursor: model.boardCursor)
        let now = NowLine(flights, now: current, date: board.date)
        let shown = Self.boardRowsShown(viewport, now: now, flights: flights)
        var rows: [String] = []
        for index in shown.indices {
            if now?.index == index || (shown.nowAtHead && index == viewport.first) {
                rows.append(renderer.nowLine(current, over: flights, notes: shown.marksOnNowLine))
            }
            rows.append(
                row(
                    flights[index], selected: index == selected,
                    lastViewed: model.lastViewed?.names(flights[index]) == true, now: current,
                    beforeNow: now?.isBefore(index) == true, renderer))
        }
        if shown.nowAtFoot { rows.append(renderer.nowLine(current, over: flights, notes: shown.marksOnNowLine)) }
        let listed = viewport.marks == nil ? visible : visible - 1
        if rows.count > listed {
            // One list row and the line (a pane of five rows): the cursor's row stays.
            let at = rows.firstIndex { $0.hasPrefix(">") || $0.hasPrefix("\u{1B}[7m") } ?? 0
            rows = Array(rows.dropFirst(max(0, at - listed + 1)).prefix(listed))
        }
        lines += rows
        if let marks = shown.marks {
            while lines.count < size.rows - 2 { lines.append("") }
            lines.append(style.dim(fit("  " + marks, size.columns)))
        }
        return pad(lines, footer: footer(model))
    }

    /// A flight's row, a recent change marked as of the board's `now`; the cursor's row reversed
    /// (with colour) or marked with `>` (without).
    func row(
        _ flight: FlightDocument, selected: Bool, lastViewed: Bool, now: String, beforeNow: Bool = false,
        _ renderer: BoardRenderer
    ) -> String {
        let plain = renderer.plain.row(flight, lastViewed: lastViewed, now: now)
        guard selected else {
            // A `--wide` row longer than the screen is cut with `…`, without colour, as one-shot boards are.
            guard plain.columns > size.columns else {
                return renderer.row(flight, lastViewed: lastViewed, now: now, beforeNow: beforeNow)
            }
            return fit(plain, size.columns)
        }
        // Without colour `>` takes the pin's column; a pinned row's `*` then takes the second (the
        // last viewed `›`'s), so that the row just pinned says so.
        guard !style.enabled else { return "\u{1B}[7m" + fit(plain, size.columns) + "\u{1B}[0m" }
        return fit((flight.pinned ? ">*" : ">" + plain.dropFirst().prefix(1)) + plain.dropFirst(2), size.columns)
    }

    /// The column titles, cut without colour at the screen's edge when `--wide` makes them longer.
    private func wideCut(_ titles: String, _ renderer: BoardRenderer) -> String {
        let text = renderer.plain.columnTitles()
        return text.columns > size.columns ? fit(text, size.columns) : titles
    }

    /// Which of a flight's detail lines a pane shows: all that fit; when they do not, a row is given
    /// to the marks (`↑ 3 more  ↓ 9 more`) and the rest shown from `scroll`, one line at least (a
    /// 6-row pane pages through them a line at a time).
    struct DetailsLayout: Equatable {
        let scroll: Int
        let shown: Int
        let lastScroll: Int
        let marks: String?
    }

    /// The layout of `lineCount` detail lines from `scroll` in a pane of `rows` (header, tab bar, a
    /// blank line and the footer take four).
    static func detailsLayout(lineCount: Int, scroll: Int, rows: Int) -> DetailsLayout {
        let room = max(0, rows - 4)
        guard lineCount > room, room >= 2 else {
            return DetailsLayout(scroll: 0, shown: min(lineCount, room), lastScroll: 0, marks: nil)
        }
        let shown = room - 1
        let lastScroll = lineCount - shown
        let first = max(0, min(scroll, lastScroll))
        return DetailsLayout(
            scroll: first, shown: shown, lastScroll: lastScroll,
            marks: BoardViewport.marks(above: first, below: lineCount - first - shown))
    }

    /// The layout of `open`'s details as `model`'s frame at `size` draws them: beside the list on a
    /// split pane, at that side's width.
    static func detailsLayout(_ open: LiveModel.OpenFlight, model: LiveModel, size: TerminalSize) -> DetailsLayout {
        var width = size.columns
        if size.columns >= narrowest, model.layout.splits(columns: size.columns), size.rows > 3, model.board != nil {
            width = sideWidths(model, columns: size.columns).flight
        }
        let count = BoardRenderer(style: Style(enabled: false), width: width)
            .details(open.details, hidden: model.hides(open.flight))
            .split(separator: "\n", omittingEmptySubsequences: false).count
        return detailsLayout(lineCount: count, scroll: open.scroll, rows: size.rows)
    }

    /// The open flight's lines, each cut to the screen's width.
    ///
    private func details(_ open: LiveModel.OpenFlight, hidden: Bool) -> [String] {
        let styled = BoardRenderer(style: style, width: size.columns).details(open.details, hidden: hidden)
            .split(separator: "\n", omittingEmptySubsequences: false)
        let plain = BoardRenderer(style: Style(enabled: false), width: size.columns).details(open.details, hidden: hidden)
            .split(separator: "\n", omittingEmptySubsequences: false)
        return styled.enumerated().map { index, line in
            let text = index < plain.count ? String(plain[index]) : String(line)
            return text.columns > size.columns ? fit(text, size.columns) : String(line)
        }
    }

    private func headerLine(_ model: LiveModel, now: ContinuousClock.Instant) -> String {
        guard let board = model.board else { return style.bold("board") + "  " + linkText(model, now: now) }
        let time = clockText(model.daemonNow(at: now))
        let link = linkText(model, now: now)
        let plainLink = link.replacingAll("\u{1B}[32m", with: "").replacingAll("\u{1B}[33m", with: "").replacingAll(
            "\u{1B}[0m", with: "")
        let room = size.columns - plainLink.columns - 1
        guard room > 8 else { return link }
        // The one-shot board's header, shortened a part at a time to the room left by the link's mark.
        let left = BoardRenderer(style: Style(enabled: false), width: room).header(board, clock: time)
        return fit(left, room) + " " + link
    }

    private func linkText(_ model: LiveModel, now: ContinuousClock.Instant) -> String {
        switch model.link {
        case .connecting: return style.apply("33", "connecting")
        case .live:
            // A replica says whose board it shows and whether it still follows it.
            if let board = model.board, let note = ReplicationNote(model.replication, code: board.airport.code), note.isReplica {
                let text = size.columns < 60 ? note.shortText : note.text
                return note.isLive ? style.apply("32", "● \(text)") : style.apply("33", "○ \(text)")
            }
            return style.apply("32", "● live")
        case .reconnecting(let since):
            // The board's age is how long since it was known current: the daemon pushes every change,
            // so that is the link's loss, not the board's arrival (a frozen clock's board, received an
            // hour before a stop, said "board 1h0m old" a second after it).
            let age = Self.age(now - since)
            return style.apply("33", "○ \(model.daemonStopped ? "stopped" : "reconnecting"), board \(age) old")
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// `42s`, `3m5s`, `2h10m`.
    static func age(_ duration: Duration) -> String {
        let s = Int(max(0, seconds(duration)))
        if s < 60 { return "\(s)s" }
        if s < 3600 { return "\(s / 60)m\(s % 60)s" }
        return "\(s / 3600)h\((s % 3600) / 60)m"
    }

    /// The action menu, when it is open, drawn over rows it does not act on: under the row of its
    /// flight where it fits there, else above it, never over the header, the tab bar, the column
    /// titles or the footer (`menuTop`).
    ///
    /// A pane with fewer lines than the menu between its header and its footer shows each action as
    /// its key and a word, several to a line (`ActionMenu.compactLines`), over the header too when
    /// even that is short of room: at 20x5 the menu showed 2 of its 6 actions.
    func withMenu(_ lines: [String], _ model: LiveModel) -> [String] {
        guard let menu = model.menu else { return lines }
        var out = lines
        var shown = menu.lines(width: size.columns - 1)
        if shown.count > out.count - 2 {
            // Its flight's name first where that fits too: the menu may cover the flight's row.
            let compact = menu.compactLines(width: size.columns - 1)
            shown = compact.count < out.count - 2 ? [menu.flight.flightName] + compact : compact
        }
        let width = min(size.columns, max(20, shown.map(\.columns).max() ?? 0) + 2)
        let selected = (3..<max(3, out.count)).first { out[$0].hasPrefix(">") || out[$0].hasPrefix("\u{1B}[7m") }
        var top = Self.menuTop(lines: shown.count, selected: selected, rows: out.count)
        // Never under the footer: higher, over the header too, where the pane is that short.
        if top + shown.count > out.count - 1 { top = max(0, out.count - 1 - shown.count) }
        for (offset, line) in shown.enumerated() {
            let index = top + offset
            guard index < out.count - 1 else { break }
            out[index] = style.reverse(fit(" " + line, width))
        }
        return out
    }

    /// The frame line the menu's first line goes on, for a menu of `lines` in a frame of `rows`, its
    /// flight's row at `selected` (nil on a flight's details: under the flight's name and times). The
    /// lines it may cover are from 3 (under the column titles) to the one before the footer. A pane
    /// too short for it under or over its row shows it whole over the row (its title names the
    /// flight), and over the tab bar and the titles too when even that is short of room: every action
    /// in sight matters more than the row, and a menu cut by the footer hid the actions it offered.
    static func menuTop(lines: Int, selected: Int?, rows: Int) -> Int {
        let first = 3
        let last = rows - 2
        guard let selected else { return max(first, min(first + 3, last - lines + 1)) }
        if selected + lines <= last { return selected + 1 }
        if selected - lines >= first { return selected - lines }
        return max(min(first, last - lines + 1), min(1, last))
    }

    /// `text` indented two columns and wrapped to the pane, not cut: on a narrow pane a sentence
    /// (a flight gone, an empty list) is all the screen says.
    private func wrapped(_ text: String) -> [String] {
        LiveKeyMap.wrap(text, width: max(1, size.columns - 2)).split(separator: "\n").map { cut("  " + $0, size.columns) }
    }

    /// Cuts or pads to exactly the screen's height, the footer on the last row.
    private func pad(_ lines: [String], footer: String) -> [String] {
        let body = max(0, size.rows - 1)
        var out = Array(lines.prefix(body))
        while out.count < body { out.append("") }
        if size.rows > 0 { out.append(footer) }
        return out
    }
}
