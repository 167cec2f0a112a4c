import Foundation
import Testing

@testable import FlightData

/// Codeshares: about a third of the timetable's services are also sold under one or two other
/// airlines' designators, none repeating a designator of the day, and a flight is found by any of them.
struct CodeshareTests {
    let generator = ScheduleGenerator(config: .default)

    func days(_ count: Int) throws -> [LocalDate] {
        let first = try #require(LocalDate(year: 2026, month: 11, day: 30))
        return (0..<count).map { first.adding(days: $0) }
    }

    @Test func eachFlightCarriesOneOrTwoPartnersDesignatorsUniqueInTheDay() throws {
        var withCodeshares = 0
        for day in try days(20) {
            let flights = generator.flights(on: day)
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
        #expect(withCodeshares > 0)
    }

    /// The share is drawn per service (a flight carries its service's codeshares every day it runs),
    /// so the days of one timetable repeat the same few dozen draws: it is measured over the services
    /// of 200 timetables (seeds 2024 to 2223, about 7,500 services). Each service draws codeshares
    /// with probability p = `codesharePercent` / 100 = 0.33, independently, so the share has standard
    /// deviation sqrt(p(1 - p) / n), about 0.0055; it must be within 4 of those of p (0.31 to 0.35):
    /// a correct generator would fall outside with probability about 6e-5 (the seeds fix the draws,
    /// so the result is the same on every run), a share off by 2 points would not pass. Of the services
    /// with codeshares, one or two partners are equally likely: half have two, within 4 deviations
    /// of sqrt(0.25 / n). (A single timetable of 3,000 flights a day would not do: its services
    /// take all 3,600 designators, and no number is left for a partner.)
    @Test func aboutAThirdOfServicesCarryOneOrTwoPartnersDesignators() {
        var services = 0
        var shared = 0
        var twoPartners = 0
        for seed in UInt64(2024)...2223 {
            let timetable = Timetable(config: ScheduleConfig(seed: seed))
            services += timetable.services.count
            shared += timetable.services.count { $0.codeshares.count > 0 }
            twoPartners += timetable.services.count { $0.codeshares.count == 2 }
        }
        let p = Double(FlightCatalog.codesharePercent) / 100
        let share = Double(shared) / Double(services)
        #expect(services > 7000)
        #expect(abs(share - p) <= 4 * (p * (1 - p) / Double(services)).squareRoot(), "\(shared) of \(services)")
        let two = Double(twoPartners) / Double(shared)
        #expect(abs(two - 0.5) <= 4 * (0.25 / Double(shared)).squareRoot(), "\(twoPartners) of \(shared) have two")
    }

    /// At the largest day (3,000 flights) the timetable's services take the designators a
    /// partner would need: partners run out, and the day is still made, every designator unique.
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
        "Overland 648: Pacific 515", "US 403: Pacific 263", "Southeast 464: Pacific 148", "US 953: Pacific 333, Overland 601",
        "Overland 256: Pacific 711, US 289", "Southeast 428: Overland 868, Pacific 228", "Pacific 762: US 257, Overland 659",
        "Pacific 320: Overland 209", "Overland 432: Pacific 751, Southeast 358", "US 587: Overland 422, Pacific 530",
        "Overland 857: Pacific 944", "Southeast 682: Overland 880", "Southeast 972: Pacific 198",
        "Southeast 791: Pacific 788, US 496",
    ]
}

extension CodeshareTests {
    /// A partner's designator finds the operating flight, once: the board has one row per operating flight.
    @Test func searchFindsAFlightByItsCodeshare() throws {
        // US 953 is also sold as Pacific 333 and Overland 601.
        let results = FlightSearch(text: "pacific 333").run(in: Fixture.window, at: Fixture.now)
        let today = try #require(results.first { $0.date == Fixture.today })
        #expect(today.flights.map(\.flightName) == ["US 953"])
        for flight in results.flatMap(\.flights) {
            #expect(flight.flightName == "Pacific 333" || flight.codeshares.names.contains("Pacific 333"))
        }
        // The daemon's cached matcher agrees (codeshares are part of its key).
        #expect(
            FlightSearch(text: "Overland601").run(in: Fixture.window, at: Fixture.now).first?.flights.first?.flightName
                == "US 953")
    }

    /// Why a flight was found, when it was through a partner's designator and nothing of its own:
    /// US 953, found by `pacific 333`, is there as Pacific 333; found by its own name, city or number, as nothing.
    @Test func aFlightFoundOnlyThroughAPartnersDesignatorSaysWhich() throws {
        func why(_ text: String, _ flight: Flight) -> String? {
            FlightSearch(text: text).codeshareMatch(
                airline: flight.airline, number: flight.number, city: flight.otherAirport.name,
                gate: flight.gate.description, id: flight.id, codeshares: flight.codeshares.names)
        }
        let flights = Fixture.window.flights(on: Fixture.today)
        let us953 = try #require(flights.first { $0.flightName == "US 953" })
        #expect(why("pacific 333", us953) == "Pacific 333")
        #expect(why("Overland601", us953) == "Overland 601")
        #expect(why("overland 6", us953) == "Overland 601", "the start of a designator")
        for own in ["US 953", "us9", "953", us953.otherAirport.name, String(us953.id), "pacific"] {
            #expect(why(own, us953) == nil, "\(own) finds it by its own")
        }
        // Over the window: a reason only for a flight the search finds, one of its partners, never
        // where its own designator would find it.
        var reasons = 0
        for text in ["pacific 3", "overland 6", "us 2", "southeast 4", "overland", "9"] {
            let search = FlightSearch(text: text)
            let compact = text.lowercased().filter { !$0.isWhitespace }
            for flight in Fixture.window.dates.flatMap(Fixture.window.flights(on:)) {
                guard let reason = why(text, flight) else { continue }
                reasons += 1
                #expect(search.matches(flight) && flight.codeshares.names.contains(reason), "\(text): \(flight.flightName)")
                #expect(!flight.flightName.lowercased().filter { !$0.isWhitespace }.hasPrefix(compact))
            }
        }
        #expect(reasons > 0)
    }
}
