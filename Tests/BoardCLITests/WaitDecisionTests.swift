import BoardProtocol
import FlightData
import Testing

@testable import BoardCLI

/// `board wait`'s rules, every state against hand-made flights: reached, still possible, or never.
struct WaitDecisionTests {
    enum Outcome: Equatable, CustomStringConvertible {
        case reached, waiting, never
        var description: String { "\(self == .reached ? "reached" : self == .waiting ? "waiting" : "never")" }
    }

    static func departure(_ status: FlightStatus, delay: Int = 0, previousGate: String? = nil) -> WaitSubject {
        WaitSubject(direction: .departure, status: status, delayMinutes: delay, previousGate: previousGate)
    }

    static func arrival(_ status: FlightStatus, delay: Int = 0, previousGate: String? = nil, baggage: Bool = false)
        -> WaitSubject
    {
        WaitSubject(direction: .arrival, status: status, delayMinutes: delay, previousGate: previousGate, hasBaggage: baggage)
    }

    static func outcome(_ target: WaitTarget, _ subject: WaitSubject) -> Outcome {
        switch WaitDecision.decide(target, for: subject) {
        case .reached: .reached
        case .waiting: .waiting
        case .impossible: .never
        }
    }

    /// For departures: each target against each status of the lifecycle, then canceled.
    static let departureStatuses: [FlightStatus] = [
        .scheduled, .onTime, .delayed, .boarding, .finalCall, .gateClosed, .departed, .canceled,
    ]
    static let departureTable: [(WaitTarget, [Outcome])] = [
        // scheduled, onTime, delayed, boarding, finalCall, gateClosed, departed, canceled
        (.status(.scheduled), [.reached, .never, .never, .never, .never, .never, .never, .never]),
        (.status(.onTime), [.waiting, .reached, .never, .never, .never, .never, .never, .never]),
        (.status(.delayed), [.waiting, .waiting, .reached, .never, .never, .never, .never, .never]),
        // A step the flight went through on its way is reached: a departure at gate closed boarded.
        (.status(.boarding), [.waiting, .waiting, .waiting, .reached, .reached, .reached, .reached, .never]),
        (.status(.finalCall), [.waiting, .waiting, .waiting, .waiting, .reached, .reached, .reached, .never]),
        (.status(.gateClosed), [.waiting, .waiting, .waiting, .waiting, .waiting, .reached, .reached, .never]),
        (.status(.departed), [.waiting, .waiting, .waiting, .waiting, .waiting, .waiting, .reached, .never]),
        (.status(.canceled), [.waiting, .waiting, .waiting, .waiting, .waiting, .waiting, .never, .reached]),
        (.status(.enRoute), [.never, .never, .never, .never, .never, .never, .never, .never]),
        (.status(.landed), [.never, .never, .never, .never, .never, .never, .never, .never]),
        (.status(.diverted), [.never, .never, .never, .never, .never, .never, .never, .never]),
        (.gateChange, [.waiting, .waiting, .waiting, .waiting, .waiting, .never, .never, .never]),
        // `delayed` is a delay already.
        (.delay, [.waiting, .waiting, .reached, .waiting, .waiting, .waiting, .never, .never]),
        (.baggage, [.never, .never, .never, .never, .never, .never, .never, .never]),
    ]

    @Test(arguments: departureTable)
    func departures(target: WaitTarget, expected: [Outcome]) {
        for (status, outcome) in zip(Self.departureStatuses, expected) {
            #expect(Self.outcome(target, Self.departure(status)) == outcome, "\(target) for a departure \(status)")
        }
    }

    static let arrivalStatuses: [FlightStatus] = [.scheduled, .onTime, .delayed, .enRoute, .landed, .canceled, .diverted]
    static let arrivalTable: [(WaitTarget, [Outcome])] = [
        // scheduled, onTime, delayed, enRoute, landed, canceled, diverted
        (.status(.scheduled), [.reached, .never, .never, .never, .never, .never, .never]),
        (.status(.onTime), [.waiting, .reached, .never, .never, .never, .never, .never]),
        (.status(.delayed), [.waiting, .waiting, .reached, .never, .never, .never, .never]),
        // A diversion is announced in the air: a diverted arrival was en route (it said it would never be).
        (.status(.enRoute), [.waiting, .waiting, .waiting, .reached, .reached, .never, .reached]),
        (.status(.landed), [.waiting, .waiting, .waiting, .waiting, .reached, .never, .never]),
        (.status(.canceled), [.waiting, .waiting, .waiting, .never, .never, .reached, .never]),
        (.status(.diverted), [.waiting, .waiting, .waiting, .waiting, .never, .never, .reached]),
        (.status(.boarding), [.never, .never, .never, .never, .never, .never, .never]),
        (.status(.departed), [.never, .never, .never, .never, .never, .never, .never]),
        (.gateChange, [.waiting, .waiting, .waiting, .waiting, .never, .never, .never]),
        (.delay, [.waiting, .waiting, .reached, .never, .never, .never, .never]),
        (.baggage, [.waiting, .waiting, .waiting, .waiting, .waiting, .never, .never]),
    ]

    @Test(arguments: arrivalTable)
    func arrivals(target: WaitTarget, expected: [Outcome]) {
        for (status, outcome) in zip(Self.arrivalStatuses, expected) {
            #expect(Self.outcome(target, Self.arrival(status)) == outcome, "\(target) for an arrival \(status)")
        }
    }

    @Test func aChangedGateADelayAndABeltAreReachedWhateverTheStatus() {
        #expect(Self.outcome(.gateChange, Self.departure(.departed, previousGate: "A3")) == .reached)
        #expect(Self.outcome(.gateChange, Self.arrival(.canceled, previousGate: "A3")) == .reached)
        #expect(Self.outcome(.delay, Self.departure(.boarding, delay: 25)) == .reached)
        #expect(Self.outcome(.delay, Self.departure(.canceled, delay: 25)) == .reached)
        #expect(Self.outcome(.baggage, Self.arrival(.landed, baggage: true)) == .reached)
    }

    /// `--until delayed` is reached by a flight with a delay, as `--until delay` is, whatever it is
    /// since (boarding, departed, landed, canceled): it exited 5, "will not reach delayed".
    @Test func delayedIsReachedByAFlightWithADelayWhateverItIsSince() throws {
        let delayed = [
            Self.departure(.boarding, delay: 25), Self.departure(.departed, delay: 25), Self.departure(.canceled, delay: 25),
            Self.arrival(.enRoute, delay: 10), Self.arrival(.landed, delay: 10),
        ]
        for subject in delayed {
            #expect(Self.outcome(.status(.delayed), subject) == .reached, "\(subject.status)")
            #expect(Self.outcome(.delay, subject) == .reached, "\(subject.status)")
        }
        // 18:00: Pacific 762, delayed at 10:51, has landed.
        let details = try FlightDetailsDocument(
            json: LiveViewFixture.details(7617, at: LiveViewFixture.now.addingTimeInterval(6 * 3600)))
        try #require(details.flight.status == .landed && details.flight.delayMinutes > 0)
        #expect(WaitDecision.decide(.status(.delayed), for: WaitSubject(details.flight)) == .reached)
        let said = WaitCommand.alreadyReached(.status(.delayed), details)
        #expect(said.hasPrefix("Pacific 762 already has a delay: Landed"), "\(said)")
        #expect(said.contains(" min late"), "\(said)")
    }

    @Test func theReasonNamesTheFlightAndWhy() {
        var subject = Self.departure(.canceled)
        subject.flightName = "US 481"
        #expect(WaitDecision.decide(.status(.boarding), for: subject) == .impossible("US 481 was canceled"))
        #expect(
            WaitDecision.decide(.status(.landed), for: Self.departure(.onTime)) == .impossible("Pacific 123 is a departure"))
        var diverted = Self.arrival(.diverted)
        diverted.divertedTo = "Denver"
        #expect(WaitDecision.decide(.status(.landed), for: diverted) == .impossible("Pacific 123 was diverted to Denver"))
        #expect(
            WaitDecision.decide(.status(.delayed), for: Self.departure(.departed))
                == .impossible("Pacific 123 is already departed"))
    }

    static func change(_ kind: String, from: JSON = .null, to: JSON) -> EventChange {
        ChangeLineTests.change(kind, from: from, to: to)
    }

    @Test func changesAppliedOneByOneReachAStatusAJumpPassesThrough() {
        var subject = Self.departure(.onTime)
        subject.apply(Self.change("status", from: "onTime", to: "boarding"))
        #expect(Self.outcome(.status(.boarding), subject) == .reached)
        subject.apply(Self.change("status", from: "boarding", to: "finalCall"))
        #expect(Self.outcome(.status(.boarding), subject) == .reached, "it boarded on its way to final call")
        #expect(Self.outcome(.status(.onTime), subject) == .never)
        #expect(Self.outcome(.status(.departed), subject) == .waiting)
    }

    @Test func everyKindOfChangeMovesTheSubject() {
        var subject = Self.arrival(.onTime)
        subject.apply(Self.change("time", from: "2026-11-30T10:00:00-05:00", to: "2026-11-30T10:25:00-05:00"))
        #expect(subject.delayMinutes == 25)
        subject.apply(Self.change("gate", from: "A1", to: "B5"))
        #expect(subject.gate == "B5" && subject.previousGate == "A1")
        subject.apply(Self.change("baggage", to: ["belt": 3]))
        #expect(subject.hasBaggage)
        subject.apply(Self.change("diverted", to: "Denver"))
        #expect(subject.status == .diverted && subject.divertedTo == "Denver")
        subject.apply(Self.change("canceled", from: "diverted", to: "canceled"))
        #expect(subject.status == .canceled)
        let before = subject
        subject.apply(Self.change("lounge", to: "open"))
        #expect(subject == before, "a kind it does not know changes nothing")
    }

    @Test func anEarlierTimeIsNoDelay() {
        var subject = Self.departure(.onTime)
        subject.apply(Self.change("time", from: "2026-11-30T10:00:00-05:00", to: "2026-11-30T09:55:00-05:00"))
        #expect(subject.delayMinutes == 0)
        #expect(Self.outcome(.delay, subject) == .waiting)
    }

    /// A flight that went through the step before `board wait` asked says when: `US 605 boarded at
    /// 14:15` (it exits 0, reached), not that it will never board.
    @Test func aStepAlreadyPassedSaysWhen() throws {
        let at = LiveViewFixture.now.addingTimeInterval(35 * 60)  // 12:35: Overland 256 leaves at 12:40
        let details = try FlightDetailsDocument(json: LiveViewFixture.details(3220, at: at))
        #expect(details.flight.status == .gateClosed)
        let subject = WaitSubject(details.flight)
        #expect(WaitDecision.decide(.status(.boarding), for: subject) == .reached)
        let boarded = WaitCommand.alreadyReached(.status(.boarding), details)
        #expect(boarded.hasPrefix("Overland 256 boarded at 12:00: Gate closed, gate "), "\(boarded)")
        #expect(WaitCommand.alreadyReached(.status(.finalCall), details).hasPrefix("Overland 256 had its final call at 12:25: "))
        #expect(WaitCommand.alreadyReached(.status(.gateClosed), details).hasPrefix("Overland 256 is already gate closed: "))
        #expect(WaitCommand.clockMinus("00:10", 40) == "23:30")
    }
}
