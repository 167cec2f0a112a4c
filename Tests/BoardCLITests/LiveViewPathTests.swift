import BoardProtocol
import BoardSystem
import FlightData
import Testing

@testable import BoardCLI

/// Navigation as data: deep links build a full back stack, each tab keeps its own path, each pane
/// its own saved view, and leaving a flight lands on it in the board.
struct LiveViewPathTests {
    typealias Fixture = LiveViewFixture
    typealias Identity = LiveModel.FlightKey

    static let tomorrow = LocalDate(year: 2026, month: 12, day: 1)!

    /// The board the daemon pushes for `date`.
    static func board(on date: LocalDate, tab: Tab = .all, hidePast: Bool = false) -> BoardDocument {
        let board = Board(
            flights: Fixture.window.flights(on: date),
            query: BoardQuery(date: date, tab: tab, hidePast: hidePast, pinned: PinnedFlights([])), now: Fixture.now)
        return try! BoardDocument(json: Fixture.encoding.board(board, simulated: true, speed: 1).json)
    }

    /// A model started as `board watch` starts it from `saved` (a pane's view or a deep link).
    static func model(_ saved: SavedLiveView, tab: Tab, lastViewed: Identity? = nil) -> LiveModel {
        var model = LiveModel(
            tab: tab, hidePast: false, pins: [], lastViewed: lastViewed, restoring: saved, style: Style(enabled: false),
            rotate: nil)
        model.update(.resized(Fixture.size))
        return model
    }

    static func requests(_ effects: [LiveEffect]) -> [(LiveRequestID, LiveRequest)] {
        effects.compactMap { effect in
            if case .send(let id, let request) = effect { return (id, request) }
            return nil
        }
    }

    static func screen(_ flight: FlightDocument) -> SavedLiveView.Screen {
        .flight(id: flight.id, date: flight.date, flightName: flight.flightName)
    }

    // MARK: Deep links

    @Test func aDeepLinkToTodaysFlightOpensItOverItsBoardWithTheCursorOnIt() throws {
        let flight = try #require(Self.board(on: Fixture.today, tab: .departures).flights.dropFirst(12).first)
        var model = Self.model(
            SavedLiveView(screens: [Self.screen(flight)], tab: .departures), tab: .departures, lastViewed: Identity(flight))
        #expect(model.update(.connected) == [.subscribe(.watch(tab: .departures, hidePast: false, pinned: []))])
        let sent = Self.requests(model.update(.boardPushed(Self.board(on: Fixture.today, tab: .departures), at: Fixture.start)))
        try #require(sent.count == 1)
        #expect(sent[0].1 == .flight(Identity(flight), pinned: []))
        model.update(.replied(sent[0].0, Fixture.details(of: flight)))
        #expect(model.screens.count == 2)
        guard case .details(let open) = model.top else {
            Issue.record("on top: \(model.top)")
            return
        }
        #expect(open.key == Identity(flight))

        model.press(.escape)
        #expect(model.screens == [.board], "Esc lands on the board, never out")
        #expect(model.selectedFlight.map(Identity.init) == Identity(flight), "the cursor on the flight")
        #expect(model.frame().selectedLine?.contains(flight.flightName) == true, "scrolled into view")
        #expect(model.press(.escape).isEmpty, "Esc on today's board does nothing more")
        #expect(model.route.description == "departures")
    }

    /// A route of several flights (`--route all/flight/A/flight/B`) ends with the one on top, B, as the
    /// last viewed, as opening each in turn makes it.
    @Test func aRouteOfSeveralFlightsEndsWithTheTopOneAsTheLastViewed() throws {
        let flights = Array(Self.board(on: Fixture.today).flights.dropFirst(10).prefix(2))
        var model = Self.model(
            SavedLiveView(screens: flights.map(Self.screen), tab: .all), tab: .all, lastViewed: Identity(flights[0]))
        model.update(.connected)
        let sent = Self.requests(model.update(.boardPushed(Self.board(on: Fixture.today), at: Fixture.start)))
        try #require(sent.count == 2)
        model.update(.replied(sent[0].0, Fixture.details(of: flights[0])))
        let top = model.update(.replied(sent[1].0, Fixture.details(of: flights[1])))
        #expect(top.contains(.saveLastViewed(flights[1])), "\(top)")
        #expect(model.lastViewed == Identity(flights[1]))
    }

    @Test func aDeepLinkToAnotherDaysFlightOpensThatDaysBoardAndEscReturnsToToday() throws {
        let day = Self.tomorrow.description
        let flight = try #require(Self.board(on: Self.tomorrow).flights.dropFirst(20).first)
        var model = Self.model(
            SavedLiveView(screens: [Self.screen(flight)], tab: .all, date: day), tab: .all, lastViewed: Identity(flight))
        #expect(model.update(.connected) == [.subscribe(.watch(tab: .all, hidePast: false, pinned: [], date: day))])
        let sent = Self.requests(model.update(.boardPushed(Self.board(on: Self.tomorrow), at: Fixture.start)))
        try #require(sent.count == 1)
        model.update(.replied(sent[0].0, Fixture.details(of: flight)))
        #expect(model.route.description == "all/flight/\(flight.id)@\(day)")

        model.press(.escape)
        #expect(model.screens == [.board])
        #expect(model.selectedFlight.map(Identity.init) == Identity(flight))
        #expect(model.route.description == "all@\(day)")
        #expect(model.frame().screenText.contains("Dec 1"), "the tab bar says the day")

        #expect(model.press(.escape) == [.subscribe(.watch(tab: .all, hidePast: false, pinned: []))])
        #expect(model.date == nil)
        #expect(model.message == "Back to today's board.")
        #expect(model.saved.date == nil)
    }

    @Test func aDeepLinkedFlightThatIsGoneShowsItsGoneScreenOverTheBoard() throws {
        var model = Self.model(
            SavedLiveView(screens: [.flight(id: 4242, date: "2026-11-30", flightName: "Pacific 999")], tab: .all), tab: .all)
        model.update(.connected)
        let sent = Self.requests(model.update(.boardPushed(Fixture.board(), at: Fixture.start)))
        model.update(.replyFailed(sent[0].0, WireError(.notFound, "No flight 4242 on 2026-11-30.")))
        guard case .gone = model.top else {
            Issue.record("on top: \(model.top)")
            return
        }
        model.press(.escape)
        #expect(model.screens == [.board])
    }

    // MARK: One path per tab

    @Test(arguments: [[Key.backTab], [.character("2")], [.left]])
    func aTabComesBackWithTheFlightLeftOpenInIt(back: [Key]) throws {
        var model = Fixture.liveModel()
        try model.moveCursor(to: model.listedFlights[5].id)
        let flight = try #require(model.selectedFlight)
        let open = try #require(LiveModel.sentID(model.press(.enter)))
        model.update(.replied(open, Fixture.details(flight.id)))
        #expect(model.screens.count == 2)

        #expect(model.press(.tab) == [.saveTab(.departures), .subscribe(.watch(tab: .departures, hidePast: false, pinned: []))])
        #expect(model.screens == [.board], "departures has its own path")
        model.update(.boardPushed(Fixture.board(tab: .departures), at: Fixture.start))
        try model.moveCursor(to: model.listedFlights[3].id)
        let departure = try #require(model.selectedFlight)

        // 2 works on a list only: on departures' board it does.
        let effects = back.flatMap { model.update(.key($0)) }
        #expect(effects.contains(.saveTab(.all)))
        model.update(.boardPushed(Fixture.board(), at: Fixture.start))
        guard case .details(let shown) = model.top else {
            Issue.record("all came back as \(model.top)")
            return
        }
        #expect(shown.key == Identity(flight))
        model.press(.escape)
        #expect(model.selectedFlight.map(Identity.init) == Identity(flight))

        // And departures kept its cursor.
        model.press(.tab)
        model.update(.boardPushed(Fixture.board(tab: .departures), at: Fixture.start))
        #expect(model.selectedFlight.map(Identity.init) == Identity(departure))
    }

    /// Back on All from a look at Departures, the cursor is on the arrival it was on: it took the
    /// departure at its row on the board still on screen (All's row 10, departures[10], five hours
    /// later), before All's board came back.
    @Test(arguments: [[Key.tab, .backTab], [.right, .left]])
    func aTabComesBackWithItsCursorOnTheFlightItWasOn(keys: [Key]) throws {
        var model = Fixture.liveModel()
        let arrival = try #require(model.listedFlights.dropFirst(8).first { $0.direction == .arrival })
        try model.moveCursor(to: arrival.id)
        model.press(keys[0])
        model.update(.boardPushed(Fixture.board(tab: .departures), at: Fixture.start))
        #expect(model.selectedFlight?.direction == .departure)
        model.press(keys[1])
        model.update(.resized(TerminalSize(columns: 80, rows: 30)))  // any event before All's board
        model.update(.boardPushed(Fixture.board(), at: Fixture.start))
        #expect(model.selectedFlight.map(Identity.init) == Identity(arrival), "\(String(describing: model.selectedFlight))")
    }

    @Test func everyTabsPathIsSavedAndComesBackInTheNextRun() throws {
        var model = Fixture.liveModel()
        let flight = try #require(model.listedFlights.dropFirst(2).first)
        try model.moveCursor(to: flight.id)
        let open = try #require(LiveModel.sentID(model.press(.enter)))
        model.update(.replied(open, Fixture.details(flight.id)))
        model.press(.tab)
        let search = try #require(LiveModel.sentID(model.press(.character("/"), .character("D"), .enter)))
        model.update(.replied(search, Fixture.search("D", tab: .departures)))
        let saved = model.saved
        #expect(saved.tab == .departures)
        #expect(saved.screens == [.searchResults(text: "D")])
        #expect(saved.otherTabs == [.all: [Self.screen(flight)]])

        var state = ClientState()
        state.liveView.save(saved, for: "%3")
        let read = try #require(ClientState(json: try JSON.parse(state.json.bytes)))
        #expect(read.liveView["%3"] == saved)

        // The next run opens departures' search; all's flight comes back when all is chosen.
        var next = Self.model(saved, tab: .departures)
        next.update(.connected)
        let first = Self.requests(next.update(.boardPushed(Fixture.board(tab: .departures), at: Fixture.start)))
        #expect(first.map(\.1) == [.search(text: "D", tab: .departures, pinned: [])])
        next.press(.character("2"))
        let again = Self.requests(next.update(.boardPushed(Fixture.board(), at: Fixture.start)))
        #expect(again.map(\.1) == [.flight(Identity(flight), pinned: [])])
        // A tab left before its screens came back keeps them.
        #expect(next.saved.otherTabs[.departures] == [.searchResults(text: "D")])
    }

    @Test func aCommandLineTabOpensThatTabsPathAndKeepsTheOthers() {
        let saved = SavedLiveView(
            screens: [.searchResults(text: "Den")], tab: .all,
            otherTabs: [.arrivals: [.flight(id: 1, date: "2026-11-30", flightName: "US 100")]])
        let model = Self.model(saved, tab: .arrivals)
        #expect(model.restoring == [.flight(id: 1, date: "2026-11-30", flightName: "US 100")])
        #expect(model.otherTabs[.all] == .saved([.searchResults(text: "Den")]))
    }

    // MARK: Back to the flight you came from

    @Test(arguments: [Key.escape, .character("b")])
    func leavingAPastFlightWithHidePastOnSaysItIsHiddenAndGoesToTheNearestRow(key: Key) throws {
        let all = Fixture.board()
        let past = try #require(all.flights.filter(\.past).last)
        var model = Self.model(SavedLiveView(hidePast: true, screens: [Self.screen(past)], tab: .all), tab: .all)
        model.update(.connected)
        let hidden = Fixture.board(hidePast: true)
        #expect(!hidden.flights.contains { $0.id == past.id })
        let sent = Self.requests(model.update(.boardPushed(hidden, at: Fixture.start)))
        model.update(.replied(sent[0].0, Fixture.details(past.id)))
        guard case .details = model.top else {
            Issue.record("on top: \(model.top)")
            return
        }
        model.press(key)
        #expect(model.screens == [.board])
        #expect(model.message == "\(past.flightName) is past and hidden — h shows past flights.")
        let nearest = try #require(
            hidden.flights.first { ($0.currentTime ?? $0.scheduledTime) >= (past.currentTime ?? past.scheduledTime) })
        #expect(model.selectedFlight?.id == nearest.id)
        #expect(model.frame().screenText.contains("is past and hidden"))
        #expect(model.frame(TerminalSize(columns: 30, rows: 10)).allSatisfy { $0.visibleText.count <= 30 })

        // h shows past flights again; the flight is there.
        model.press(.character("h"))
        model.update(.boardPushed(all, at: Fixture.start))
        #expect(model.listedFlights.contains { $0.id == past.id })
    }

    @Test func leavingAFlightFarDownTheBoardScrollsItIntoView() throws {
        var model = Fixture.liveModel()
        let last = try #require(model.listedFlights.last)
        var restored = Self.model(SavedLiveView(screens: [Self.screen(last)], tab: .all), tab: .all)
        restored.update(.connected)
        let sent = Self.requests(restored.update(.boardPushed(Fixture.board(), at: Fixture.start)))
        restored.update(.replied(sent[0].0, Fixture.details(last.id)))
        restored.press(.escape)
        #expect(restored.selectedFlight?.id == last.id)
        #expect(restored.frame().selectedLine?.contains(last.flightName) == true)
        model.press(.end)
        #expect(model.selectedFlight?.id == last.id)
    }

    // MARK: y: the route of what is shown

    @Test func yShowsTheRouteAndInsideTmuxPutsItInThePasteBuffer() throws {
        var model = Fixture.liveModel()
        let flight = try #require(model.listedFlights.dropFirst(3).first)
        try model.moveCursor(to: flight.id)
        let open = try #require(LiveModel.sentID(model.press(.enter)))
        model.update(.replied(open, Fixture.details(flight.id)))
        let route = "all/flight/\(flight.id)@\(flight.date)"
        #expect(model.press(.character("R")).isEmpty)
        #expect(model.message == "Route: \(route)")
        #expect(model.frame().screenText.contains("Route: \(route)"))
        model.insideTmux = true
        #expect(model.press(.character("R")) == [.copyToTmux(route)])
        // What R says, --route reads back.
        #expect((try? LiveRoute.parse(route).get())?.screens == [.flight(Identity(flight))])
    }

    /// A route longer than the pane is shown whole, broken across the footer's lines: at 40 to 80
    /// columns a stack of four flights' route ended in `…`, and outside tmux nothing else had it.
    @Test(arguments: [40, 60, 80])
    func aRouteWiderThanThePaneIsShownWhole(columns: Int) throws {
        var model = Fixture.liveModel()
        try model.openSelected()
        for next in Fixture.board().flights.dropFirst().prefix(3) {
            let id = try #require(LiveModel.sentID(model.press(.character("n"))))
            model.update(.replied(id, Fixture.details(of: next)))
        }
        model.press(.character("R"))
        let route = model.route.description
        #expect(route.count > columns, "\(route)")
        let size = TerminalSize(columns: columns, rows: 24)
        let frame = model.frame(size)
        #expect(frame.allSatisfy { $0.visibleText.columns <= columns })
        let footer = frame.suffix(LiveFrame.messageLines).map(\.visibleText).joined()
        #expect(footer.contains(route), "\(frame.suffix(LiveFrame.messageLines).joined(separator: "\n"))")
    }

    @Test func wrappingBreaksOnlyWordsWiderThanTheWidth() {
        #expect(LiveKeyMap.wrap("Route: abcdefghij xy", width: 4) == "Rout\ne:\nabcd\nefgh\nij\nxy")
        #expect(LiveKeyMap.wrap("one two three", width: 7) == "one two\nthree")
        #expect(LiveKeyMap.wrap("abcdefgh", width: 4) == "abcd\nefgh")
        // By the cells a character takes: a wide one is two, and a line takes one even when it is wider.
        #expect(LiveKeyMap.wrap("空港空港空港", width: 4) == "空港\n空港\n空港")
        #expect(LiveKeyMap.wrap("空港", width: 1) == "空\n港")
    }

    // MARK: One state per pane

    @Test func panesAreKeptApartCappedAndTheOldShapeIsTheSharedOne() throws {
        var views = SavedLiveViews()
        views.save(SavedLiveView(screens: [.searchResults(text: "Den")], tab: .all), for: "%1")
        views.save(SavedLiveView(hidePast: true, tab: .departures), for: "%2")
        #expect(views["%1"]?.screens == [.searchResults(text: "Den")])
        #expect(views["%2"]?.tab == .departures)
        #expect(views[SavedLiveViews.shared] == nil)
        for pane in 3...40 { views.save(SavedLiveView(tab: .arrivals), for: "%\(pane)") }
        #expect(views.entries.count == SavedLiveViews.limit)
        #expect(views["%1"] == nil && views["%2"] == nil, "the oldest are dropped")
        views.save(SavedLiveView(tab: .all), for: "%9")
        #expect(views.entries.last?.pane == "%9", "saving one makes it the newest")

        let old = try JSON.parse(Array(#"{"liveView":{"hidePast":true,"screens":[{"search":"den"}]}}"#.utf8))
        let migrated = try #require(ClientState(json: old))
        #expect(migrated.liveView.entries.map(\.pane) == [SavedLiveViews.shared])
        #expect(migrated.liveView[SavedLiveViews.shared]?.screens == [.searchResults(text: "den")])
    }

    @Test(arguments: [
        #"{"liveView":{"panes":"nope"}}"#,
        #"{"liveView":{"panes":[1,null,"x",{"pane":"$(rm -rf ~)","tab":"all"},{"pane":"%1","tab":"sideways","date":"2026-99-99"}]}}"#,
        #"{"liveView":{"panes":[{"pane":"%1@rel","tab":"all"},{"pane":"%1@/x\u001b[2J","tab":"all"},{"pane":"x@/tmp/s","tab":"all"}]}}"#,
        #"{"liveView":{"panes":[{"pane":"%1","screens":[{"flight":{"id":-1,"date":"x","flightName":"y"}},{"search":""}],"tabs":{"all":7}}]}}"#,
        #"{"liveView":{"panes":[{"pane":"%1","screens":[{"flight":{"id":99999999999999999999,"date":"2026-12-01","flightName":"y"}}]}]}}"#,
        #"{"liveView":[]}"#,
    ])
    func aHostileStateFileNeverCrashesAndKeepsWhatItCanRead(text: String) throws {
        let state = try #require(ClientState(json: try JSON.parse(Array(text.utf8))))
        for entry in state.liveView.entries {
            #expect(SavedLiveViews.isPaneKey(entry.pane))
            #expect(!entry.pane.contains("\u{1B}"))
            #expect(entry.view.screens.allSatisfy { if case .flight(let id, _, _) = $0 { id > 0 } else { true } })
            _ = LiveViewPathTests.model(entry.view, tab: .all).saved
        }
        _ = WatchCommand.route(of: state.liveView["%1"], remembered: .all).description
    }

    @Test func escapesInAHandEditedStateNeverReachTheScreen() throws {
        let text =
            #"{"liveView":{"panes":[{"pane":"%1","screens":[{"search":"\u001b[2Jx"},"#
            + #"{"flight":{"id":12,"date":"2026-11-30","flightName":"US\u001b]0;pwned\u0007"}}]}]}}"#
        let state = try #require(ClientState(json: try JSON.parse(Array(text.utf8))))
        #expect(state.liveView["%1"]?.screens == [])
    }

    @Test func aHandEditedStateCannotOpenHundredsOfScreens() throws {
        let many = Array(repeating: #"{"search":"x"}"#, count: 500).joined(separator: ",")
        let text = #"{"liveView":{"panes":[{"pane":"%1","screens":["# + many + "]}]}}"
        let state = try #require(ClientState(json: try JSON.parse(Array(text.utf8))))
        #expect((state.liveView["%1"]?.screens.count ?? 0) <= SavedLiveView.maxScreens)
    }

    @Test(
        arguments: [
            ("/tmp/tmux-1000/default,123,0", "%3", "%3"),
            (nil, "%3", SavedLiveViews.shared),
            ("", "%3", SavedLiveViews.shared),
            ("/tmp/tmux-1000/default,123,0", nil, SavedLiveViews.shared),
            ("/tmp/tmux-1000/default,123,0", "%3; rm", SavedLiveViews.shared),
            ("/tmp/tmux-1000/default,123,0", "%99999999999", SavedLiveViews.shared),
        ] as [(String?, String?, String)])
    func thePaneKeyIsTmuxsPaneIdInsideTmuxAndSharedOutside(tmux: String?, pane: String?, key: String) {
        #expect(SavedLiveViews.pane(tmux: tmux, tmuxPane: pane) == key)
    }

    @Test func printRouteWithNothingSavedIsThePlainBoard() {
        #expect(WatchCommand.route(of: nil, remembered: .departures).description == "departures")
        let saved = SavedLiveView(
            hidePast: true, screens: [.flight(id: 12, date: "2026-12-02", flightName: "US 100")], tab: .arrivals,
            date: "2026-12-02")
        #expect(WatchCommand.route(of: saved, remembered: .all).description == "arrivals+hide-past/flight/12@2026-12-02")
    }

    @Test func theDeepLinksTabIsTheRememberedOneWhenItHoldsTheFlight() throws {
        let board = Fixture.board()
        let arrival = try #require(board.flights.first { $0.direction == .arrival })
        let departure = try #require(board.flights.first { $0.direction == .departure })
        #expect(WatchCommand.tab(for: arrival, remembered: .all) == .all)
        #expect(WatchCommand.tab(for: arrival, remembered: .arrivals) == .arrivals)
        #expect(WatchCommand.tab(for: arrival, remembered: .departures) == .arrivals)
        #expect(WatchCommand.tab(for: departure, remembered: .arrivals) == .departures)
    }
}

/// `--rotate` shows boards only; the paths of the tabs it turns to wait until they are chosen.
struct LiveViewRotationPathTests {
    typealias Fixture = LiveViewFixture

    @Test func aTabTurnedToByRotationKeepsItsPathUntilItIsChosen() throws {
        var model = LiveModel(
            tab: .all, hidePast: false, style: Style(enabled: false), rotate: .seconds(10), size: Fixture.size)
        model.update(.connected)
        model.update(.boardPushed(Fixture.board(), at: Fixture.start))
        let flight = try #require(model.listedFlights.dropFirst(4).first)
        try model.moveCursor(to: flight.id)
        let open = try #require(LiveModel.sentID(model.press(.enter)))
        model.update(.replied(open, Fixture.details(flight.id)))
        model.press(.character("3"))
        #expect(model.screens.count == 2, "3 is a list key: on a flight it does nothing")
        model.press(.tab)
        model.update(.boardPushed(Fixture.board(tab: .departures), at: Fixture.start))

        // Rotation: departures fits a page, so each period turns a tab: arrivals, then all.
        var now = Fixture.start
        for _ in 0..<6 where model.tab != .all {
            now += .seconds(11)
            model.update(.tick(now))
            model.update(.boardPushed(Fixture.board(tab: model.tab), at: now))
        }
        #expect(model.tab == .all)
        #expect(model.screens == [.board], "rotation shows the board")
        #expect(model.saved.screens == [LiveViewPathTests.screen(flight)], "all's path is still what is kept")

        // Tab away and back: all's path comes back, as it was chosen.
        model.press(.tab)
        model.press(.backTab)
        model.update(.boardPushed(Fixture.board(), at: now))
        guard case .details(let shown) = model.top else {
            Issue.record("all came back as \(model.top)")
            return
        }
        #expect(shown.key == LiveModel.FlightKey(flight))
    }
}
