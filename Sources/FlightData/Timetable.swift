/// The days of the week a service runs, as a set: bit `LocalDate.weekday` (0 Sunday ... 6 Saturday).
public struct Weekdays: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8

    public init(rawValue: UInt8) { self.rawValue = rawValue & 0x7F }

    /// The days numbered as `LocalDate.weekday` numbers them (0 Sunday).
    public init(_ weekdays: [Int]) { self.init(rawValue: weekdays.reduce(0) { $0 | 1 << UInt8($1) }) }

    public static let daily = Weekdays(rawValue: 0x7F)

    /// From names as `LocalDate.weekdayAbbreviations` writes them (`["Mon", "Fri"]`); nil when there
    /// are none or one is not a weekday's name.
    public init?(names: [String]) {
        let days = names.compactMap { LocalDate.weekdayAbbreviations.firstIndex(of: $0) }
        guard !days.isEmpty, days.count == names.count else { return nil }
        self.init(days)
    }

    public func contains(_ date: LocalDate) -> Bool { rawValue & 1 << UInt8(date.weekday) != 0 }

    /// The days in the order a timetable lists them, Monday first: `[1, 2, 3, 4, 5, 6, 0]`, filtered.
    public var days: [Int] { [1, 2, 3, 4, 5, 6, 0].filter { rawValue & 1 << UInt8($0) != 0 } }

    /// `daily`, `Mon-Fri`, `Sat, Sun`, `Mon, Wed, Fri`: runs of three or more days Monday first
    /// joined by a dash, as a printed timetable writes them.
    public var description: String {
        if self == .daily { return "daily" }
        var runs: [[Int]] = []
        for day in days {
            let mondayFirst = (day + 6) % 7
            if let last = runs.last?.last, (last + 6) % 7 + 1 == mondayFirst {
                runs[runs.count - 1].append(day)
            } else {
                runs.append([day])
            }
        }
        func name(_ day: Int) -> String { LocalDate.weekdayAbbreviations[day] }
        return runs.map { run in
            run.count >= 3 ? "\(name(run[0]))-\(name(run[run.count - 1]))" : run.map(name).joined(separator: ", ")
        }.joined(separator: ", ")
    }
}

/// One line of the timetable: a flight that runs at the same time of day on the weekdays it runs.
///
/// A flight is a service on a date. Everything here is the same on every day the service runs;
/// what happens on the day (delay, cancellation, gate change, belt) is drawn per date.
public struct Service: Hashable, Sendable, Identifiable {
    /// Its place in the timetable: the key its days' draws are made with.
    public let id: Int
    /// The board's slot it fills on the days it runs: even slots are arrivals, odd ones departures.
    public let slot: Int
    let airlineIndex: UInt8
    public let number: Int
    public let direction: Direction
    let cityIndex: UInt8
    /// Its scheduled time of day, in wall-clock minutes past midnight.
    public let minute: Int
    let gateIndex: UInt8
    public let weekdays: Weekdays
    /// The partner airlines' designators it is also sold under.
    public let codeshares: Codeshares

    public var airline: String { FlightCatalog.airlines[Int(airlineIndex)] }
    public var otherAirport: City { FlightCatalog.cities[Int(cityIndex)] }
    /// The gate it usually leaves from or arrives at; a day may announce another.
    public var gate: Gate { FlightCatalog.gates[Int(gateIndex)] }
    /// `Pacific 298`.
    public var flightName: String { "\(airline) \(number)" }

    public func runs(on date: LocalDate) -> Bool { weekdays.contains(date) }
}

/// The airport's timetable: the services that fill every day's slots, a pure function of the seed
/// and the number of flights a day.
///
/// Every slot is filled on every day of the week: most by one daily service, some
/// (`FlightCatalog.weekdayServicePercent`) by two or three services that split the week between
/// them (`Mon-Fri` and `Sat, Sun`, say). So every day has exactly `flightsPerDay` flights, and a
/// designator names one service, which flies on each day it runs.
///
/// No designator, operating or sold as a codeshare, belongs to two services: there are 3,600
/// (four airlines, numbers 100-999), so the largest schedule (3,000 flights a day) shares out
/// fewer slots and skips codeshares that have no number left.
public struct Timetable: Hashable, Sendable {
    public let services: [Service]
    public let flightsPerDay: Int
    /// Slot `s` on weekday `w` is run by `services[bySlot[s * 7 + w]]`.
    private let bySlot: [Int32]
    /// Every designator (airline index times 1000 plus the number), operating or codeshare, to its service.
    private let byDesignator: [Int: Int32]

    /// How the week can be shared out among the services of one slot, Sunday as day 0.
    static let weekSplits: [[Weekdays]] = [
        [Weekdays([1, 2, 3, 4, 5]), Weekdays([6, 0])],
        [Weekdays([1, 3, 5]), Weekdays([2, 4, 6, 0])],
        [Weekdays([1, 2, 3, 4, 5, 6]), Weekdays([0])],
        [Weekdays([1, 3, 5]), Weekdays([2, 4]), Weekdays([6, 0])],
    ]

    /// Draws the timetable for `config`: its seed and its flights a day.
    ///
    /// One stream (keys `0x7AB1E`), slot by slot: whether the slot is shared out by weekday and how,
    /// then for each of its services the minute (in the slot's own run of marks, so times never go
    /// down from one slot to the next), the city, the gate, the airline and the number (drawn again
    /// while that designator is taken). Codeshares come after, from a stream of their own.
    public init(config: ScheduleConfig) {
        let count = config.flightsPerDay
        var rng = SplitMix64(seed: config.seed, keys: 0x7AB1E)
        let airlines = FlightCatalog.airlines
        let numbers = FlightCatalog.flightNumbers
        let designatorSpace = airlines.count * numbers.count
        var taken = Set<Int>()
        var services: [Service] = []
        services.reserveCapacity(count)
        var bySlot = [Int32](repeating: 0, count: count * 7)
        for slot in 0..<count {
            var splits = [Weekdays.daily]
            if rng.next(below: 100) < FlightCatalog.weekdayServicePercent {
                let split = Self.weekSplits[rng.next(below: Self.weekSplits.count)]
                // Leave every later slot a designator of its own.
                if services.count + split.count + (count - slot - 1) <= designatorSpace { splits = split }
            }
            for weekdays in splits {
                let minute = Self.scheduledMinute(slot: slot, of: count, rng: &rng)
                let city = rng.next(below: FlightCatalog.cities.count)
                let gate = rng.next(below: FlightCatalog.gates.count)
                var airline = 0
                var number = 0
                repeat {
                    airline = rng.next(below: airlines.count)
                    number = rng.next(in: numbers)
                } while !taken.insert(airline * 1000 + number).inserted
                let id = services.count
                for day in weekdays.days { bySlot[slot * 7 + day] = Int32(id) }
                services.append(
                    Service(
                        id: id, slot: slot, airlineIndex: UInt8(airline), number: number,
                        direction: slot % 2 == 0 ? .arrival : .departure, cityIndex: UInt8(city), minute: minute,
                        gateIndex: UInt8(gate), weekdays: weekdays, codeshares: .none))
            }
        }
        let codeshares = Self.codeshares(of: services, seed: config.seed, taken: &taken)
        self.services = zip(services, codeshares).map { service, shares in
            Service(
                id: service.id, slot: service.slot, airlineIndex: service.airlineIndex, number: service.number,
                direction: service.direction, cityIndex: service.cityIndex, minute: service.minute,
                gateIndex: service.gateIndex, weekdays: service.weekdays, codeshares: shares)
        }
        self.flightsPerDay = count
        self.bySlot = bySlot
        var byDesignator: [Int: Int32] = [:]
        for service in self.services {
            byDesignator[Int(service.airlineIndex) * 1000 + service.number] = Int32(service.id)
            for code in service.codeshares.codes { byDesignator[code] = Int32(service.id) }
        }
        self.byDesignator = byDesignator
    }

    /// The service that fills `slot` on `date`.
    public func service(slot: Int, on date: LocalDate) -> Service {
        services[Int(bySlot[slot * 7 + date.weekday])]
    }

    /// The service an airline's number names, whether it operates it or sells it as a codeshare.
    public func service(airline: String, number: Int) -> Service? {
        guard let airline = FlightCatalog.airlines.firstIndex(of: airline), FlightCatalog.flightNumbers.contains(number)
        else { return nil }
        return byDesignator[airline * 1000 + number].map { services[Int($0)] }
    }

    /// The scheduled minute of a service in `slot` of `count`: slots share out the day's 5-minute
    /// marks in order (slot `s` gets marks `s * 204 / n` up to `(s + 1) * 204 / n`), so times never
    /// decrease with the slot, and a service picks one of its slot's marks.
    static func scheduledMinute(slot: Int, of count: Int, rng: inout SplitMix64) -> Int {
        let marks = (FlightCatalog.lastMinute - FlightCatalog.firstMinute) / FlightCatalog.stepMinutes + 1
        let low = slot * marks / count
        let high = max(low + 1, (slot + 1) * marks / count)
        let mark = low + rng.next(below: high - low)
        return FlightCatalog.firstMinute + mark * FlightCatalog.stepMinutes
    }

    /// Each service's codeshares, from a stream of their own (keys `0xC0DE`, `0x7AB1E`), so no other
    /// draw changes: about a third of services are also sold under one or two designators of other
    /// airlines, none repeating any designator of the timetable. A partner with no number left
    /// (thousands of flights a day) is skipped.
    private static func codeshares(of services: [Service], seed: UInt64, taken: inout Set<Int>) -> [Codeshares] {
        var rng = SplitMix64(seed: seed, keys: 0xC0DE, 0x7AB1E)
        let airlines = FlightCatalog.airlines
        let numbers = FlightCatalog.flightNumbers
        var free = airlines.indices.map { airline in numbers.count - taken.count { $0 / 1000 == airline } }
        return services.map { service in
            guard rng.next(below: 100) < FlightCatalog.codesharePercent else { return .none }
            var partners = airlines.indices.filter { $0 != Int(service.airlineIndex) }
            var drawn: [(airline: Int, number: Int)] = []
            for _ in 0..<(1 + rng.next(below: 2)) {
                let airline = partners.remove(at: rng.next(below: partners.count))
                guard free[airline] > 0 else { continue }
                while true {
                    let number = rng.next(in: numbers)
                    if taken.insert(airline * 1000 + number).inserted {
                        drawn.append((airline, number))
                        free[airline] -= 1
                        break
                    }
                }
            }
            return Codeshares(drawn)
        }
    }
}
