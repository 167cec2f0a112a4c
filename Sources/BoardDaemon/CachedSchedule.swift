import BoardSystem
import FlightData
import FoundationEssentials

/// Generated days, kept so each is made once. Safe to share: the cache sits behind a lock.
final class CachedSchedule: FlightSource {
    let config: ScheduleConfig
    private let generator: ScheduleGenerator
    private let days = Locked<[LocalDate: [Flight]]>([:])
    /// Days made outside the kept ones (events of days gone from the window), a few at most, so
    /// that many requests about a few old days (a clock move past the window's reach, with `board
    /// wait`s on flights of several days) make each once.
    private let older = Locked<[LocalDate: [Flight]]>([:])
    private static let olderDays = 8
    /// Each day's instants at which its board changes, sorted (`boardChanges(on:)`), a few days kept.
    private let instants = Locked<[LocalDate: [Date]]>([:])

    var timetable: Timetable { generator.timetable }

    init(config: ScheduleConfig) {
        self.config = config
        self.generator = ScheduleGenerator(config: config)
    }

    func flights(on date: LocalDate) -> [Flight] {
        if let cached = days.withLock({ $0[date] }) { return cached }
        let made = generator.flights(on: date)
        days.withLock { cache in
            // Keep a bounded number of days: the window and a little slack.
            if cache.count > config.days + 4 { cache.removeAll() }
            cache[date] = made
        }
        return made
    }

    /// Every instant at which the board of a day's flights changes, sorted (`Flight.boardChanges` of
    /// them all), made once a day: a clock move asks for the next one, and a 3,000-flight day's
    /// instants took 3 ms to work out each time.
    func boardChanges(on date: LocalDate) -> [Date] {
        if let known = instants.withLock({ $0[date] }) { return known }
        let made = flights(on: date).flatMap(\.boardChanges).sorted()
        instants.withLock { kept in
            if kept.count >= 4 { kept.removeAll() }
            kept[date] = made
        }
        return made
    }

    /// History is made day by day from the generator: ten flights at most, none of them kept.
    func history(of flight: Flight, at now: Date) -> [HistoryEntry] { generator.history(of: flight, at: now) }

    /// A day's flights without keeping them among the window's days (`flights(on:)` would push
    /// those out): only the last such day is kept.
    func olderFlights(on date: LocalDate) -> [Flight] {
        if let kept = older.withLock({ $0[date] }) { return kept }
        let made = generator.flights(on: date)
        older.withLock { cache in
            if cache.count >= Self.olderDays { cache.removeAll() }
            cache[date] = made
        }
        return made
    }
}
