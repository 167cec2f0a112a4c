import BoardSystem
import FlightData

/// Generated days, kept so each is made once. Safe to share: the cache sits behind a lock.
final class CachedSchedule: FlightSource {
    let config: ScheduleConfig
    private let generator: ScheduleGenerator
    private let days = Locked<[LocalDate: [Flight]]>([:])

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
}
