import FlightData
import Foundation
import Testing

/// The day unfolds: what is announced, when, and the changes derived from it.
///
/// The model's promises, each checked over many days of the default seed: the board at an
/// instant shows only what was announced by then; changes replay exactly; rates follow the rules.
struct UnfoldingTests {
    /// 20 days from 2026-11-30: 600 flights.
    static let window = ScheduleWindow(
        source: ScheduleGenerator(config: ScheduleConfig(days: 20)), at: Fixture.instant("2026-11-30T12:00"))
    static let flights = window.allFlights
    static let arrivals = flights.filter { $0.direction == .arrival }

    static func percent(_ items: [Flight], _ predicate: (Flight) -> Bool) -> Double {
        Double(items.count(where: predicate)) * 100 / Double(items.count)
    }

    /// Applying `changes(after: A, through: B)` to the state at A gives the state at B, every
    /// field, for random intervals (seeded) over 15 days, across midnights and the window's end.
    @Test func changesReplayAnyIntervalExactly() {
        var rng = SplitMix64(seed: 13)
        let start = Fixture.instant("2026-11-29T22:00")
        let span = 16 * 24 * 60
        let flights = Self.flights.filter { $0.date <= Fixture.date("2026-12-14") }
        var replayed = 0
        for _ in 0..<300 {
            let a = start.plus(minutes: rng.next(below: span))
            // Short and long intervals alike: a minute to three days.
            let b = a.plus(seconds: Double(1 + rng.next(below: 3 * 24 * 3600)))
            for flight in flights where flight.dayStart <= b {
                let changes = flight.changes(after: a, through: b)
                #expect(changes.allSatisfy { $0.at > a && $0.at <= b })
                #expect(changes.map(\.position) == changes.map(\.position).sorted())
                let state = changes.reduce(flight.state(at: a)) { $0.applying($1) }
                #expect(state == flight.state(at: b), "\(flight.flightName) on \(flight.date) from \(a) to \(b)")
                replayed += changes.count
            }
        }
        #expect(replayed > 1000)
    }

    /// Splitting an interval anywhere gives the same changes: a watcher that wakes at odd
    /// instants sees what one answer for the whole interval lists, none lost, none repeated.
    @Test func intervalsSplitAnywhereGiveTheSameChanges() {
        let day = Self.window.flights(on: Fixture.today)
        let a = Fixture.instant("2026-11-29T23:00")
        let b = Fixture.instant("2026-12-01T03:00")
        let whole = ChangeQuery().changes(of: day, after: a, through: b)
        var pieces: [FlightChange] = []
        var rng = SplitMix64(seed: 7)
        var from = a
        while from < b {
            let to = min(b, from.plus(seconds: Double(1 + rng.next(below: 5400))))
            pieces += ChangeQuery().changes(of: day, after: from, through: to)
            from = to
        }
        #expect(pieces == whole)
        #expect(whole.count > 100)
        // A cursor resumes after a position: the rest, exactly.
        let middle = whole[whole.count / 2]
        #expect(
            ChangeQuery(after: middle.position).changes(of: day, after: a, through: b) == Array(whole[(whole.count / 2 + 1)...]))
    }

    /// Before its day nothing about a flight is revealed: the same rule for delays, cancellations
    /// and gate changes (tomorrow's flights show as scheduled, at their scheduled time and gate).
    @Test func nothingIsRevealedBeforeAFlightsDay() {
        for flight in Self.flights {
            let before = flight.state(at: flight.dayStart.plus(seconds: -1))
            #expect(before.status == .scheduled)
            #expect(before.currentTime == flight.scheduledTime)
            #expect(before.delayMinutes == 0)
            #expect(before.gate == flight.gate && before.previousGate == nil)
            #expect(before.remark == nil && before.changedAt == nil)
            #expect(flight.announcements.allSatisfy { $0.at >= flight.dayStart })
        }
    }

    /// No announcement comes after the fact it announces.
    @Test func announcementsComeBeforeWhatTheyAnnounce() throws {
        for flight in Self.flights {
            let leaves =
                flight.direction == .departure
                ? flight.scheduledTime : flight.scheduledTime.plus(minutes: -flight.otherAirport.flightMinutes)
            for announcement in flight.announcements {
                switch announcement.kind {
                case .time:
                    // Within the notice (or at midnight), and for a departure before boarding under the time then shown.
                    #expect(announcement.at <= leaves.plus(minutes: -30), "\(flight.flightName) \(flight.date)")
                    if flight.direction == .departure {
                        let shown = flight.currentTime(at: announcement.at.plus(seconds: -1))
                        #expect(announcement.at < shown.plus(minutes: -40))
                    }
                case .canceled:
                    #expect(announcement.at <= leaves.plus(minutes: -20))
                    #expect(announcement.at >= max(flight.dayStart, leaves.plus(minutes: -240)))
                case .gate:
                    #expect(announcement.at <= flight.scheduledTime.plus(minutes: -20))
                    #expect(announcement.at >= max(flight.dayStart, flight.scheduledTime.plus(minutes: -120)))
                case .diverted:
                    #expect(flight.status(at: announcement.at.plus(seconds: -1)) == .enRoute)
                    #expect(announcement.at < flight.currentTime)
                case .baggage:
                    #expect(announcement.at == flight.currentTime)
                }
            }
            // The last estimate is the flight's time.
            if flight.disruption.delayMinutes > 0 {
                let last = try #require(flight.announcements.last { $0.kind == .time })
                #expect(flight.currentTime(at: last.at) == flight.currentTime)
            }
        }
    }

    /// Statuses only move forward: a delay never takes a boarding flight back to delayed.
    @Test func statusesNeverGoBack() {
        func rank(_ status: FlightStatus) -> Int { FlightStatus.allCases.firstIndex(of: status)! }
        for flight in Self.flights {
            var previous = FlightStatus.scheduled
            for instant in flight.boardChanges {
                let status = flight.status(at: instant)
                // The enum lists the lifecycle in order, canceled and diverted last.
                #expect(rank(status) >= rank(previous), "\(flight.flightName) \(flight.date): \(previous) then \(status)")
                previous = status
            }
        }
    }

    @Test func noDivertedFlightLandsAndEveryLandedArrivalHasABelt() {
        let later = Fixture.instant("2027-01-01T00:00")
        for flight in Self.arrivals {
            let end = flight.state(at: later)
            if flight.divertedCity != nil {
                #expect(end.status == .diverted)
                #expect(end.baggage == nil)
                #expect(end.divertedTo != nil && end.divertedTo != flight.otherAirport.name)
                #expect(!flight.boardChanges.contains { flight.status(at: $0) == .landed })
            } else if end.status == .landed {
                let baggage = end.baggage
                #expect(baggage.map { (1...6).contains($0.belt) } == true, "\(flight.flightName) \(flight.date)")
                #expect(baggage.map { $0.firstBag > flight.currentTime && $0.lastBag > $0.firstBag } == true)
                #expect(flight.state(at: flight.currentTime.plus(seconds: -1)).baggage == nil)
            } else {
                #expect(end.status == .canceled)
            }
        }
        for flight in Self.flights where flight.direction == .departure {
            #expect(flight.baggage == nil && flight.divertedCity == nil)
        }
    }

    /// Rates over 600 flights, within the rules' defaults (about 15 % change gate, 1 % of arrivals divert).
    @Test func ratesFollowTheRules() {
        let gateChanges = Self.percent(Self.flights) { $0.changedGate != nil }
        #expect((9...21).contains(gateChanges), "gate changes \(gateChanges)%")
        let diverted = Self.percent(Self.arrivals) { $0.divertedCity != nil }
        #expect(diverted <= 3, "diversions \(diverted)%")
        #expect(Self.flights.contains { $0.divertedCity != nil })
        for flight in Self.flights {
            if let gate = flight.changedGate { #expect(gate != flight.gate) }
            let delays = flight.announcements.filter { $0.kind == .time }
            #expect(delays.count <= 3)
            #expect(delays.isEmpty == (flight.disruption.delayMinutes == 0))
            #expect(flight.announcements.filter { $0.kind == .canceled }.count == (flight.isCanceled ? 1 : 0))
        }
        let revised = Self.percent(Self.flights.filter { $0.disruption.delayMinutes > 5 }) {
            $0.announcements.count { $0.kind == .time } > 1
        }
        #expect(revised > 30, "delays revised \(revised)%")
    }

    /// The rules are the config's: none changes gate at 0 %, every flight at 100 %; no revision at 0.
    @Test func ratesAndLeadTimesComeFromTheConfig() {
        func flights(_ rules: AnnouncementRules) -> [Flight] {
            ScheduleWindow(
                source: ScheduleGenerator(config: ScheduleConfig(days: 5, announcements: rules)), at: Fixture.now
            ).allFlights
        }
        #expect(flights(AnnouncementRules(gateChangePercent: 0)).allSatisfy { $0.changedGate == nil })
        let always = flights(AnnouncementRules(gateChangePercent: 100, diversionPercent: 0))
        #expect(always.filter { !$0.isCanceled }.allSatisfy { $0.changedGate != nil })
        #expect(always.allSatisfy { $0.divertedCity == nil })
        let once = flights(AnnouncementRules(delayRevisions: 0))
        #expect(once.allSatisfy { flight in flight.announcements.count { $0.kind == .time } <= 1 })
        let late = flights(AnnouncementRules(cancelNotice: 20...20))
        for flight in late where flight.isCanceled {
            let leaves = flight.direction == .departure ? flight.scheduledTime : flight.departureTime
            #expect(flight.announcements.first { $0.kind == .canceled }?.at == leaves.plus(minutes: -20))
        }
        // The base facts never move with the rules.
        let plain = flights(.default)
        #expect(zip(plain, always).allSatisfy { $0.id == $1.id && $0.gate == $1.gate && $0.currentTime == $1.currentTime })
    }

    /// The same seed gives the same announcements and changes on every run (and machine: the
    /// golden file pins 2026-11-30).
    @Test func theSameSeedGivesTheSameChanges() {
        let again = ScheduleWindow(
            source: ScheduleGenerator(config: ScheduleConfig(days: 20)), at: Fixture.instant("2026-11-30T12:00")
        ).allFlights
        let a = Fixture.instant("2026-11-30T00:00")
        let b = Fixture.instant("2026-12-02T00:00")
        #expect(
            ChangeQuery().changes(of: again, after: a, through: b)
                == ChangeQuery().changes(of: Self.flights, after: a, through: b))
    }

    /// A remark is the latest announcement's text; the state says when it was made.
    @Test func theRemarkIsTheLatestAnnouncement() {
        for flight in Self.flights {
            for announcement in flight.announcements {
                let state = flight.state(at: announcement.at)
                let latest = flight.announcements(through: announcement.at).last
                #expect(state.remark == latest?.text)
                #expect(state.changedAt == announcement.at)
            }
        }
    }
}
