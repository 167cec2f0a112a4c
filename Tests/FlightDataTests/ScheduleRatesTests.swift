import FlightData
import Foundation
import Testing

/// The schedule's shape and rates over a large sample: 200 days x 30 flights
/// from 2026-01-01 (through the March change to daylight time).
///
/// The expectations are the contract's facts, written out here rather than
/// read from `FlightCatalog`, so that a change to the catalog shows up.
struct ScheduleRatesTests {
    static let config = ScheduleConfig(days: 200)
    static let window = ScheduleWindow(
        source: ScheduleGenerator(config: config), at: Fixture.instant("2026-01-01T12:00"))
    static let flights = window.allFlights
    static let days = Dictionary(grouping: flights, by: \.date)

    static let contractAirlines: Set = ["US", "Southeast", "Pacific", "Overland"]
    static let contractCities = [
        "Charlotte": 70, "Atlanta": 60, "Chicago": 105, "Dallas/Ft. Worth": 135, "Detroit": 95, "Miami": 125,
        "Nashville": 65, "New York-LGA": 105, "Denver": 190, "Phoenix": 225, "Las Vegas": 255,
    ]
    static let contractGates: Set = ["A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4", "B5"]

    /// Percent of `items` for which `predicate` holds.
    static func percent<T>(_ items: [T], _ predicate: (T) -> Bool) -> Double {
        Double(items.count(where: predicate)) * 100 / Double(items.count)
    }

    @Test func theSampleIsWhole() {
        #expect(Self.flights.count == 200 * 30)
        #expect(Self.days.count == 200)
        for (date, flights) in Self.days {
            #expect(flights.map(\.slot) == Array(0..<30), "slots of \(date)")
            #expect(flights.allSatisfy { $0.date == date })
        }
    }

    /// About 67% on time, 23% delayed, 10% canceled: within 3 points (5 standard deviations at 6000 flights).
    @Test func disruptionRatesFollowTheContract() {
        let onTime = Self.percent(Self.flights) { $0.disruption == .onTime }
        let delayed = Self.percent(Self.flights) { $0.disruption.delayMinutes > 0 }
        let canceled = Self.percent(Self.flights) { $0.isCanceled }
        #expect(abs(onTime - 67) <= 3, "on time \(onTime)%")
        #expect(abs(delayed - 23) <= 3, "delayed \(delayed)%")
        #expect(abs(canceled - 10) <= 3, "canceled \(canceled)%")
        #expect(abs(onTime + delayed + canceled - 100) < 1e-9)
    }

    /// Seen at the end of each day (how the history reads it), the same rates: 60,000 operations,
    /// within 2 points; a diverted flight (about half a percent) counts as neither on time nor delayed.
    @Test func historyRatesFollowTheContract() {
        let entries = Self.flights.flatMap { Self.window.history(of: $0, at: .distantFuture) }
        #expect(entries.count == 200 * 30 * 10)
        #expect(abs(Self.percent(entries, \.ranOnTime) - 67) <= 2)
        #expect(abs(Self.percent(entries) { $0.actualTime != nil && $0.delayMinutes > 0 } - 23) <= 2)
        #expect(abs(Self.percent(entries) { $0.status == .canceled } - 10) <= 2)
        #expect(Self.percent(entries) { $0.status == .diverted } < 1)
    }

    @Test func delaysAreFiveMinuteStepsUpToAnHour() {
        let delays = Self.flights.map(\.disruption.delayMinutes).filter { $0 != 0 }
        #expect(delays.allSatisfy { (5...60).contains($0) && $0 % 5 == 0 })
        #expect(Set(delays) == Set(stride(from: 5, through: 60, by: 5)))
        let historyDelays = Self.flights.flatMap { Self.window.history(of: $0, at: .distantFuture) }.map(\.delayMinutes).filter {
            $0 > 0
        }
        #expect(historyDelays.allSatisfy { (5...60).contains($0) && $0 % 5 == 0 })
        #expect(Set(historyDelays).count == 12)
    }

    @Test func directionsAlternateBySlotStartingWithAnArrival() {
        for flight in Self.flights {
            #expect(
                flight.direction == (flight.slot % 2 == 0 ? .arrival : .departure), "\(flight.flightName) slot \(flight.slot)")
        }
    }

    @Test func scheduledTimesAreFiveMinuteMarksFromSixThroughTheEvening() {
        let clock = Self.window.localTime
        for flight in Self.flights {
            #expect((360...1375).contains(flight.scheduledMinute), "06:00...22:55: \(flight.scheduledMinute)")
            #expect(flight.scheduledMinute % 5 == 0)
            #expect(clock.minuteOfDay(at: flight.scheduledTime) == flight.scheduledMinute)
            #expect(clock.date(at: flight.scheduledTime) == flight.date)
        }
        for (date, flights) in Self.days {
            let minutes = flights.sorted { $0.slot < $1.slot }.map(\.scheduledMinute)
            #expect(zip(minutes, minutes.dropFirst()).allSatisfy { $0 <= $1 }, "times by slot on \(date)")
            // The day is filled: the first flight early in the morning, the last late in the evening.
            #expect(minutes.first! < 7 * 60 && minutes.last! >= 22 * 60, "\(date) spans \(minutes.first!)...\(minutes.last!)")
        }
    }

    @Test func gatesAreA1ToB5AndTheTerminalIsTheGateLetter() {
        for flight in Self.flights {
            #expect(Self.contractGates.contains(flight.gate.description))
            #expect(flight.gate.description == "\(flight.gate.terminal)\(flight.gate.number)")
            #expect(["A", "B"].contains(flight.gate.terminal))
        }
        #expect(Set(Self.flights.map(\.gate.description)) == Self.contractGates)
    }

    @Test func airlinesAndNumbersAreTheContracts() {
        #expect(Self.flights.allSatisfy { (100...999).contains($0.number) })
        #expect(Set(Self.flights.map(\.airline)) == Self.contractAirlines)
        #expect(Self.flights.allSatisfy { $0.flightName == "\($0.airline) \($0.number)" })
    }

    @Test func citiesComeWithTheContractsFlightTimes() {
        for flight in Self.flights {
            #expect(Self.contractCities[flight.otherAirport.name] == flight.otherAirport.flightMinutes, "\(flight.otherAirport)")
        }
        #expect(Set(Self.flights.map(\.otherAirport.name)) == Set(Self.contractCities.keys))
        #expect(Set(FlightCatalog.cities.map(\.name)) == Set(Self.contractCities.keys))
    }

    @Test func noDesignatorTwiceInADay() {
        for (date, flights) in Self.days {
            #expect(Set(flights.map(\.flightName)).count == flights.count, "designators on \(date)")
        }
    }

    @Test func timesFollowTheDisruption() {
        for flight in Self.flights {
            #expect(flight.dayStart == Self.window.localTime.startOfDay(flight.date))
            switch flight.disruption {
            case .onTime, .canceled: #expect(flight.currentTime == flight.scheduledTime)
            case .delayed(let minutes): #expect(flight.currentTime == flight.scheduledTime.plus(minutes: minutes))
            }
        }
    }

    /// A flight's history is its service's last ten operations, most recent first, each on a day
    /// the service runs and at its minute, as `HistoryEntry(ended:)` reads that day's flight.
    @Test func historyIsTheServicesLastTenOperationsMostRecentFirst() {
        let clock = Self.window.localTime
        let timetable = Self.window.source.timetable
        for flight in Self.flights.prefix(30 * 20) {
            let service = timetable.services[Int(flight.serviceID)]
            let history = Self.window.history(of: flight, at: .distantFuture)
            #expect(history.count == 10)
            let dates = history.map(\.date)
            #expect(dates == dates.sorted(by: >) && dates.allSatisfy { $0 < flight.date && service.runs(on: $0) })
            // No day it ran is skipped between the oldest entry and the flight.
            let ran = (1...(flight.date.dayNumber - dates.last!.dayNumber)).map { flight.date.adding(days: -$0) }
                .filter(service.runs)
            #expect(ran == dates, "\(flight.flightName) of \(flight.date)")
            for entry in history {
                #expect(clock.minuteOfDay(at: entry.scheduledTime) == flight.scheduledMinute)
                #expect(clock.date(at: entry.scheduledTime) == entry.date)
                switch entry.status {
                case .departed, .landed:
                    #expect(entry.actualTime == entry.scheduledTime.plus(minutes: entry.delayMinutes))
                case .canceled:
                    #expect(entry.actualTime == nil && entry.delayMinutes == 0)
                case .diverted:
                    #expect(entry.actualTime == nil && flight.direction == .arrival)
                default:
                    Issue.record("\(flight.flightName) ended \(entry.status) on \(entry.date)")
                }
            }
            #expect(history.onTimeRate == Double(history.count(where: \.ranOnTime)) / 10)
        }
    }

    /// Any allowed size of day keeps the shape: slots, marks, order, unique designators.
    @Test(arguments: [1, 2, 29, 30, 203, 204, 205, 1000, 3000])
    func everyDaySizeKeepsTheShape(flightsPerDay: Int) {
        let config = ScheduleConfig(flightsPerDay: flightsPerDay)
        let flights = ScheduleGenerator(config: config).flights(on: Fixture.today)
        #expect(flights.count == flightsPerDay)
        #expect(flights.map(\.slot) == Array(0..<flightsPerDay))
        #expect(flights.allSatisfy { (360...1375).contains($0.scheduledMinute) && $0.scheduledMinute % 5 == 0 })
        #expect(zip(flights, flights.dropFirst()).allSatisfy { $0.scheduledMinute <= $1.scheduledMinute })
        #expect(Set(flights.map(\.flightName)).count == flightsPerDay)
        #expect(Set(flights.map(\.id)).count == flightsPerDay)
        #expect(flights.allSatisfy { $0.direction == ($0.slot % 2 == 0 ? .arrival : .departure) })
    }
}
