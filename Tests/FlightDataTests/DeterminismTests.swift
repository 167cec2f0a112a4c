import FlightData
import Foundation
import Testing

/// A flight is a pure function of (seed, local date, slot, config): the same
/// seed gives the same flights every run, and a window that starts later
/// reproduces the days it shares with an earlier one.
struct DeterminismTests {
    @Test func twoGenerationsAreEqual() {
        let first = ScheduleWindow(source: ScheduleGenerator(config: .default), at: Fixture.now)
        let second = ScheduleWindow(source: ScheduleGenerator(config: .default), at: Fixture.now)
        // `Flight` is compared field by field, history included.
        #expect(first.allFlights == second.allFlights)
        #expect(first.allFlights.count == 450)
    }

    @Test func generationOrderDoesNotMatter() {
        let dates = Fixture.window.dates
        let forward = dates.map(Fixture.generator.flights(on:))
        let backward = dates.reversed().map(Fixture.generator.flights(on:)).reversed()
        #expect(forward == Array(backward))
    }

    @Test func theTimeOfDayTheWindowIsOpenedDoesNotMatter() {
        let early = ScheduleWindow(source: Fixture.generator, at: Fixture.instant("2026-11-30T00:00"))
        let late = ScheduleWindow(source: Fixture.generator, at: Fixture.instant("2026-11-30T23:59:59"))
        #expect(early.firstDate == late.firstDate)
        #expect(early.allFlights == late.allFlights)
    }

    /// A daemon started `shift` days later agrees on every day the two windows share:
    /// same ids, airline, number, city, gate, times, disruption and history.
    @Test(arguments: [1, 2, 7, 14])
    func aLaterWindowAgreesOnTheOverlap(shift: Int) throws {
        let earlier = Fixture.window
        // A fresh generator, its days generated once for the many lookups below.
        let later = ScheduleWindow(
            source: PrecomputedSource(
                ScheduleGenerator(config: .default), dates: (0..<15).map { Fixture.today.adding(days: shift + $0) }),
            at: Fixture.now.plus(minutes: shift * 24 * 60))
        #expect(later.firstDate == earlier.firstDate.adding(days: shift))
        let shared = earlier.dates.filter(later.contains)
        #expect(shared.count == 15 - shift)
        for date in shared {
            let before = earlier.flights(on: date)
            let after = later.flights(on: date)
            #expect(before.map(\.id) == after.map(\.id), "ids on \(date)")
            #expect(before == after, "flights on \(date)")
        }
        // And the id lookup of the later window finds the same flights.
        for flight in earlier.allFlights where later.contains(flight.date) {
            #expect(later.flight(id: flight.id) == flight)
        }
    }

    @Test func anotherSeedGivesAnotherSchedule() {
        let other = ScheduleWindow(source: ScheduleGenerator(config: ScheduleConfig(seed: 2025)), at: Fixture.now)
        let mine = Fixture.window.allFlights
        let theirs = other.allFlights
        #expect(mine.count == theirs.count)
        let sameDesignator = zip(mine, theirs).filter { $0.flightName == $1.flightName }.count
        let sameID = zip(mine, theirs).filter { $0.id == $1.id }.count
        #expect(sameDesignator < 10)
        #expect(sameID < 10)
    }
}
