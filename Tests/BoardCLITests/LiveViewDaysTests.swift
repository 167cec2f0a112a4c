import BoardProtocol
import FlightData
import Testing

@testable import BoardCLI

/// `[` and `]` show the board of the day before and after, of the same tab, within the window; the
/// header says the day, and the day is saved and restored.
struct LiveViewDaysTests {
    typealias Fixture = LiveViewFixture

    /// The board the daemon pushes for `date`'s `tab` at the story's instant.
    static func board(on date: LocalDate, tab: Tab = .all) -> BoardDocument {
        let board = Board(
            flights: Fixture.window.flights(on: date), query: BoardQuery(date: date, tab: tab, hidePast: false),
            now: Fixture.now)
        return try! BoardDocument(json: Fixture.encoding.board(board, simulated: true, speed: 1).json)
    }

    /// The day the subscription among `effects` asks for (nil: today), or nil when there is none.
    static func watchedDay(_ effects: [LiveEffect]) -> String?? {
        for effect in effects {
            if case .subscribe(.watch(_, _, _, let date)) = effect { return .some(date) }
        }
        return .none
    }

    @Test func bracketsStepThroughTheDaysAndTheHeaderSaysWhichDay() throws {
        var model = Fixture.liveModel()
        let tomorrow = Fixture.today.adding(days: 1)
        let effects = model.press(.character("]"))
        #expect(Self.watchedDay(effects) == .some(tomorrow.description))
        #expect(model.date == tomorrow.description)
        model.update(.boardPushed(Self.board(on: tomorrow), at: Fixture.start))
        let header = model.frame()[0]
        #expect(header.contains(BoardRenderer.longDate(tomorrow.description)), "\(header)")
        #expect(header.contains("(now"), "the time is today's, said as such: \(header)")
        #expect(model.route.description == "all@\(tomorrow)")
        #expect(model.saved.date == tomorrow.description, "the day is saved for the next run")

        let dayAfter = model.press(.character("]"))
        #expect(Self.watchedDay(dayAfter) == .some(tomorrow.adding(days: 1).description))
        model.update(.boardPushed(Self.board(on: tomorrow.adding(days: 1)), at: Fixture.start))
        model.press(.character("["))
        model.update(.boardPushed(Self.board(on: tomorrow), at: Fixture.start))
        let back = model.press(.character("["))
        #expect(Self.watchedDay(back) == .some(nil), "today's board is asked for as today's")
        #expect(model.date == nil)
    }

    @Test func todayIsTheFirstDayAndBracketGoesNoFurther() {
        var model = Fixture.liveModel()
        let effects = model.press(.character("["))
        #expect(effects.isEmpty)
        #expect(model.date == nil)
        #expect(model.message?.contains("first board") == true)
    }

    @Test func pastTheWindowsEndTheRefusalIsSaidAndTheBoardShownStays() throws {
        var model = Fixture.liveModel()
        model.press(.down, .down)
        let onTheBoard = model.selectedFlight
        let lastDay = Fixture.today.adding(days: 14)
        model.update(.boardPushed(Self.board(on: lastDay), at: Fixture.start))
        model.date = lastDay.description
        model.press(.down)
        let kept = model.selectedFlight
        #expect(kept != nil && kept != onTheBoard)
        model.press(.character("]"))
        let refusal = WireError(.outsideWindow, "2026-12-15 is outside the board's window, 2026-11-30 to 2026-12-14.")
        let effects = model.update(.watchRefused(refusal))
        #expect(Self.watchedDay(effects) == .some(lastDay.description), "the board shown is watched again")
        #expect(model.date == lastDay.description)
        #expect(model.message == refusal.message)
        #expect(model.selectedFlight == kept, "the cursor stays where it was")
    }

    /// `]` pressed five times faster than the boards come: the boards of the superseded watches are
    /// not shown, and the daemon refuses the days past the window's end. Each refusal asks for the day
    /// before, until the last day's board is taken; it went back to the board on screen (today's,
    /// after sixteen quick presses).
    @Test func bracketsPressedFasterThanBoardsComeStopOnTheLastDay() throws {
        var model = Fixture.liveModel()
        for _ in 0..<5 { model.press(.character("]")) }
        #expect(model.date == Fixture.today.adding(days: 5).description)
        // The window ends two days on, in this story: days 5, 4 and 3 are refused in turn.
        let end = Fixture.today.adding(days: 2)
        var asked: [String] = []
        while let day = model.date.flatMap(LocalDate.init), day > end {
            let refusal = WireError(.outsideWindow, "\(day) is outside the board's window, \(Fixture.today) to \(end).")
            let effects = model.update(.watchRefused(refusal))
            let watched = try #require(Self.watchedDay(effects), "a day asked for after \(day)")
            asked.append(watched ?? "today")
            try #require(asked.count < 10)
        }
        #expect(asked == [4, 3, 2].map { Fixture.today.adding(days: $0).description })
        #expect(model.message?.hasPrefix("\(Fixture.today.adding(days: 3)) is outside") == true)
        model.update(.boardPushed(Self.board(on: end), at: Fixture.start))
        #expect(model.frame()[0].contains(BoardRenderer.longDate(end.description)))
    }

    /// A pane's saved day that left the window: no board is on screen yet, so today's is asked for,
    /// and the footer says why.
    @Test func aSavedDayTheDaemonRefusesOpensTodaysBoard() throws {
        var model = Fixture.liveModel()
        model.board = nil
        model.date = Fixture.today.adding(days: -1).description
        let refusal = WireError(.outsideWindow, "2026-11-29 is outside the board's window, 2026-11-30 to 2026-12-14.")
        let effects = model.update(.watchRefused(refusal))
        #expect(Self.watchedDay(effects) == .some(nil), "today's board is asked for")
        #expect(model.date == nil)
        #expect(model.message == "Today's board: " + refusal.message)
        // Another refusal, with no day asked for, is said and asks for nothing more.
        #expect(model.update(.watchRefused(WireError(.internal, "no"))).isEmpty)
        #expect(model.message == "no")
    }

    /// The pane's day left the window under it (the clock set back before it, or moved past it) and
    /// the daemon pushed today's board instead: the view follows today, says so, and watches today's
    /// board, so that its day, `[`/`]` and its route name the board on screen.
    @Test func aDayThatLeftTheWindowUnderThePaneFollowsToday() throws {
        var model = Fixture.liveModel()
        let later = Fixture.today.adding(days: 14)
        // `]` asked for the day, and a board pushed for the old watch meanwhile (today's) is no news.
        model.date = later.description
        #expect(Self.watchedDay(model.update(.boardPushed(Fixture.board(), at: Fixture.start))) == nil)
        #expect(model.date == later.description)
        let board = Board(
            flights: Fixture.window.flights(on: later), query: BoardQuery(date: later, tab: .all, hidePast: false),
            now: LocalTime(timeZone: Fixture.airport.timeZone).instant(on: Fixture.today, minute: 720))
        model.update(
            .boardPushed(
                try BoardDocument(json: Fixture.encoding.board(board, simulated: true, speed: 1).json), at: Fixture.start))
        try #require(model.board?.date == later.description)
        let effects = model.update(.boardPushed(Fixture.board(), at: Fixture.start + .seconds(1)))
        #expect(model.date == nil)
        #expect(Self.watchedDay(effects) == .some(nil), "today's board is watched: \(effects)")
        #expect(model.message == "Dec 14 is outside the board's window now; today's board.", "\(model.message ?? "-")")
        #expect(model.route.description.contains("2026-12-14") == false, "\(model.route)")
        // Today's board asked for and shown is no news.
        #expect(Self.watchedDay(model.update(.boardPushed(Fixture.board(), at: Fixture.start + .seconds(2)))) == nil)
    }

    /// Past midnight, today's board is the new day's, and its cursor starts as a fresh view's does: on
    /// the first flight still to come, in sight, not where the evening's board was scrolled.
    @Test func pastMidnightTheNewDaysBoardStartsAtItsFirstFlightToCome() throws {
        var model = Fixture.liveModel()
        model.press(.end)
        let evening = try #require(model.selectedFlight)
        let tomorrow = Fixture.today.adding(days: 1)
        let afterMidnight = LocalTime(timeZone: Fixture.airport.timeZone).instant(on: tomorrow, minute: 5)
        let board = Board(
            flights: Fixture.window.flights(on: tomorrow), query: BoardQuery(date: tomorrow, tab: .all, hidePast: false),
            now: afterMidnight)
        let pushed = try BoardDocument(json: Fixture.encoding.board(board, simulated: true, speed: 1).json)
        model.update(.boardPushed(pushed, at: Fixture.start))
        let first = try #require(LiveModel.startingFlight(on: pushed, lastViewed: nil))
        #expect(model.selectedFlight?.id == first.id && model.selectedFlight?.date == tomorrow.description)
        #expect(model.selectedFlight?.id != evening.id || model.selectedFlight?.date != evening.date)
        #expect(model.frame().contains { $0.contains(first.flightName) }, "\(model.frame().joined(separator: "\n"))")
        #expect(model.boardCursor.scroll == 0, "the day's first rows in sight")
    }

    @Test func aDayKeyClosesWhatIsOpenAndPlacesTheCursorOnTheNewBoard() throws {
        var model = Fixture.liveModel()
        let open = try #require(LiveModel.sentID(model.press(.enter)))
        model.update(.replied(open, Fixture.details(Fixture.board().flights[0].id)))
        let tomorrow = Fixture.today.adding(days: 1)
        model.press(.character("]"))
        #expect(model.screens == [.board])
        let board = Self.board(on: tomorrow)
        model.update(.boardPushed(board, at: Fixture.start))
        #expect(model.selectedFlight == board.flights.first, "tomorrow's flights are all to come: the first")
        #expect(model.frame().selectedLine?.contains(board.flights[0].flightName) == true)
    }

    /// What was open over today's board when `]` showed another day's (search results, a flight on
    /// them) comes back when the view comes back to today's, by Esc or by `[`, the flight on top asked
    /// for again: `]` threw them away, and Esc gave only today's board.
    @Test func whatWasOpenOverTodaysBoardComesBackWithIt() throws {
        var model = Fixture.liveModel()
        try model.search("southeast")
        let flight = try #require(model.selectedFlight)
        try model.openSelected()
        let open = model.screens
        #expect(open.count == 3, "the board, the results and a flight")
        let tomorrow = Fixture.today.adding(days: 1)
        model.press(.character("]"))
        #expect(model.screens == [.board])
        model.update(.boardPushed(Self.board(on: tomorrow), at: Fixture.start))
        let back = model.press(.escape)
        #expect(Self.watchedDay(back) == .some(nil))
        model.update(.boardPushed(Self.board(on: Fixture.today), at: Fixture.start))
        #expect(model.screens.count == 3 && LiveViewStackTests.topName(model) == flight.flightName, "\(model.screens)")
        #expect(back.contains { if case .send(_, .flight(let key, _)) = $0 { key.id == flight.id } else { false } })
        #expect(model.message?.contains("what was open") == true)
        // Esc goes on back through them, as before.
        model.press(.escape)
        guard case .searchResults = model.top else { throw Missing.results }
        // By [ onto today too; and two days on, still today's screens.
        model.press(.character("]"), .character("]"))
        #expect(model.date == tomorrow.adding(days: 1).description)
        model.press(.character("["), .character("["))
        #expect(model.date == nil)
        model.update(.boardPushed(Self.board(on: Fixture.today), at: Fixture.start))
        guard case .searchResults = model.top else { throw Missing.results }
        // Another tab chosen on another day: its own path, and nothing carried over to it.
        model.press(.character("]"))
        model.press(.tab)
        model.press(.character("["))
        #expect(model.screens == [.board], "\(model.screens)")
    }

    enum Missing: Error { case results }

    /// Another tab chosen while another day's board is shown keeps its screens (today's) for today's
    /// board: a flight of Nov 30 was shown over Dec 1's board, and Esc landed on a board without it.
    @Test func aTabsScreensWaitForTodayWhileAnotherDayIsShown() throws {
        var model = Fixture.liveModel()
        let flight = try #require(model.selectedFlight)
        try model.openSelected()
        model.press(.tab)  // Departures, its board
        #expect(model.tab == .departures && model.screens == [.board])
        let tomorrow = Fixture.today.adding(days: 1)
        model.press(.character("]"))
        model.update(.boardPushed(Self.board(on: tomorrow, tab: .departures), at: Fixture.start))
        model.press(.backTab)  // All, on Dec 1
        #expect(model.tab == .all && model.date == tomorrow.description)
        #expect(model.screens == [.board], "Nov 30's flight is not shown over Dec 1's board: \(model.screens)")
        model.update(.boardPushed(Self.board(on: tomorrow), at: Fixture.start))
        model.press(.escape)  // back to today: the flight comes back over today's board
        #expect(model.date == nil)
        #expect(LiveViewStackTests.topName(model) == flight.flightName, "\(model.screens)")
    }

    /// A tab whose screens an earlier run saved, chosen while another day's board is shown, opens
    /// them again only over today's board, when the view comes back to it.
    /// A view started on All as an earlier run left it, with a flight of Arrivals' saved (the fourth),
    /// `lastViewed` the last viewed flight: the model and that flight.
    static func withArrivalsFlightSaved(lastViewed: FlightDocument? = nil) throws -> (LiveModel, FlightDocument) {
        let saved = try #require(Fixture.board(tab: .arrivals).flights.dropFirst(3).first)
        var model = LiveModel(
            tab: .all, hidePast: false, pins: [], lastViewed: lastViewed.map(LiveModel.FlightKey.init),
            restoring: SavedLiveView(
                screens: [], tab: .all,
                otherTabs: [.arrivals: [.flight(id: saved.id, date: saved.date, flightName: saved.flightName)]]),
            style: Style(enabled: false), rotate: nil)
        model.update(.resized(Fixture.size))
        model.update(.connected)
        model.update(.boardPushed(Fixture.board(), at: Fixture.start))
        return (model, saved)
    }

    @Test func aTabsSavedScreensWaitForTodayWhileAnotherDayIsShown() throws {
        let arrivals = Fixture.board(tab: .arrivals)
        var (model, saved) = try Self.withArrivalsFlightSaved()
        let tomorrow = Fixture.today.adding(days: 1)
        model.press(.character("]"))
        model.update(.boardPushed(Self.board(on: tomorrow), at: Fixture.start))
        model.press(.character("1"))
        let onTomorrow = model.update(.boardPushed(Self.board(on: tomorrow, tab: .arrivals), at: Fixture.start))
        #expect(LiveModel.sentID(onTomorrow) == nil, "today's flight is not opened over Dec 1's board")
        #expect(model.screens == [.board])
        model.press(.escape)
        let today = model.update(.boardPushed(arrivals, at: Fixture.start))
        let id = try #require(LiveModel.sentID(today), "opened again over today's board")
        model.update(.replied(id, Fixture.details(of: saved)))
        #expect(LiveViewStackTests.topName(model) == saved.flightName && model.date == nil)
    }

    /// A tab's saved flight, opened again as the tab is chosen after a restart, is not made the last
    /// viewed: `board last` named it though no Enter was pressed.
    @Test func aTabsSavedFlightOpenedAgainIsNotMadeTheLastViewed() throws {
        let board = Fixture.board(tab: .arrivals)
        let last = try #require(board.flights.first)
        var (model, saved) = try Self.withArrivalsFlightSaved(lastViewed: last)
        model.press(.character("1"))  // Arrivals: its saved flight is opened again
        let sent = model.update(.boardPushed(board, at: Fixture.start))
        let id = try #require(LiveModel.sentID(sent))
        let effects = model.update(.replied(id, Fixture.details(of: saved)))
        #expect(LiveViewStackTests.topName(model) == saved.flightName)
        #expect(!effects.contains { if case .saveLastViewed = $0 { true } else { false } }, "\(effects)")
        #expect(model.lastViewed == LiveModel.FlightKey(last))
    }

    /// `s` on another day's board opens the soonest flight, today's, over today's board: it opened
    /// over the day shown, which does not list it, and Esc landed there.
    @Test func soonestFromAnotherDayOpensOverTodaysBoard() throws {
        var model = Fixture.liveModel()
        let tomorrow = Fixture.today.adding(days: 1)
        model.press(.character("]"))
        model.update(.boardPushed(Self.board(on: tomorrow), at: Fixture.start))
        let effects = model.press(.character("s"))
        #expect(Self.watchedDay(effects) == .some(nil), "today's board asked for")
        #expect(model.date == nil)
        let id = try #require(LiveModel.sentID(effects.filter { if case .send = $0 { true } else { false } }))
        let soonest = try #require(Fixture.board().flights.first { !$0.past })
        model.update(.boardPushed(Fixture.board(), at: Fixture.start))
        model.update(.replied(id, Fixture.details(of: soonest)))
        #expect(LiveViewStackTests.topName(model) == soonest.flightName)
        model.press(.escape)
        #expect(model.date == nil && model.screens == [.board])
        #expect(model.selectedFlight.map { LiveModel.FlightKey($0) } == LiveModel.FlightKey(soonest), "Esc lands on it")
    }

    @Test func theDayIsRestored() {
        let tomorrow = Fixture.today.adding(days: 1).description
        let saved = SavedLiveView(tab: .departures, date: tomorrow)
        let model = LiveModel(
            tab: .departures, hidePast: false, pins: [], lastViewed: nil, restoring: saved, style: Style(enabled: false),
            rotate: nil)
        var connected = model
        #expect(Self.watchedDay(connected.update(.connected)) == .some(tomorrow))
    }
}
