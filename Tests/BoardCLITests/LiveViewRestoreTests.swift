import BoardProtocol
import FlightData
import Testing

@testable import BoardCLI

/// `board watch` reopens where it was left: hide-past and the screens above the board come back
/// from `state.json`, and the last viewed flight is marked, the cursor on it.
struct LiveViewRestoreTests {
    typealias Fixture = LiveViewFixture

    /// The ids of the requests among `effects`, in order, with what each asks.
    static func sent(_ effects: [LiveEffect]) -> [(LiveRequestID, LiveRequest)] {
        effects.compactMap { effect in
            if case .send(let id, let request) = effect { return (id, request) }
            return nil
        }
    }

    static func model(restoring saved: SavedLiveView?, lastViewed: LiveModel.FlightKey? = nil) -> LiveModel {
        var model = LiveModel(
            tab: .all, hidePast: false, pins: [], lastViewed: lastViewed, restoring: saved, style: Style(enabled: false),
            rotate: nil)
        model.update(.resized(Fixture.size))
        model.update(.connected)
        return model
    }

    @Test func theScreensLeftOpenAreOpenedAgainInOrder() throws {
        let flight = try #require(Fixture.board().flights.dropFirst(4).first)
        let saved = SavedLiveView(
            hidePast: true,
            screens: [.searchResults(text: "Den"), .flight(id: flight.id, date: flight.date, flightName: flight.flightName)])
        var model = Self.model(restoring: saved)
        #expect(model.hidePast, "hide-past comes back too")
        let effects = model.update(.boardPushed(Fixture.board(hidePast: true), at: Fixture.start))
        let requests = Self.sent(effects)
        try #require(requests.count == 2)
        #expect(requests[0].1 == .search(text: "Den", tab: .all, pinned: []))
        #expect(requests[1].1 == .flight(LiveModel.FlightKey(flight), pinned: []))

        model.update(.replied(requests[0].0, Fixture.search("Den")))
        model.update(.replied(requests[1].0, Fixture.details(flight.id)))
        #expect(model.screens.count == 3)
        guard case .searchResults = model.screens[1], case .details(let open) = model.screens[2] else {
            Issue.record("screens \(model.screens)")
            return
        }
        #expect(open.key == LiveModel.FlightKey(flight))
        var expected = saved
        expected.tab = .all
        #expect(model.saved == expected, "what is saved on the way out is what was restored, and the tab")

        // Esc goes back through the restored stack.
        model.press(.escape)
        guard case .searchResults = model.top else {
            Issue.record("back on the results: \(model.top)")
            return
        }
        model.press(.escape)
        #expect(model.screens == [.board])
        #expect(model.saved == SavedLiveView(hidePast: true, screens: [], tab: .all))
    }

    @Test func aRestoredFlightThatIsGoneOpensItsGoneScreen() throws {
        let saved = SavedLiveView(screens: [.flight(id: 4151, date: "2026-11-16", flightName: "US 480")])
        var model = Self.model(restoring: saved)
        let requests = Self.sent(model.update(.boardPushed(Fixture.board(), at: Fixture.start)))
        let id = try #require(requests.first?.0)
        model.update(.replyFailed(id, WireError(.outsideWindow, "2026-11-16 is outside the board's window.")))
        guard case .gone(let gone) = model.top else {
            Issue.record("top: \(model.top)")
            return
        }
        #expect(gone.sentence == "US 480 of Nov 16 is no longer on the board.")
        #expect(model.frame().contains { $0.contains("US 480 of Nov 16 is no longer on the board.") })
    }

    /// A view reopened after the days of its flights have left the window shows one gone screen, the
    /// top flight's, over the flights still on the board: it showed one for each, every one for Esc to
    /// go through.
    @Test func restoredFlightsThatAreAllGoneShowOneGoneScreen() throws {
        let kept = try #require(Fixture.board().flights.dropFirst(4).first)
        let saved = SavedLiveView(screens: [
            .flight(id: kept.id, date: kept.date, flightName: kept.flightName),
            .flight(id: 1565, date: "2026-11-16", flightName: "Overland 648"),
            .flight(id: 1433, date: "2026-11-16", flightName: "US 403"),
        ])
        var model = Self.model(restoring: saved)
        let requests = Self.sent(model.update(.boardPushed(Fixture.board(), at: Fixture.start)))
        try #require(requests.count == 3)
        model.update(.replied(requests[0].0, Fixture.details(kept.id)))
        for request in requests.dropFirst() {
            model.update(.replyFailed(request.0, WireError(.outsideWindow, "2026-11-16 is outside the board's window.")))
        }
        #expect(model.screens.count == 3, "\(model.screens)")
        guard case .gone(let gone) = model.top else { throw Expected.gone }
        #expect(gone.sentence == "US 403 of Nov 16 is no longer on the board.")
        model.press(.escape)
        #expect(LiveViewStackTests.topName(model) == kept.flightName, "Esc: the flight still on the board")
    }

    enum Expected: Error { case gone }

    @Test func nothingSavedOpensTheBoardAsBefore() {
        var model = Self.model(restoring: nil)
        #expect(Self.sent(model.update(.boardPushed(Fixture.board(), at: Fixture.start))).isEmpty)
        #expect(model.screens == [.board])
        let board = Fixture.board()
        #expect(
            model.selectedFlight == board.flights.first { StatusLine.isToCome($0, now: board.now) },
            "the first flight still to come")
    }

    @Test func theLastViewedFlightIsMarkedAndTheCursorStartsOnIt() throws {
        let last = try #require(Fixture.board().flights.dropFirst(7).first)
        var model = Self.model(restoring: nil, lastViewed: LiveModel.FlightKey(last))
        model.update(.boardPushed(Fixture.board(), at: Fixture.start))
        #expect(model.selectedFlight == last)
        let frame = model.frame()
        let marked = frame.filter { $0.dropFirst().hasPrefix("›") }
        #expect(marked.count == 1 && marked[0].contains(last.flightName), "\(frame)")
        // Opening another flight moves the mark to it.
        model.press(.down)
        let other = try #require(model.selectedFlight)
        let open = try #require(LiveModel.sentID(model.press(.enter)))
        model.update(.replied(open, Fixture.details(other.id)))
        model.press(.escape)
        #expect(model.lastViewed == LiveModel.FlightKey(other))
        #expect(model.frame().filter { $0.contains("›") }.allSatisfy { $0.contains(other.flightName) })
    }

    @Test func theSavedViewRoundTripsThroughTheStateFile() throws {
        var state = ClientState()
        state.liveView.save(
            SavedLiveView(
                hidePast: true,
                screens: [.searchResults(text: "pacific 5"), .flight(id: 9541, date: "2026-11-30", flightName: "US 481")]),
            for: SavedLiveViews.shared)
        let read = try #require(ClientState(json: try JSON.parse(state.json.bytes)))
        #expect(read.liveView == state.liveView)
        // A screen it cannot read is left out; the rest stays. The single view of an older state is the shared one.
        // A blank search is no screen (a route could not carry it back).
        let odd = try JSON.parse(
            Array(#"{"liveView":{"hidePast":true,"screens":[{"tv":1},{"search":"   "},{"search":"den"}]}}"#.utf8))
        #expect(
            ClientState(json: odd)?.liveView[SavedLiveViews.shared]
                == SavedLiveView(hidePast: true, screens: [.searchResults(text: "den")]))
    }
}
