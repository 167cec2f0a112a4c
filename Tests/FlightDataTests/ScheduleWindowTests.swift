import FlightData
import Foundation
import Testing

/// The window: `days` local days from the airport's date, sliding at local
/// midnight, and finding flights by id and designator.
struct ScheduleWindowTests {
    @Test func theDefaultWindowIsFifteenDaysOfThirtyFlights() {
        let window = Fixture.window
        #expect(window.firstDate == Fixture.today)
        #expect(window.lastDate == Fixture.date("2026-12-14"))
        #expect(window.dates.count == 15)
        #expect(window.dates == (0..<15).map { Fixture.today.adding(days: $0) })
        #expect(window.allFlights.count == 450)
        #expect(Set(window.allFlights.map(\.id)).count == 450)
        #expect(window.dates.allSatisfy { window.flights(on: $0).count == 30 })
    }

    @Test func nothingOutsideTheWindow() {
        let window = Fixture.window
        for date in [Fixture.today.adding(days: -1), Fixture.today.adding(days: 15), Fixture.date("2030-01-01")] {
            #expect(!window.contains(date))
            #expect(window.flights(on: date).isEmpty)
        }
        #expect(window.contains(Fixture.today) && window.contains(window.lastDate))
    }

    /// One second before local midnight the window still starts the day
    /// before; at midnight it starts the new day. `nextSlide` is that midnight.
    @Test(arguments: [
        ("America/New_York", "2026-11-30"), ("America/New_York", "2026-03-08"), ("America/New_York", "2026-03-09"),
        ("America/New_York", "2026-11-01"), ("America/New_York", "2026-11-02"), ("Europe/London", "2026-03-29"),
        ("Europe/London", "2026-03-30"), ("Europe/London", "2026-10-25"), ("Europe/London", "2026-10-26"),
    ])
    func theWindowSlidesAtLocalMidnight(zone: String, date: String) {
        let config = Fixture.config(timeZone: zone)
        let clock = LocalTime(timeZone: config.airport.timeZone)
        let generator = ScheduleGenerator(config: config)
        let day = Fixture.date(date)
        let midnight = Fixture.instant("\(date)T00:00", on: clock)
        #expect(midnight == clock.startOfDay(day))

        let before = ScheduleWindow(source: generator, at: midnight.plus(seconds: -1))
        let at = ScheduleWindow(source: generator, at: midnight)
        #expect(before.firstDate == day.adding(days: -1))
        #expect(at.firstDate == day)
        #expect(before.nextSlide == midnight)
        #expect(at.nextSlide == clock.startOfDay(day.adding(days: 1)))
        #expect(ScheduleWindow(source: generator, at: at.nextSlide.plus(seconds: -1)).firstDate == day)
        #expect(ScheduleWindow(source: generator, at: at.nextSlide).firstDate == day.adding(days: 1))
        // The day that slid out is gone, a new last day came in, the rest is unchanged.
        #expect(!at.contains(day.adding(days: -1)) && at.contains(day.adding(days: 14)))
        #expect(before.flights(on: day.adding(days: 3)) == at.flights(on: day.adding(days: 3)))
    }

    @Test func aWindowOpeningOnAShortDaySlidesTwentyThreeHoursLater() {
        let clock = Fixture.localTime("America/New_York")
        let window = ScheduleWindow(source: Fixture.generator, at: Fixture.instant("2026-03-08T12:00"))
        #expect(window.nextSlide.timeIntervalSince(clock.startOfDay(window.firstDate)) == 23 * 3600)
        #expect(clock.iso8601(window.nextSlide) == "2026-03-09T00:00:00-04:00")
    }

    /// A designator names today's flight, else the next day's in the window that has it.
    @Test func aDesignatorIsTodaysFlightElseTheNextOne() throws {
        let window = Fixture.window
        let flights = window.allFlights
        let todays = try #require(window.flights(on: Fixture.today).first)
        let designator = try #require(Designator(todays.flightName))
        #expect(window.flight(designator: designator) == todays)

        // One that does not fly today but does later on.
        let todayNames = Set(window.flights(on: Fixture.today).map(\.flightName))
        let later = try #require(flights.first { !todayNames.contains($0.flightName) })
        let laterDesignator = try #require(Designator(later.flightName))
        #expect(window.flight(designator: laterDesignator) == later)
        #expect(window.flight(designator: laterDesignator, on: later.date) == later)
        #expect(window.flight(designator: laterDesignator, on: Fixture.today) == nil)
        #expect(window.flight(designator: laterDesignator, on: later.date.adding(days: 100)) == nil)

        // One that flies nowhere in the window.
        let names = Set(flights.map(\.flightName))
        let nowhere = try #require(
            FlightCatalog.airlines.lazy.flatMap { airline in (100...999).lazy.map { "\(airline) \($0)" } }.first {
                !names.contains($0)
            })
        #expect(window.flight(designator: try #require(Designator(nowhere))) == nil)
    }

    @Test func aReferenceResolvesOnItsDate() throws {
        let window = Fixture.window
        let flight = try Fixture.flight { $0.date == Fixture.today.adding(days: 2) && $0.slot == 7 }
        #expect(window.flight(.id(flight.id)) == flight)
        #expect(window.flight(.id(flight.id), on: flight.date) == flight)
        #expect(window.flight(.id(flight.id), on: Fixture.today) == nil)
        #expect(window.flight(.id(12)) == nil)
        let designator = try #require(Designator(flight.flightName))
        #expect(window.flight(.designator(designator), on: flight.date) == flight)
        #expect(window.flight(try #require(FlightReference(String(flight.id)))) == flight)
        #expect(window.flight(try #require(FlightReference(flight.flightName)), on: flight.date) == flight)
    }
}
