import BoardProtocol
import BoardSystem
import FlightData
import Testing

@testable import BoardCLI

/// A list taller than the pane says what is above and below it, and pinned rows never scroll away unseen.
struct BoardViewportTests {
    typealias Fixture = LiveViewFixture

    @Test func aBoardThatFitsIsShownWholeWithoutMarks() {
        let viewport = BoardViewport(count: 10, pinned: 2, rows: 10, cursor: 9, scroll: 0)
        #expect(viewport.scrolling == 0..<10)
        #expect(viewport.marks == nil)
    }

    @Test func aTallerBoardGivesARowToTheMarksAndCountsEveryRowNotShown() {
        for cursor in 0..<30 {
            let viewport = BoardViewport(count: 30, pinned: 0, rows: 10, cursor: cursor, scroll: 0)
            #expect(viewport.shown == 9)
            #expect(viewport.scrolling.contains(cursor))
            #expect(viewport.above + viewport.shown + viewport.below == 30)
        }
        #expect(BoardViewport(count: 30, pinned: 0, rows: 10, cursor: 15, scroll: 0).marks == "↑ 7 more  ↓ 14 more")
        #expect(BoardViewport(count: 30, pinned: 0, rows: 10, cursor: 0, scroll: 0).marks == "↓ 21 more")
        #expect(BoardViewport(count: 30, pinned: 0, rows: 10, cursor: 29, scroll: 0).marks == "↑ 21 more")
        // A pane of two rows shows flights only.
        #expect(BoardViewport(count: 30, pinned: 0, rows: 2, cursor: 5, scroll: 0).marks == nil)
    }

    @Test func pinnedRowsAreHeldAtTheTopWhileTheRestScroll() {
        for cursor in 0..<30 {
            let viewport = BoardViewport(count: 30, pinned: 3, rows: 10, cursor: cursor, scroll: 3)
            #expect(viewport.held == 3)
            #expect(viewport.shown == 6)
            #expect(cursor < 3 || viewport.scrolling.contains(cursor))
            #expect(viewport.held + viewport.above + viewport.shown + viewport.below == 30)
        }
        // More pins than half the rows scroll with the rest, and the marks say how many above are pinned.
        let many = BoardViewport(count: 30, pinned: 6, rows: 10, cursor: 20, scroll: 0)
        #expect(many.held == 0)
        #expect(many.marks == "↑ 12 more (6 pinned)  ↓ 9 more")
    }

    @Test func theLiveViewKeepsPinsOnScreenWhenTheCursorGoesToTheEnd() throws {
        let flights = Fixture.board().flights
        let pinned = Set(flights.prefix(2).map(\.id))
        var model = LiveModel(
            tab: .all, hidePast: false, pins: flights.prefix(2).map { LiveModel.FlightKey($0) }, style: Style(enabled: false),
            size: TerminalSize(columns: 80, rows: 14))
        model.update(.connected)
        let board = Fixture.board(pinned: pinned)
        model.update(.boardPushed(board, at: Fixture.start))
        model.press(.end)
        let frame = model.frame(TerminalSize(columns: 80, rows: 14))
        #expect(
            frame[3].contains(board.flights[0].flightName) && frame[4].contains(board.flights[1].flightName),
            "\(frame.screenText)")
        #expect(frame.selectedLine?.contains(board.flights[29].flightName) == true)
        // Under the pins, the row left for the now line (out of sight) holds a flight: 21 above.
        #expect(frame[5].contains(board.flights[23].flightName), "\(frame.screenText)")
        #expect(frame[12].contains("↑ 21 more"), "\(frame[12])")
        // Up onto a pin: the pins were on screen all along, and the rows under them stay.
        for _ in 0..<28 { model.press(.up) }
        #expect(model.selectedFlight == board.flights[1])
        let onAPin = model.frame(TerminalSize(columns: 80, rows: 14))
        #expect(onAPin.selectedLine == onAPin[4])
        #expect(
            onAPin[5].contains(board.flights[2].flightName), "the rows under the pins scrolled up to them: \(onAPin.screenText)")
        // Home is the top of the board, the rows under the pins from their start.
        model.press(.home)
        let top = model.frame(TerminalSize(columns: 80, rows: 14))
        #expect(top.selectedLine == top[3])
        #expect(top[12].contains("↓") && !top[12].contains("↑"), "\(top[12])")
    }
}

/// Without colour (`NO_COLOR`, or under 40 columns) the cursor's `>` takes the pin's column: a pinned
/// row under the cursor keeps its `*` beside it. The row just pinned showed no sign of it.
struct CursorOnAPinnedRowTests {
    @Test(arguments: [30, 40, 80])
    func thePinMarkStaysBesideThePlainCursor(columns: Int) throws {
        let flights = LiveViewFixture.board().flights
        let size = TerminalSize(columns: columns, rows: 10)
        var model = LiveModel(
            tab: .all, hidePast: false, pins: [LiveModel.FlightKey(flights[0])], style: Style(enabled: false), size: size)
        model.update(.connected)
        model.update(.boardPushed(LiveViewFixture.board(pinned: [flights[0].id]), at: LiveViewFixture.start))
        model.press(.home)
        let selected = try #require(model.frame(size).selectedLine)
        #expect(selected.hasPrefix(">*") && selected.contains(flights[0].flightName), "\(selected)")
        model.press(.down)
        let frame = model.frame(size)
        #expect(frame.selectedLine?.hasPrefix("> ") == true, "an unpinned row: \(frame.screenText)")
        #expect(frame.contains { $0.hasPrefix("* ") && $0.contains(flights[0].flightName) }, "\(frame.screenText)")
    }
}
