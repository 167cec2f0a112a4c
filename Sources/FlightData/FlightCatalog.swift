/// The facts the schedule draws from: airlines, cities and their flight times, gates.
///
/// These lists are part of the schedule: reordering or extending them changes
/// every flight, and the golden file will say so.
public enum FlightCatalog {
    public static let airlines = ["US", "Southeast", "Pacific", "Overland"]

    public static let cities: [City] = [
        City(name: "Charlotte", flightMinutes: 70),
        City(name: "Atlanta", flightMinutes: 60),
        City(name: "Chicago", flightMinutes: 105),
        City(name: "Dallas/Ft. Worth", flightMinutes: 135),
        City(name: "Detroit", flightMinutes: 95),
        City(name: "Miami", flightMinutes: 125),
        City(name: "Nashville", flightMinutes: 65),
        City(name: "New York-LGA", flightMinutes: 105),
        City(name: "Denver", flightMinutes: 190),
        City(name: "Phoenix", flightMinutes: 225),
        City(name: "Las Vegas", flightMinutes: 255),
    ]

    public static let gates: [Gate] = ["A", "B"].flatMap { terminal in
        (1...5).map { Gate(terminal: terminal, number: $0) }
    }

    public static let flightNumbers = 100...999

    /// The first scheduled time of the day, in minutes past midnight (06:00).
    public static let firstMinute = 6 * 60
    /// The last scheduled time of the day (22:55): flights fill 06:00 through the evening.
    public static let lastMinute = 22 * 60 + 55
    /// Scheduled times fall on these marks.
    public static let stepMinutes = 5

    /// Percent of flights on time and delayed on their day; the rest are canceled.
    public static let onTimePercent = 67
    public static let delayedPercent = 23
    public static let maxDelayMinutes = 60

    /// How many of a service's last operations a flight's history lists.
    public static let historyDays = 10
    /// The share of the timetable's slots, in percent, shared out by weekday among two or three
    /// services (`Mon-Fri` and `Sat, Sun`, say); the rest hold one daily service.
    public static let weekdayServicePercent = 20
    /// The share of flights, in percent, sold under one or two partner airlines' designators too.
    public static let codesharePercent = 33

    /// Finds an airline by name, ignoring case.
    public static func airline(named text: some StringProtocol) -> String? {
        airlines.first { $0.lowercased() == text.lowercased() }
    }
}
