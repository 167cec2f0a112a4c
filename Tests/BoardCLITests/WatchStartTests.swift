import BoardProtocol
import FlightData
import Testing

@testable import BoardCLI

/// `board watch departures --rotate 2` after a deep link starts on the board and turns its pages:
/// an explicit tab and `--rotate` do not reopen the flight the pane was left on.
struct WatchStartTests {
    typealias Fixture = LiveViewFixture

    /// A pane left on a flight of Departures (a deep link), on another day.
    static let leftOnAFlight: SavedLiveView = {
        let flight = Fixture.board(tab: .departures).flights[3]
        return SavedLiveView(
            hidePast: true, screens: [.flight(id: flight.id, date: flight.date, flightName: flight.flightName)],
            tab: .departures, date: "2026-12-01", otherTabs: [.all: [.searchResults(text: "Den")]])
    }()

    @Test func anExplicitTabOrRotateStartsOnTheBoard() {
        let rotating = WatchCommand.onTheBoard(Self.leftOnAFlight, tab: .departures, rotating: true)
        #expect(rotating == SavedLiveView(hidePast: true, screens: [], tab: .departures, date: nil))
        let explicit = WatchCommand.onTheBoard(Self.leftOnAFlight, tab: .departures, rotating: false)
        #expect(explicit.screens.isEmpty && explicit.date == nil && explicit.hidePast)
        #expect(explicit.otherTabs == [.all: [.searchResults(text: "Den")]], "the other tabs keep their paths")
    }

    /// Through the model: restored as `board watch departures --rotate 2` restores it, the view asks
    /// for no flight, shows the board and turns its page.
    @Test func aWallScreenAfterADeepLinkRotates() {
        let saved = WatchCommand.onTheBoard(Self.leftOnAFlight, tab: .departures, rotating: true)
        var model = LiveModel(
            tab: .departures, hidePast: saved.hidePast, pins: [], lastViewed: nil, restoring: saved, style: Style(enabled: false),
            rotate: .seconds(2))
        model.update(.resized(LiveViewRotationTests.short))
        model.update(.connected)
        let effects = model.update(.boardPushed(Fixture.board(tab: .departures), at: Fixture.start))
        #expect(!effects.contains { if case .send = $0 { true } else { false } }, "no flight is reopened: \(effects)")
        guard case .board = model.top else {
            Issue.record("on \(model.top), not the board")
            return
        }
        model.update(.tick(Fixture.start))
        let before = model.boardCursor.scroll
        model.update(.tick(Fixture.start + .seconds(2)))
        #expect(model.boardCursor.scroll > before || model.tab != .departures, "the wall screen turned")
    }
}
