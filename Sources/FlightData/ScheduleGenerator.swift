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
        let codeshares = codeshares(on: date, operating: designators)
        let dayStart = localTime.startOfDay(date)
        // A date the zone skipped whole (Samoa's 2011-12-30) has no time of its own: its flights
        // would all fall on the next day, beside that day's own.
        guard localTime.date(at: dayStart) == date else { return [] }
        return (0..<count).map { slot in
            makeFlight(on: date, slot: slot, dayStart: dayStart, designator: designators[slot], codeshares: codeshares[slot])
        }
    }

    /// Each slot's codeshares, from the day's own stream (so no other draw changes): about a third
    /// of flights carry one or two designators of other airlines, none repeating any designator of
    /// the day, operating or shared. On a day so full that a partner has no number left, that
    /// partner is skipped.
    private func codeshares(on date: LocalDate, operating: [(airline: String, number: Int)]) -> [Codeshares] {
        var rng = SplitMix64(seed: config.seed, keys: UInt64(bitPattern: Int64(date.dayNumber)), 0xC0DE)
        let airlines = FlightCatalog.airlines
        let numbers = FlightCatalog.flightNumbers
        var taken = Set(operating.map { airlines.firstIndex(of: $0.airline)! * 1000 + $0.number })
        var free = airlines.indices.map { airline in numbers.count - taken.count { $0 / 1000 == airline } }
        return operating.map { designator in
            guard rng.next(below: 100) < FlightCatalog.codesharePercent else { return .none }
            let operatorIndex = airlines.firstIndex(of: designator.airline)!
            var partners = airlines.indices.filter { $0 != operatorIndex }
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
        on date: LocalDate, slot: Int, dayStart: Date, designator: (airline: String, number: Int), codeshares: Codeshares
    ) -> Flight {
        var rng = SplitMix64(seed: config.seed, keys: UInt64(bitPattern: Int64(date.dayNumber)), UInt64(slot))
        let minute = scheduledMinute(slot: slot, rng: &rng)
        let cityIndex = rng.next(below: FlightCatalog.cities.count)
        let gateIndex = rng.next(below: FlightCatalog.gates.count)
        let disruption = Self.drawDisruption(&rng)
        let pastDays = PastDays(
            (1...FlightCatalog.historyDays).map { _ in Self.drawDisruption(&rng) }, timeZone: localTime.timeZone)
        let direction: Direction = slot % 2 == 0 ? .arrival : .departure
        // Announcements draw from a stream of their own, so the facts above never move.
        var announcementStream = SplitMix64(
            seed: config.seed, keys: UInt64(bitPattern: Int64(date.dayNumber)), UInt64(slot), 0xA770)
        let scheduledTime = localTime.instant(on: date, minute: minute)
        let unfolding = Unfolding.draw(
            &announcementStream, rules: config.announcements, direction: direction, disruption: disruption,
            minutesIntoDay: Int(scheduledTime.timeIntervalSince(dayStart) / 60),
            flightMinutes: FlightCatalog.cities[cityIndex].flightMinutes, gate: gateIndex, city: cityIndex)
        return Flight(
            id: identity.id(dayNumber: date.dayNumber, slot: slot),
            airlineIndex: UInt8(FlightCatalog.airlines.firstIndex(of: designator.airline)!),
            cityIndex: UInt8(cityIndex),
            gateIndex: UInt8(gateIndex),
            number: designator.number,
            direction: direction,
            date: date,
            slot: slot,
            scheduledMinute: minute,
            scheduledTime: scheduledTime,
            dayStart: dayStart,
            disruption: disruption,
            pastDays: pastDays,
            codeshares: codeshares,
            unfolding: unfolding)
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
