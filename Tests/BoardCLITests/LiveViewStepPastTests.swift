import BoardProtocol
import Testing

@testable import BoardCLI

/// n, p and s open only flights the board shows: the daemon steps in time order across the window
/// and knows nothing of the filter, the flights you hid or hide-past, so the view steps past what
/// the board leaves out (`LiveModel.stepPast`). They opened flights the board did not list.
struct LiveViewStepPastTests {
    typealias Fixture = LiveViewFixture
    typealias Key = LiveModel.FlightKey

    /// Today's flights in the daemon's time order (the all tab, no pins): what a fake daemon steps through.
    static let order = Fixture.board().flights

    static func model(filter: FlightFilter = FlightFilter(), hidePast: Bool = false) -> LiveModel {
        var model = LiveModel(tab: .all, hidePast: hidePast, style: Style(enabled: false), size: Fixture.size)
        model.filter = filter
        model.update(.connected)
        model.update(.boardPushed(Fixture.board(hidePast: hidePast), at: Fixture.start))
        model.update(.key(.home))
        return model
    }

    /// Answers every request in `effects` as the daemon would, over `order`, until nothing more is
    /// asked; returns the flights the view stepped to (the answers), in order.
    static func answer(_ effects: [LiveEffect], _ model: inout LiveModel, pinned: Set<Int> = []) -> [String] {
        var effects = effects
        var answered: [String] = []
        while let sent = effects.first(where: { if case .send = $0 { true } else { false } }),
            case .send(let id, let request) = sent
        {
            let index: Int?
            switch request {
            case .step(let from, let forward, _, _):
                let at = order.firstIndex { Key($0) == from }!
                index = forward ? (at + 1 < order.count ? at + 1 : nil) : (at > 0 ? at - 1 : nil)
            case .soonest:
                index = order.firstIndex { StatusLine.isToCome($0, now: Fixture.board().now) }
            case .flight(let key, _):
                index = order.firstIndex { Key($0) == key }
            default:
                Issue.record("unexpected request \(request)")
                return answered
            }
            guard let index else {
                effects = model.update(.replyFailed(id, WireError(.notFound, "The end of the window in this tab.")))
                continue
            }
            answered.append(order[index].flightName)
            effects = model.update(.replied(id, Fixture.details(order[index].id, pinned: pinned.contains(order[index].id))))
            #expect(answered.count < 100, "the steps end")
        }
        return answered
    }

    /// With `--airline Pacific`, n from a Pacific flight passes every other airline's and opens the
    /// next Pacific flight; from the last, it says no later flight is one the board shows, and the
    /// flight stays open.
    @Test func nAndPPassOverFlightsTheFilterLeavesOut() throws {
        var model = Self.model(filter: FlightFilter(airlines: ["Pacific"]))
        let pacific = Self.order.filter { $0.airline == "Pacific" }
        try #require(pacific.count >= 3)
        #expect(model.listedFlights.map(\.id) == pacific.map(\.id))
        _ = Self.answer(model.press(.enter), &model)
        #expect(model.frame()[3].contains(pacific[0].flightName))

        let stepped = Self.answer(model.press(.character("n")), &model)
        #expect(stepped.count > 1, "other airlines' flights lie between: \(stepped)")
        #expect(stepped.last == pacific[1].flightName)
        #expect(model.frame()[3].contains(pacific[1].flightName), "\(model.frame().joined(separator: "\n"))")
        _ = Self.answer(model.press(.character("p")), &model)
        #expect(model.frame()[3].contains(pacific[0].flightName))

        for _ in 1..<pacific.count { _ = Self.answer(model.press(.character("n")), &model) }
        #expect(model.frame()[3].contains(pacific.last!.flightName))
        _ = Self.answer(model.press(.character("n")), &model)
        #expect(model.frame()[3].contains(pacific.last!.flightName), "the last stays open")
        #expect(model.frame().screenText.contains("No later flight in the window is one this board shows."))
    }

    /// A flight you hid, and with h on a past flight, are passed over too: p from the first flight
    /// still on a board that hides past flights finds no earlier one it shows.
    @Test func nPassesOverHiddenFlightsAndPOverPastOnesWhilePastIsHidden() throws {
        var model = Self.model()
        _ = Self.answer(model.press(.enter), &model)
        let hidden = Self.order[1]
        model.hidden = [Key(hidden)]
        let stepped = Self.answer(model.press(.character("n")), &model)
        #expect(stepped == [hidden.flightName, Self.order[2].flightName])
        #expect(model.frame()[3].contains(Self.order[2].flightName))

        var late = Self.model(hidePast: true)
        let first = try #require(late.listedFlights.first)
        #expect(Self.order.first!.past, "the day's first flights are past at noon")
        _ = Self.answer(late.press(.enter), &late)
        #expect(late.frame()[3].contains(first.flightName))
        let back = Self.answer(late.press(.character("p")), &late)
        #expect(!back.isEmpty && back.allSatisfy { name in Self.order.first { $0.flightName == name }!.past })
        #expect(late.frame()[3].contains(first.flightName))
        #expect(late.frame().screenText.contains("No earlier flight in the window is one this board shows."))
    }

    /// A pin keeps a past flight on a board that hides past flights: p stops on it, as the board
    /// shows it. It was passed over with the other past flights.
    @Test func pStopsOnAPinnedPastFlightWhilePastIsHidden() throws {
        let pinned = try #require(Self.order.first { $0.past })
        var model = LiveModel(
            tab: .all, hidePast: true, pins: [Key(pinned)], style: Style(enabled: false), size: Fixture.size)
        model.update(.connected)
        model.update(.boardPushed(Fixture.board(hidePast: true, pinned: [pinned.id]), at: Fixture.start))
        model.update(.key(.home))
        let first = try #require(model.listedFlights.first { !$0.pinned })
        try model.moveCursor(to: first.id)
        _ = Self.answer(model.press(.enter), &model, pinned: [pinned.id])
        #expect(model.frame()[3].contains(first.flightName))
        let back = Self.answer(model.press(.character("p")), &model, pinned: [pinned.id])
        #expect(back.last == pinned.flightName, "\(back)")
        #expect(model.frame()[3].contains(pinned.flightName), "\(model.frame().joined(separator: "\n"))")
    }

    /// s with a filter opens the soonest flight still to come that matches it; with a filter nothing
    /// to come can match (`--status canceled`), it says so and opens nothing.
    @Test func soonestOpensOnlyAFlightTheFilterKeeps() throws {
        var model = Self.model(filter: FlightFilter(airlines: ["Overland"]))
        let now = Fixture.board().now
        let soonest = try #require(Self.order.first { $0.airline == "Overland" && StatusLine.isToCome($0, now: now) })
        _ = Self.answer(model.press(.character("s")), &model)
        #expect(model.frame()[3].contains(soonest.flightName), "\(model.frame().joined(separator: "\n"))")

        var canceled = Self.model(filter: FlightFilter(statuses: [.canceled]))
        _ = Self.answer(canceled.press(.character("s")), &canceled)
        #expect(canceled.screens == [.board])
        #expect(canceled.frame().screenText.contains("No flight still to come in the window matches the filter."))
    }
}
