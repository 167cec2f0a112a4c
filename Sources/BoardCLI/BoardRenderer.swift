import BoardProtocol
import BoardSystem
import FlightData

/// People's output: the header, the tab bar, the rows, a flight's details, search results.
///
/// Everything fits the width it is given (the terminal's for one-shot output, see
/// `Output.width`) and degrades column by column on narrower screens (`Columns`).
public struct BoardRenderer {
    var style: Style
    var width = 80
    /// `--countdown`: the time column says the minutes left (`Countdown`) where it can.
    var countdown = false
    /// `airline Pacific, gate B5`: the filter on, which the board's header says under its first line.
    var filterNote: String?
    /// `2 hidden`: how many of the board's flights `board hide` left out, which the header says.
    var hiddenNote: String?

    public init(style: Style, width: Int = 80) {
        self.style = style
        self.width = width
    }

    /// `--wide`: every column at its full width whatever the width, and after the ID the terminal,
    /// the codeshares and the remark (`ExtraColumns`); a line longer than the width is cut with `…`.
    var wide = false

    /// The `BELT` column: on the arrivals tab, and on the All tab where the terminal shows (`showsBelt`).
    var belt = false
    /// Whether a row shown is a departure's: the status column keeps room for `Departed 14:52` beside the belt.
    var departures = true

    /// The columns after the ID at this width (`ExtraColumns`).
    var extras: ExtraColumns { ExtraColumns(width: width, wide: wide) }

    /// Whether `tab`'s board has the belt column: the arrivals tab always, the All tab where its
    /// rows have the room of the extra columns.
    func showsBelt(_ tab: Tab) -> Bool { tab == .arrivals || (tab == .all && extras.contains(.terminal)) }
    /// The digits of the longest id shown: 4 in the default window, 7 in the largest.
    var idDigits = 7

    /// The columns of a row: for this width, or every one when `wide`.
    var columns: Columns {
        Columns(
            width: wide ? .max : width - extras.width, countdown: countdown, belt: belt, idDigits: idDigits,
            departures: departures)
    }

    /// A copy that draws the same lines without colour: to measure what it would draw.
    var plain: BoardRenderer {
        var plain = self
        plain.style = Style(enabled: false)
        return plain
    }

    /// This renderer set for `board`: its tab's columns (the belt on arrivals) and its ids' width.
    func laidOut(for board: BoardDocument) -> BoardRenderer { laidOut(for: board.flights, belt: showsBelt(board.tab)) }

    /// This renderer set for `flights`: the width of their longest id, and the belt when `belt`.
    func laidOut(for flights: [FlightDocument], belt: Bool) -> BoardRenderer {
        var renderer = self
        renderer.belt = belt
        renderer.departures = flights.contains { $0.direction == .departure }
        // No rows: the titles as over a board of four-digit ids (the default schedule's), not 7 wide.
        renderer.idDigits = flights.map { String($0.id).count }.max() ?? 4
        return renderer
    }

    /// A column's text cut to leave at least one space before the next column.
    private func cell(_ text: String, _ width: Int) -> String { fit(fit(text, width - 1), width) }

    func columnTitles() -> String {
        let c = columns
        var line = fit("", c.pin) + cell("TIME", c.time) + cell("FLIGHT", c.flight)
        if c.city > 0 { line += cell("FROM/TO", c.city) }
        if c.gate > 0 { line += cell("GATE", c.gate) }
        if c.status > 0 { line += cell("STATUS", c.status) }
        if c.belt > 0 { line += fit("BELT", c.belt - 1, right: true) + " " }
        if c.id > 0 { line += fit("ID", c.id, right: true) }
        line += extras.titles
        return style.dim(line)
    }

    /// `B5←A3` once the gate changed from A3 to B5, else `B5`.
    static func gateText(_ flight: FlightDocument) -> String {
        flight.previousGate.map { "\(flight.gate)←\($0)" } ?? flight.gate
    }

    /// `← Denver`, or for a diverted arrival `← Denver, to Chicago` (`to Chicago` when that does not fit).
    static func cityText(_ flight: FlightDocument, width: Int) -> String {
        let arrow = flight.direction == .arrival ? "← " : "→ "
        guard let diverted = flight.divertedTo else { return arrow + flight.otherAirport }
        let full = "\(arrow)\(flight.otherAirport), to \(diverted)"
        return full.columns < width ? full : "to \(diverted)"
    }

    /// One flight as a row: `*` in the first column when pinned, `›` in the second when it is the last viewed.
    ///
    /// Given the board's `now`, a flight whose latest announcement is at most 15 minutes old gets
    /// `◆` (see `RecentChange`) before what changed: the gate, the time or the status; where that
    /// column is gone or too narrow for it, before the flight's name.
    ///
    /// `beforeNow`: the row is above the now line (`NowLine`), dimmed as a past row is.
    public func row(
        _ flight: FlightDocument, lastViewed: Bool = false, now: String? = nil, beforeNow: Bool = false
    ) -> String {
        let c = columns
        let scheduled = clockText(flight.scheduledTime)
        var time = scheduled
        if let current = flight.currentTime, clockText(current) != scheduled, c.time >= 12 {
            time += "→" + clockText(current)
        } else if let current = flight.currentTime, clockText(current) != scheduled {
            time = clockText(current)
        }
        if countdown, let now, let left = Countdown.text(flight, now: now, short: c.time < 12) { time = left }
        let appearance = StatusAppearance(flight.status)
        let gate = Self.gateText(flight)
        let statusText = Self.statusText(flight, width: c.status)
        // Where the mark goes: next to what changed when the column has room for it and a space.
        var marked: RecentChange.Field?
        var markOnName = false
        if let recent = now.flatMap({ RecentChange(flight, now: $0) }) {
            let (text, room) =
                switch recent.field {
                case .gate: (gate, c.gate)
                case .time: (time, c.time)
                case .status: (statusText, c.status)
                }
            if text.columns + 2 <= room { marked = recent.field } else { markOnName = true }
        }
        let mark = RecentChange.mark
        // Each column plain and styled: a past row is dimmed whole, from the plain text.
        var plain = ""
        var styled = ""
        func add(_ text: String, _ styling: (String) -> String = { $0 }) {
            plain += text
            styled += styling(text)
        }
        // The second column, so that the live view's cursor mark (`>` in the first, without colour) keeps it.
        add(fit((flight.pinned ? "*" : " ") + (lastViewed ? "›" : " "), c.pin))
        if marked == .time { add(cell(mark + time, c.time), highlight) } else { add(cell(time, c.time)) }
        if markOnName {
            add(mark, highlight)
            add(cell(flight.flightName, c.flight - 1))
        } else {
            add(cell(flight.flightName, c.flight))
        }
        if c.city > 0 { add(cell(Self.cityText(flight, width: c.city), c.city)) }
        if c.gate > 0 {
            if marked == .gate { add(cell(mark + gate, c.gate), highlight) } else { add(cell(gate, c.gate)) }
        }
        if c.status > 0 {
            let width = c.status < 13 ? c.status : c.status + 1
            if marked == .status {
                add(mark, highlight)
                add(fit(fit(statusText, width - 2), c.status - 1)) { style.status(flight.status, $0) }
            } else {
                add(fit(fit(statusText, width - 1), c.status)) { style.status(flight.status, $0) }
            }
        }
        // Right-aligned under its title, away from the status's time.
        if c.belt > 0 { add(fit(flight.baggage.map { String($0.belt) } ?? "", c.belt - 1, right: true) + " ") }
        if c.id > 0 { add(fit(String(flight.id), c.id, right: true)) }
        add(extras.cells(flight))
        return (flight.past || beforeNow) && appearance.dimsWhenPast ? style.dim(plain) : styled
    }

    /// The status as a column of `width` says it: `Departed 14:52`, `Landed 14:05` (the actual time)
    /// where that fits with the room for a mark, else its name; `Final` for `Final call` below 13.
    static func statusText(_ flight: FlightDocument, width: Int) -> String {
        let appearance = StatusAppearance(flight.status)
        let title = width < 13 ? appearance.shortTitle : appearance.title
        guard flight.status == .departed || flight.status == .landed, let actual = flight.currentTime else { return title }
        let timed = "\(title) \(clockText(actual))"
        return timed.columns < width ? timed : title
    }

    /// A recent change's mark and value: bold yellow when colour is on.
    func highlight(_ text: String) -> String { style.apply(RecentChange.colour, text) }

    /// `make`'s lines as they are where they fit the width; each line longer than the width without
    /// colour, cut with `…`, so that nothing wraps. Only those lose their colour: one long legend
    /// line took the colour (a recent change's mark among it) of every other line of `board show`
    /// on a pane under 79 columns.
    /// With `wrapping`, a line too long is broken at its spaces instead (see `wrap`): text read
    /// as sentences, where a cut would lose the end of a time or a city.
    func fitted(wrapping: Bool = false, _ make: (BoardRenderer) -> String) -> String {
        let plainLines = make(plain).split(separator: "\n", omittingEmptySubsequences: false)
        guard plainLines.contains(where: { $0.columns > width }) else { return make(self) }
        let styledLines = make(self).split(separator: "\n", omittingEmptySubsequences: false)
        // Colour adds escapes, never lines; should a renderer ever differ, every line is plain.
        let styled = styledLines.count == plainLines.count ? styledLines : plainLines
        return plainLines.enumerated().flatMap { index, line -> [String] in
            if line.columns <= width { return [String(styled[index])] }
            return wrapping ? Self.wrap(line, width, indent: index == 0 ? 2 : Self.labelWidth) : [cut(line, width)]
        }.joined(separator: "\n")
    }

    /// The cells of a details line's label (`Flight      `), where its value starts.
    static let labelWidth = 12

    /// `line` broken at its spaces into lines of at most `width` cells, each after the first starting
    /// `indent` cells in (2 when the width leaves less than 12 cells after it), under the value it
    /// continues. A word longer than a line is cut with `…`.
    static func wrap(_ line: Substring, _ width: Int, indent: Int) -> [String] {
        guard line.columns > width else { return [String(line)] }
        let indent = width - indent >= 12 ? indent : min(2, width / 4)
        let margin = String(repeating: " ", count: indent)
        // The first line keeps its own start (a label and its padding) whole, up to the indent.
        let head = line.prefix(columns: indent)
        var lines: [String] = []
        var current = String(head)
        var holdsWords = false
        func finish(_ text: String) {
            var text = Substring(text)
            while text.last == " " { text = text.dropLast() }
            lines.append(String(text))
        }
        for word in line.dropFirst(head.count).split(separator: " ", omittingEmptySubsequences: false) {
            if !holdsWords, !lines.isEmpty, word.isEmpty { continue }  // spaces at a continuation's start
            let joined = holdsWords ? current + " " + word : current + word
            if joined.columns <= width {
                current = joined
                holdsWords = true
            } else if !holdsWords {
                finish(cut(joined, width))
                current = margin
            } else {
                finish(current)
                current = margin
                holdsWords = false
                if word.isEmpty { continue }
                if (margin + word).columns <= width {
                    current = margin + word
                    holdsWords = true
                } else {
                    finish(cut(margin + word, width))
                }
            }
        }
        if holdsWords || lines.isEmpty { finish(current) }
        return lines
    }

    /// The whole board for one-shot output.
    public func board(_ board: BoardDocument) -> String { laidOut(for: board).fitted { $0.boardLines(board) } }

    private func boardLines(_ board: BoardDocument) -> String {
        var lines = [header(board, extra: hiddenNote)]
        if let filterNote {
            // Cut here rather than by `fitted`, which would take the whole board's colour for it.
            let note = "filtered: \(filterNote)"
            lines.append(style.dim(cut(note, width)))
        }
        lines += [tabBar(board), "", columnTitles()]
        let line = NowLine(board)
        let now = line.map { _ in nowLine(board.now, over: board.flights) }
        for (index, flight) in board.flights.enumerated() {
            if line?.index == index, let now { lines.append(now) }
            lines.append(row(flight, now: board.now, beforeNow: line?.isBefore(index) == true))
        }
        if let line, let now, line.index == board.flights.count, !board.flights.isEmpty { lines.append(now) }
        if board.flights.isEmpty {
            let empty =
                filterNote != nil
                ? "  No flights in this tab match the filter."
                : board.hidePast ? "  No flights left today in this tab (past flights hidden)." : "  No flights in this tab."
            lines.append(style.dim(empty))
        }
        if let legend = legend(board) { lines += ["", style.dim(legend)] }
        return lines.joined(separator: "\n")
    }

    /// `  ──── 14:45 now ──────`: where now falls among the rows, as wide as the widest of them and
    /// the column titles (at least its words), in the board's colours (not dimmed: it is the one
    /// line to find). The columns after the ID count as far as `flights` fill them: a terminal's
    /// letter, not the room kept for it.
    ///
    /// The first of `notes` that fits (the marks of a pane too short for their own row) follows the words.
    func nowLine(_ now: String, over flights: [FlightDocument], notes: [String] = []) -> String {
        var label = "──── \(clockText(now)) now "
        if let note = notes.first(where: { columns.pin + label.columns + $0.columns + 3 <= self.width }) { label += note + " " }
        let extras = self.extras
        let drawn = ([extras.titles] + flights.map(extras.cells)).map(\.columns).max() ?? 0
        let rows = columns.total + drawn
        let width = max(min(rows, self.width), columns.pin + label.columns + 2)
        return String(repeating: " ", count: columns.pin) + label
            + String(repeating: "─", count: max(2, width - columns.pin - label.columns))
    }

    /// What the board's marks mean, when a row shows one: a recent change, a changed gate, each said
    /// only when a row shows it.
    ///
    /// The longest wording that fits the width, so that the legend never costs the board its colour.
    func legend(_ board: BoardDocument) -> String? {
        let mark = board.flights.contains { RecentChange($0, now: board.now) != nil }
        let gate = board.flights.contains { $0.previousGate != nil }
        guard mark || gate else { return nil }
        return RecentChange.legends(mark: mark, gate: gate).first { $0.columns <= width }
    }

    /// Search results, grouped by day.
    public func search(_ results: SearchResultsDocument) -> String {
        laidOut(for: results.days.flatMap(\.flights), belt: false).fitted { $0.searchLines(results) }
    }

    private func searchLines(_ results: SearchResultsDocument) -> String {
        let found = results.total ?? results.count
        var heading = "\(found) flight\(found == 1 ? "" : "s") matching \"\(results.text)\""
        // A reply holds at most a page: say so in the list itself, which a pipe keeps too.
        if found > results.count { heading += " (the first \(results.count) shown)" }
        if let filterNote { heading += ", filtered: \(filterNote)" }
        var lines = [heading]
        let search = FlightSearch(text: results.text, tab: results.tab)
        for day in results.days {
            lines.append("")
            lines.append(style.bold("\(Self.longDate(day.date))  (\(day.count))"))
            for flight in day.flights {
                lines.append(row(flight))
                if let partner = Self.foundAs(flight, by: search) { lines.append(foundAsLine(partner)) }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The partner's designator a search found `flight` by, when nothing of its own matched.
    static func foundAs(_ flight: FlightDocument, by search: FlightSearch) -> String? {
        search.codeshareMatch(
            airline: flight.airline, number: flight.number, city: flight.otherAirport, gate: flight.gate, id: flight.id,
            codeshares: flight.codeshares)
    }

    /// `as Overland 338` under a search row found through a partner's designator, under the flight's
    /// name, so that people see why it is there; dimmed, and cut to the width.
    func foundAsLine(_ designator: String) -> String {
        let indent = String(repeating: " ", count: columns.pin + columns.time)
        return style.dim(cut(indent + "as \(designator)", width))
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
