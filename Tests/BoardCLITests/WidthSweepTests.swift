import BoardProtocol
import BoardSystem
import FlightData
import Testing

@testable import BoardCLI

/// Every people output at every width from 30 to 200 columns, from the real schedule: no line is
/// longer than the width in display columns (escape sequences stripped) and none holds a line break,
/// so nothing wraps. One-shot boards (every tab, with and without `--wide`, `--countdown` and a filter),
/// `show`, `search`, `events`, `status`, and the live view's board, details and search results.
struct WidthSweepTests {
    static let widths = Array(30...200)

    /// The fixture's board with announcements (a gate change, a delay, a diversion), and the plain schedule's
    /// three tabs.
    static let boards: [BoardDocument] =
        [AnnouncementRenderingTests.board(now: "2026-11-30T12:00:00-05:00")]
        + Tab.allCases.map { LiveViewFixture.board(tab: $0, pinned: [LiveViewFixture.board().flights[3].id]) }

    /// Flights to show: a departure, an arrival, one with baggage, a diverted or canceled one where the day has them.
    static let details: [FlightDetailsDocument] = {
        let flights = LiveViewFixture.board().flights
        var picked: [FlightDocument] = []
        for wanted in [
            { (f: FlightDocument) in f.direction == .departure }, { $0.direction == .arrival }, { $0.baggage != nil },
            { $0.status == .diverted }, { $0.status == .canceled }, { $0.previousGate != nil }, { !$0.codeshares.isEmpty },
        ] {
            if let flight = flights.first(where: wanted) { picked.append(flight) }
        }
        return picked.map { try! FlightDetailsDocument(json: LiveViewFixture.details(of: $0)) }
    }()

    /// Text people type that takes two cells a character, shown back by search titles, filter notes, the
    /// prompt and the status line.
    static let wideText = "東京東京ＡＢ👨‍👩‍👧東京e\u{301}東京東京東京東京東京東京"

    static let searches: [SearchResultsDocument] = ["pacific", "dallas", "b5", "9", "southeast 4", wideText].map {
        try! SearchResultsDocument(json: LiveViewFixture.search($0))
    }

    /// Checks every line of `text` (or of `lines`) against `width`.
    static func expectFits(_ lines: [String], _ width: Int, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for line in lines {
            let columns = line.visibleText.columns
            #expect(
                columns <= width, "\(what) at \(width): \(columns) columns: \(line.visibleText)", sourceLocation: sourceLocation)
            #expect(
                !line.contains("\n") && !line.contains("\r"), "\(what): a line break inside a line",
                sourceLocation: sourceLocation)
        }
    }

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// `--wide`, `--countdown` and a filter's note, in the combinations that differ most.
    static let variants: [(wide: Bool, countdown: Bool, note: String?)] = [
        (false, false, nil), (true, false, nil),
        (false, true, "airline Pacific or Southeast, city \"dallas ft worth\", within 1 h 30 min"),
        (true, true, "gate A1 or B5"),
        (false, false, "city \"\(wideText)\""),
    ]

    @Test func oneShotBoardsFitEveryWidth() {
        for width in Self.widths {
            for variant in Self.variants {
                // Colour on every other width: its escape sequences take no columns.
                var renderer = BoardRenderer(style: Style(enabled: width.isMultiple(of: 2)), width: width)
                renderer.wide = variant.wide
                renderer.countdown = variant.countdown
                renderer.filterNote = variant.note
                for board in Self.boards {
                    Self.expectFits(
                        Self.lines(renderer.board(board)), width,
                        "board \(board.tab) wide \(variant.wide) countdown \(variant.countdown) note \(variant.note != nil)")
                }
            }
        }
    }

    @Test func showSearchEventsAndStatusFitEveryWidth() {
        let reading = StatusLine.reading(LiveViewFixture.board(), next: LiveViewFixture.board(tab: .departures).flights.last)
        let status = StatusLine(
            socket: "", state: ClientState(), format: "%l %a ↓%A ↑%D next %n %t %g %s %c %d %i %p %P %m min", tmux: false)
        let wideStatus = StatusLine(socket: "", state: ClientState(), format: "空港 %a ✈️ %n \(Self.wideText)", tmux: false)
        for width in Self.widths {
            for colour in [false, true] {
                var renderer = BoardRenderer(style: Style(enabled: colour), width: width)
                for details in Self.details {
                    Self.expectFits(Self.lines(renderer.details(details)), width, "show \(details.flight.flightName)")
                }
                for wide in [false, true] {
                    renderer.wide = wide
                    renderer.filterNote = wide ? "status delayed" : nil
                    for results in Self.searches {
                        Self.expectFits(Self.lines(renderer.search(results)), width, "search \(results.text) wide \(wide)")
                    }
                }
            }
            for (change, _) in ChangeLineTests.everyKind {
                for today in ["2026-11-30", "2026-12-01"] {
                    Self.expectFits([ChangeLine.line(change, today: today, width: width)], width, "events \(change.kind as Any)")
                }
            }
            Self.expectFits([status.line(reading, width: width), status.line(nil, width: width)], width, "status")
            Self.expectFits([wideStatus.line(reading, width: width)], width, "status with wide text")
        }
    }

    /// The live view's board, a flight's details and search results, with and without `--wide` and `--countdown`.
    @Test func liveViewFramesFitEveryWidth() throws {
        var models: [(String, LiveModel)] = []
        for variant in Self.variants {
            var board = LiveModel(
                tab: .all, hidePast: true, style: Style(enabled: true), rotate: .seconds(5), size: LiveViewFixture.size)
            board.wide = variant.wide
            board.countdown = variant.countdown
            if let note = variant.note {
                let cities = note.contains(Self.wideText) ? [Self.wideText] : ["a"]
                board.filter = FlightFilter(airlines: ["Pacific", "Southeast"], cities: cities)
            }
            board.update(.connected)
            board.update(.boardPushed(LiveViewFixture.board(tab: .all, hidePast: true), at: LiveViewFixture.start))
            board.update(.tick(LiveViewFixture.start))
            models.append(("board", board))
        }
        for wide in [false, true] {
            var plain = LiveViewFixture.liveModel(tab: .departures, style: Style(enabled: false))
            plain.wide = wide
            plain.countdown = !wide
            models.append(("plain board", plain))
            var details = plain
            try details.openSelected()
            models.append(("details", details))
            var search = plain
            let effects = search.press(.character("/"), .character("p"), .character("a"), .character("c"), .enter)
            let id = try #require(LiveModel.sentID(effects))
            search.update(.replied(id, LiveViewFixture.search("pac")))
            models.append(("search results", search))
        }
        var connecting = LiveModel(tab: .all, hidePast: false, style: Style(enabled: true), size: LiveViewFixture.size)
        connecting.update(.connected)
        models.append(("connecting", connecting))
        var reconnecting = LiveViewFixture.liveModel(style: Style(enabled: true))
        reconnecting.update(.connectionLost(at: LiveViewFixture.start - .seconds(100_000)))
        models.append(("reconnecting", reconnecting))
        var gone = LiveViewFixture.liveModel()
        gone.screens.append(
            .gone(LiveModel.GoneFlight(key: LiveModel.FlightKey(id: 1, date: "2026-11-30"), flightName: "Southeast 9999")))
        models.append(("gone", gone))
        var prompt = LiveViewFixture.liveModel()
        prompt.press(.character("/"))
        for c in String(repeating: "pacific ", count: 12) { prompt.press(.character(c)) }
        models.append(("search prompt", prompt))
        var widePrompt = LiveViewFixture.liveModel()
        widePrompt.press(.character("/"))
        for c in Self.wideText { widePrompt.press(.character(c)) }
        models.append(("search prompt, wide text", widePrompt))
        var wideResults = LiveViewFixture.liveModel()
        wideResults.press(.character("/"))
        for c in Self.wideText { wideResults.press(.character(c)) }
        let id = try #require(LiveModel.sentID(wideResults.press(.enter)))
        wideResults.update(.replied(id, LiveViewFixture.search(Self.wideText)))
        models.append(("search results, wide text", wideResults))
        for width in Self.widths {
            let size = TerminalSize(columns: width, rows: 24)
            for (name, var model) in models {
                model.update(.resized(size))
                let frame = model.view(size: size, now: LiveViewFixture.start + .seconds(30))
                #expect(frame.count == 24)
                Self.expectFits(frame, width, "live \(name) wide \(model.wide) countdown \(model.countdown)")
            }
        }
    }

    /// The split layout (`LiveLayout`) from where it starts to 300 columns: the board beside a flight's
    /// details, its gone screen, search results and nothing open, with and without `--wide` and
    /// `--countdown`, the keys on either side and the action menu open. No line is wider than the pane,
    /// the divider is in one column on every line between the tab bar and the footer, and a side's line
    /// too long for it is cut with `…` (a `--wide` board's rows), never wrapped.
    @Test func splitFramesFitEveryWidthFromTheThreshold() throws {
        var models: [(String, LiveModel)] = []
        for wide in [false, true] {
            var board = LiveViewFixture.liveModel(tab: wide ? .arrivals : .departures, style: Style(enabled: wide))
            board.wide = wide
            board.countdown = !wide
            board.update(.resized(TerminalSize(columns: 220, rows: 24)))
            models.append(("nothing open", board))
            var details = board
            try details.openSelected()
            models.append(("details", details))
            var list = details
            list.press(.escape, .down, .character("a"))
            models.append(("list beside details, menu open", list))
            var menu = details
            menu.press(.character("a"))
            models.append(("details, menu open", menu))
            var gone = board
            gone.screens.append(
                .gone(LiveModel.GoneFlight(key: LiveModel.FlightKey(id: 1, date: "2026-11-30"), flightName: Self.wideText)))
            models.append(("gone", gone))
            var search = board
            let id = try #require(LiveModel.sentID(search.press(.character("/"), .character("p"), .enter)))
            search.update(.replied(id, LiveViewFixture.search("p")))
            try search.openSelected()
            models.append(("search results beside details", search))
        }
        // `split` as `auto` from 150 columns: below that, where only `split` splits.
        for layout in [LiveLayout.auto, .split] {
            let widths = layout == .auto ? LiveLayout.splitWidth...300 : LiveLayout.narrowestSplit...(LiveLayout.splitWidth - 1)
            for width in widths {
                let size = TerminalSize(columns: width, rows: 24)
                for (name, var model) in models {
                    model.layout = layout
                    model.update(.resized(size))
                    let frame = model.view(size: size, now: LiveViewFixture.start + .seconds(30))
                    let what = "split \(name) wide \(model.wide) at \(width)"
                    #expect(frame.count == 24, "\(what)")
                    Self.expectFits(frame, width, what)
                    let dividers = Set(
                        frame.dropFirst(2).dropLast().map { line in
                            let visible = line.visibleText
                            return visible.firstIndex(of: "│").map { visible[..<$0].columns } ?? -1
                        })
                    #expect(dividers.count == 1 && !dividers.contains(-1), "\(what): the divider at \(dividers)")
                    if model.wide, let column = dividers.first, column < LiveFrame.listWidth(model) {
                        // Rows of every column, wider than the board's side: cut there with `…`.
                        let rows = frame[4...].map { String($0.visibleText.prefix(column)) }.filter { $0.contains(":") }
                        #expect(rows.contains { $0.trimmingTrailingSpaces().hasSuffix("…") }, "\(what): \(rows)")
                    }
                }
            }
        }
    }
}
