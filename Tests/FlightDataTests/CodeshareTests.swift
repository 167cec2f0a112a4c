import Foundation
import Testing

@testable import FlightData

/// Codeshares: about a third of flights are also sold under one or two other airlines' designators,
/// none repeating a designator of the day, and a flight is found by any of them.
struct CodeshareTests {
    let generator = ScheduleGenerator(config: .default)

    func days(_ count: Int) throws -> [LocalDate] {
        let first = try #require(LocalDate(year: 2026, month: 11, day: 30))
        return (0..<count).map { first.adding(days: $0) }
    }

    @Test func aboutAThirdOfFlightsCarryOneOrTwoPartnersDesignatorsUniqueInTheDay() throws {
        var withCodeshares = 0
        var total = 0
        for day in try days(20) {
            let flights = generator.flights(on: day)
            total += flights.count
            var names = Set(flights.map(\.flightName))
            #expect(names.count == flights.count)
            for flight in flights {
                let partners = flight.codeshares.designators
                #expect(partners.count <= 2)
                if !partners.isEmpty { withCodeshares += 1 }
                #expect(
                    partners.allSatisfy { $0.airline != flight.airline }, "a partner is another airline: \(flight.flightName)")
                #expect(Set(partners.map(\.airline)).count == partners.count, "two partners are two airlines")
                #expect(partners.allSatisfy { FlightCatalog.flightNumbers.contains($0.number) })
                for name in flight.codeshares.names { #expect(names.insert(name).inserted, "\(name) repeats on \(day)") }
            }
        }
        let share = Double(withCodeshares) / Double(total)
        #expect((0.25...0.41).contains(share), "\(withCodeshares) of \(total)")
    }

    /// At the largest day (3,000 flights) there are more codeshares than free numbers: partners
    /// run out, and the day is still made, every designator unique.
    @Test func theFullestDayStillEndsWithUniqueDesignators() throws {
        var config = ScheduleConfig.default
        config.flightsPerDay = 3000
        let flights = ScheduleGenerator(config: config).flights(on: try days(1)[0])
        let names = flights.flatMap { [$0.flightName] + $0.codeshares.names }
        #expect(Set(names).count == names.count)
        #expect(names.count <= FlightCatalog.airlines.count * FlightCatalog.flightNumbers.count)
    }

    @Test func aFlightIsFoundByItsCodeshare() throws {
        let window = ScheduleWindow(source: generator, at: Fixture.now)
        let today = window.firstDate
        let shared = try #require(generator.flights(on: today).first { !$0.codeshares.designators.isEmpty })
        let name = try #require(shared.codeshares.names.first)
        let designator = try #require(Designator(name))
        #expect(window.flight(designator: designator, on: today)?.id == shared.id)
        #expect(window.flight(.designator(designator))?.id == shared.id)
    }
}

extension CodeshareTests {
    /// The golden codeshares of seed 2024's first day: the same on every machine.
    @Test func theFirstDaysCodesharesAreGolden() throws {
        let day = try #require(LocalDate(year: 2026, month: 11, day: 30))
        let shared = generator.flights(on: day).filter { !$0.codeshares.names.isEmpty }
            .map { "\($0.flightName): \($0.codeshares.names.joined(separator: ", "))" }
        #expect(shared == Self.golden, "\(shared)")
    }

    static let golden = [
        "Overland 433: Pacific 340, US 705", "US 686: Overland 585, Southeast 362", "Southeast 666: Overland 509, US 255",
        "Pacific 807: Overland 514", "US 658: Overland 986", "Overland 914: US 544, Pacific 331",
        "US 751: Southeast 713, Overland 851", "Overland 384: US 903, Southeast 303", "US 233: Overland 707, Southeast 635",
        "Pacific 289: Overland 333, Southeast 625", "US 480: Pacific 617",
    ]
}

extension CodeshareTests {
    /// A partner's designator finds the operating flight, once: the board has one row per operating flight.
    @Test func searchFindsAFlightByItsCodeshare() throws {
        let results = FlightSearch(text: "pacific 340").run(in: Fixture.window, at: Fixture.now)
        let today = try #require(results.first { $0.date == Fixture.today })
        #expect(today.flights.map(\.flightName) == ["Overland 433"])
        for flight in results.flatMap(\.flights) {
            #expect(flight.flightName == "Pacific 340" || flight.codeshares.names.contains("Pacific 340"))
        }
        // The daemon's cached matcher agrees (codeshares are part of its key).
        #expect(
            FlightSearch(text: "US705").run(in: Fixture.window, at: Fixture.now).first?.flights.first?.flightName
                == "Overland 433")
    }
}
