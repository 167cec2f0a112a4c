import FlightData
import Foundation
import Testing

/// The suite's fixed world: the default schedule, seen from fixed instants.
///
/// Nothing in the suite reads the real time. Every instant is written out as
/// ISO-8601 (with an offset, or on the airport's clock) and read with
/// `InstantInput`, as `board clock set` reads it; `ManualClock` moves it by hand.
enum Fixture {
    static let config = ScheduleConfig.default
    static let generator = ScheduleGenerator(config: config)
    static let localTime = LocalTime(timeZone: config.airport.timeZone)

    /// The first date of the window the suite looks at, and that the golden file pins.
    static let today = date("2026-11-30")
    /// 09:00 on `today` at the airport.
    static let now = instant("2026-11-30T09:00")
    /// The default window (15 days x 30 flights) as it stands at `now`, its
    /// days (and some either side) generated once.
    static let window = ScheduleWindow(
        source: PrecomputedSource(generator, dates: (-20...35).map { today.adding(days: $0) }), at: now)

    static func date(_ text: String) -> LocalDate {
        guard let date = LocalDate(text) else { preconditionFailure("not a date: \(text)") }
        return date
    }

    /// Reads `YYYY-MM-DDTHH:MM[:SS][offset]`; without an offset, on `clock`'s wall clock.
    static func instant(_ text: String, on clock: LocalTime = localTime) -> Date {
        guard let instant = InstantInput.parse(text, localTime: clock, today: nil) else {
            preconditionFailure("not an instant: \(text)")
        }
        return instant
    }

    static func airport(timeZone identifier: String) -> Airport {
        guard let airport = Airport(name: "Test Airport", code: "TST", timeZone: identifier) else {
            preconditionFailure("unknown time zone: \(identifier)")
        }
        return airport
    }

    static func localTime(_ identifier: String) -> LocalTime {
        LocalTime(timeZone: airport(timeZone: identifier).timeZone)
    }

    /// The default config at another airport.
    static func config(timeZone identifier: String) -> ScheduleConfig {
        ScheduleConfig(airport: airport(timeZone: identifier))
    }

    /// A flight of the default window matching `predicate`, failing the test when there is none.
    static func flight(
        _ predicate: (Flight) -> Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Flight {
        let found = window.allFlights.first(where: predicate)
        return try #require(found, sourceLocation: sourceLocation)
    }
}

/// The generator's flights for some days, generated once: a cache in front of
/// the generator, as `FlightSource` allows, so that tests walking the window
/// step by step do not generate a day at every step. Other days go to the generator.
struct PrecomputedSource: FlightSource {
    let generator: ScheduleGenerator
    let days: [LocalDate: [Flight]]

    init(_ generator: ScheduleGenerator, dates: [LocalDate]) {
        self.generator = generator
        self.days = Dictionary(uniqueKeysWithValues: dates.map { ($0, generator.flights(on: $0)) })
    }

    var config: ScheduleConfig { generator.config }
    var timetable: Timetable { generator.timetable }

    func flights(on date: LocalDate) -> [Flight] { days[date] ?? generator.flights(on: date) }
    func history(of flight: Flight, at now: Date) -> [HistoryEntry] { generator.history(of: flight, at: now) }
}

/// A clock that moves only when the test moves it.
struct ManualClock {
    private(set) var now: Date

    init(_ now: Date) { self.now = now }

    mutating func advance(seconds: TimeInterval) { now += seconds }
    mutating func advance(minutes: Int) { advance(seconds: TimeInterval(minutes * 60)) }
}

extension Date {
    /// `self` moved by whole minutes, for boundary tables.
    func plus(minutes: Int) -> Date { self + TimeInterval(minutes * 60) }
    func plus(seconds: TimeInterval) -> Date { self + seconds }
}
