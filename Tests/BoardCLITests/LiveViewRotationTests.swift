import BoardProtocol
import BoardSystem
import FlightData
import Testing

@testable import BoardCLI

/// `board watch --rotate` (a wall screen) and `--reduced-motion`, through the live view's update
/// function: ticks turn pages, then tabs; keys hold the page; the frame says which page it is.
struct LiveViewRotationTests {
    typealias Fixture = LiveViewFixture

    /// 14 rows: 10 list rows, 9 flights a page and the now line (`LiveModel.boardRows`), so the
    /// story's 30 flights of All make 4 pages.
    static let short = TerminalSize(columns: 80, rows: 14)

    static func rotatingModel(
        tab: Tab = .all, every period: Duration = .seconds(10), reducedMotion: Bool = false, size: TerminalSize = short
    ) -> LiveModel {
        var model = LiveModel(
            tab: tab, hidePast: false, style: Style(enabled: false), rotate: period, reducedMotion: reducedMotion, size: size)
        model.update(.connected)
        model.update(.boardPushed(Fixture.board(tab: tab), at: Fixture.start))
        model.update(.key(.home))
        model.update(.tick(Fixture.start))
        return model
    }

    static func subscribed(_ tab: Tab) -> [LiveEffect] { [.subscribe(.watch(tab: tab, hidePast: false, pinned: []))] }

    @Test func pagesAdvanceWithAPageIndicatorThenTheTabsCycle() {
        var model = Self.rotatingModel()
        let flights = Fixture.board().flights
        #expect(flights.count == 30)
        var frame = model.frame(Self.short)
        // 10 list rows: the now line, the marks and 8 flights a page. The first page's now line is out
        // of sight, so its row shows a ninth flight, and the second page starts after it.
        #expect(frame[1].hasSuffix("page 1/4") && frame[3].contains(flights[0].flightName))
        #expect(frame[11].contains(flights[8].flightName) && frame[12].contains("↓ 21 more"), "\(frame.screenText)")
        #expect(model.update(.tick(Fixture.start + .seconds(10))).isEmpty)
        frame = model.frame(Self.short, after: .seconds(10))
        // The second page holds the now line: 12:00:10 falls just before flights[11] (Overland 256).
        #expect(NowLine(flights, now: LiveModel.runOn(Fixture.board(), seconds: 10), date: Fixture.board().date)?.index == 11)
        #expect(frame[1].hasSuffix("page 2/4") && frame[3].contains(flights[9].flightName))
        #expect(frame.nowLineIndex == 5 && frame[6].contains(flights[11].flightName), "\(frame.screenText)")
        #expect(frame[11].contains(flights[16].flightName))
        #expect(frame[12].contains("↑ 9 more  ↓ 13 more"), "\(frame[12])")
        model.update(.tick(Fixture.start + .seconds(20)))
        frame = model.frame(Self.short, after: .seconds(20))
        #expect(frame[1].hasSuffix("page 3/4") && frame[3].contains(flights[17].flightName))
        #expect(frame[11].contains(flights[25].flightName) && frame[12].contains("↑ 17 more  ↓ 4 more"))
        model.update(.tick(Fixture.start + .seconds(30)))
        frame = model.frame(Self.short, after: .seconds(30))
        // The last page is the last 8 flights, ending with the last one, and the flight before them in
        // the row left for the now line, which is out of sight.
        #expect(frame[1].hasSuffix("page 4/4") && frame[3].contains(flights[21].flightName))
        #expect(frame[4].contains(flights[22].flightName))
        #expect(frame[11].contains(flights[29].flightName), "the last page ends with the last flight")
        #expect(frame[12].contains("↑ 21 more") && !frame[12].contains("↓"))

        // After the last page: the next tab (Departures), from its top, and not saved as the tab to reopen.
        #expect(model.update(.tick(Fixture.start + .seconds(40))) == Self.subscribed(.departures))
        #expect(model.tab == .departures)
        let departures = Fixture.board(tab: .departures)
        model.update(.boardPushed(departures, at: Fixture.start + .seconds(40)))
        #expect(model.boardCursor.scroll == 0 && model.selectedRow == 0)
        frame = model.frame(Self.short)
        #expect(frame[1].contains("[Departures 15]") && frame[1].hasSuffix("page 1/2"))
        #expect(frame[3].contains(departures.flights[0].flightName))

        model.update(.tick(Fixture.start + .seconds(50)))
        #expect(model.frame(Self.short)[1].hasSuffix("page 2/2"))
        // Then Arrivals, then All again: the tabs cycle.
        #expect(model.update(.tick(Fixture.start + .seconds(60))) == Self.subscribed(.arrivals))
        model.update(.boardPushed(Fixture.board(tab: .arrivals), at: Fixture.start + .seconds(60)))
        model.update(.tick(Fixture.start + .seconds(70)))
        #expect(model.update(.tick(Fixture.start + .seconds(80))) == Self.subscribed(.all))
    }

    /// The first page of a wall screen is the board's top, as every later one is: the first cycle's
    /// "page 1" showed the rows around the first flight still to come, and its top flights never.
    @Test func theFirstPageIsTheTop() {
        var model = LiveModel(tab: .all, hidePast: false, style: Style(enabled: false), rotate: .seconds(10), size: Self.short)
        model.update(.connected)
        model.update(.boardPushed(Fixture.board(), at: Fixture.start))
        #expect(model.boardCursor.scroll == 0 && model.selectedRow == 0)
        let frame = model.frame(Self.short)
        #expect(frame[1].hasSuffix("page 1/4") && frame[3].contains(Fixture.board().flights[0].flightName), "\(frame)")
    }

    @Test func aBoardThatFitsTurnsStraightToTheNextTabWithoutAnIndicator() {
        var model = Self.rotatingModel(tab: .departures, size: Fixture.size)
        let frame = model.frame()
        #expect(!frame[1].contains("page"), "one page: nothing to indicate")
        #expect(model.update(.tick(Fixture.start + .seconds(10))) == Self.subscribed(.arrivals))
    }

    @Test func aKeyHoldsThePageForAWholePeriod() {
        var model = Self.rotatingModel()
        model.update(.tick(Fixture.start + .seconds(8)))
        model.press(.down)
        #expect(model.selectedRow == 1)
        // The tick after the key starts a new period: no turn at 10 s, nor before 18 s.
        model.update(.tick(Fixture.start + .seconds(9)))
        model.update(.tick(Fixture.start + .seconds(10)))
        model.update(.tick(Fixture.start + .seconds(17)))
        #expect(model.boardPage(at: LiveViewFixture.start).number == 1 && model.selectedRow == 1)
        #expect(model.wakeInterval(now: Fixture.start + .milliseconds(18_500)) == .milliseconds(500))
        model.update(.tick(Fixture.start + .seconds(19)))
        #expect(model.boardPage(at: LiveViewFixture.start).number == 2 && model.selectedRow == 9)
    }

    @Test func itWaitsWhileAFlightIsOpen() throws {
        var model = Self.rotatingModel()
        let id = try #require(LiveModel.sentID(model.press(.enter)))
        model.update(.replied(id, Fixture.details(Fixture.board().flights[0].id)))
        model.update(.tick(Fixture.start + .seconds(1)))
        #expect(model.update(.tick(Fixture.start + .seconds(12))).isEmpty)
        #expect(model.tab == .all)
        model.press(.escape)
        model.update(.tick(Fixture.start + .seconds(13)))
        model.update(.tick(Fixture.start + .seconds(23)))
        #expect(model.boardPage(at: LiveViewFixture.start).number == 2)
    }

    @Test func aShortNarrowScreenPagesByItsOwnRowsAndShortensTheIndicator() {
        let tiny = TerminalSize(columns: 40, rows: 8)
        var model = Self.rotatingModel(size: tiny)
        // 4 list rows: the now line, the marks and 2 flights a page, 3 where the line is out of sight
        // and lends its row: 30 flights make 11 pages.
        #expect(model.boardPage(at: LiveViewFixture.start).count == 11)
        var frame = model.frame(tiny)
        #expect(frame.allSatisfy { $0.count <= 40 })
        #expect(frame[1].hasSuffix("1/11"))
        for second in 1...10 { model.update(.tick(Fixture.start + .seconds(10 * second))) }
        frame = model.frame(tiny, after: .seconds(100))
        #expect(frame[1].hasSuffix("11/11") && frame.allSatisfy { $0.count <= 40 })
        #expect(model.update(.tick(Fixture.start + .seconds(110))) == Self.subscribed(.departures))
        // A very narrow screen (under the layout's 40 columns) is cut, never wrapped.
        let narrow = TerminalSize(columns: 30, rows: 8)
        model.update(.resized(narrow))
        #expect(model.frame(narrow).allSatisfy { $0.count <= 30 })
    }

    @Test func reducedMotionStopsRotation() {
        var model = Self.rotatingModel(reducedMotion: true)
        #expect(model.rotation == nil)
        #expect(model.wakeInterval(now: Fixture.start + .seconds(5)) == .seconds(1))
        for second in 1...5 { #expect(model.update(.tick(Fixture.start + .seconds(10 * second))).isEmpty) }
        #expect(model.boardPage(at: LiveViewFixture.start).number == 1 && model.tab == .all)
        #expect(!model.frame(Self.short)[1].contains("page"))
    }

    @Test func reducedMotionComesFromTheFlagOrTheEnvironment() {
        #expect(WatchCommand.reducedMotion(flag: true, environment: nil))
        #expect(WatchCommand.reducedMotion(flag: false, environment: "1"))
        #expect(!WatchCommand.reducedMotion(flag: false, environment: "0"))
        #expect(!WatchCommand.reducedMotion(flag: false, environment: ""))
        #expect(!WatchCommand.reducedMotion(flag: false, environment: nil))
    }
}
