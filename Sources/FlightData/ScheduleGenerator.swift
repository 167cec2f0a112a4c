import FoundationEssentials

/// Anything that can hand out a day's flights: the generator itself, or a cache in front of it.
public protocol FlightSource: Sendable {
    var config: ScheduleConfig { get }
    /// The flights of `date`, in slot order.
    func flights(on date: LocalDate) -> [Flight]
}

/// Makes the schedule: every flight a pure function of (seed, local date, slot, config).
///
/// Each day draws its designators from one stream (so no designator repeats
/// in a day), and each slot draws the rest from its own stream. Nothing
/// depends on the dates around it, so a window that starts a day later
/// reproduces the overlapping days exactly.
public struct ScheduleGenerator: FlightSource {
    public let config: ScheduleConfig
    public let identity: FlightIdentity
    public let localTime: LocalTime

    public init(config: ScheduleConfig) {
        self.config = config
        self.identity = FlightIdentity(config: config)
        self.localTime = LocalTime(timeZone: config.airport.timeZone)
    }

    public func flights(on date: LocalDate) -> [Flight] {
        let count = config.flightsPerDay
        let designators = designators(on: date)
        let dayStart = localTime.startOfDay(date)
        return (0..<count).map { slot in
            makeFlight(on: date, slot: slot, dayStart: dayStart, designator: designators[slot])
        }
    }

    /// The scheduled minute of each slot: slots share out the day's 5-minute
    /// marks in order, so times never decrease with the slot.
    public func scheduledMinute(slot: Int, rng: inout SplitMix64) -> Int {
        let marks = (FlightCatalog.lastMinute - FlightCatalog.firstMinute) / FlightCatalog.stepMinutes + 1
        let n = config.flightsPerDay
        let low = slot * marks / n
        let high = max(low + 1, (slot + 1) * marks / n)
        let mark = low + rng.next(below: high - low)
        return FlightCatalog.firstMinute + mark * FlightCatalog.stepMinutes
    }

    private func designators(on date: LocalDate) -> [(airline: String, number: Int)] {
        var rng = SplitMix64(seed: config.seed, keys: UInt64(bitPattern: Int64(date.dayNumber)), 0xDE51)
        var taken = Set<Int>()
        let numbers = FlightCatalog.flightNumbers
        let airlines = FlightCatalog.airlines
        var result: [(String, Int)] = []
        result.reserveCapacity(config.flightsPerDay)
        for _ in 0..<config.flightsPerDay {
            while true {
                let airline = rng.next(below: airlines.count)
                let number = rng.next(in: numbers)
                let key = airline * 1000 + number
                if taken.insert(key).inserted {
                    result.append((airlines[airline], number))
                    break
                }
            }
        }
        return result
    }

    private func makeFlight(
        on date: LocalDate, slot: Int, dayStart: Date, designator: (airline: String, number: Int)
    ) -> Flight {
        var rng = SplitMix64(seed: config.seed, keys: UInt64(bitPattern: Int64(date.dayNumber)), UInt64(slot))
        let minute = scheduledMinute(slot: slot, rng: &rng)
        let city = FlightCatalog.cities[rng.next(below: FlightCatalog.cities.count)]
        let gate = FlightCatalog.gates[rng.next(below: FlightCatalog.gates.count)]
        let disruption = Self.drawDisruption(&rng)
        let pastDays = PastDays(
            (1...FlightCatalog.historyDays).map { _ in Self.drawDisruption(&rng) }, timeZone: localTime.timeZone)
        return Flight(
            id: identity.id(dayNumber: date.dayNumber, slot: slot),
            airline: designator.airline,
            number: designator.number,
            direction: slot % 2 == 0 ? .arrival : .departure,
            otherAirport: city,
            date: date,
            slot: slot,
            scheduledMinute: minute,
            scheduledTime: localTime.instant(on: date, minute: minute),
            dayStart: dayStart,
            disruption: disruption,
            gate: gate,
            pastDays: pastDays)
    }

    /// About 67% on time, 23% delayed by 5 to 60 minutes (in 5-minute steps), 10% canceled.
    static func drawDisruption(_ rng: inout SplitMix64) -> Disruption {
        let roll = rng.next(below: 100)
        if roll < FlightCatalog.onTimePercent { return .onTime }
        if roll < FlightCatalog.onTimePercent + FlightCatalog.delayedPercent {
            let steps = FlightCatalog.maxDelayMinutes / FlightCatalog.stepMinutes
            return .delayed(minutes: (1 + rng.next(below: steps)) * FlightCatalog.stepMinutes)
        }
        return .canceled
    }
}
