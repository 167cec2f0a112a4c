import BoardProtocol
import BoardSystem
import FlightData
import Testing

@testable import BoardCLI

/// The split layout: on a wide pane the board and the open flight side by side, the details following
/// the list's cursor one fetch at a time, Enter and Esc moving the keys between the sides, and the same
/// model collapsing into the stack on a narrow pane and expanding again.
struct LiveViewSplitTests {
    typealias Fixture = LiveViewFixture

    static let narrow = TerminalSize(columns: 80, rows: 24)
    static let threshold = TerminalSize(columns: 150, rows: 24)
    static let wide = TerminalSize(columns: 220, rows: 24)

    /// The fixture's model at `size`, the board's first flight open.
    static func opened(at size: TerminalSize) throws -> (LiveModel, [FlightDocument]) {
        var model = Fixture.liveModel()
        model.update(.resized(size))
        try model.openSelected()
        return (model, model.listedFlights)
    }

    /// The column of the divider on each line between the tab bar and the footer, as a terminal shows them.
    static func dividerColumns(_ frame: [String]) -> Set<Int> {
        Set(
            frame.dropFirst(2).dropLast().map { line in
                let visible = line.visibleText
                guard let index = visible.firstIndex(of: "│") else { return -1 }
                return visible[..<index].columns
            })
    }

    /// The flights the model asked for, by id.
    static func askedIDs(_ effects: [LiveEffect]) -> [Int] {
        effects.compactMap { if case .send(_, .flight(let key, _)) = $0 { key.id } else { nil } }
    }

    /// A menu opened for the list's flight on a split pane closes when the pane narrows to the stack,
    /// whose screen is the open flight's: it never acts on a flight that is not on screen.
    @Test func aMenuOfTheListsFlightClosesWhenThePaneNarrows() throws {
        var (model, flights) = try Self.opened(at: Self.wide)
        model.press(.escape)
        model.press(.down)
        model.press(.character("a"))
        let menu = try #require(model.menu, "a menu on the split pane")
        try #require(menu.flight.id == flights[1].id, "the list's flight: \(menu.flight.flightName)")
        model.update(.resized(Self.narrow))
        #expect(model.menu == nil || model.menu?.flight.id == model.actionFlight?.id, "\(model.frame(Self.narrow).screenText)")
        #expect(!model.frame(Self.narrow).screenText.contains("Actions for \(flights[1].flightName)"))
    }

    @Test func onlyWidePanesSplitAndTheLayoutSaysWhere() {
        #expect(!LiveLayout.auto.splits(columns: 149))
        #expect(LiveLayout.auto.splits(columns: 150))
        #expect(!LiveLayout.stack.splits(columns: 300))
        #expect(LiveLayout.split.splits(columns: 120))
        #expect(!LiveLayout.split.splits(columns: 119))
    }

    @Test(arguments: [threshold, wide])
    func aFlightOpensBesideTheBoard(size: TerminalSize) throws {
        let (model, flights) = try Self.opened(at: size)
        let frame = model.frame(size)
        #expect(frame.count == size.rows)
        #expect(frame.allSatisfy { $0.visibleText.columns <= size.columns })
        #expect(Self.dividerColumns(frame).count == 1, "the divider in one column: \(Self.dividerColumns(frame))")
        let text = frame.screenText
        #expect(text.contains("(id \(flights[0].id))"), "the details on the right")
        #expect(text.contains(flights[1].flightName), "the board on the left")
        #expect(frame.selectedLine?.contains(flights[0].flightName) == true, "the cursor on the open flight")
        #expect(frame.last?.contains("Esc list") == true, "the keys are the details': \(frame.last ?? "")")
    }

    @Test func aNarrowPaneStacksAsBefore() throws {
        let (model, flights) = try Self.opened(at: Self.narrow)
        let frame = model.frame(Self.narrow)
        #expect(Self.dividerColumns(frame) == [-1], "no divider")
        #expect(!frame.screenText.contains(flights[1].flightName), "the details hide the board")
        #expect(frame.last?.contains("Esc back") == true)
    }

    @Test func withNothingOpenTheRightSideSaysWhatEnterDoes() throws {
        var model = Fixture.liveModel()
        model.update(.resized(Self.threshold))
        let flight = try #require(model.selectedFlight)
        let frame = model.frame(Self.threshold)
        #expect(Self.dividerColumns(frame).count == 1)
        let right = frame.map { $0.visibleText.split(separator: "│", maxSplits: 1).dropFirst().joined() }
        #expect(right.contains { $0.contains(flight.flightName) }, "the flight under the cursor: \(right)")
        #expect(right.contains { $0.contains("⏎ shows its details here") })
        // Moving the cursor fetches nothing: the board has what the right side says.
        #expect(model.press(.down).isEmpty)
        #expect(model.frame(Self.threshold).screenText.contains(model.selectedFlight!.flightName))
    }

    /// Search results run across the window's days: the right side's preview says the result's day,
    /// where `Southeast 791 → Phoenix 22:50` read the same for each of them.
    @Test func withNothingOpenASearchResultsPreviewSaysItsDay() throws {
        var model = Fixture.liveModel()
        model.update(.resized(Self.threshold))
        try model.search("southeast")
        for _ in 0..<3 {
            let flight = try #require(model.selectedFlight)
            let right = model.frame(Self.threshold).map {
                $0.visibleText.split(separator: "│", maxSplits: 1).dropFirst().joined()
            }
            #expect(right.contains { $0.contains(BoardRenderer.longDate(flight.date)) }, "\(right)")
            model.press(.pageDown)
        }
        // On today's board, the board's header says the day; the preview does not repeat it.
        var board = Fixture.liveModel()
        board.update(.resized(Self.threshold))
        let right = board.frame(Self.threshold).map { $0.visibleText.split(separator: "│", maxSplits: 1).dropFirst().joined() }
        #expect(!right.contains { $0.contains(BoardRenderer.longDate(Fixture.today.description)) })
    }

    @Test func escGivesTheKeysToTheListAndEnterBackToTheDetails() throws {
        var (model, flights) = try Self.opened(at: Self.wide)
        #expect(model.focus == .details)
        #expect(model.press(.escape).isEmpty)
        #expect(model.focus == .list)
        #expect(model.screens.count == 2, "the flight stays open beside the list")
        #expect(model.frame(Self.wide).last?.contains("⏎ details") == true)
        // Enter on the flight shown: the keys go to it, and it is the last viewed.
        let effects = model.press(.enter)
        #expect(model.focus == .details)
        #expect(effects == [.saveLastViewed(flights[0])])
        // n on the details opens the next flight on top, as in the stack.
        let step = try #require(LiveModel.sentID(model.press(.character("n"))))
        model.update(.replied(step, Fixture.details(of: flights[1])))
        #expect(model.screens.count == 3)
        #expect(model.selectedFlight == flights[1], "the list's cursor follows n")
    }

    /// Back one screen beside the list (a flight opened with n closed), the list's cursor is on the
    /// flight now shown, so Enter and `a` act on it: it stayed on the flight closed.
    /// Details taller than their side say how to page them: beside the list that holds the keys, that
    /// Enter gives them to the details first (PageDown there moves the list); with the keys, the keys.
    @Test func tallDetailsBesideTheListSayWhichKeyPagesThem() throws {
        let short = TerminalSize(columns: 220, rows: 12)
        var (model, flights) = try Self.opened(at: short)
        func marks() -> String { String(model.frame(short)[short.rows - 2].visibleText.reversed().drop { $0 == " " }.reversed()) }
        #expect(marks().contains("↓ ") && marks().hasSuffix("(PgUp/PgDn)"), "\(model.frame(short).screenText)")
        model.press(.escape)
        #expect(marks().hasSuffix("(⏎ here, then PgUp/PgDn)"), "\(model.frame(short).screenText)")
        model.press(.pageDown)
        #expect(model.selectedFlight?.id != flights[0].id, "PageDown moved the list's cursor")
        model.press(.enter)
        #expect(marks().hasSuffix("(PgUp/PgDn)") && !marks().contains("⏎"), "\(model.frame(short).screenText)")
    }

    @Test func backOneScreenTheCursorIsOnTheFlightShown() throws {
        var (model, flights) = try Self.opened(at: Self.wide)
        let step = try #require(LiveModel.sentID(model.press(.character("n"))))
        model.update(.replied(step, Fixture.details(of: flights[1])))
        #expect(model.selectedFlight == flights[1])
        model.press(.escape)  // the keys to the list
        model.press(.escape)  // back one screen: the first flight beside the list
        #expect(LiveViewStackTests.topName(model) == flights[0].flightName)
        #expect(model.selectedFlight == flights[0], "the cursor on the flight shown")
        model.press(.character("a"))
        #expect(model.menu?.lines.first?.contains(flights[0].flightName) == true, "\(model.menu?.lines ?? [])")
    }

    @Test func theDetailsFollowTheCursorReplacingTheFlightOnTop() throws {
        var (model, flights) = try Self.opened(at: Self.wide)
        model.press(.escape)
        let effects = model.press(.down)
        #expect(Self.askedIDs(effects) == [flights[1].id])
        let id = try #require(LiveModel.sentID(effects))
        #expect(!model.awaitingScreen, "the keys never wait for it")
        model.update(.replied(id, Fixture.details(of: flights[1])))
        #expect(model.screens.count == 2, "in place of the flight on top, not on it")
        #expect(LiveViewStackTests.topName(model) == flights[1].flightName)
        #expect(model.frame(Self.wide).screenText.contains("(id \(flights[1].id))"))
        #expect(model.focus == .list, "the keys stay on the list")
    }

    @Test func oneFetchAtATimeAndTheLatestWins() throws {
        var (model, flights) = try Self.opened(at: Self.wide)
        model.press(.escape)
        let first = model.press(.down)
        let id = try #require(LiveModel.sentID(first))
        // Three more moves while the first answer is on its way: nothing is sent.
        #expect(model.press(.down, .down, .down).isEmpty)
        #expect(model.selectedFlight == flights[4])
        // The answer for the flight passed over is not shown; the one under the cursor is asked for.
        let next = model.update(.replied(id, Fixture.details(of: flights[1])))
        #expect(Self.askedIDs(next) == [flights[4].id])
        #expect(LiveViewStackTests.topName(model) == flights[0].flightName)
        let last = try #require(LiveModel.sentID(next))
        #expect(model.update(.replied(last, Fixture.details(of: flights[4]))).isEmpty)
        #expect(LiveViewStackTests.topName(model) == flights[4].flightName)
        // Up and back down onto the flight shown before the answer comes: nothing more to fetch.
        let up = try #require(LiveModel.sentID(model.press(.up)))
        #expect(model.press(.down).isEmpty)
        #expect(model.update(.replied(up, Fixture.details(of: flights[3]))).isEmpty)
        #expect(LiveViewStackTests.topName(model) == flights[4].flightName)
    }

    /// Enter on the list while the flight under the cursor is still on its way (a slow daemon, keys
    /// typed ahead): once it is shown it is the last viewed, as Enter makes it. It stayed the flight
    /// shown before, and `board last` named that one.
    @Test func enterWhileTheFollowedFlightIsOnItsWayMakesItTheLastViewed() throws {
        var (model, flights) = try Self.opened(at: Self.wide)
        model.press(.escape)
        let id = try #require(LiveModel.sentID(model.press(.down)))
        #expect(model.press(.enter).isEmpty, "nothing more to fetch: it is on its way")
        #expect(model.focus == .details)
        let effects = model.update(.replied(id, Fixture.details(of: flights[1])))
        #expect(effects == [.saveLastViewed(flights[1])])
        #expect(model.lastViewed == LiveModel.FlightKey(flights[1]))
        #expect(LiveViewStackTests.topName(model) == flights[1].flightName)
        // The cursor moved on twice before the first answer: the flight Enter was pressed on is the one.
        var (later, _) = try Self.opened(at: Self.wide)
        later.press(.escape)
        let first = try #require(LiveModel.sentID(later.press(.down)))
        later.press(.down)
        later.press(.enter)
        let next = try #require(LiveModel.sentID(later.update(.replied(first, Fixture.details(of: flights[1])))))
        #expect(later.lastViewed == LiveModel.FlightKey(flights[0]), "not the flight passed over")
        #expect(later.update(.replied(next, Fixture.details(of: flights[2]))) == [.saveLastViewed(flights[2])])
        // Enter, then back to the list and the cursor moved on before the answer: forgotten, and the
        // flight passed over later is not made the last viewed.
        var (left, _) = try Self.opened(at: Self.wide)
        left.press(.escape)
        let pendingID = try #require(LiveModel.sentID(left.press(.down)))
        left.press(.enter)
        left.press(.escape)
        left.press(.up)
        #expect(left.update(.replied(pendingID, Fixture.details(of: flights[1]))).isEmpty)
        #expect(left.viewedOnArrival == nil && left.lastViewed == LiveModel.FlightKey(flights[0]))
        // Only Enter does it: the cursor moving alone leaves the last viewed as it was.
        var (moved, _) = try Self.opened(at: Self.wide)
        moved.press(.escape)
        let alone = try #require(LiveModel.sentID(moved.press(.down)))
        #expect(moved.update(.replied(alone, Fixture.details(of: flights[1]))).isEmpty)
        #expect(moved.lastViewed == LiveModel.FlightKey(flights[0]))
    }

    @Test func aFlightGoneWhileFollowedShowsItsGoneScreenInPlace() throws {
        var (model, flights) = try Self.opened(at: Self.wide)
        model.press(.escape)
        let id = try #require(LiveModel.sentID(model.press(.down)))
        model.refuse(id, .notFound, "no such flight")
        #expect(model.screens.count == 2)
        guard case .gone(let gone) = model.top else { throw Expected.gone }
        #expect(gone.key == LiveModel.FlightKey(flights[1]))
    }

    enum Expected: Error { case gone }

    @Test func collapseAndExpandKeepTheFlight() throws {
        var (model, flights) = try Self.opened(at: Self.wide)
        model.press(.escape)
        let id = try #require(LiveModel.sentID(model.press(.down)))
        model.press(.down)
        let follow = try #require(LiveModel.sentID(model.update(.replied(id, Fixture.details(of: flights[1])))))
        model.update(.replied(follow, Fixture.details(of: flights[2])))
        #expect(LiveViewStackTests.topName(model) == flights[2].flightName)
        let route = model.route
        // 220 to 80 columns: the same flight, as the top of the stack, with its keys.
        model.update(.resized(Self.narrow))
        var frame = model.frame(Self.narrow)
        #expect(frame[3].contains(flights[2].flightName), "\(frame.screenText)")
        #expect(Self.dividerColumns(frame) == [-1])
        #expect(model.route == route, "the route is the same whatever the width")
        // Back to 220: both again, the cursor on that flight.
        model.update(.resized(Self.wide))
        frame = model.frame(Self.wide)
        #expect(Self.dividerColumns(frame).count == 1)
        #expect(frame.selectedLine?.contains(flights[2].flightName) == true)
        // Narrow again, Esc goes back to the board with the cursor on that flight.
        model.update(.resized(Self.narrow))
        model.press(.escape)
        #expect(model.screens == [.board])
        #expect(model.selectedFlight == flights[2])
        #expect(model.frame(Self.narrow).selectedLine?.contains(flights[2].flightName) == true)
    }

    @Test func theListsKeysActOnTheCursorsFlightAndTheDetailsKeysOnTheOpenOne() throws {
        var (model, flights) = try Self.opened(at: Self.wide)
        // On the details side, P pins the open flight.
        #expect(model.press(.character("P")).contains(.pin(flights[0])))
        model.press(.escape)
        _ = model.press(.down)
        // On the list, with the first flight still shown beside it, P pins the flight under the cursor.
        #expect(model.press(.character("P")).contains(.pin(flights[1])))
        model.press(.character("a"))
        #expect(model.menu?.flight == flights[1])
        let frame = model.frame(Self.wide)
        let menuLine = try #require(frame.first { $0.contains("Actions for \(flights[1].flightName)") })
        #expect(menuLine.visibleText.firstIndex(of: "│") != nil, "the menu is drawn on the list's side, the divider kept")
        #expect(Self.dividerColumns(frame).count == 1)
    }

    @Test func theLayoutIsSavedAndRestoredWithTheView() throws {
        var model = Fixture.liveModel()
        model.layout = .stack
        #expect(model.saved.layout == .stack)
        let read = try #require(SavedLiveView(json: model.saved.json))
        #expect(read.layout == .stack)
        #expect(SavedLiveView(json: SavedLiveView().json)?.layout == .auto)
        #expect(SavedLiveView().json["layout"] == nil, "auto is not written")
        let restored = LiveModel(
            tab: .all, hidePast: false, pins: [], lastViewed: nil, restoring: read, style: Style(enabled: false), rotate: nil)
        #expect(restored.layout == .stack)
        // A pane kept in the stack layout does not split, however wide.
        var stacked = restored
        stacked.update(.connected)
        stacked.update(.boardPushed(Fixture.board(), at: Fixture.start))
        stacked.update(.resized(Self.wide))
        #expect(Self.dividerColumns(stacked.frame(Self.wide)) == [-1])
    }
}

extension LiveViewSplitTests {
    /// A wider split pane gives the board the columns a stack of its side's width shows (at 220, the
    /// terminal and the codeshares), leaving the details at least `detailsWidth`: the board kept 80
    /// columns at every width, and a wider pane only widened a three-line preview.
    @Test func aWiderSplitPaneShowsTheBoardsOtherColumns() throws {
        for columns in [150, 180, 200, 220, 260, 300] {
            let size = TerminalSize(columns: columns, rows: 24)
            let (model, _) = try Self.opened(at: size)
            let frame = model.frame(size)
            let divider = try #require(Self.dividerColumns(frame).first)
            // The divider's column, then a space: the details' side.
            #expect(size.columns - divider - 2 >= LiveLayout.detailsWidth, "\(size.columns): the details' side")
            // Neither side's text touches the divider (the ids did, and the details began on it).
            for line in frame.dropFirst(2).dropLast() {
                let cells = Array(line.visibleText)
                #expect(cells[divider - 1] == " " && cells[divider + 1] == " ", "\(size.columns): \(line.visibleText)")
            }
            let titles = String(frame[2].visibleText.prefix(divider))
            // The stack's titles at the list's side's width: the same columns.
            var stack = LiveViewFixture.liveModel()
            stack.layout = .stack  // a side of 150 columns or more would split itself
            let side = TerminalSize(columns: divider, rows: 24)
            stack.update(.resized(side))
            #expect(
                titles.trimmingTrailingSpaces() == stack.frame(side)[2].visibleText.trimmingTrailingSpaces(), "\(size.columns)")
            // The columns measured for the side are drawn on it: the terminal from 180 columns (a side
            // of 100 or more), the codeshares from 220 (120), the remark from 260 (160).
            for (from, title) in [(180, "TERM"), (220, "CODESHARES"), (260, "REMARK")] where size.columns >= from {
                #expect(titles.contains(title), "\(size.columns): \(titles)")
            }
        }
    }
}

extension LiveViewSplitTests {
    /// On a split pane the details scroll to their last line: the scroll's bound is counted at the
    /// width the flight's side draws them (`sideWidths`), not two columns wider, where a wrapped line
    /// fewer left the last one out of reach.
    @Test(arguments: [
        TerminalSize(columns: 123, rows: 14), TerminalSize(columns: 150, rows: 12), TerminalSize(columns: 200, rows: 10),
    ])
    func theDetailsScrollToTheirLastLineBesideTheList(size: TerminalSize) throws {
        for flight in Fixture.board().flights {
            var model = Fixture.liveModel()
            model.layout = .split
            model.update(.resized(size))
            try model.moveCursor(to: flight.id)
            try model.openSelected()
            for _ in 0..<20 { model.press(.pageDown) }
            guard case .details(let open) = model.top else { continue }
            let width = LiveFrame.sideWidths(model, columns: size.columns).flight
            let lines = BoardRenderer(style: Style(enabled: false), width: width).details(open.details)
                .split(separator: "\n", omittingEmptySubsequences: false).map { String($0).trimmingTrailingSpaces() }
            let last = try #require(lines.last { !$0.isEmpty })
            let frame = model.frame(size).map { $0.visibleText }
            #expect(
                frame.contains { $0.trimmingTrailingSpaces().hasSuffix(last) },
                "\(size.columns)x\(size.rows) \(flight.flightName): \(last)")
        }
    }
}
