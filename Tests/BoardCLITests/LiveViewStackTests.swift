import BoardProtocol
import BoardSystem
import FlightData
import Testing

@testable import BoardCLI

/// The live view's screens are a navigation stack: Enter, n and p open a flight on top of what is
/// open, Esc comes back through each, b goes back to the board; routes and restoration keep the stack.
struct LiveViewStackTests {
    typealias Fixture = LiveViewFixture

    /// A model with the board's first flight open, then `steps` flights opened on it with n.
    static func stacked(steps: Int) throws -> (LiveModel, [FlightDocument]) {
        var model = Fixture.liveModel()
        let flights = Fixture.board().flights
        let open = try #require(LiveModel.sentID(model.press(.enter)))
        model.update(.replied(open, Fixture.details(flights[0].id)))
        for index in 1...max(1, steps) where index <= steps {
            let step = try #require(LiveModel.sentID(model.press(.character("n"))))
            model.update(.replied(step, Fixture.details(flights[index].id)))
        }
        return (model, flights)
    }

    /// The flight on top, by name.
    static func topName(_ model: LiveModel) -> String? {
        switch model.top {
        case .details(let open): open.flight.flightName
        case .gone(let gone): gone.flightName
        default: nil
        }
    }

    @Test func nOpensOnTopAndEscComesBackThroughEach() throws {
        var (model, flights) = try Self.stacked(steps: 3)
        #expect(model.screens.count == 5, "the board and four flights")
        #expect(model.frame()[3].contains(flights[3].flightName))
        for index in [2, 1, 0] {
            let effects = model.press(.escape)
            #expect(Self.topName(model) == flights[index].flightName)
            // A flight uncovered is fetched again: only the one on top followed the clock.
            #expect(
                effects.contains {
                    if case .send(_, .flight(LiveModel.FlightKey(flights[index]), _)) = $0 { true } else { false }
                },
                "\(effects)")
        }
        model.press(.escape)
        #expect(model.screens == [.board])
        #expect(model.selectedFlight == flights[0], "the cursor is on the flight closed last")
    }

    @Test func pOpensThePreviousFlightOnTopToo() throws {
        var (model, flights) = try Self.stacked(steps: 2)
        let back = try #require(LiveModel.sentID(model.press(.character("p"))))
        model.update(.replied(back, Fixture.details(flights[1].id)))
        #expect(model.screens.count == 5)
        #expect(Self.topName(model) == flights[1].flightName)
        model.press(.escape)
        #expect(Self.topName(model) == flights[2].flightName, "Esc undoes p as it undoes n")
    }

    @Test func bGoesBackToTheBoardWithTheCursorOnTheFlightOnTop() throws {
        var (model, flights) = try Self.stacked(steps: 3)
        model.press(.character("b"))
        #expect(model.screens == [.board])
        #expect(model.selectedFlight == flights[3])
        #expect(model.frame().selectedLine?.contains(flights[3].flightName) == true)
    }

    @Test func theRouteAndTheSavedViewHoldTheWholeStack() throws {
        let (model, flights) = try Self.stacked(steps: 2)
        let keys = flights.prefix(3).map { LiveModel.FlightKey($0) }
        #expect(model.route.screens == keys.map { .flight($0) })
        #expect(model.route.description == "all/" + keys.map { "flight/\($0.id)@\($0.date)" }.joined(separator: "/"))
        #expect(model.saved.screens.count == 3)
        let read = try LiveRoute.parse(model.route.description).get()
        #expect(read.screens == model.route.screens)
    }

    @Test func aRestoredStackOpensEveryFlightInOrderAndEscComesBackThroughIt() throws {
        let flights = Fixture.board().flights
        let saved = SavedLiveView(
            screens: [.searchResults(text: "Den")]
                + flights[4...6].map { .flight(id: $0.id, date: $0.date, flightName: $0.flightName) }, tab: .all)
        var model = LiveModel(
            tab: .all, hidePast: false, pins: [], lastViewed: nil, restoring: saved, style: Style(enabled: false), rotate: nil)
        model.update(.resized(Fixture.size))
        model.update(.connected)
        let requests = LiveViewRestoreTests.sent(model.update(.boardPushed(Fixture.board(), at: Fixture.start)))
        try #require(requests.count == 4)
        model.update(.replied(requests[0].0, Fixture.search("Den")))
        for (request, flight) in zip(requests.dropFirst(), flights[4...6]) {
            model.update(.replied(request.0, Fixture.details(flight.id)))
        }
        #expect(model.screens.count == 5)
        #expect(model.saved == saved, "what is saved on the way out is what was restored")
        #expect(Self.topName(model) == flights[6].flightName)
        model.press(.escape)
        #expect(Self.topName(model) == flights[5].flightName)
    }

    @Test func aGoneFlightInAStackKeepsWhatItWasOpenedFrom() throws {
        let flights = Fixture.board().flights
        let saved = SavedLiveView(
            screens: [
                .flight(id: flights[2].id, date: flights[2].date, flightName: flights[2].flightName),
                .flight(id: 4151, date: "2026-11-16", flightName: "US 480"),
            ], tab: .all)
        var model = LiveModel(
            tab: .all, hidePast: false, pins: [], lastViewed: nil, restoring: saved, style: Style(enabled: false), rotate: nil)
        model.update(.connected)
        let requests = LiveViewRestoreTests.sent(model.update(.boardPushed(Fixture.board(), at: Fixture.start)))
        try #require(requests.count == 2)
        model.update(.replied(requests[0].0, Fixture.details(flights[2].id)))
        model.update(.replyFailed(requests[1].0, WireError(.outsideWindow, "2026-11-16 is outside the board's window.")))
        #expect(model.screens.count == 3)
        #expect(Self.topName(model) == "US 480")
        model.press(.escape)
        #expect(Self.topName(model) == flights[2].flightName)
    }

    @Test func theStackHoldsAtMostItsLimitAndDropsTheLowestFlight() throws {
        let steps = LiveModel.stackLimit + 2
        let (model, flights) = try Self.stacked(steps: steps)
        #expect(model.screens.count == LiveModel.stackLimit + 1)
        #expect(Self.topName(model) == flights[steps].flightName)
        guard case .details(let lowest) = model.screens[1] else {
            Issue.record("\(model.screens[1])")
            return
        }
        #expect(lowest.flight.flightName == flights[3].flightName, "the three lowest gave way")
        #expect(model.route.description.count <= LiveRoute.maxLength)
        #expect((try? LiveRoute.parse(model.route.description).get()) != nil)
    }
}

extension LiveModel {
    /// Types `/TEXT` and Enter, and gives the daemon's answer for the search of the fixture's window.
    mutating func search(_ text: String) throws {
        let keys: [Key] = [.character("/")] + text.map { Key.character($0) } + [.enter]
        let id = try #require(LiveModel.sentID(keys.flatMap { update(.key($0)) }))
        update(.replied(id, LiveViewFixture.search(text)))
    }
}

/// n and p on a flight opened from search results go through the results, in their order across the
/// days: they opened the flight after it on its day's board, which was not the next result.
struct LiveViewSearchStepTests {
    static func asked(_ effects: [LiveEffect]) -> LiveModel.FlightKey? {
        for effect in effects { if case .send(_, .flight(let key, _)) = effect { return key } }
        return nil
    }

    @Test func nAndPStepThroughTheResults() throws {
        var model = LiveViewFixture.liveModel()
        try model.search("southeast")
        let results = model.listedFlights
        try #require(results.count > 3 && Set(results.map(\.date)).count > 1)
        // The last result of the first day, so that the next is the next day's first.
        let lastOfDay = try #require(results.lastIndex { $0.date == results[0].date })
        try model.moveCursor(to: results[lastOfDay].id)
        try model.openSelected()
        let effects = model.press(.character("n"))
        #expect(Self.asked(effects) == LiveModel.FlightKey(results[lastOfDay + 1]), "the next result, the next day's first")
        let id = try #require(LiveModel.sentID(effects))
        model.update(.replied(id, LiveViewFixture.details(of: results[lastOfDay + 1])))
        // From there, p goes back to the result before it, the first day's last.
        #expect(Self.asked(model.press(.character("p"))) == LiveModel.FlightKey(results[lastOfDay]))
        // At the first result, p goes nowhere and says so.
        model.press(.escape, .escape)  // through both flights, back to the results
        try model.moveCursor(to: results[0].id)
        try model.openSelected()
        #expect(Self.asked(model.press(.character("p"))) == nil)
        #expect(model.message?.contains("first of the search results") == true)
    }
}

/// The live view's search results say why a flight found only through a partner's designator is there.
struct LiveViewFoundAsTests {
    @Test func aRowFoundThroughACodeshareSaysAsWhat() throws {
        var model = LiveViewFixture.liveModel()
        try model.search("pacific 333")
        let frame = model.frame()
        let row = try #require(frame.firstIndex { $0.contains("US 953") }, "\(frame.screenText)")
        #expect(frame[row + 1].trimmingCharacters(in: .whitespaces) == "as Pacific 333", "\(frame.screenText)")
        // The cursor moves over flights, never onto the line under one.
        model.press(.down)
        #expect(model.frame().selectedLine?.contains("as Pacific") != true)
    }
}

/// h on search results leaves out the flights past when the search was answered, as on the board,
/// and a route with `+hide-past` means the same screen on a terminal as off it.
struct LiveViewSearchHidePastTests {
    @Test func hLeavesPastFlightsOutOfTheResultsAndBringsThemBack() throws {
        var model = LiveViewFixture.liveModel()
        let reply = LiveViewFixture.search("southeast")
        try model.search("southeast")
        let all = try SearchResultsDocument(json: reply).days.flatMap(\.flights)
        try #require(all.contains { $0.past } && all.contains { !$0.past }, "the fixture finds past and later flights")
        #expect(model.listedFlights.count == all.count)
        model.press(.character("h"))
        #expect(model.listedFlights == all.filter { !$0.past })
        #expect(model.frame()[2].hasPrefix("\(all.filter { !$0.past }.count) found"))
        model.press(.character("h"))
        #expect(model.listedFlights.count == all.count)
        // Results that come while hide-past is on leave them out from the start.
        model.press(.character("h"), .escape)
        try model.search("southeast")
        #expect(model.listedFlights == all.filter { !$0.past })
    }
}
