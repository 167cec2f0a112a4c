import BoardProtocol
import BoardSystem
import FlightData

/// Builds each frame of the live view in memory and writes only the lines that changed, in one write.
struct ScreenPainter {
    private var previous: [String] = []
    private var previousSize = (columns: 0, rows: 0)

    /// The bytes that turn the last frame into `frame` (everything, after a resize).
    mutating func update(to frame: [String], size: (columns: Int, rows: Int)) -> String {
        var out = ""
        let resized = size != previousSize
        if resized {
            out += "\u{1B}[2J"
            previous = []
            previousSize = size
        }
        for (row, line) in frame.enumerated() where row >= previous.count || previous[row] != line {
            out += "\u{1B}[\(row + 1);1H\u{1B}[0m" + line + "\u{1B}[0m\u{1B}[K"
        }
        if frame.count < previous.count {
            for row in frame.count..<previous.count { out += "\u{1B}[\(row + 1);1H\u{1B}[K" }
        }
        previous = frame
        return out
    }

    /// Forgets the screen, so the next update repaints everything.
    mutating func invalidate() { previousSize = (0, 0) }
}

/// The lines of one frame for a screen of `size`.
struct FrameBuilder {
    let style: Style
    let size: (columns: Int, rows: Int)

    /// Rows of flights that fit: the screen less header, tab bar, column titles and footer.
    static func listRows(_ rows: Int) -> Int { max(1, rows - 4) }

    /// The narrowest screen the layout is made for; below it, every line is cut to fit, without colour.
    static let narrowest = 40

    func build(_ screen: LiveScreen, clock: String?, now: Double) -> [String] {
        guard size.columns >= Self.narrowest || !style.enabled else {
            let plain = FrameBuilder(style: Style(enabled: false), size: size).build(screen, clock: clock, now: now)
            return plain.map { fit($0, size.columns) }
        }
        if size.columns < Self.narrowest {
            return layOut(screen, clock: clock, now: now).map { fit($0, size.columns) }
        }
        return layOut(screen, clock: clock, now: now)
    }

    private func layOut(_ screen: LiveScreen, clock: String?, now: Double) -> [String] {
        var renderer = BoardRenderer(style: style)
        renderer.width = size.columns
        var lines: [String] = []
        lines.append(headerLine(screen, renderer: renderer, clock: clock, now: now))
        guard let board = screen.board else {
            lines.append("")
            lines.append(screen.link == .connecting ? "  Connecting to the daemon…" : "  Waiting for the daemon…")
            return pad(lines, footer: footer(screen))
        }
        var bar = renderer.tabBar(board)
        if screen.hidePast { bar += style.dim("  past hidden") }
        lines.append(bar)
        switch screen.mode {
        case .details(let json):
            lines.append("")
            let styled = renderer.details(json).split(separator: "\n", omittingEmptySubsequences: false)
            let plain = BoardRenderer(style: Style(enabled: false), width: size.columns).details(json)
                .split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in styled.enumerated() {
                let text = index < plain.count ? String(plain[index]) : String(line)
                lines.append(text.count > size.columns ? fit(text, size.columns) : String(line))
            }
        case .board, .searchPrompt, .searchResults:
            let flights = screen.listedFlights
            if case .searchResults(let text, let found) = screen.mode {
                lines.append(style.bold(fit("\(found.count) found for \"\(text)\" (Esc: back to the board)", size.columns)))
            } else {
                lines.append(renderer.columnTitles())
            }
            let visible = Self.listRows(size.rows)
            if flights.isEmpty {
                lines.append(style.dim(board.hidePast ? "  No flights left today in this tab." : "  No flights in this tab."))
            }
            for index in screen.scroll..<min(flights.count, screen.scroll + visible) {
                let flight = flights[index]
                if index == screen.selectedIndex {
                    let plain = BoardRenderer(style: Style(enabled: false), width: size.columns).row(flight)
                    lines.append(
                        style.enabled
                            ? "\u{1B}[7m" + fit(plain, size.columns) + "\u{1B}[0m" : fit(">" + plain.dropFirst(), size.columns))
                } else {
                    lines.append(renderer.row(flight))
                }
            }
        }
        return pad(lines, footer: footer(screen))
    }

    private func headerLine(_ screen: LiveScreen, renderer: BoardRenderer, clock: String?, now: Double) -> String {
        guard let board = screen.board else { return style.bold("board") + "  " + linkText(screen, now: now) }
        var parts = ["\(board.airportName) (\(board.airportCode))"]
        if size.columns >= 60 { parts.append(BoardRenderer.longDate(board.date)) }
        parts.append(clock ?? clockText(board.now))
        if board.simulated { parts.append(size.columns >= 60 ? "SIMULATED" : "SIM") }
        let left = parts.joined(separator: "  ")
        let link = linkText(screen, now: now)
        let plainLink = link.replacingAll("\u{1B}[32m", with: "").replacingAll("\u{1B}[33m", with: "").replacingAll(
            "\u{1B}[0m", with: "")
        let room = size.columns - plainLink.count - 1
        guard room > 8 else { return link }
        return fit(left, room) + " " + link
    }

    private func linkText(_ screen: LiveScreen, now: Double) -> String {
        switch screen.link {
        case .connecting: return style.apply("33", "connecting")
        case .live: return style.apply("32", "● live")
        case .reconnecting:
            let age = screen.boardReceivedAt.map { Self.age(now - $0) } ?? "-"
            return style.apply("33", "○ reconnecting, board \(age) old")
        }
    }

    static func age(_ seconds: Double) -> String {
        let s = Int(max(0, seconds))
        if s < 60 { return "\(s)s" }
        if s < 3600 { return "\(s / 60)m\(s % 60)s" }
        return "\(s / 3600)h\((s % 3600) / 60)m"
    }

    private func footer(_ screen: LiveScreen) -> String {
        if case .searchPrompt(let text) = screen.mode { return "/" + text + "█" }
        if let message = screen.message { return fit(message, size.columns) }
        let hints: String
        switch screen.mode {
        case .details: hints = "Esc back  n/p next/prev  P pin  ←/→ tabs  q quit"
        default: hints = "←/→ tabs  ↑/↓ move  ⏎ open  / search  h past  P pin  q quit"
        }
        return style.dim(fit(hints, size.columns))
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
