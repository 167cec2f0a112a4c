import BoardProtocol
import BoardSystem
import FlightData
import Testing

@testable import BoardCLI

/// Frames at every size: they fill the screen, and nothing is wider than it.
struct LiveViewFrameTests {
    typealias Fixture = LiveViewFixture

    /// Each screen of the live view: the board, a flight's details, the search prompt, search results.
    static func screens() throws -> [(String, LiveModel)] {
        var board = Fixture.liveModel(style: Style(enabled: true))
        board.press(.right)
        board.update(.boardPushed(Fixture.board(tab: .departures), at: Fixture.start))
        board.press(.down)
        var details = board
        let open = try #require(LiveModel.sentID(details.press(.enter)))
        details.update(.replied(open, Fixture.details(board.selectedFlight!.id)))
        var prompt = board
        prompt.press(.character("/"), .character("A"))
        var results = board
        let search = try #require(LiveModel.sentID(results.press(.character("/"), .character("A"), .enter)))
        results.update(.replied(search, Fixture.search("A")))
        var away = board
        away.update(.connectionLost(at: Fixture.start))
        return [("board", board), ("details", details), ("prompt", prompt), ("results", results), ("away", away)]
    }

    @Test(arguments: [(80, 24), (76, 20), (61, 20), (45, 12), (40, 10), (39, 10), (30, 8), (12, 4), (1, 1)])
    func everyLineFitsAndTheFrameFillsTheScreen(columns: Int, rows: Int) throws {
        let size = TerminalSize(columns: columns, rows: rows)
        for (name, var model) in try Self.screens() {
            model.update(.resized(size))
            let frame = model.view(size: size, now: Fixture.start + .seconds(90))
            #expect(frame.count == rows, "\(name)")
            for line in frame {
                #expect(line.visibleText.count <= columns, "\(name) at \(size): \(line.visibleText)")
                if columns < LiveFrame.narrowest { #expect(!line.contains("\u{1B}"), "below 40 columns, no colour") }
            }
        }
    }

    /// BoardRenderer's middle layout (60-75 columns) once added up to 61 columns, so at exactly 60 the
    /// rows were one too wide (the cursor's row was cut; the others wrapped on a real terminal).
    @Test func atSixtyColumnsEveryLineFits() throws {
        let size = TerminalSize(columns: 60, rows: 20)
        var (_, model) = try #require(try Self.screens().first)
        model.update(.resized(size))
        let widest = model.view(size: size, now: Fixture.start).map(\.visibleText.count).max() ?? 0
        #expect(widest <= 60)
    }

    /// The header's clock runs on at the daemon's speed while live, and stops where it was when the
    /// daemon goes away: it went back to the last board's time (08:09, then 08:01 reconnecting).
    @Test func theClockStopsWhereItWasWhenTheDaemonGoesAway() {
        var model = Fixture.liveModel()
        model.update(.boardPushed(Fixture.board(speed: 60), at: Fixture.start))
        let size = TerminalSize(columns: 80, rows: 24)
        let live = model.view(size: size, now: Fixture.start + .seconds(8))[0].visibleText
        #expect(live.contains("12:08"), "\(live)")
        model.update(.connectionLost(at: Fixture.start + .seconds(8)))
        let away = model.view(size: size, now: Fixture.start + .seconds(20))[0].visibleText
        #expect(away.contains("12:08") && away.contains("reconnecting"), "\(away)")
    }

    @Test func narrowScreensShortenTheTabsAndTheHeader() throws {
        var (_, model) = try #require(try Self.screens().first)
        let size = TerminalSize(columns: 40, rows: 10)
        model.update(.resized(size))
        let frame = model.view(size: size, now: Fixture.start).map(\.visibleText)
        #expect(frame[1].contains("[Dep 15]") && frame[1].contains("Arr 15"))
        // The one-shot board's header shortened by parts, never cut through a word ("12:00  S…" before).
        #expect(frame[0] == "MTN  Mon Nov 30  12:00  SIMULATED ● live", "SIMULATED stays while it fits: \(frame[0])")
        let cut = model.view(size: TerminalSize(columns: 30, rows: 8), now: Fixture.start)
        #expect(cut[1] == " Arr 15   All Nov 30  [Dep 15]", "no colour, and cut to fit")
        #expect(cut.allSatisfy { $0.count <= 30 })
    }

    @Test func theSelectedRowIsReversedWithColourAndMarkedWithout() {
        let coloured = Fixture.liveModel(style: Style(enabled: true)).frame()
        #expect(coloured[3].hasPrefix("\u{1B}[7m") && coloured[3].visibleText.count == 80)
        #expect(coloured[0].hasSuffix("\u{1B}[32m● live\u{1B}[0m"))
        let plain = Fixture.liveModel().frame()
        #expect(plain[3].hasPrefix(">") && !plain[4].hasPrefix(">"))
    }

    @Test func theFrameIsAPureFunctionOfTheModelTheSizeAndTheInstant() {
        let model = Fixture.liveModel(style: Style(enabled: true))
        #expect(model.frame() == model.frame())
        #expect(model.frame(after: .seconds(61))[0] != model.frame()[0], "the header clock runs on")
    }

    @Test func theEmptyTabSaysSo() {
        var model = Fixture.liveModel()
        model.update(.boardPushed(Fixture.board(Fixture.board()) { _ in [] }, at: Fixture.start))
        #expect(model.frame()[3] == "  No flights in this tab.")
        #expect(model.press(.enter) == [], "nothing to open")
    }

    /// Another day's board says the daemon's day beside its time, as the one-shot board does: the time
    /// is not that day's. Where there is no room for dates, it says "now" with the time alone.
    @Test func anotherDaysBoardSaysWhichDayTheTimeIs() throws {
        var model = Fixture.liveModel()
        let tomorrow = try BoardDocument(json: Fixture.boardJSON().adding("date", "2026-12-01"))
        model.update(.boardPushed(tomorrow, at: Fixture.start))
        let header = model.frame()[0]
        #expect(header.contains("Tue Dec 1 2026  (now Mon Nov 30 12:00)"), "\(header)")
        #expect(Fixture.liveModel().frame()[0].contains("Mon Nov 30 2026  12:00"), "today's board: the time alone")
        let narrow = model.frame(TerminalSize(columns: 50, rows: 20))[0]
        #expect(narrow.hasPrefix("MTN  Tue Dec 1  (now 12:00)  SIM"), "\(narrow)")
    }

    @Test func anEmptySearchOrFilterSaysWhyTheListIsEmpty() throws {
        var search = Fixture.liveModel()
        let id = try #require(LiveModel.sentID(search.press(.character("/"), .character("q"), .character("x"), .enter)))
        search.update(.replied(id, Fixture.search("qx")))
        #expect(search.frame()[2].hasPrefix("0 found for \"qx\""))
        #expect(search.frame()[3] == "  Nothing in the window matches. Esc goes back to the board.")
        // A narrow pane shortens the title's note, then leaves it out, rather than cut it mid-word.
        #expect(search.frame(TerminalSize(columns: 32, rows: 20))[2].trimmingTrailingSpaces() == "0 found for \"qx\" (Esc: back)")
        #expect(search.frame(TerminalSize(columns: 22, rows: 20))[2].trimmingTrailingSpaces() == "0 found for \"qx\"")
        // A search of a direction's tab says whose results they are: it read as nothing anywhere.
        var departures = Fixture.liveModel(tab: .departures)
        let asked = try #require(LiveModel.sentID(departures.press(.character("/"), .character("q"), .character("x"), .enter)))
        departures.update(.replied(asked, Fixture.search("qx", tab: .departures)))
        #expect(departures.frame()[2].hasPrefix("0 found for \"qx\" in Departures (Esc"), "\(departures.frame()[2])")
        #expect(departures.frame()[3] == "  Nothing in the window's departures matches. Esc goes back to the board.")
        var filtered = Fixture.liveModel()
        filtered.filter = FlightFilter(cities: ["Nowhere"])
        filtered.update(.boardPushed(Fixture.board(), at: Fixture.start))
        #expect(filtered.frame()[3] == "  No flights in this tab match the filter.")
        // With no row to move to, open or act on, the footer offers none of those keys: it offered
        // `⏎ open` and `a actions`, which did nothing; the room goes to the keys that do something.
        for model in [search, filtered] {
            let footer = try #require(model.frame().last)
            #expect(
                !footer.contains("open") && !footer.contains("actions") && !footer.contains("move") && !footer.contains("P pin"),
                "\(footer)")
            #expect(footer.contains("/ search") && footer.contains("q quit"), "\(footer)")
        }
        #expect(try #require(Fixture.liveModel().frame().last).contains("⏎ open"), "a board with rows offers them")
    }

    /// A reply is one page of at most `SearchRequest.pageLimit` flights: the title says how many more the
    /// window holds, as `board search` does. It said "200 found" for a search with 405 matches.
    @Test func aSearchOfMoreThanOnePageSaysHowManyAreNotShown() throws {
        let whole = try SearchResultsDocument(json: Fixture.search("a"))
        let page = 40
        #expect(whole.count > page)
        var taken = 0
        let days = whole.days.compactMap { day -> SearchResultsDocument.Day? in
            let flights = Array(day.flights.prefix(page - taken))
            taken += flights.count
            guard !flights.isEmpty else { return nil }
            return SearchResultsDocument.Day(date: day.date, badge: day.badge, count: flights.count, flights: flights)
        }
        let reply = SearchResultsDocument(
            text: "a", tab: .all, count: page, days: days, total: whole.count, next: String(page))
        var model = Fixture.liveModel()
        let id = try #require(LiveModel.sentID(model.press(.character("/"), .character("a"), .enter)))
        model.update(.replied(id, reply.json))
        let title = "40 found for \"a\" (\(whole.count - page) more not shown: narrow the search; Esc: back to the board)"
        #expect(model.frame(TerminalSize(columns: 100, rows: 24))[2].trimmingTrailingSpaces() == title)
        // Past flights hidden (h): the count shown drops, the count left out stays.
        model.press(.character("h"))
        let shown = model.listedFlights.count
        #expect(shown < page)
        #expect(
            model.frame(TerminalSize(columns: 100, rows: 24))[2].hasPrefix("\(shown) found for \"a\" (\(whole.count - page) more")
        )
        // A reply with every match says nothing more.
        var whole2 = Fixture.liveModel()
        let asked = try #require(LiveModel.sentID(whole2.press(.character("/"), .character("a"), .enter)))
        whole2.update(.replied(asked, Fixture.search("a")))
        #expect(whole2.frame()[2].trimmingTrailingSpaces() == "\(whole.count) found for \"a\" (Esc: back to the board)")
    }

    @Test func painterWritesOnlyTheLinesThatChanged() {
        var painter = ScreenPainter()
        let size = TerminalSize(columns: 10, rows: 2)
        let first = painter.update(to: ["a", "b"], size: size)
        #expect(first.hasPrefix("\u{1B}[2J") && first.contains("a") && first.contains("b"))
        #expect(painter.update(to: ["a", "c"], size: size) == "\u{1B}[2;1H\u{1B}[0mc\u{1B}[0m\u{1B}[K")
        #expect(painter.update(to: ["a", "c"], size: size) == "")
        painter.invalidate()
        #expect(painter.update(to: ["a", "c"], size: size).hasPrefix("\u{1B}[2J"))
    }
}

/// A daemon stopped on purpose is said as stopped in the header, and the footer says how to start
/// one until a key: the view said "reconnecting" for as long as it stayed open.
struct LiveViewStoppedDaemonTests {
    @Test(arguments: [true, false])
    func aDaemonStoppedOnPurposeIsSaidWithHowToStartOne(autostart: Bool) {
        var model = LiveViewFixture.liveModel()
        model.update(.daemonStopped(at: LiveViewFixture.start, autostart: autostart))
        let hint = autostart ? "'board clock' starts it again" : "start it with boardd"
        var frame = model.frame(after: .seconds(70))
        #expect(frame[0].contains("○ stopped, board 1m10s old"), "\(frame.screenText)")
        let footer = frame.last?.trimmingTrailingSpaces()
        #expect(footer == "Daemon stopped; \(hint) and this view reconnects.", "\(frame.screenText)")
        model.update(.tick(LiveViewFixture.start + .seconds(60)))
        #expect(model.frame().last?.contains("Daemon stopped") == true, "it stays until a key")
        model.press(.down)
        frame = model.frame(after: .seconds(70))
        #expect(frame[0].contains("○ stopped"), "the header still says so")
        model.update(.connected)
        model.update(.boardPushed(LiveViewFixture.board(), at: LiveViewFixture.start + .seconds(80)))
        #expect(model.frame()[0].contains("● live") && !model.daemonStopped)
    }

    /// The board's age counts from the loss, not from its arrival: on a frozen clock the board can
    /// arrive an hour before the stop and be current until it, and a view stopped a second before
    /// said "board 1h0m old".
    @Test func theBoardsAgeCountsFromTheLossNotItsArrival() {
        for stopped in [true, false] {
            var model = LiveViewFixture.liveModel()
            let lost = LiveViewFixture.start + .seconds(3600)
            model.update(stopped ? .daemonStopped(at: lost, autostart: true) : .connectionLost(at: lost))
            let header = model.frame(after: .seconds(3612))[0]
            #expect(header.contains(stopped ? "○ stopped, board 12s old" : "○ reconnecting, board 12s old"), "\(header)")
        }
    }

    /// Another tab, day or hide-past while the daemon is away is refused and said in the footer: the
    /// view switched tabs under the board it had (the tab bar still said All, the rows took a belt
    /// column), and the daemon's return showed a tab nobody saw chosen. Said until it is back.
    @Test func aNewBoardAskedForWhileAwayIsRefusedAndSaid() {
        for key in [Key.right, .left, .character("1"), .character("]"), .character("h")] {
            var model = LiveViewFixture.liveModel()
            model.press(.down, .down)
            let before = model.frame()
            model.update(.connectionLost(at: LiveViewFixture.start))
            #expect(model.press(key).isEmpty, "\(key)")
            #expect(model.tab == .all && model.date == nil && !model.hidePast, "\(key)")
            #expect(model.message == LiveModel.awaySentence, "\(key)")
            #expect(Array(model.frame().dropFirst().dropLast()) == Array(before.dropFirst().dropLast()), "\(key)")
            model.update(.connected)
            #expect(model.message == nil, "\(key): the daemon is back")
        }
        var live = LiveViewFixture.liveModel()
        live.press(.right)
        #expect(live.message == nil && live.tab == .departures, "only while away")
    }
}
