import FoundationEssentials
import FoundationInternationalization

/// The airport the board belongs to. Every time on the board is its local time.
public struct Airport: Hashable, Sendable {
    public var name: String
    public var code: String
    /// An IANA time zone identifier, such as `America/New_York`.
    public var timeZoneIdentifier: String
    public let timeZone: TimeZone

    /// Creates an airport, or nil when the time zone is not a known IANA name.
    public init?(name: String, code: String, timeZone identifier: String) {
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        self.name = name
        self.code = code
        self.timeZoneIdentifier = identifier
        self.timeZone = zone
    }

    public static let mountain = Airport(name: "Mountain Airport", code: "MTN", timeZone: "America/New_York")!
}

/// What decides the schedule: with the same config, every machine generates the same flights.
public struct ScheduleConfig: Hashable, Sendable {
    public var airport: Airport
    public var seed: UInt64
    /// How many local days the window holds, starting with today.
    public var days: Int
    public var flightsPerDay: Int
    /// How the day unfolds: announcement rates and lead times.
    public var announcements: AnnouncementRules
    /// How long finished flights stay on the board.
    public var hall: HallRules

    public static let allowedDays = 1...366
    public static let allowedFlightsPerDay = 1...3000

    public init(
        airport: Airport = .mountain, seed: UInt64 = 2024, days: Int = 15, flightsPerDay: Int = 30,
        announcements: AnnouncementRules = .default, hall: HallRules = .default
    ) {
        self.airport = airport
        self.seed = seed
        self.days = days
        self.flightsPerDay = flightsPerDay
        self.announcements = announcements
        self.hall = hall
    }

    public static let `default` = ScheduleConfig()
}
