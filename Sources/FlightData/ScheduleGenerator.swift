import FoundationEssentials

/// Anything that can hand out a day's flights: the generator itself, or a cache in front of it.
public protocol FlightSource: Sendable {
    var config: ScheduleConfig { get }
    /// The services that fill the days' slots.
    var timetable: Timetable { get }
    /// The flights of `date`, in slot order.
    func flights(on date: LocalDate) -> [Flight]
    /// The flight's service's last operations before its date that had ended by `now`, most recent
    /// first (`ScheduleGenerator.history(of:at:)`).
    func history(of flight: Flight, at now: Date) -> [HistoryEntry]
}

/// Makes the schedule: a timetable of services, and each flight a pure function of (seed, service,
/// local date, config).
///
/// The timetable says which service fills each slot on each weekday; what happens to the flight on
/// its day is drawn from streams keyed by the service and the date alone. Nothing depends on the
/// dates around it, so a window that starts a day later reproduces the overlapping days exactly,
/// and a service's earlier days (its history) are made by the same code as any day.
public struct ScheduleGenerator: FlightSource {
    public let config: ScheduleConfig
    public let timetable: Timetable
    public let identity: FlightIdentity
    public let localTime: LocalTime

    public init(config: ScheduleConfig) {
        self.config = config
        self.timetable = Timetable(config: config)
        self.identity = FlightIdentity(config: config)
        self.localTime = LocalTime(timeZone: config.airport.timeZone)
    }

    public func flights(on date: LocalDate) -> [Flight] {
        guard let dayStart = dayStart(of: date) else { return [] }
        return (0..<config.flightsPerDay).map { slot in
            makeFlight(timetable.service(slot: slot, on: date), on: date, dayStart: dayStart)
        }
    }

    /// The instant `date` begins; nil for a date the zone skipped whole (Samoa's 2011-12-30), which
    /// has no time of its own: its flights would all fall on the next day, beside that day's own.
    private func dayStart(of date: LocalDate) -> Date? {
        let dayStart = localTime.startOfDay(date)
        return localTime.date(at: dayStart) == date ? dayStart : nil
    }

    /// `service`'s flight on `date`, whether or not the service runs that day (callers ask the
    /// timetable); nil on a date the zone skipped.
    public func flight(of service: Service, on date: LocalDate) -> Flight? {
        dayStart(of: date).map { makeFlight(service, on: date, dayStart: $0) }
    }

    /// The flight's service's last `FlightCatalog.historyDays` operations before its date that the
    /// hall had taken down by `now` (`Flight.isPast(at:)`), most recent first, each as that day's
    /// flight ended: the same flights `flights(on:)` makes for those days, however far before the
    /// window they are. An operation still to end at `now` is not history yet: a flight of tomorrow,
    /// seen today, does not give away how today's flight will end.
    public func history(of flight: Flight, at now: Date) -> [HistoryEntry] {
        let service = timetable.services[Int(flight.serviceID)]
        var entries: [HistoryEntry] = []
        // No operation after the airport's date at `now` has ended: start from there or before.
        var date = min(flight.date, localTime.date(at: now).adding(days: 1))
        // Every service runs at least once a week: ten operations lie within ten weeks.
        for _ in 0..<(7 * (FlightCatalog.historyDays + 1)) where entries.count < FlightCatalog.historyDays {
            date = date.adding(days: -1)
            guard service.runs(on: date), let earlier = self.flight(of: service, on: date), earlier.isPast(at: now) else {
                continue
            }
            entries.append(HistoryEntry(ended: earlier))
        }
        return entries
    }

    private func makeFlight(_ service: Service, on date: LocalDate, dayStart: Date) -> Flight {
        let day = UInt64(bitPattern: Int64(date.dayNumber))
        var rng = SplitMix64(seed: config.seed, keys: day, UInt64(service.id), 0xDA7)
        let disruption = Self.drawDisruption(&rng)
        // Announcements draw from a stream of their own, so the facts above never move.
        var announcementStream = SplitMix64(seed: config.seed, keys: day, UInt64(service.id), 0xA770)
        let scheduledTime = localTime.instant(on: date, minute: service.minute)
        let unfolding = Unfolding.draw(
            &announcementStream, rules: config.announcements, direction: service.direction, disruption: disruption,
            minutesIntoDay: Int(scheduledTime.timeIntervalSince(dayStart) / 60),
            flightMinutes: service.otherAirport.flightMinutes, gate: Int(service.gateIndex), city: Int(service.cityIndex))
        return Flight(
            id: identity.id(dayNumber: date.dayNumber, slot: service.slot),
            serviceID: Int32(service.id),
            airlineIndex: service.airlineIndex,
            cityIndex: service.cityIndex,
            gateIndex: service.gateIndex,
            number: service.number,
            direction: service.direction,
            date: date,
            slot: service.slot,
            scheduledMinute: service.minute,
            scheduledTime: scheduledTime,
            dayStart: dayStart,
            disruption: disruption,
            timeZone: localTime.timeZone,
            codeshares: service.codeshares,
            unfolding: unfolding,
            hall: config.hall)
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
