import FlightData
import Foundation
import Testing

/// Flight ids: positive, at most 7 digits, unique in the window, stable as it
/// slides, and decodable back to (day, slot).
struct FlightIdentityTests {
    @Test func theDefaultWindowHas450FlightsWith450DistinctFourDigitIDs() {
        let flights = Fixture.window.allFlights
        #expect(flights.count == 15 * 30)
        #expect(Set(flights.map(\.id)).count == 450)
        #expect(flights.allSatisfy { (1000...9999).contains($0.id) })
    }

    @Test func aYearLongWindowHasDistinctSevenDigitIDs() {
        let window = ScheduleWindow(source: ScheduleGenerator(config: ScheduleConfig(days: 366)), at: Fixture.now)
        let ids = window.allFlights.map(\.id)
        #expect(ids.count == 366 * 30)
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { (1_000_000...9_999_999).contains($0) })
    }

    /// The largest allowed config, 366 days x 3000 flights: every slot of
    /// every third day of a window and its last day, about 370,000 ids.
    /// (All 1.1 million take 1.5 s in a debug build. The Feistel network is a
    /// bijection, so a collision could only come from the cycle walking or the
    /// range, which would show in any large sample.)
    @Test func theLargestConfigHasDistinctIDs() {
        let config = ScheduleConfig(days: 366, flightsPerDay: 3000)
        let identity = FlightIdentity(config: config)
        let first = Fixture.today.dayNumber
        var seen = [Bool](repeating: false, count: 9_000_000)
        var duplicates = 0
        var outOfRange = 0
        for day in Array(stride(from: first, to: first + 366, by: 3)) + [first + 365] {
            for slot in 0..<3000 {
                let id = identity.id(dayNumber: day, slot: slot)
                guard (1_000_000...9_999_999).contains(id) else {
                    outOfRange += 1
                    continue
                }
                if seen[id - 1_000_000] { duplicates += 1 }
                seen[id - 1_000_000] = true
            }
        }
        #expect(duplicates == 0)
        #expect(outOfRange == 0)
    }

    /// 9000 flights is the most that get four-digit ids; then they fill 1000...9999 exactly.
    @Test func fourDigitIDsUpTo9000FlightsThenSevenDigits() {
        let full = FlightIdentity(config: ScheduleConfig(days: 300, flightsPerDay: 30))
        let ids = (0..<300).flatMap { day in (0..<30).map { full.id(dayNumber: day, slot: $0) } }
        #expect(Set(ids) == Set(1000...9999))

        let over = FlightIdentity(config: ScheduleConfig(days: 300, flightsPerDay: 31))
        #expect((1_000_000...9_999_999).contains(over.id(dayNumber: 0, slot: 0)))
    }

    @Test(arguments: [
        ScheduleConfig.default, ScheduleConfig(days: 1, flightsPerDay: 1), ScheduleConfig(days: 366),
        ScheduleConfig(seed: 1, days: 7, flightsPerDay: 3000),
    ])
    func decodeInvertsID(config: ScheduleConfig) throws {
        let identity = FlightIdentity(config: config)
        // Every day residue, and a spread of slots (all of them below 100 flights a day).
        let slots = Set(0..<min(100, config.flightsPerDay)).union(stride(from: 0, to: config.flightsPerDay, by: 97))
        for residue in 0..<config.days {
            for slot in slots {
                let decoded = try #require(identity.decode(identity.id(dayNumber: residue, slot: slot)))
                #expect(decoded.dayResidue == residue && decoded.slot == slot)
                // Any date with that residue has the same id.
                #expect(
                    identity.id(dayNumber: residue + 7 * config.days, slot: slot) == identity.id(dayNumber: residue, slot: slot))
                #expect(
                    identity.id(dayNumber: residue - 3 * config.days, slot: slot) == identity.id(dayNumber: residue, slot: slot))
            }
        }
    }

    @Test func onlyTheWindowsIDsDecode() {
        let identity = FlightIdentity(config: .default)
        #expect((1000...9999).count { identity.decode($0) != nil } == 450)
        for id in [-1, 0, 1, 999, 10_000, 1_000_000, Int.max] {
            #expect(identity.decode(id) == nil, "\(id)")
        }
    }

    @Test func theWindowFindsEveryFlightByIDAndNothingElse() {
        let window = Fixture.window
        let flights = window.allFlights
        for flight in flights {
            #expect(window.flight(id: flight.id) == flight)
        }
        let ids = Set(flights.map(\.id))
        let strangers = (1000...9999).filter { !ids.contains($0) }.prefix(200)
        #expect(strangers.allSatisfy { window.flight(id: $0) == nil })
        #expect(window.flight(id: 42) == nil)
    }

    /// Ids are unique in a window, not forever: `days` days later the same slot
    /// has the same id. Whoever remembers an id must remember its date too,
    /// as the client's state does.
    @Test func idsComeBackAfterAWindowsLengthOfDays() throws {
        let flight = try Fixture.flight { $0.date == Fixture.today && $0.slot == 3 }
        let later = ScheduleWindow(source: Fixture.generator, at: Fixture.now.plus(minutes: 15 * 24 * 60))
        #expect(!later.contains(flight.date))
        let successor = try #require(later.flight(id: flight.id))
        #expect(successor.date == Fixture.today.adding(days: 15))
        #expect(successor.slot == 3)
        #expect(later.flight(.id(flight.id), on: flight.date) == nil)
    }

    @Test func theSeedChoosesThePermutation() {
        let a = FlightIdentity(config: ScheduleConfig(seed: 1))
        let b = FlightIdentity(config: ScheduleConfig(seed: 2))
        let differing = (0..<30).count { a.id(dayNumber: 0, slot: $0) != b.id(dayNumber: 0, slot: $0) }
        #expect(differing > 25)
    }
}
