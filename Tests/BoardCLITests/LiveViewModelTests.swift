import BoardProtocol
import BoardSystem
import FlightData
import Testing

@testable import BoardCLI

/// The live view's model driven by events, its frames read back: no process, no terminal, no daemon.
struct LiveViewModelTests {
    typealias Fixture = LiveViewFixture

    @Test func connectsSubscribesAndGoesLiveWithTheFirstBoard() throws {
        var model = LiveModel(tab: .all, hidePast: false, style: Style(enabled: false), size: Fixture.size)
        #expect(model.update(.connected) == [.subscribe(.watch(tab: .all, hidePast: false, pinned: []))])
        var frame = model.frame()
        #expect(frame[0].contains("connecting") && frame.screenText.contains("Connecting to the daemon…"))

        model.update(.boardPushed(Fixture.board(), at: Fixture.start))
        frame = model.frame()
        #expect(frame.count == 24)
        #expect(frame[0].contains("Mountain Airport (MTN)") && frame[0].contains("12:00") && frame[0].contains("SIMULATED"))
        #expect(frame[0].hasSuffix("● live"))
        #expect(frame[1].contains("[All Nov 30]") && frame[1].contains("Arrivals 15") && frame[1].contains("Departures 15"))
        #expect(frame[2].contains("FLIGHT") && frame[2].contains("STATUS"))
        let board = Fixture.board()
        let firstToCome = try #require(board.flights.firstIndex { StatusLine.isToCome($0, now: board.now) })
        #expect(firstToCome > 0, "the story's board has past flights at noon")
        // Now falls just before it (12:00, nothing before it is at or after now): the now line, then the cursor.
        #expect(NowLine(board)?.index == firstToCome)
        #expect(frame.nowLineIndex == 3 + firstToCome)
        #expect(frame.selectedLine == frame[3 + firstToCome + 1], "the cursor starts on the first flight still to come")
        // Pacific 578 lands at noon itself: its time is now, so it is still to come.
        #expect(frame.selectedLine?.contains("Pacific 578") == true && frame.selectedLine?.contains("Landed 12:00") == true)
    }

    @Test func withEveryFlightPastTheCursorStartsOnTheLastAndOnAnEmptyBoardNowhere() throws {
        let board = Fixture.board()
        let allPast = Fixture.board(board) { flights in
            flights.map { flight in .object(flight.objectPairs!.map { key, value in (key, key == "past" ? .bool(true) : value) })
            }
        }
        var model = LiveModel(tab: .all, hidePast: false, style: Style(enabled: false), size: Fixture.size)
        model.update(.connected)
        model.update(.boardPushed(allPast, at: Fixture.start))
        #expect(model.selectedFlight?.id == board.flights.last?.id)

        var empty = LiveModel(tab: .all, hidePast: false, style: Style(enabled: false), size: Fixture.size)
        empty.update(.connected)
        empty.update(.boardPushed(Fixture.board(board) { _ in [] }, at: Fixture.start))
        #expect(empty.selectedFlight == nil)
    }

    @Test(arguments: [
        (Key.right, Tab.departures), (.tab, .departures), (.left, .arrivals), (.backTab, .arrivals),
        (.character("1"), .arrivals), (.character("3"), .departures),
    ])
    func switchingTabsSavesTheTabAndSubscribesAgain(key: Key, tab: Tab) {
        var model = Fixture.liveModel()
        #expect(model.press(key) == [.saveTab(tab), .subscribe(.watch(tab: tab, hidePast: false, pinned: []))])
        model.update(.boardPushed(Fixture.board(tab: tab), at: Fixture.start))
        let frame = model.frame()
        #expect(frame[1].contains(tab == .departures ? "[Departures 15]" : "[Arrivals 15]"))
        let rows = frame[3..<18].withoutNowLine().filter { !$0.isEmpty }
        #expect(rows.allSatisfy { $0.contains(tab == .departures ? "→ " : "← ") }, "only that tab's flights")
    }

    @Test func aNewTabStartsOnTheBoardAtItsFirstFlightNotYetPast() {
        var model = Fixture.liveModel()
        model.press(.down, .down)
        model.press(.right)
        model.update(.boardPushed(Fixture.board(tab: .departures), at: Fixture.start))
        #expect(model.screens == [.board])
        let departures = Fixture.board(tab: .departures).flights
        #expect(model.selectedFlight == departures.first { !$0.past })
        #expect(model.selectedFlight != departures.first, "not the top, which left hours ago")
        // A later board of the same tab leaves the cursor where the user puts it.
        model.press(.home)
        model.update(.boardPushed(Fixture.board(tab: .departures), at: Fixture.start + .seconds(60)))
        #expect(model.selectedFlight == departures.first)
    }

    @Test func theCursorStaysOnItsFlightWhenThePushedBoardReorders() throws {
        var model = Fixture.liveModel()
        model.press(.down, .down, .character("j"))
        let chosen = try #require(model.selectedFlight)
        #expect(chosen == Fixture.board().flights[3])

        model.update(.boardPushed(Fixture.board(Fixture.board()) { $0.reversed() }, at: Fixture.start + .seconds(1)))
        #expect(model.selectedFlight == chosen)
        #expect(model.frame().selectedLine?.contains(chosen.flightName) == true)

        // Flights before it leave the board: still the same flight, higher up.
        model.update(.boardPushed(Fixture.board(Fixture.board()) { Array($0.dropFirst(2)) }, at: Fixture.start))
        #expect(model.selectedFlight == chosen)
        #expect(model.selectedRow == 1)
    }

    @Test func whenItsFlightLeavesTheCursorStaysOnTheSameRow() {
        var model = Fixture.liveModel()
        model.press(.down, .down)
        let gone = Fixture.board().flights[2]
        model.update(.boardPushed(Fixture.board(Fixture.board()) { $0.filter { $0["id"]?.int != gone.id } }, at: Fixture.start))
        #expect(model.selectedRow == 2)
        #expect(model.selectedFlight == Fixture.board().flights[3])
    }

    @Test func movingAndPagingKeepTheCursorOnScreen() {
        var model = Fixture.liveModel()
        let flights = Fixture.board().flights
        model.press(.end)
        #expect(model.selectedFlight == flights.last)
        var frame = model.frame()
        #expect(frame.selectedLine?.contains(flights.last!.flightName) == true)
        // 20 list rows, one for the marks of the rows above and below (`BoardViewport`), 19 of them
        // flights: the row the board leaves for the now line (`boardRows`) holds the flight above the
        // page, the line being out of sight above it.
        #expect(frame[3].contains(flights[flights.count - 19].flightName), "scrolled so the last row is shown")
        #expect(frame[22].contains("↑ 11 more") && !frame[22].contains("↓"), "\(frame[22])")
        model.press(.home)
        #expect(model.selectedFlight == flights.first)
        #expect(model.frame()[22].contains("↓ 12 more"))
        model.press(.pageDown)
        #expect(model.selectedRow == 18)
        model.press(.character("k"), .up, .character("p"))
        #expect(model.selectedRow == 15)
        model.press(.pageUp, .up)
        #expect(model.selectedRow == 0)
        frame = model.frame()
        #expect(frame.selectedLine == frame[3])
    }

    @Test func enterOpensTheFlightAndItBecomesTheLastViewed() throws {
        var model = Fixture.liveModel()
        model.press(.down)
        let flight = try #require(model.selectedFlight)
        let effects = model.press(.enter)
        let id = try #require(LiveModel.sentID(effects))
        #expect(effects == [.send(id, .flight(LiveModel.FlightKey(id: flight.id, date: "2026-11-30"), pinned: []))])
        #expect(model.frame().selectedLine != nil, "the board stays until the reply")

        let reply = Fixture.details(flight.id)
        #expect(model.update(.replied(id, reply)) == [.saveLastViewed(try FlightDocument(json: reply))])
        let frame = model.frame()
        #expect(frame[3].contains(flight.flightName) && frame[3].contains("(id \(flight.id))"))
        #expect(frame.screenText.contains(flight.isArrival ? "Arrival from" : "Departure to"))
        #expect(frame.screenText.contains("History"))
        #expect(frame[23].contains("Esc back"))
    }

    @Test func escGoesBackWithTheCursorOnTheSameFlight() throws {
        var model = Fixture.liveModel()
        model.press(.down, .down, .down)
        let flight = try #require(model.selectedFlight)
        let id = try #require(LiveModel.sentID(model.press(.enter)))
        model.update(.replied(id, Fixture.details(flight.id)))

        // A new board while the flight is open: it is fetched again, and the order changes under it.
        let refresh = model.update(.boardPushed(Fixture.board(Fixture.board()) { $0.reversed() }, at: Fixture.start))
        let refreshID = try #require(LiveModel.sentID(refresh))
        #expect(refresh == [.send(refreshID, .flight(LiveModel.FlightKey(flight), pinned: []))])
        #expect(model.update(.replied(refreshID, Fixture.details(flight.id))) == [], "a refresh is not a new view")
        #expect(model.frame().screenText.contains("History"))

        model.press(.escape)
        #expect(model.screens == [.board])
        #expect(model.selectedFlight?.id == flight.id)
        #expect(model.frame().selectedLine?.contains(flight.flightName) == true)
    }

    @Test func nAndPStepThroughFlightsInDetailsAndMoveOnTheBoard() throws {
        var model = Fixture.liveModel()
        let flights = Fixture.board().flights
        model.press(.character("n"), .character("n"), .character("p"))
        #expect(model.selectedFlight == flights[1])

        let open = try #require(LiveModel.sentID(model.press(.enter)))
        model.update(.replied(open, Fixture.details(flights[1].id)))
        let key = LiveModel.FlightKey(flights[1])
        let next = model.press(.character("n"))
        let nextID = try #require(LiveModel.sentID(next))
        #expect(next == [.send(nextID, .step(from: key, forward: true, tab: .all, pinned: []))])
        #expect(model.update(.replied(nextID, Fixture.details(flights[2].id))) == [.saveLastViewed(flights[2].withDetails)])
        #expect(model.frame()[3].contains(flights[2].flightName))
        let back = model.press(.character("p"))
        let backID = try #require(LiveModel.sentID(back))
        #expect(back == [.send(backID, .step(from: LiveModel.FlightKey(flights[2]), forward: false, tab: .all, pinned: []))])

        // n opened flights[2] on top of flights[1]: Esc comes back through each, and on the board
        // the cursor is on the flight closed last.
        model.press(.escape)
        #expect(model.screens.count == 2)
        #expect(model.frame()[3].contains(flights[1].flightName))
        model.press(.escape)
        #expect(model.selectedFlight == flights[1])
        #expect(model.screens == [.board])
    }

    /// Keys typed while a flight is on its way act on that flight once it is shown: `n` then `x` hides
    /// the flight `n` opened, not the one on screen when `x` was typed; `n n n` steps three flights,
    /// each from the one before. Esc goes back at once, and the answer on its way opens nothing.
    @Test func keysTypedAheadOfAFlightActOnItOnceItIsShown() throws {
        var model = Fixture.liveModel()
        let flights = Fixture.board().flights
        let open = try #require(LiveModel.sentID(model.press(.enter)))
        model.update(.replied(open, Fixture.details(flights[0].id)))
        let step = try #require(LiveModel.sentID(model.press(.character("n"), .character("x"))))
        let hidden = model.update(.replied(step, Fixture.details(flights[1].id)))
        #expect(hidden.contains(.hide(flights[1].withDetails)), "\(hidden)")
        #expect(!hidden.contains(.hide(flights[0].withDetails)))

        var stepping = Fixture.liveModel()
        let first = try #require(LiveModel.sentID(stepping.press(.enter)))
        stepping.update(.replied(first, Fixture.details(flights[0].id)))
        var sent = stepping.press(.character("n"), .character("n"), .character("n"))
        #expect(sent.count == 1, "one step at a time: \(sent)")
        for index in 1...3 {
            let id = try #require(LiveModel.sentID(sent))
            let from = LiveModel.FlightKey(flights[index - 1])
            #expect(sent == [.send(id, .step(from: from, forward: true, tab: .all, pinned: []))], "step \(index)")
            sent = stepping.update(.replied(id, Fixture.details(flights[index].id)))
            sent.removeAll { if case .saveLastViewed = $0 { true } else { false } }
        }
        #expect(sent.isEmpty)
        #expect(stepping.frame()[3].contains(flights[3].flightName))

        let late = try #require(LiveModel.sentID(stepping.press(.character("n"), .character("j"))))
        stepping.press(.escape)
        #expect(stepping.screens.count == 4, "Esc does not wait: it closes the flight on top")
        #expect(stepping.frame()[3].contains(flights[2].flightName))
        stepping.update(.replied(late, Fixture.details(flights[4].id)))
        #expect(stepping.screens.count == 4, "the answer that was on its way opens nothing")
        #expect(stepping.frame()[3].contains(flights[2].flightName))
    }

    /// The daemon answers "not found" both past the tab's last flight and from a flight that has
    /// gone; the open flight is asked for again to tell which, and only a gone one gets its screen.
    @Test func nPastTheLastFlightSaysSoAndNFromAGoneFlightShowsItGone() throws {
        var model = Fixture.liveModel()
        let flights = Fixture.board().flights
        let last = try #require(flights.last)
        model.press(.end)
        model.update(.replied(try #require(LiveModel.sentID(model.press(.enter))), Fixture.details(of: last)))
        let next = try #require(LiveModel.sentID(model.press(.character("n"))))
        let recheck = model.update(
            .replyFailed(next, WireError(.notFound, "\(last.flightName) is the last flight of the window in this tab.")))
        #expect(model.frame()[23].contains("is the last flight"))
        let recheckID = try #require(LiveModel.sentID(recheck))
        #expect(recheck == [.send(recheckID, .flight(LiveModel.FlightKey(last), pinned: []))])
        model.update(.replied(recheckID, Fixture.details(of: last)))
        guard case .details = model.top else {
            Issue.record("still on its details: \(model.top)")
            return
        }

        // Gone meanwhile: the same answer, and asked again, the flight is not found.
        let again = try #require(LiveModel.sentID(model.press(.character("n"))))
        let ask = try #require(
            LiveModel.sentID(model.update(.replyFailed(again, WireError(.notFound, "Flight is no longer on the board.")))))
        model.update(.replyFailed(ask, WireError(.notFound, "No flight.")))
        guard case .gone(let gone) = model.top else {
            Issue.record("top: \(model.top)")
            return
        }
        #expect(gone.key == LiveModel.FlightKey(last))
    }

    @Test func hTogglesHidePastAndSubscribesAgain() {
        var model = Fixture.liveModel()
        #expect(model.press(.character("h")) == [.subscribe(.watch(tab: .all, hidePast: true, pinned: []))])
        #expect(model.frame()[1].hasSuffix("past hidden"))
        #expect(model.press(.character("h")) == [.subscribe(.watch(tab: .all, hidePast: false, pinned: []))])
        #expect(!model.frame()[1].contains("past hidden"))
    }

    @Test func slashSearchesAndEscReturnsToTheBoardWhereItWas() throws {
        var model = Fixture.liveModel()
        model.press(.down, .down)
        let before = model.selectedFlight
        model.press(.character("/"))
        #expect(model.frame()[23] == "/█")
        model.press(.character("D"), .character("x"), .backspace, .character("e"), .character("n"), .character(" "))
        #expect(model.frame()[23] == "/Den █")
        #expect(model.press(.character("q")) == [], "q is text in the prompt")
        model.press(.backspace)
        let effects = model.press(.enter)
        let id = try #require(LiveModel.sentID(effects))
        #expect(effects == [.send(id, .search(text: "Den", tab: .all, pinned: []))])

        let reply = Fixture.search("Den")
        model.update(.replied(id, reply))
        let count = reply["count"]?.int ?? 0
        #expect(count > 1)
        let frame = model.frame()
        #expect(frame[2].trimmingTrailingSpaces() == "\(count) found for \"Den\" (Esc: back to the board)")
        #expect(frame[3].hasPrefix("Mon Nov 30 2026  ("), "the first day's heading")
        #expect(frame.selectedLine == frame[4])
        #expect(frame[4].contains("Denver"))

        // Results keep their own cursor; a flight opened from them goes back to them.
        model.press(.down)
        let found = try #require(model.selectedFlight)
        let open = try #require(LiveModel.sentID(model.press(.enter)))
        model.update(.replied(open, Fixture.details(of: found)))
        model.press(.escape)
        #expect(model.selectedFlight == found)
        #expect(model.frame()[2].contains("found for \"Den\""))

        model.press(.escape)
        #expect(model.screens == [.board])
        #expect(model.selectedFlight == before)
    }

    /// Search results taller than the pane say how many flights are above and below the lines shown,
    /// as the board does, and the cursor never goes under that line: Down through every result, and
    /// PageDown, keep the selected flight in sight.
    @Test func searchResultsTallerThanThePaneSayWhatIsAboveAndBelow() throws {
        var model = Fixture.liveModel()
        let size = TerminalSize(columns: 80, rows: 12)
        model.update(.resized(size))
        model.press(.character("/"), .character("D"), .character("e"), .character("n"))
        let id = try #require(LiveModel.sentID(model.press(.enter)))
        model.update(.replied(id, Fixture.search("Den")))
        guard case .searchResults(let results) = model.top else {
            Issue.record("no results on screen")
            return
        }
        #expect(results.lines.count > LiveModel.listRows(size.rows), "the test needs results taller than the pane")
        var frame = model.frame(size)
        let total = results.flights.count
        #expect(frame[size.rows - 2].trimmingTrailingSpaces().hasSuffix("more"), "\(frame.joined(separator: "\n"))")
        #expect(frame[size.rows - 2].contains("↓ "), "\(frame[size.rows - 2])")
        #expect(!frame[size.rows - 2].contains("↑"))
        for step in 1..<total {
            model.press(.down)
            frame = model.frame(size)
            let selected = try #require(frame.selectedLine, "step \(step): the cursor's row in sight")
            #expect(frame.firstIndex(of: selected).map { $0 < size.rows - 2 } == true, "step \(step)")
        }
        #expect(frame[size.rows - 2].contains("↑ "), "at the last result: \(frame[size.rows - 2])")
        #expect(!frame[size.rows - 2].contains("↓"))
        let above = try #require(Int(frame[size.rows - 2].split(separator: " ")[1]))
        #expect(above > 0 && above < total, "\(above) of \(total) above")
        model.press(.home)
        model.press(.pageDown)
        #expect(model.frame(size).selectedLine != nil, "PageDown keeps the cursor in sight")
    }

    /// Search results follow the clock: a new board asks for them again (once at a time, holding no
    /// key), and they come back in place with the cursor on its flight; results uncovered by Esc are
    /// asked for again too, and an answer that comes once the view has left them changes nothing.
    @Test func searchResultsAreAskedForAgainWhenTheClockMoves() throws {
        var model = Fixture.liveModel()
        model.press(.character("/"), .character("D"), .character("e"), .character("n"))
        let id = try #require(LiveModel.sentID(model.press(.enter)))
        model.update(.replied(id, Fixture.search("Den")))
        model.press(.down, .down)
        let chosen = try #require(model.selectedFlight)
        let again = model.update(.boardPushed(Fixture.board(), at: Fixture.start + .seconds(1)))
        #expect(LiveModel.sentRequest(again)?.method == .search, "\(again)")
        #expect(!model.awaitingScreen, "no key waits for the refresh")
        #expect(model.update(.boardPushed(Fixture.board(), at: Fixture.start + .seconds(2))) == [], "once at a time")
        // The answer, with a status changed: shown, the cursor where it was.
        let changed = Fixture.search("Den").replacingFlights { $0.adding("status", "delayed") }
        model.update(.replied(try #require(LiveModel.sentID(again)), changed))
        #expect(model.selectedFlight?.id == chosen.id)
        #expect(model.selectedFlight?.status == .delayed)
        #expect(model.screens.count == 2, "in place: \(model.screens)")

        // A flight opened from them; Esc back asks for them again; an answer after leaving them is dropped.
        let open = try #require(LiveModel.sentID(model.press(.enter)))
        model.update(.replied(open, Fixture.details(of: chosen)))
        let uncovered = model.press(.escape)
        let refresh = try #require(LiveModel.sentID(uncovered))
        #expect(LiveModel.sentRequest(uncovered)?.method == .search)
        model.press(.escape)
        #expect(model.screens == [.board])
        model.update(.replied(refresh, Fixture.search("Den")))
        #expect(model.screens == [.board], "no results come back over the board")
    }

    @Test func anEmptySearchOrEscClosesThePrompt() {
        var model = Fixture.liveModel()
        model.press(.character("/"), .character(" "))
        #expect(model.press(.enter) == [])
        #expect(model.screens == [.board])
        model.press(.character("/"), .character("x"), .escape)
        #expect(model.screens == [.board])
        #expect(model.frame()[23].contains("⏎ open"))
    }

    @Test func capitalPPastThePinLimitIsRefusedWithoutARequest() throws {
        var model = LiveModel(
            tab: .all, hidePast: false, pins: (1...PinnedParam.limit).map { LiveModel.FlightKey(id: $0, date: "2026-12-01") },
            style: Style(enabled: false), size: Fixture.size)
        model.update(.connected)
        model.update(.boardPushed(Fixture.board(), at: Fixture.start))
        let flight = try #require(model.selectedFlight)
        #expect(model.press(.character("P")).isEmpty, "no request the daemon must refuse")
        #expect(model.pins.count == PinnedParam.limit)
        #expect(model.frame()[23].contains("Cannot pin \(flight.flightName): 1000 pins is the most"))
    }

    @Test func capitalPPinsAndUnpinsTheSelectedFlight() throws {
        var model = Fixture.liveModel()
        model.press(.down)
        let flight = try #require(model.selectedFlight)
        #expect(
            model.press(.character("P")) == [
                .pin(flight), .subscribe(.watch(tab: .all, hidePast: false, pinned: [LiveModel.FlightKey(flight)])),
            ])
        #expect(model.frame()[23].trimmingTrailingSpaces() == "Pinned \(flight.flightName).")
        model.update(.boardPushed(Fixture.board(pinned: [flight.id]), at: Fixture.start))
        #expect(model.selectedFlight?.id == flight.id, "the cursor follows it to the top")
        #expect(model.selectedRow == 0)
        #expect(model.frame()[3].hasPrefix(">*") || model.frame()[3].hasPrefix("> "))

        #expect(
            model.press(.character("P")) == [
                .unpin(LiveModel.FlightKey(flight)), .subscribe(.watch(tab: .all, hidePast: false, pinned: [])),
            ])
        #expect(model.frame()[23].trimmingTrailingSpaces() == "Unpinned \(flight.flightName).")
        model.press(.down)
        #expect(model.frame()[23].contains("⏎ open"), "a message lasts until the next key")
    }

    @Test func capitalPInDetailsPinsTheOpenFlight() throws {
        var model = Fixture.liveModel()
        let flight = Fixture.board().flights[0]
        let id = try #require(LiveModel.sentID(model.press(.enter)))
        model.update(.replied(id, Fixture.details(flight.id)))
        let effects = model.press(.character("P"))
        #expect(effects.first == .pin(flight.withDetails))
        #expect(model.pins == [LiveModel.FlightKey(flight)])
    }

    @Test func theDaemonGoesAwayTheBoardStaysWithItsAgeAndComesBack() throws {
        var model = Fixture.liveModel()
        #expect(model.update(.connectionLost(at: Fixture.start + .seconds(5))) == [])
        var frame = model.frame(after: .seconds(65))
        #expect(frame[0].hasSuffix("○ reconnecting, board 1m0s old"), "counted from the loss, not the last board")
        #expect(frame[2].contains("FLIGHT") && frame.selectedLine != nil, "the last board stays on screen")
        #expect(model.frame(after: .seconds(3 * 3600 + 120))[0].hasSuffix("reconnecting, board 3h1m old"))

        // A second loss while away keeps the first instant.
        model.update(.connectionLost(at: Fixture.start + .seconds(30)))
        #expect(model.link == .reconnecting(since: Fixture.start + .seconds(5)))

        // Connected again: subscribe; still reconnecting until the board comes.
        #expect(model.update(.connected) == [.subscribe(.watch(tab: .all, hidePast: false, pinned: []))])
        #expect(model.frame(after: .seconds(70))[0].contains("reconnecting"))
        model.update(.boardPushed(Fixture.board(), at: Fixture.start + .seconds(70)))
        frame = model.frame(after: .seconds(70))
        #expect(frame[0].hasSuffix("● live"))
    }

    @Test func requestsWhileAwayAndLostRepliesSayWhy() throws {
        var model = Fixture.liveModel()
        let id = try #require(LiveModel.sentID(model.press(.enter)))
        model.update(.connectionLost(at: Fixture.start))
        #expect(model.pending.isEmpty, "answers to a lost connection never come")
        #expect(model.update(.replied(id, Fixture.details(Fixture.board().flights[0].id))) == [])
        #expect(model.screens == [.board])

        let unsent = try #require(LiveModel.sentID(model.press(.enter)))
        model.update(.requestUnsent(unsent))
        #expect(model.frame()[23].trimmingTrailingSpaces() == "The daemon is away; try again when it is back.")

        // A search sent while away says so beside its prompt, which stays for Enter to try again;
        // the prompt hid the word and Enter seemed to do nothing.
        model.press(.character("/"), .character("m"), .character("i"))
        let search = try #require(LiveModel.sentID(model.press(.enter)))
        model.update(.requestUnsent(search))
        #expect(model.frame()[23].trimmingTrailingSpaces() == "/mi█  The daemon is away; try again when it is back.")
        model.press(.character("a"))
        #expect(model.frame()[23].trimmingTrailingSpaces() == "/mia█", "a key takes the word away")
    }

    @Test func anErrorReplyIsShownAsAMessage() throws {
        var model = Fixture.liveModel()
        let id = try #require(LiveModel.sentID(model.press(.enter)))
        model.update(.replyFailed(id, WireError(.internal, "No flight 1234 on 2026-11-30.")))
        #expect(model.frame()[23].trimmingTrailingSpaces() == "No flight 1234 on 2026-11-30.")
        #expect(model.screens == [.board])
        // A reply that is not a flight says so too.
        let other = try #require(LiveModel.sentID(model.press(.enter)))
        model.update(.replied(other, ["id": 5]))
        #expect(model.frame()[23].contains("has no \"airline\""))
    }

    @Test(arguments: [
        (LiveEvent.key(.character("q")), Int32(0)), (.key(.interrupt), 130), (.signal(.interrupt), 130),
        (.signal(.terminate), 143), (.signal(.hangUp), 129),
    ])
    func quitting(event: LiveEvent, status: Int32) {
        var model = Fixture.liveModel()
        #expect(model.update(event) == [.quit(status)])
    }

    @Test func qQuitsFromDetailsAndCtrlCFromThePrompt() throws {
        var model = Fixture.liveModel()
        let id = try #require(LiveModel.sentID(model.press(.enter)))
        model.update(.replied(id, Fixture.details(Fixture.board().flights[0].id)))
        #expect(model.press(.character("q")) == [.quit(0)])
        model.press(.escape, .character("/"))
        #expect(model.press(.interrupt) == [.quit(130)])
    }

    @Test func rotatePagesThroughTheBoardThenTurnsToTheNextTab() {
        var model = Fixture.liveModel(rotate: .seconds(10))
        model.update(.resized(TerminalSize(columns: 80, rows: 14)))
        model.update(.tick(Fixture.start))
        #expect(model.wakeInterval(now: Fixture.start + .seconds(4)) == .seconds(1))
        #expect(model.wakeInterval(now: Fixture.start + .milliseconds(9500)) == .milliseconds(500))
        model.update(.tick(Fixture.start + .seconds(9)))
        #expect(model.selectedRow == 0)
        let flights = Fixture.board().flights
        model.update(.tick(Fixture.start + .seconds(10)))
        // 10 list rows: 8 flights a page, the now line and the marks (`LiveModel.boardRows`,
        // `BoardViewport`); the first page's line is out of sight and lends its row to a ninth flight.
        #expect(model.selectedRow == 9)
        // The second page holds the now line: 12:00 falls just before flights[10] (Pacific 578).
        let frame = model.view(size: TerminalSize(columns: 80, rows: 14), now: Fixture.start)
        #expect(NowLine(Fixture.board())?.index == 10)
        #expect(frame.nowLineIndex == 4 && frame[5].contains(flights[10].flightName))
        model.update(.tick(Fixture.start + .seconds(20)))
        #expect(model.selectedRow == 17)
        model.update(.tick(Fixture.start + .seconds(30)))
        #expect(model.selectedRow == 26)
        // After the last page, the next tab (see LiveViewRotationTests).
        #expect(
            model.update(.tick(Fixture.start + .seconds(40))) == [
                .subscribe(.watch(tab: .departures, hidePast: false, pinned: []))
            ])
    }

    @Test func theHeaderClockRunsOnAtTheDaemonsSpeed() {
        var model = Fixture.liveModel()
        #expect(model.frame(after: .seconds(125))[0].contains("12:02"))
        model.update(.boardPushed(Fixture.board(speed: 60), at: Fixture.start))
        #expect(model.frame(after: .seconds(90))[0].contains("13:30"))
        #expect(model.wakeInterval(now: Fixture.start) == .milliseconds(250), "a fast clock redraws more often")
    }

    @Test func aResizeRepaintsAndPagesFollowTheNewSize() {
        var model = Fixture.liveModel()
        #expect(model.update(.resized(TerminalSize(columns: 60, rows: 10))) == [.repaint])
        model.press(.pageDown)
        #expect(model.selectedRow == 4, "6 list rows, one kept for the now line and one for the marks")
        #expect(model.update(.signal(.windowChanged)) == [.repaint])
    }
}

extension FlightDocument {
    /// The flight as `flight.get` returns it (with history, progress...), as the model keeps it.
    var withDetails: FlightDocument { try! FlightDocument(json: LiveViewFixture.details(id)) }
}

extension JSON {
    /// A search reply (or any object) with every flight of its days changed by `change`.
    fileprivate func replacingFlights(_ change: (JSON) -> JSON) -> JSON {
        func days(_ value: JSON) -> JSON {
            .array(
                (value.array ?? []).map { day in
                    .object(
                        day.objectPairs!.map { key, value in
                            key == "flights" ? (key, .array(value.array!.map(change))) : (key, value)
                        })
                })
        }
        return .object(objectPairs!.map { key, value in key == "days" ? (key, days(value)) : (key, value) })
    }
}
