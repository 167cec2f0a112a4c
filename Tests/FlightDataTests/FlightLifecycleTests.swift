import FlightData
import Foundation
import Testing

/// The contract's status table at every boundary: one minute before, at, one
/// minute after. Boundaries are inclusive; past is strict, after the hall takes
/// the flight down (`HallRules`).
struct FlightLifecycleTests {
    /// What a row should say at an instant relative to one of the flight's times.
    struct Boundary: Sendable, CustomTestStringConvertible {
        enum Anchor: Sendable { case current, takeOff }
        /// `nil` stands for the waiting status: on time or delayed, as the flight's day goes.
        let anchor: Anchor
        let minutes: Int
        let status: FlightStatus?

        init(_ anchor: Anchor, _ minutes: Int, _ status: FlightStatus?) {
            (self.anchor, self.minutes, self.status) = (anchor, minutes, status)
        }

        func instant(for flight: Flight) -> Date {
            (anchor == .current ? flight.currentTime : flight.departureTime).plus(minutes: minutes)
        }

        func expected(for flight: Flight) -> FlightStatus {
            status ?? (flight.disruption == .onTime ? .onTime : .delayed)
        }

        var testDescription: String {
            let sign = minutes < 0 ? "-" : "+"
            return
                "\(anchor == .current ? "current time" : "take-off") \(sign) \(abs(minutes)) min: \(status?.rawValue ?? "onTime/delayed")"
        }
    }

    static let departureBoundaries = [
        Boundary(.current, -41, nil),
        Boundary(.current, -40, .boarding), Boundary(.current, -39, .boarding),
        Boundary(.current, -16, .boarding), Boundary(.current, -15, .finalCall), Boundary(.current, -14, .finalCall),
        Boundary(.current, -11, .finalCall), Boundary(.current, -10, .gateClosed), Boundary(.current, -9, .gateClosed),
        Boundary(.current, -1, .gateClosed), Boundary(.current, 0, .departed), Boundary(.current, 1, .departed),
    ]

    /// An arrival is en route from its current time minus the flight time (its take-off at the other airport).
    static let arrivalBoundaries = [
        Boundary(.takeOff, -1, nil), Boundary(.takeOff, 0, .enRoute), Boundary(.takeOff, 1, .enRoute),
        Boundary(.current, -1, .enRoute), Boundary(.current, 0, .landed), Boundary(.current, 1, .landed),
    ]

    static let flights = Fixture.window.allFlights
    /// Flights that run their whole lifecycle: neither canceled nor diverted.
    static let running = flights.filter { !$0.isCanceled && $0.divertedCity == nil }
    static let canceled = flights.filter(\.isCanceled)
    static let diverted = flights.filter { $0.divertedCity != nil }

    @Test func theWindowHasEveryKindOfFlight() {
        for direction in Direction.allCases {
            let mine = Self.flights.filter { $0.direction == direction }
            #expect(mine.contains { $0.disruption == .onTime })
            #expect(mine.contains { $0.disruption.delayMinutes > 0 })
            #expect(mine.contains { $0.isCanceled })
        }
    }

    /// Every running departure of the window, on time and delayed alike: the
    /// boundaries sit at its current time, so they move with the delay (announced by then:
    /// every estimate comes before boarding would begin under the time shown).
    @Test(arguments: departureBoundaries)
    func departureBoundary(_ boundary: Boundary) {
        for flight in Self.running where flight.direction == .departure {
            #expect(
                flight.status(at: boundary.instant(for: flight)) == boundary.expected(for: flight),
                "\(flight.flightName) on \(flight.date)")
        }
    }

    @Test(arguments: arrivalBoundaries)
    func arrivalBoundary(_ boundary: Boundary) {
        for flight in Self.running where flight.direction == .arrival {
            #expect(flight.departureTime == flight.currentTime.plus(minutes: -flight.otherAirport.flightMinutes))
            #expect(
                flight.status(at: boundary.instant(for: flight)) == boundary.expected(for: flight),
                "\(flight.flightName) on \(flight.date)")
        }
    }

    /// The same rules on the clock, for flights the golden file pins (2026-11-30).
    @Test(arguments: [
        // Southeast 513, a departure at 06:35, on time.
        ("Southeast 513", "05:54", FlightStatus.onTime), ("Southeast 513", "05:55", .boarding),
        ("Southeast 513", "06:19", .boarding), ("Southeast 513", "06:20", .finalCall), ("Southeast 513", "06:24", .finalCall),
        ("Southeast 513", "06:25", .gateClosed), ("Southeast 513", "06:34", .gateClosed), ("Southeast 513", "06:35", .departed),
        ("Southeast 513", "06:36", .departed),
        // US 403, a departure at 09:05 delayed 20 minutes to 09:25, announced at 08:20 (before boarding
        // would begin at 08:25): everything moves 20 minutes.
        ("US 403", "08:19", .onTime), ("US 403", "08:20", .delayed), ("US 403", "08:25", .delayed), ("US 403", "08:44", .delayed),
        ("US 403", "08:45", .boarding), ("US 403", "09:09", .boarding), ("US 403", "09:10", .finalCall),
        ("US 403", "09:15", .gateClosed), ("US 403", "09:24", .gateClosed), ("US 403", "09:25", .departed),
        // Southeast 676, an arrival at 08:20 from Chicago (105 minutes), on time.
        ("Southeast 676", "06:34", .onTime), ("Southeast 676", "06:35", .enRoute), ("Southeast 676", "08:19", .enRoute),
        ("Southeast 676", "08:20", .landed),
        // Southeast 682, an arrival at 19:40 from Miami (125 minutes), delayed 25 minutes to 20:05.
        ("Southeast 682", "17:59", .delayed), ("Southeast 682", "18:00", .enRoute), ("Southeast 682", "20:04", .enRoute),
        ("Southeast 682", "20:05", .landed),
        // Southeast 791, a departure at 22:50, canceled: announced at 20:24, before boarding.
        ("Southeast 791", "00:00", .onTime), ("Southeast 791", "20:23", .onTime), ("Southeast 791", "20:24", .canceled),
        ("Southeast 791", "22:50", .canceled), ("Southeast 791", "23:59", .canceled),
    ])
    func onTheClock(designator: String, time: String, status: FlightStatus) throws {
        let parsed = try #require(Designator(designator))
        let flight = try #require(Fixture.window.flight(designator: parsed, on: Fixture.today))
        #expect(flight.status(at: Fixture.instant("2026-11-30T\(time)")) == status)
    }

    @Test func everyFlightIsScheduledBeforeItsLocalMidnight() {
        for flight in Self.flights {
            #expect(flight.dayStart == Fixture.localTime.startOfDay(flight.date))
            #expect(flight.status(at: flight.dayStart.plus(seconds: -1)) == .scheduled)
            #expect(flight.status(at: flight.dayStart.plus(minutes: -3 * 24 * 60)) == .scheduled)
            #expect(flight.status(at: flight.dayStart) != .scheduled)
        }
        let first = Fixture.window.flights(on: Fixture.today)[0]
        #expect(first.status(at: Fixture.instant("2026-11-29T23:59:59")) == .scheduled)
        // US 527's delay is first announced at 02:11.
        #expect(first.flightName == "US 527")
        #expect(first.status(at: Fixture.instant("2026-11-30T00:00")) == .onTime)
        #expect(first.status(at: Fixture.instant("2026-11-30T02:10:59")) == .onTime)
        #expect(first.status(at: Fixture.instant("2026-11-30T02:11")) == .delayed)
    }

    /// Scheduled before its day, as planned until the cancellation is announced, canceled from then on.
    @Test func aCanceledFlightIsCanceledFromItsAnnouncement() throws {
        #expect(!Self.canceled.isEmpty)
        for flight in Self.canceled {
            let announced = try #require(flight.announcements.first { $0.kind == .canceled }).at
            #expect(flight.status(at: flight.dayStart.plus(seconds: -1)) == .scheduled)
            if announced > flight.dayStart {
                #expect([.onTime, .boarding, .finalCall].contains(flight.status(at: announced.plus(seconds: -1))))
                #expect(flight.state(at: announced.plus(seconds: -1)).currentTime == flight.scheduledTime)
            }
            #expect(flight.status(at: announced) == .canceled)
            #expect(flight.state(at: announced).currentTime == nil)
            #expect(flight.status(at: flight.scheduledTime) == .canceled)
            #expect(flight.status(at: flight.scheduledTime.plus(minutes: 24 * 60)) == .canceled)
            #expect(flight.currentTime == flight.scheduledTime)
        }
    }

    @Test func afterItsDayAFlightStaysWhereItEnded() {
        let nextDay = Fixture.instant("2026-12-01T12:00")
        for flight in Fixture.window.flights(on: Fixture.today) {
            let expected: FlightStatus =
                flight.isCanceled
                ? .canceled : flight.divertedCity != nil ? .diverted : flight.direction == .departure ? .departed : .landed
            #expect(flight.status(at: nextDay) == expected)
        }
    }

    /// When the contract says the hall takes `flight` down, worked out from what the flight shows
    /// (not read from `Flight.takenDownAt`), with the default `hall` spans: a departure 10 minutes
    /// after it departed; an arrival 10 minutes after its last bag is on the belt (30 minutes after
    /// landing if no belt was announced); a canceled or diverted flight 30 minutes after its current
    /// time (the scheduled time when canceled).
    static func hallTakesDown(_ flight: Flight) -> Date {
        if flight.isCanceled || flight.divertedCity != nil { return flight.currentTime.plus(minutes: 30) }
        switch flight.direction {
        case .departure: return flight.currentTime.plus(minutes: 10)
        case .arrival: return flight.baggage.map { $0.lastBag.plus(minutes: 10) } ?? flight.currentTime.plus(minutes: 30)
        }
    }

    /// Past is what the hall has taken down, and strict: a flight is not past at its current time
    /// (it has just departed or landed and stays on the board), nor at the instant the hall takes it
    /// down; it is past `Flight.pastResolution` (1 ms) after that instant.
    @Test func pastIsStrictlyAfterTheHallTakesItDown() {
        for flight in Self.flights {
            let down = Self.hallTakesDown(flight)
            #expect(flight.takenDownAt == down, "\(flight.flightName) on \(flight.date)")
            #expect(!flight.isPast(at: flight.currentTime.plus(minutes: -1)))
            #expect(!flight.isPast(at: flight.currentTime))
            #expect(!flight.isPast(at: flight.currentTime.plus(seconds: 1)))
            #expect(!flight.isPast(at: down.plus(minutes: -1)))
            #expect(!flight.isPast(at: down), "\(flight.flightName) on \(flight.date) at \(down)")
            #expect(flight.isPast(at: down.plus(seconds: Flight.pastResolution)), "\(flight.flightName) on \(flight.date)")
            #expect(flight.isPast(at: down.plus(seconds: 1)))
        }
        // The hall counts from when it left or landed, not from the scheduled time.
        for flight in Self.running where flight.disruption.delayMinutes > 0 {
            #expect(
                !flight.isPast(at: flight.scheduledTime.plus(minutes: 10).plus(seconds: Flight.pastResolution)),
                "a delayed flight is not past 10 minutes after its scheduled time")
        }
        // Every kind of end is in the window. (Every arrival that lands announces a belt, so the
        // 30 minutes without one are not reached by the generated flights.)
        #expect(Self.running.contains { $0.direction == .departure })
        #expect(Self.running.contains { $0.direction == .arrival && $0.baggage != nil })
        #expect(!Self.canceled.isEmpty && !Self.diverted.isEmpty)
    }

    /// The hall's spans on the clock, for flights the golden file pins (and the window's diverted one).
    @Test(arguments: [
        // Southeast 513 departs at 06:35: up until 06:45, past a millisecond later.
        ("Southeast 513", "2026-11-30", "06:45"),
        // US 403 departs at 09:25, delayed from 09:05: the 10 minutes count from when it left.
        ("US 403", "2026-11-30", "09:35"),
        // Southeast 551 lands at 07:10; its last bag is on belt 1 at 07:52: up until 08:02.
        ("Southeast 551", "2026-11-30", "08:02"),
        // Southeast 791, a departure at 22:50, canceled: up until 23:20.
        ("Southeast 791", "2026-11-30", "23:20"),
        // US 527 on Dec 2, an arrival at 06:15 diverted to Miami: up until 06:45.
        ("US 527", "2026-12-02", "06:45"),
    ])
    func theHallTakesItDownOnTheClock(designator: String, date: String, time: String) throws {
        let parsed = try #require(Designator(designator))
        let flight = try #require(Fixture.window.flight(designator: parsed, on: Fixture.date(date)))
        let down = Fixture.instant("\(date)T\(time)")
        #expect(flight.takenDownAt == down)
        #expect(!flight.isPast(at: down.plus(minutes: -1)))
        #expect(!flight.isPast(at: down))
        #expect(flight.isPast(at: down.plus(seconds: Flight.pastResolution)))
    }

    @Test func departureAndArrivalTimesFollowTheDirection() {
        for flight in Self.flights {
            let minutes = flight.otherAirport.flightMinutes
            switch flight.direction {
            case .departure:
                #expect(flight.departureTime == flight.currentTime)
                #expect(flight.arrivalTime == flight.currentTime.plus(minutes: minutes))
            case .arrival:
                #expect(flight.departureTime == flight.currentTime.plus(minutes: -minutes))
                #expect(flight.arrivalTime == flight.currentTime)
            }
        }
    }

    /// 0 until take-off, the fraction of the flight time in the air, 1 from landing; nil when canceled.
    @Test func progressThroughTheFlight() {
        for flight in Self.running {
            let seconds = TimeInterval(flight.otherAirport.flightMinutes * 60)
            let takeOff = flight.departureTime
            #expect(flight.progress(at: takeOff.plus(minutes: -1)) == 0)
            #expect(flight.progress(at: takeOff) == 0)
            #expect(flight.progress(at: takeOff.plus(seconds: seconds / 4)) == 0.25)
            #expect(flight.progress(at: takeOff.plus(seconds: seconds / 2)) == 0.5)
            #expect(flight.progress(at: flight.arrivalTime) == 1)
            #expect(flight.progress(at: flight.arrivalTime.plus(minutes: 1)) == 1)

            #expect(!flight.isInAir(at: takeOff.plus(seconds: -1)))
            #expect(flight.isInAir(at: takeOff))
            #expect(flight.isInAir(at: flight.arrivalTime.plus(seconds: -1)))
            #expect(!flight.isInAir(at: flight.arrivalTime))
        }
        // A canceled flight: 0 until the cancellation is announced (always before it would leave), nil from then.
        for flight in Self.canceled {
            let announced = flight.announcements.first { $0.kind == .canceled }!.at
            if announced > flight.dayStart { #expect(flight.progress(at: announced.plus(seconds: -1)) == 0) }
            for instant in [announced, flight.scheduledTime, flight.scheduledTime.plus(minutes: 30)] {
                #expect(flight.progress(at: instant) == nil)
                #expect(!flight.isInAir(at: instant))
            }
        }
        // A diverted flight: nil from the diversion; it never reaches 1.
        #expect(!Self.diverted.isEmpty)
        for flight in Self.diverted {
            let announced = flight.announcements.first { $0.kind == .diverted }!.at
            #expect(flight.progress(at: announced.plus(seconds: -1)).map { $0 > 0 && $0 < 1 } == true)
            #expect(flight.progress(at: announced) == nil && flight.progress(at: flight.arrivalTime) == nil)
        }
    }

    /// The instants at which a row changes, in order, then nothing. The last is when it becomes past:
    /// `Flight.pastResolution` after the hall takes it down (a departure 10 minutes after it left, an
    /// arrival 10 minutes after its last bag, a canceled flight 30 minutes after its scheduled time).
    @Test func nextBoardChangeWalksTheBoundaries() throws {
        func walk(_ flight: Flight) -> [Date] {
            var changes: [Date] = []
            var now = flight.dayStart.plus(minutes: -60)
            while let next = flight.nextBoardChange(after: now) {
                changes.append(next)
                now = next
            }
            return changes
        }
        let past = Flight.pastResolution

        let departure = try Fixture.flight { $0.direction == .departure && $0.disruption.delayMinutes > 0 }
        let current = departure.currentTime
        let departureDown = current.plus(minutes: 10)
        let announced = departure.announcements.map(\.at)
        #expect(announced.count >= 1)
        #expect(
            walk(departure)
                == Set(
                    [
                        departure.dayStart, current.plus(minutes: -40), current.plus(minutes: -15), current.plus(minutes: -10),
                        current,
                    ]
                        + announced + [departureDown.plus(seconds: past)]
                ).sorted())

        let arrival = try Fixture.flight { $0.direction == .arrival && !$0.isCanceled && $0.divertedCity == nil }
        let lastBag = try #require(arrival.baggage).lastBag
        #expect(
            walk(arrival)
                == Set(
                    [arrival.dayStart, arrival.departureTime, arrival.currentTime] + arrival.announcements.map(\.at)
                        + [lastBag.plus(minutes: 10).plus(seconds: past)]
                ).sorted())

        // A canceled arrival: announced before it would leave the other airport, so no step shows.
        let canceled = try Fixture.flight { $0.isCanceled && $0.direction == .arrival }
        #expect(
            walk(canceled)
                == Set(
                    [canceled.dayStart] + canceled.announcements.map(\.at)
                        + [canceled.scheduledTime.plus(minutes: 30).plus(seconds: past)]
                ).sorted())

        // Departed, it holds until the hall takes it down; then nothing more.
        #expect(departure.nextBoardChange(after: current) == departureDown.plus(seconds: past))
        #expect(departure.nextBoardChange(after: departureDown) == departureDown.plus(seconds: past))
        #expect(departure.nextBoardChange(after: departureDown.plus(seconds: past)) == nil)
        #expect(departure.nextBoardChange(after: current.plus(minutes: -40)) == current.plus(minutes: -15))
    }

    /// `boardChanges` lists exactly the instants where the row changes, to
    /// `Flight.pastResolution`: what is shown (`FlightState`) or past-ness differs just before
    /// each, and holds between them. (Past is strict, so a flight is past from
    /// any instant after the hall takes it down; the change is reported that
    /// resolution later, when a watcher that wakes up for it will see it.)
    @Test func boardChangesAreExactlyWhereTheRowChanges() {
        struct Row: Equatable {
            let state: FlightState
            let isPast: Bool
        }
        let resolution = Flight.pastResolution
        for flight in Self.flights {
            func row(_ at: Date) -> Row { Row(state: flight.state(at: at), isPast: flight.isPast(at: at)) }
            let changes = flight.boardChanges
            #expect(changes == changes.sorted())
            #expect(Set(changes).count == changes.count)
            for change in changes {
                #expect(row(change.plus(seconds: -resolution)) != row(change), "\(flight.flightName) at \(change)")
            }
            // Between two changes (and for a day after the last) the row holds.
            let ends = changes.dropFirst() + [changes.last!.plus(minutes: 24 * 60)]
            for (from, to) in zip(changes, ends) where to.timeIntervalSince(from) > 2 * resolution {
                #expect(row(from) == row(from.plus(seconds: to.timeIntervalSince(from) / 2)))
                #expect(row(from) == row(to.plus(seconds: -resolution)))
            }
        }
    }

    /// A manual clock walked minute by minute through 2026-11-30: each flight
    /// goes through the contract's statuses in order, and nothing else.
    @Test func aDayOnAManualClock() {
        let flights = Fixture.window.flights(on: Fixture.today)
        var seen = [[FlightStatus]](repeating: [], count: flights.count)
        var clock = ManualClock(Fixture.instant("2026-11-29T23:00"))
        let end = Fixture.instant("2026-12-01T02:00")
        while clock.now <= end {
            for (index, flight) in flights.enumerated() {
                let status = flight.status(at: clock.now)
                if seen[index].last != status { seen[index].append(status) }
            }
            clock.advance(minutes: 1)
        }
        for (flight, statuses) in zip(flights, seen) {
            // On time until a delay is announced (unless announced at midnight), then the steps, cut
            // short by a cancellation or a diversion once announced.
            let firstDelay = flight.announcements.first { $0.kind == .time }?.at
            var expected: [FlightStatus] = [.scheduled]
            if firstDelay.map({ $0 > flight.dayStart }) ?? true { expected.append(.onTime) }
            if firstDelay != nil { expected.append(.delayed) }
            let steps = flight.steps.dropFirst().map(\.status)
            if flight.isCanceled {
                let at = flight.announcements.first { $0.kind == .canceled }!.at
                expected += flight.steps.dropFirst().filter { $0.from < at }.map(\.status) + [.canceled]
            } else if let city = flight.divertedCity {
                #expect(flight.state(at: end).divertedTo == city.name)
                expected += [.enRoute, .diverted]
            } else {
                expected += steps
            }
            #expect(statuses == expected, "\(flight.flightName)")
        }
    }

    @Test func statusNamesAreTheContracts() {
        #expect(
            FlightStatus.allCases.map(\.rawValue) == [
                "scheduled", "onTime", "delayed", "boarding", "finalCall", "gateClosed", "departed", "enRoute", "landed",
                "canceled", "diverted",
            ])
    }
}
