import FoundationEssentials

/// Which way a flight goes through the airport.
public enum Direction: String, Hashable, Sendable, CaseIterable {
    case arrival
    case departure
}

/// What happens to a flight on its day.
public enum Disruption: Hashable, Sendable {
    case onTime
    case delayed(minutes: Int)
    case canceled

    public var delayMinutes: Int {
        if case .delayed(let minutes) = self { return minutes }
        return 0
    }
}

/// The other end of a flight, and how long the flight takes.
public struct City: Hashable, Sendable {
    public let name: String
    /// Minutes in the air between that city and this airport.
    public let flightMinutes: Int
}

/// A gate; its terminal is the gate's letter.
public struct Gate: Hashable, Sendable, CustomStringConvertible {
    public let terminal: String
    public let number: Int
    public var description: String { "\(terminal)\(number)" }
}

/// One scheduled flight, as the generator makes it.
///
/// A flight is a pure function of (seed, local date, slot, config): see
/// `ScheduleGenerator`. Its status is not stored; it follows from the clock
/// (`FlightLifecycle`).
public struct Flight: Hashable, Sendable, Identifiable {
    public let id: Int
    public let airline: String
    public let number: Int
    public let direction: Direction
    public let otherAirport: City
    /// The local date the flight belongs to.
    public let date: LocalDate
    /// Its index in the day, from 0; even slots are arrivals, odd ones departures.
    public let slot: Int
    /// Wall-clock minutes past the airport's midnight.
    public let scheduledMinute: Int
    public let scheduledTime: Date
    /// The instant its local day begins; before it the flight is `scheduled`.
    public let dayStart: Date
    public let disruption: Disruption
    public let gate: Gate
    /// The last 10 days before `date`, most recent first.
    public let history: [HistoryEntry]

    /// `Pacific 123`.
    public var flightName: String { "\(airline) \(number)" }

    /// The estimated or actual time: scheduled plus any delay, the scheduled time when canceled.
    public var currentTime: Date {
        scheduledTime.addingTimeInterval(Double(disruption.delayMinutes * 60))
    }

    public var isCanceled: Bool { disruption == .canceled }

    /// When it leaves the gate: here for departures, at the other airport for arrivals.
    public var departureTime: Date {
        direction == .departure ? currentTime : currentTime.addingTimeInterval(-Double(otherAirport.flightMinutes * 60))
    }

    /// When it reaches the gate: at the other airport for departures, here for arrivals.
    public var arrivalTime: Date {
        direction == .arrival ? currentTime : currentTime.addingTimeInterval(Double(otherAirport.flightMinutes * 60))
    }

    /// The share of the history's days that ran on time, 0...1.
    public var onTimeRate: Double {
        guard !history.isEmpty else { return 0 }
        return Double(history.filter { $0.status == .onTime }.count) / Double(history.count)
    }
}

/// How a flight ran on one earlier day.
public struct HistoryEntry: Hashable, Sendable {
    public enum Outcome: String, Hashable, Sendable, CaseIterable {
        case onTime, delayed, canceled
    }

    public let date: LocalDate
    public let status: Outcome
    public let scheduledTime: Date
    /// Nil when canceled.
    public let actualTime: Date?
    public let delayMinutes: Int
}
