import Foundation
import Testing

@testable import FlightData

/// A flight's past days are packed four bits a day; every outcome the generator can draw comes back.
struct PastDaysTests {
    let zone = TimeZone(identifier: "America/New_York")!

    @Test func everyOutcomeTheGeneratorDrawsRoundTrips() {
        let delays = (1...(FlightCatalog.maxDelayMinutes / FlightCatalog.stepMinutes)).map {
            Disruption.delayed(minutes: $0 * FlightCatalog.stepMinutes)
        }
        let outcomes: [Disruption] = [.onTime, .canceled] + delays
        #expect(outcomes.count <= 16)
        #expect(PastDays(outcomes, timeZone: zone).outcomes == outcomes)
        #expect(PastDays(outcomes.reversed(), timeZone: zone).outcomes == outcomes.reversed())
        #expect(PastDays([], timeZone: zone).outcomes.isEmpty)
    }

    @Test func aFlightsHistoryIsItsPastDaysPlacedInTime() throws {
        let generator = ScheduleGenerator(config: .default)
        let day = try #require(LocalDate(year: 2026, month: 11, day: 30))
        let flight = try #require(generator.flights(on: day).first)
        #expect(flight.history.count == FlightCatalog.historyDays)
        for (entry, outcome) in zip(flight.history, flight.pastDays.outcomes) {
            #expect(entry.delayMinutes == outcome.delayMinutes)
            #expect((entry.status == .canceled) == (outcome == .canceled))
            #expect(
                entry.actualTime
                    == (outcome == .canceled ? nil : entry.scheduledTime.addingTimeInterval(Double(outcome.delayMinutes * 60))))
        }
        #expect(flight.history.map(\.date) == (1...10).map { flight.date.adding(days: -$0) })
    }
}
