import FlightData
import Foundation
import Testing

/// The timetable: services that fill every day's slots, so flight numbers repeat on the days a
/// service runs, and every day has exactly `flightsPerDay` flights.
struct TimetableTests {
    static let generator = Fixture.generator
    static let timetable = generator.timetable
    /// Four weeks from the fixture's Monday: every weekday four times.
    static let weeks = (0..<28).map { Fixture.today.adding(days: $0) }

    /// Every slot holds exactly one service on each weekday: one daily service, or services whose
    /// weekdays share out the week without overlap.
    @Test(arguments: [1, 2, 30, 204, 1000, 3000])
    func everySlotIsFilledOnEveryWeekdayByExactlyOneService(flightsPerDay: Int) {
        let timetable = Timetable(config: ScheduleConfig(flightsPerDay: flightsPerDay))
        #expect(timetable.flightsPerDay == flightsPerDay)
        for (slot, services) in Dictionary(grouping: timetable.services, by: \.slot) {
            var week: UInt8 = 0
            for service in services {
                #expect(week & service.weekdays.rawValue == 0, "slot \(slot): \(service.flightName) overlaps")
                week |= service.weekdays.rawValue
                #expect(service.direction == (slot % 2 == 0 ? .arrival : .departure))
            }
            #expect(week == Weekdays.daily.rawValue, "slot \(slot) leaves a weekday empty")
        }
        #expect(Set(timetable.services.map(\.slot)) == Set(0..<flightsPerDay))
        #expect(timetable.services.map(\.id) == Array(timetable.services.indices))
    }

    /// No designator, operating or sold as a codeshare, belongs to two services, even at 3,000 flights
    /// a day, where the 3,600 designators run short.
    @Test(arguments: [30, 1000, 3000])
    func everyDesignatorNamesOneService(flightsPerDay: Int) {
        let timetable = Timetable(config: ScheduleConfig(flightsPerDay: flightsPerDay))
        var names: [String] = []
        for service in timetable.services {
            names.append(service.flightName)
            names += service.codeshares.names
            #expect(FlightCatalog.flightNumbers.contains(service.number))
            #expect(timetable.service(airline: service.airline, number: service.number) == service)
            for share in service.codeshares.designators {
                #expect(timetable.service(airline: share.airline, number: share.number) == service)
            }
        }
        #expect(Set(names).count == names.count)
        #expect(timetable.services.count <= FlightCatalog.airlines.count * FlightCatalog.flightNumbers.count)
    }

    /// Most services run daily, some on some weekdays only, with other services in their slots.
    @Test func mostServicesRunDailySomeOnSomeWeekdays() {
        let timetable = Timetable(config: ScheduleConfig(flightsPerDay: 1000))
        let slots = Dictionary(grouping: timetable.services, by: \.slot)
        let shared = slots.values.count { $0.count > 1 }
        // 20 % of 1,000 slots: a binomial whose standard deviation is about 13; within five of those.
        #expect(abs(shared - 200) <= 65, "\(shared) slots shared by weekday")
        #expect(slots.values.allSatisfy { $0.count == 1 ? $0[0].weekdays == .daily : $0.allSatisfy { $0.weekdays != .daily } })
        // The default schedule has both kinds.
        #expect(Self.timetable.services.contains { $0.weekdays != .daily })
        #expect(Self.timetable.services.count { $0.weekdays == .daily } > Self.timetable.services.count / 2)
    }

    /// Every day has exactly `flightsPerDay` flights, and each is its slot's service on that weekday:
    /// the same designator, city, time of day and usual gate on every day it runs.
    @Test func aFlightIsItsServiceOnItsDate() {
        for date in Self.weeks {
            let flights = Self.generator.flights(on: date)
            #expect(flights.count == 30)
            for flight in flights {
                let service = Self.timetable.service(slot: flight.slot, on: date)
                #expect(Int(flight.serviceID) == service.id)
                #expect(service.runs(on: date))
                #expect(flight.flightName == service.flightName && flight.direction == service.direction)
                #expect(flight.otherAirport == service.otherAirport && flight.gate == service.gate)
                #expect(flight.scheduledMinute == service.minute)
                #expect(Array(flight.codeshares.names) == service.codeshares.names)
            }
        }
    }

    /// A daily service's designator is on the board every day; a weekday service's only on its days,
    /// where another service fills its slot on the others.
    @Test func designatorsRepeatOnTheDaysTheirServiceRuns() throws {
        for service in Self.timetable.services {
            let days = Self.weeks.filter { date in
                Self.generator.flights(on: date).contains { $0.flightName == service.flightName }
            }
            #expect(days == Self.weeks.filter(service.runs), "\(service.flightName) runs \(service.weekdays)")
        }
        let weekdayService = try #require(Self.timetable.services.first { $0.weekdays != .daily })
        let offDay = try #require(Self.weeks.first { !weekdayService.runs(on: $0) })
        #expect(Self.generator.flights(on: offDay)[weekdayService.slot].flightName != weekdayService.flightName)
    }

    /// What happens on the day is drawn per (service, date): the same service runs differently on
    /// different days, and a window opened later gives the same day unchanged.
    @Test func aServiceDaysDifferAndStayPut() {
        let service = Self.timetable.services.first { $0.weekdays == .daily }!
        let fates = Self.weeks.map { Self.generator.flights(on: $0)[service.slot].disruption }
        #expect(Set(fates.map { "\($0)" }).count > 1, "28 days of \(service.flightName) all \(fates[0])")
        let later = ScheduleWindow(source: Self.generator, firstDate: Fixture.today.adding(days: 5))
        let earlier = ScheduleWindow(source: Self.generator, firstDate: Fixture.today)
        for date in later.dates where earlier.contains(date) {
            #expect(later.flights(on: date) == earlier.flights(on: date))
        }
    }

    /// A designator finds the same service on other days (`board show "Pacific 298" --date tomorrow`),
    /// by its own designator or a codeshare's, and nothing on a day its service does not run.
    @Test func aDesignatorFindsItsServiceOnEveryDayItRuns() throws {
        let window = Fixture.window
        for service in Self.timetable.services {
            let designators = [service.flightName] + service.codeshares.names
            for name in designators {
                let designator = try #require(Designator(name))
                for date in window.dates {
                    let found = window.flight(designator: designator, on: date)
                    if service.runs(on: date) {
                        #expect(found?.date == date && found.map { Int($0.serviceID) } == service.id, "\(name) on \(date)")
                    } else {
                        #expect(found == nil, "\(name) on \(date), a day it does not run")
                    }
                }
                // Without a date: today's, else the first day in the window it runs.
                let first = window.dates.first(where: service.runs)
                #expect(window.flight(designator: designator)?.date == first)
            }
        }
        #expect(window.flight(designator: try #require(Designator("US 99"))) == nil)
    }

    /// `daily`, `Mon-Fri`, `Sat, Sun`, `Mon, Wed, Fri`: as a printed timetable writes them.
    @Test func weekdaysReadAsATimetableWritesThem() {
        #expect(Weekdays.daily.description == "daily")
        #expect(Weekdays([1, 2, 3, 4, 5]).description == "Mon-Fri")
        #expect(Weekdays([6, 0]).description == "Sat, Sun")
        #expect(Weekdays([1, 3, 5]).description == "Mon, Wed, Fri")
        #expect(Weekdays([1, 2, 3, 4, 5, 6]).description == "Mon-Sat")
        #expect(Weekdays([2, 4, 6, 0]).description == "Tue, Thu, Sat, Sun")
        #expect(Weekdays([0]).description == "Sun")
        #expect(Weekdays(names: ["Mon", "Tue", "Wed"]) == Weekdays([1, 2, 3]))
        #expect(Weekdays(names: []) == nil)
        #expect(Weekdays(names: ["Mon", "Moon"]) == nil)
    }
}
