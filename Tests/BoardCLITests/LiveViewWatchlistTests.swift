import BoardProtocol
import BoardSystem
import FlightData
import Foundation
import Testing

@testable import BoardCLI

/// The live view's watchlist keys (K/J), hiding with undo (x, u) and the action menu (a), through `update`.
struct LiveViewWatchlistTests {
    typealias Fixture = LiveViewFixture
    typealias Key = LiveModel.FlightKey

    static func key(_ id: Int) -> Key { Key(id: id, date: Fixture.today.description) }

    /// A model with `pins` pinned in that order, showing the board the daemon pushes for them.
    static func model(pins: [Int] = [], insideTmux: Bool = false) -> LiveModel {
        var model = LiveModel(tab: .all, hidePast: false, pins: pins.map(key), style: Style(enabled: false), size: Fixture.size)
        model.insideTmux = insideTmux
        model.update(.connected)
        model.update(.boardPushed(Fixture.board(pinned: Set(pins)), at: Fixture.start))
        model.update(.key(.home))
        return model
    }

    static var ids: [Int] { Fixture.board().flights.map(\.id) }

    @Test func theBoardShowsPinsInTheWatchlistsOrder() {
        let pins = [Self.ids[20], Self.ids[3], Self.ids[11]]
        let model = Self.model(pins: pins)
        #expect(model.board?.flights.prefix(3).map(\.id) == pins)
    }

    @Test func kAndJMoveThePinnedFlightUnderTheCursor() throws {
        let pins = [Self.ids[20], Self.ids[3], Self.ids[11]]
        var model = Self.model(pins: pins)
        try model.moveCursor(to: pins[2])
        #expect(model.press(.character("K")) == [.savePinOrder([pins[0], pins[2], pins[1]].map(Self.key))])
        #expect(model.board?.flights.prefix(3).map(\.id) == [pins[0], pins[2], pins[1]])
        #expect(model.selectedFlight?.id == pins[2], "the cursor goes with it")
        #expect(model.message?.contains("up: 2 of 3") == true)
        model.press(.character("K"))
        #expect(model.press(.character("K")) == [], "already first")
        #expect(model.message?.contains("already first") == true)
        #expect(model.press(.character("J")) == [.savePinOrder([pins[0], pins[2], pins[1]].map(Self.key))])
        // Not pinned: says how to pin it.
        try model.moveCursor(to: Self.ids[25])
        #expect(model.press(.character("J")) == [])
        #expect(model.message?.contains("not pinned") == true)
    }

    @Test func xHidesTheFlightUnderTheCursorAndUUndoesIt() throws {
        var model = Self.model()
        let flight = try #require(model.board?.flights[4])
        let next = try #require(model.board?.flights[5])
        try model.moveCursor(to: flight.id)
        let count = try #require(model.board?.tabs.first { $0.id == flight.direction.tab }).count
        #expect(model.press(.character("x")) == [.hide(flight)])
        #expect(!(model.board?.flights.contains { $0.id == flight.id } ?? true))
        #expect(model.board?.tabs.first { $0.id == flight.direction.tab }?.count == count - 1, "counts say what you see")
        #expect(model.selectedFlight?.id == next.id, "the cursor goes to the next flight")
        let frame = model.frame()
        #expect(frame.last?.hasPrefix("Hidden \(flight.flightName) — u to undo") == true)
        #expect(frame[1].contains("1 hidden"))
        #expect(model.press(.character("u")) == [.unhide(Self.key(flight.id))])
        #expect(model.board?.flights.contains { $0.id == flight.id } == true)
        #expect(model.selectedFlight?.id == flight.id, "back under the cursor")
        #expect(model.message == "\(flight.flightName) is back on the board.")
        #expect(model.press(.character("u")) == [], "one undo")
    }

    /// A view left open all day does not keep "Pinned Pacific 123." in its footer for hours.
    @Test func aFooterMessageLeavesAfterTenSeconds() throws {
        var model = Self.model()
        let flight = try #require(model.selectedFlight)
        model.press(.character("P"))
        #expect(model.message == "Pinned \(flight.flightName).")
        model.update(.tick(Fixture.start + .seconds(1)))
        model.update(.tick(Fixture.start + .seconds(10.5)))
        #expect(model.frame().last?.hasPrefix("Pinned") == true, "still there before ten seconds")
        model.update(.tick(Fixture.start + .seconds(11)))
        #expect(model.message == nil)
        #expect(model.frame().last?.hasPrefix("Pinned") == false, "the footer shows its keys again")
        // A new message starts its own ten seconds.
        model.press(.character("P"))
        model.update(.tick(Fixture.start + .seconds(12)))
        model.update(.tick(Fixture.start + .seconds(21)))
        #expect(model.message == "Unpinned \(flight.flightName).")
    }

    /// A pin keeps to the flight of its name: the live view sends each pin with the name it was
    /// pinned by, and a hidden flight hides only the flight of its name (after a config reloaded
    /// with another schedule, the same identity is another flight, which neither attaches to).
    @Test func pinsAndHiddenFlightsKeepToTheFlightsOfTheirNames() throws {
        let flight = try #require(Fixture.board().flights.first)
        let pinned = LiveModel.FlightKey(id: flight.id, date: flight.date, name: flight.flightName)
        let request = LiveRequest.watch(tab: .all, hidePast: false, pinned: [pinned])
        #expect(
            request.params["pinned"] == [
                ["id": .int(flight.id), "date": .string(flight.date), "flightName": .string(flight.flightName)]
            ])
        let other = LiveModel.FlightKey(id: flight.id, date: flight.date, name: "Nowhere 1")
        #expect(other == pinned, "keys are compared by identity")
        let hiddenByAnother = Watchlist.arrange(Fixture.board(), pins: [], hidden: [other])
        #expect(hiddenByAnother.hiddenCount == 0 && hiddenByAnother.board.flights.contains { $0.id == flight.id })
        let hiddenByIt = Watchlist.arrange(Fixture.board(), pins: [], hidden: [pinned])
        #expect(hiddenByIt.hiddenCount == 1 && !hiddenByIt.board.flights.contains { $0.id == flight.id })
        // P on a flight whose identity a pin made for another flight holds pins it (it said "Unpinned").
        var model = Self.model()
        let selected = try #require(model.selectedFlight)
        model.pins = [LiveModel.FlightKey(id: selected.id, date: selected.date, name: "Nowhere 1")]
        let effects = model.press(.character("P"))
        #expect(effects.contains(.pin(selected)), "\(effects)")
        #expect(model.pins.map(\.name) == [selected.flightName])
        #expect(model.message == "Pinned \(selected.flightName).")
    }

    /// Pasted text goes into the search prompt, as much as a search takes; off the prompt it opens the
    /// prompt holding it (it was dropped without a word), and no key of it acts.
    @Test func aPasteIsTextInThePromptAndOpensItElsewhere() throws {
        var model = Self.model()
        let before = model.hidden
        #expect(model.press(.paste("  xPq")) == [], "no key of it runs on the board")
        #expect(model.hidden == before && model.pins.isEmpty && model.screens == [.board, .searchPrompt("xPq")])
        model.press(.escape)
        #expect(model.screens == [.board], "Esc leaves the prompt the paste opened")
        #expect(model.press(.paste("   ")) == [] && model.screens == [.board], "spaces alone are nothing to search for")
        model.press(.character("/"))
        model.press(.paste("miami xq"))
        #expect(model.screens.last == .searchPrompt("miami xq"))
        model.press(.paste(String(repeating: "a", count: 500)))
        guard case .searchPrompt(let text)? = model.screens.last else {
            Issue.record("the prompt closed")
            return
        }
        #expect(SearchText.fits(text) && text.count == 100, "cut to what a search takes: \(text.count)")
        // What was left out is said beside the prompt, where it was dropped without a word; a key
        // typed past the limit is said too, and the next key that fits clears it.
        #expect(model.message == "the search holds 100 characters")
        #expect(model.frame(TerminalSize(columns: 140, rows: 24)).last?.hasSuffix("█  the search holds 100 characters") == true)
        // At 80 columns too, beside the search's end (it was left out under 136 columns).
        let narrow = try #require(model.frame(TerminalSize(columns: 80, rows: 24)).last)
        #expect(narrow.hasPrefix("/…") && narrow.hasSuffix("a█  the search holds 100 characters"), "\(narrow)")
        #expect(narrow.columns <= 80)
        model.press(.backspace)
        #expect(model.message == nil)
        model.press(.character("b"), .character("c"))
        #expect(model.message == "the search holds 100 characters" && model.top == .searchPrompt(String(text.dropLast()) + "b"))
        model.press(.backspace)
        #expect(model.message == nil)
        model.press(.paste("ok"))
        #expect(model.message == "the search holds 100 characters", "one of two characters fits")
        model.press(.backspace, .paste("z"))
        #expect(model.message == nil, "a paste that fits whole says nothing")
    }

    /// The last viewed flight is marked only on the flight of its name: after a config reloaded with
    /// another schedule, the › sat on the flight now of its identity.
    @Test func theLastViewedMarkKeepsToTheFlightOfItsName() throws {
        var model = Self.model()
        let flight = try #require(model.board?.flights[3])
        model.lastViewed = LiveModel.FlightKey(id: flight.id, date: flight.date, name: "Nowhere 1")
        #expect(!model.frame().joined().contains("›"), "another flight of its identity is not marked")
        model.lastViewed = LiveModel.FlightKey(id: flight.id, date: flight.date, name: flight.flightName)
        #expect(model.frame().contains { $0.contains("›") && $0.contains(flight.flightName) })
    }

    @Test func theUndoEndsAfterFiveSecondsOrTheNextKey() throws {
        var model = Self.model()
        model.press(.character("x"))
        model.update(.tick(Fixture.start + .seconds(1)))
        model.update(.tick(Fixture.start + .seconds(5)))
        #expect(model.message?.hasSuffix("u to undo") == true)
        model.update(.tick(Fixture.start + .seconds(6.5)))
        #expect(model.message == nil, "gone from the footer")
        #expect(model.press(.character("u")) == [], "too late")
        // Said, with where a hidden flight comes back from: `u` did nothing and said nothing.
        #expect(model.message?.hasPrefix("Nothing to undo: 'board hidden' lists the flights you hid") == true)
        // Another key ends it at once.
        model.press(.character("x"))
        model.press(.down)
        #expect(model.press(.character("u")) == [])
        #expect(model.hidden.count == 2)
    }

    /// The action menu left open across midnight: its flight's day has left the window, so a pin or a
    /// hide is refused in the footer (the save would drop it at once, after "Pinned" had been said).
    @Test func aMenuLeftOpenPastMidnightPinsAndHidesNothing() throws {
        var model = Self.model()
        let flight = try #require(model.selectedFlight)
        model.press(.character("a"))
        try #require(model.menu != nil)
        let board = Fixture.board()
        let nextDay = try BoardDocument(
            json: .object(board.json.objectPairs!.map { $0.0 == "now" ? ($0.0, "2026-12-01T00:30:00-05:00") : $0 }))
        model.update(.boardPushed(nextDay, at: Fixture.start + .seconds(1)))
        let effects = model.press(.character("P"))
        #expect(!effects.contains { if case .pin = $0 { true } else { false } }, "\(effects)")
        #expect(model.pins.isEmpty)
        #expect(model.message == "\(flight.flightName) of Nov 30 has left the window with its day; it cannot be pinned.")
        model.press(.character("x"))
        #expect(model.hidden.isEmpty && model.message?.hasSuffix("it cannot be hidden.") == true, "\(model.message ?? "-")")
    }

    @Test func hiddenFlightsStayHiddenOnTheNextPush() throws {
        var model = Self.model()
        let id = try #require(model.selectedFlight?.id)
        model.press(.character("x"))
        model.update(.boardPushed(Fixture.board(), at: Fixture.start + .seconds(2)))
        #expect(!(model.board?.flights.contains { $0.id == id } ?? true))
        #expect(model.hiddenCount == 1)
    }

    /// The header's "N hidden" counts the hidden flights the pane would have shown: not those its
    /// filter or its tab leaves out anyway.
    @Test func hiddenFlightsCountOnlyWhereTheyWouldHaveShown() throws {
        var model = Self.model()
        let flight = try #require(Fixture.board().flights.first { $0.direction == .departure })
        model.update(.watchlistChanged(pins: [], hidden: [Self.key(flight.id)]))
        #expect(model.hiddenCount == 1)
        model.tab = .arrivals
        model.update(.boardPushed(Fixture.board(), at: Fixture.start + .seconds(1)))
        #expect(model.hiddenCount == 0, "a departure hidden is not missing from the arrivals")
        model.tab = .departures
        model.filter = FlightFilter(airlines: FlightCatalog.airlines.filter { !flight.flightName.hasPrefix($0 + " ") })
        model.update(.boardPushed(Fixture.board(), at: Fixture.start + .seconds(2)))
        #expect(model.hiddenCount == 0, "the filter would have left it out")
        model.filter = FlightFilter(airlines: [flight.airline])
        model.update(.boardPushed(Fixture.board(), at: Fixture.start + .seconds(3)))
        #expect(model.hiddenCount == 1)
    }

    /// Another `board` changed the watchlist: hidden flights leave the board at once, and new pins are a
    /// new watch (the daemon marks pins); the hidden alone need none.
    @Test func aWatchlistChangedElsewhereRearrangesTheBoardAndWatchesAgainForNewPins() {
        var model = Self.model(pins: [Self.ids[2]])
        let hidden = [Self.key(Self.ids[5])]
        #expect(model.update(.watchlistChanged(pins: [Self.key(Self.ids[2])], hidden: hidden)) == [])
        #expect(!(model.board?.flights.contains { $0.id == Self.ids[5] } ?? true) && model.hiddenCount == 1)
        let pins = [Self.key(Self.ids[7]), Self.key(Self.ids[2])]
        #expect(
            model.update(.watchlistChanged(pins: pins, hidden: hidden))
                == [.subscribe(.watch(tab: .all, hidePast: false, pinned: pins))])
    }

    /// `s` never opens a flight you hid, as `board soonest` does not: the daemon's soonest is
    /// stepped past (flight.next) to the next still to come.
    @Test func theSoonestStepsPastAFlightYouHid() throws {
        var model = Self.model()
        let toCome = Fixture.board().flights.filter { !$0.past }
        let (soonest, next) = (toCome[0], toCome[1])
        model.update(.watchlistChanged(pins: [], hidden: [Self.key(soonest.id)]))
        let asked = try #require(LiveModel.sentID(model.press(.character("s"))))
        let step = model.update(.replied(asked, Fixture.details(soonest.id)))
        let request = try #require(LiveModel.sentRequest(step))
        #expect(request.method == .flightNext && request.params["id"]?.int == soonest.id)
        #expect(model.top == .board, "the hidden flight is not opened")
        #expect(
            model.update(.replied(try #require(LiveModel.sentID(step)), Fixture.details(next.id))) == [
                .saveLastViewed(next.withDetails)
            ])
        guard case .details(let open) = model.top else {
            Issue.record("on top: \(model.top)")
            return
        }
        #expect(open.key == Self.key(next.id))
        // Every flight still to come hidden: said so, nothing opened.
        var all = Self.model()
        all.update(.watchlistChanged(pins: [], hidden: toCome.map { Self.key($0.id) }))
        var sent = try #require(LiveModel.sentID(all.press(.character("s"))))
        for flight in toCome {
            let effects = all.update(.replied(sent, Fixture.details(flight.id)))
            sent = try #require(LiveModel.sentID(effects))
        }
        all.refuse(sent, .notFound, "the last flight of the window in this tab.")
        #expect(all.top == .board)
        #expect(all.frame().screenText.contains("No flight still to come in the window but those you hid"))
    }

    @Test func hidingTheOpenFlightClosesItsDetails() throws {
        var model = Self.model()
        let flight = try #require(model.selectedFlight)
        let effects = model.press(.enter)
        model.update(.replied(try #require(LiveModel.sentID(effects)), Fixture.details(flight.id)))
        guard case .details = model.top else {
            Issue.record("details not open")
            return
        }
        #expect(model.press(.character("x")) == [.hide(flight)])
        #expect(model.top == .board)
    }

    @Test func theActionMenuListsTheFlightsActionsWithTheirKeys() throws {
        var model = Self.model(pins: [Self.ids[2]])
        model.press(.home)
        let flight = try #require(model.selectedFlight)
        #expect(model.press(.character("a")) == [])
        let menu = try #require(model.menu)
        #expect(menu.items.map(\.key) == ["P", "K", "J", "x", "w", "l"], "no copy outside tmux")
        let frame = model.frame()
        #expect(frame.contains { $0.contains("Actions for \(flight.flightName) (\(flight.id))") })
        #expect(frame.contains { $0.contains("x  hide from your boards") })
        #expect(frame.last?.contains("Esc closes") == true)
        // Keys that are not items do nothing while it is open.
        #expect(model.press(.down) == [])
        #expect(model.selectedFlight?.id == flight.id)
        model.press(.escape)
        #expect(model.menu == nil)
        #expect(model.top == .board, "Esc closed the menu, nothing else")
        // An item's key does it and closes the menu.
        model.press(.character("a"))
        #expect(model.press(.character("P")) == [.unpin(Self.key(flight.id)), model.subscription])
        #expect(model.menu == nil)
    }

    @Test func insideTmuxTheMenuCopiesTheIdAndDesignator() throws {
        var model = Self.model(insideTmux: true)
        let flight = try #require(model.selectedFlight)
        model.press(.character("a"))
        #expect(model.menu?.items.last?.key == "y")
        #expect(model.press(.character("y")) == [.copyToTmux("\(flight.id) \(flight.flightName)")])
        var outside = Self.model()
        #expect(outside.press(.character("y")) == [])
        #expect(outside.message?.contains("needs tmux") == true)
    }

    /// The board's first flight whose day here has not ended: one with a next step to wait for.
    static var stillToCome: FlightDocument { Fixture.board().flights.first { !$0.status.hasEnded }! }

    /// `w` on a flight whose day here has ended (departed, landed, canceled, diverted) says there is no
    /// next step, as `board wait` exits 5, rather than "Waiting for" until midnight.
    @Test func aFlightThatHasEndedHasNoNextStepToWaitFor() throws {
        var model = Self.model()
        let ended = try #require(Fixture.board().flights.first { $0.status.hasEnded })
        try model.moveCursor(to: ended.id)
        #expect(model.press(.character("w")) == [])
        #expect(model.waiting.isEmpty)
        let said = "\(ended.flightName) has no next step to wait for: \(StatusAppearance(ended.status).title) is its last here."
        #expect(model.message == said)
    }

    @Test func waitingForTheNextStepSaysItInTheFooter() throws {
        var model = Self.model()
        try model.moveCursor(to: Self.stillToCome.id)
        let flight = try #require(model.selectedFlight)
        #expect(model.press(.character("w")) == [])
        #expect(model.message?.hasPrefix("Waiting for \(flight.flightName)'s next step") == true)
        // A board where it moved on.
        let moved = Fixture.board(Fixture.board()) { flights in
            flights.map { json in
                json["id"]?.int == flight.id ? json.adding("status", .string(FlightStatus.canceled.rawValue)) : json
            }
        }
        model.update(.boardPushed(moved, at: Fixture.start + .seconds(3)))
        #expect(model.message == "\(flight.flightName): Canceled (was \(StatusAppearance(flight.status).title)).")
        #expect(model.waiting.isEmpty)
        // It is news for whoever looks back at the screen: it stays past the footer's ten seconds, until a key.
        model.update(.tick(Fixture.start + .seconds(4)))
        model.update(.tick(Fixture.start + .seconds(60)))
        #expect(model.message?.hasSuffix("Canceled (was \(StatusAppearance(flight.status).title)).") == true)
        model.press(.down)
        #expect(model.message == nil)
    }

    /// A status earlier in the flight's day (the clock set back) is no step: the wait goes on from it,
    /// and the next step forward is said. It was said as the step waited for.
    @Test func aClockSetBackIsNotTheStepWaitedFor() throws {
        var model = Self.model()
        try model.moveCursor(to: Self.stillToCome.id)
        let flight = try #require(model.selectedFlight)
        model.press(.character("w"))
        func pushed(_ status: FlightStatus, at seconds: Int) {
            let board = Fixture.board(Fixture.board()) { flights in
                flights.map { $0["id"]?.int == flight.id ? $0.adding("status", .string(status.rawValue)) : $0 }
            }
            model.update(.boardPushed(board, at: Fixture.start + .seconds(seconds)))
        }
        let earlier = FlightStatus.scheduled
        try #require(earlier.lifecycleRank < flight.status.lifecycleRank, "\(flight.status)")
        pushed(earlier, at: 3)
        #expect(model.waiting.map(\.status) == [earlier], "still waiting, from the earlier status")
        #expect(
            model.message == "\(flight.flightName) is Scheduled again (the clock went back); still waiting for its next step.")
        pushed(.canceled, at: 4)
        #expect(model.message == "\(flight.flightName): Canceled (was Scheduled).")
        #expect(model.waiting.isEmpty)
        // Canceled, then set back before the cancellation: back too.
        let wait = WaitingFlight(key: LiveModel.FlightKey(flight), flightName: flight.flightName, status: .canceled)
        #expect(wait.isStepBack(to: .onTime) && !wait.isStepBack(to: .canceled))
        let delayed = WaitingFlight(key: LiveModel.FlightKey(flight), flightName: flight.flightName, status: .delayed)
        #expect(delayed.isStepBack(to: .onTime) && !delayed.isStepBack(to: .boarding) && !delayed.isStepBack(to: .diverted))
    }

    /// With hide-past on, a flight that takes its step and turns past in the same move leaves the
    /// pushed board: it is asked for, and its step is said as with hide-past off.
    @Test func aStepThatHidesTheFlightIsSaidAllTheSame() throws {
        var model = Self.model()
        try model.moveCursor(to: Self.stillToCome.id)
        let flight = try #require(model.selectedFlight)
        model.press(.character("h"))
        model.press(.character("w"))
        let hidden = Fixture.board(Fixture.board(hidePast: true)) { flights in flights.filter { $0["id"]?.int != flight.id } }
        let effects = model.update(.boardPushed(hidden, at: Fixture.start + .seconds(3)))
        let id = try #require(LiveModel.sentID(effects), "the flight waited on is asked for: \(effects)")
        #expect(effects.contains { if case .send(_, .flight(LiveModel.FlightKey(flight), _)) = $0 { true } else { false } })
        #expect(!model.awaitingScreen, "keys are not held for it")
        // Asked for once while the answer is on its way.
        #expect(LiveModel.sentID(model.update(.boardPushed(hidden, at: Fixture.start + .seconds(4)))) == nil)
        let details = Fixture.details(of: flight).adding("status", .string(FlightStatus.landed.rawValue))
        model.update(.replied(id, details))
        #expect(model.message == "\(flight.flightName): Landed (was \(StatusAppearance(flight.status).title)).")
        #expect(model.waiting.isEmpty)
        #expect(LiveModel.sentID(model.update(.boardPushed(hidden, at: Fixture.start + .seconds(5)))) == nil)
    }

    @Test func aFlightWaitedOnThatLeftTheWindowIsSaidToHaveGone() throws {
        var model = Self.model()
        try model.moveCursor(to: Self.stillToCome.id)
        let flight = try #require(model.selectedFlight)
        model.press(.character("w"))
        let without = Fixture.board(Fixture.board()) { flights in flights.filter { $0["id"]?.int != flight.id } }
        let id = try #require(LiveModel.sentID(model.update(.boardPushed(without, at: Fixture.start + .seconds(3)))))
        model.update(.replyFailed(id, WireError(.notFound, "No flight \(flight.id).")))
        #expect(model.message?.contains("\(flight.flightName) is no longer on the board") == true)
        #expect(model.waiting.isEmpty)
    }

    /// The step `w` waited for, come while the search prompt is open, is shown once the prompt closes.
    @Test func aStepThatComesWhileSearchingIsShownAfter() throws {
        var model = Self.model()
        try model.moveCursor(to: Self.stillToCome.id)
        let flight = try #require(model.selectedFlight)
        model.press(.character("w"))
        model.press(.character("/"))
        model.press(.character("m"))
        let moved = Fixture.board(Fixture.board()) { flights in
            flights.map { json in
                json["id"]?.int == flight.id ? json.adding("status", .string(FlightStatus.canceled.rawValue)) : json
            }
        }
        model.update(.boardPushed(moved, at: Fixture.start + .seconds(3)))
        model.press(.character("i"))
        model.press(.escape)
        #expect(model.message?.hasPrefix("\(flight.flightName): Canceled") == true, "\(String(describing: model.message))")
        #expect(model.frame().last?.contains("Canceled") == true)
    }

    @Test func aNarrowPaneFitsTheMenuAndTheUndo() throws {
        var model = Self.model(pins: [Self.ids[2]], insideTmux: true)
        model.press(.character("a"))
        for columns in [30, 45] {
            let frame = model.frame(TerminalSize(columns: columns, rows: 12))
            #expect(frame.count == 12)
            #expect(frame.allSatisfy { $0.visibleText.count <= columns }, "\(columns): \(frame.screenText)")
            #expect(frame.contains { $0.contains("Actions for") })
        }
        model.press(.escape)
        model.press(.character("x"))
        let frame = model.frame(TerminalSize(columns: 30, rows: 12))
        #expect(frame.allSatisfy { $0.visibleText.count <= 30 })
        // Wider than the pane, the footer's message wraps over the line above it (`withWholeMessage`).
        let footer = frame.suffix(2).map { $0.trimmingTrailingSpaces() }.joined(separator: " ")
        #expect(footer.hasPrefix("Hidden") && footer.hasSuffix("u to undo"), "\(frame.screenText)")
    }

    @Test func lOpensTheLogOfTheMenusFlight() throws {
        var model = Self.model()
        let flight = try #require(model.selectedFlight)
        let effects = model.press(.character("l"))
        #expect(effects.count == 1)
        guard case .send(_, .flight(let key, _)) = effects.first else {
            Issue.record("no request: \(effects)")
            return
        }
        #expect(key == Self.key(flight.id))
        model.update(.replied(try #require(LiveModel.sentID(effects)), Fixture.details(flight.id)))
        // Opened by l, the footer says where its log is, and where its steps are: it read as Enter's screen.
        #expect(
            model.message?.hasSuffix("under Announced; 'board log \(flight.id)' lists its steps too.") == true,
            "\(model.message ?? "")")
        // On its details, the menu's l says the log is there.
        model.press(.character("a"))
        #expect(model.press(.character("l")) == [])
        // It has no announcements yet: l says so, not that they are on this screen.
        #expect(try FlightDetailsDocument(json: Fixture.details(flight.id)).announcements.isEmpty)
        #expect(model.message == "\(flight.flightName) has no announcements yet; they come to this screen as they are made.")

        // One with announcements: its log is this screen.
        let announced = try #require(
            Fixture.board().flights.first {
                (try? FlightDetailsDocument(json: Fixture.details($0.id)))?.announcements.isEmpty == false
            })
        var other = Fixture.liveModel()
        try other.moveCursor(to: announced.id)
        other.update(.replied(try #require(LiveModel.sentID(other.press(.enter))), Fixture.details(announced.id)))
        other.press(.character("a"))
        #expect(other.press(.character("l")) == [])
        #expect(other.message == "\(announced.flightName)'s log is on this screen: its announcements, as they were made.")
    }

    @Test func theKeysAreInTheHelp() {
        let help = LiveKeyMap.helpParagraph
        for phrase in ["K/J move", "x hides", "u undoes", "a opens", "w waits", "l shows its log", "y (inside tmux) copies"] {
            #expect(help.replacingOccurrences(of: "\n", with: " ").contains(phrase), "\(phrase)")
        }
        #expect(LiveKeyMap.helpPhrases.last == "q quits")
    }
}

extension Direction {
    /// The tab that lists a flight of this direction.
    var tab: Tab { self == .arrival ? .arrivals : .departures }
}

/// The action menu never covers the row it acts on nor the column titles: under the row where it
/// fits, else above it.
struct ActionMenuPlacementTests {
    typealias Fixture = LiveViewFixture

    @Test(arguments: [0, 5, 29])
    func theMenuLeavesItsRowAndTheTitlesInSight(row: Int) throws {
        var model = Fixture.liveModel()
        let flight = Fixture.board().flights[row]
        try model.moveCursor(to: flight.id)
        let before = model.frame()
        model.press(.character("a"))
        let frame = model.frame()
        #expect(frame[2] == before[2], "the column titles stay")
        let selected = try #require(frame.firstIndex { $0.hasPrefix(">") }, "\(frame.screenText)")
        #expect(frame[selected].contains(flight.flightName))
        let title = try #require(frame.firstIndex { $0.contains("Actions for \(flight.flightName)") })
        #expect(title > 2)
        if row < 29 {
            #expect(title == selected + 1, "under the row: \(frame.screenText)")
        } else {
            #expect(title < selected, "above the last row: \(frame.screenText)")
        }
        #expect(frame.last?.contains("Esc closes") == true, "the footer stays")
    }

    /// In a pane too short for the menu under or over its row, every action is in sight all the same
    /// (over the row, whose flight the title names; over the titles when the pane is shorter still),
    /// and the footer stays: the menu was cut by the footer, showing none of its actions at 10 rows.
    @Test(arguments: [10, 12, 14])
    func aShortPaneShowsTheWholeMenu(rows: Int) throws {
        var model = Fixture.liveModel()
        let size = TerminalSize(columns: 80, rows: rows)
        model.update(.resized(size))
        for _ in 0..<4 { model.press(.down) }
        let flight = try #require(model.selectedFlight)
        model.press(.character("a"))
        let menu = try #require(model.menu)
        let frame = model.frame(size)
        for line in menu.lines {
            #expect(frame.contains { $0.contains(line.trimmingCharacters(in: .whitespaces)) }, "\(line): \(frame.screenText)")
        }
        #expect(frame.contains { $0.contains("Actions for \(flight.flightName)") })
        #expect(frame.last?.contains("Esc closes") == true, "the footer stays")
        #expect(frame[0] == Fixture.liveModel().frame(size)[0], "the header stays")
    }
}

/// Pins of a day that left the window are named once in the live view's footer, then unpinned.
struct LiveViewEndedPinsTests {
    @Test func aPinWhoseDayLeftTheWindowIsSaidOnceAndUnpinned() throws {
        let ended = LiveModel.FlightKey(id: 4709, date: "2026-11-29", name: "Pacific 365")
        let kept = LiveModel.FlightKey(LiveViewFixture.board().flights[3])
        var model = LiveModel(
            tab: .all, hidePast: false, pins: [ended, kept], style: Style(enabled: false), size: LiveViewFixture.size)
        model.update(.connected)
        let effects = model.update(.boardPushed(LiveViewFixture.board(pinned: [kept.id]), at: LiveViewFixture.start))
        #expect(model.message == "Pacific 365 of Nov 29 left the window; unpinned.")
        #expect(model.frame().last?.contains("Pacific 365 of Nov 29 left the window") == true)
        #expect(model.pins == [kept])
        #expect(effects.contains(.unpin(ended)))
        #expect(effects.contains(.subscribe(.watch(tab: .all, hidePast: false, pinned: [kept]))))
        // Said once: the next board says nothing of it.
        model.press(.down)
        let next = model.update(.boardPushed(LiveViewFixture.board(pinned: [kept.id]), at: LiveViewFixture.start))
        #expect(model.message == nil)
        #expect(!next.contains(.unpin(ended)))
    }

    /// At midnight the pins' sentence and the open flight's "gone" screen come in one update: the
    /// screen does not clear the sentence, the pins' only word (`board pins` will not say it again).
    @Test func theSentenceStaysWhenTheOpenFlightIsGoneInTheSameUpdate() {
        var model = LiveModel(tab: .all, hidePast: false, pins: [], style: Style(enabled: false), size: LiveViewFixture.size)
        model.update(.connected)
        model.update(.boardPushed(LiveViewFixture.board(), at: LiveViewFixture.start))
        model.message = "Pacific 365 of Nov 29 left the window; unpinned."
        model.messageStays = true
        model.showGone(LiveModel.GoneFlight(LiveViewFixture.board().flights[2]))
        #expect(model.message == "Pacific 365 of Nov 29 left the window; unpinned.")
        // A passing message gives way to the screen, as before.
        model.message = "Pinned US 527."
        model.showGone(LiveModel.GoneFlight(LiveViewFixture.board().flights[3]))
        #expect(model.message == nil)
    }

    /// A hidden flight opened (from a search) says so beside its status, in the live view as `board
    /// show` does; the line's count is the one the layout pages by.
    @Test func aHiddenFlightsDetailsSayItIsHidden() throws {
        var model = LiveViewFixture.liveModel()
        try model.openSelected()
        guard case .details(let open)? = model.screens.last else {
            Issue.record("no details open")
            return
        }
        #expect(!model.frame().contains { $0.contains("hidden from your boards") })
        // Another schedule's flight under the same id and day is not the one hidden.
        model.hidden = [LiveModel.FlightKey(id: open.key.id, date: open.key.date, name: "Nowhere 1")]
        #expect(!model.frame().contains { $0.contains("hidden from your boards") })
        model.hidden = [LiveModel.FlightKey(open.flight)]
        #expect(model.frame().contains { $0.contains("(hidden from your boards)") }, "\(model.frame().screenText)")
        let renderer = BoardRenderer(style: Style(enabled: false), width: 80)
        let status = renderer.details(open.details, hidden: true).split(separator: "\n").first { $0.hasPrefix("Status") }
        #expect(status?.hasSuffix("  (hidden from your boards)") == true, "\(status ?? "")")
    }
}
