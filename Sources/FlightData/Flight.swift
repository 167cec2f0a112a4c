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
    /// The airline, the other airport and the gate are kept as indices into `FlightCatalog`'s
    /// lists: a year-long window of the largest schedule holds a million flights, and the names
    /// spelled out took 60 bytes a flight.
    let airlineIndex: UInt8
    let cityIndex: UInt8
    let gateIndex: UInt8
    public var airline: String { FlightCatalog.airlines[Int(airlineIndex)] }
    public let number: Int
    public let direction: Direction
    public var otherAirport: City { FlightCatalog.cities[Int(cityIndex)] }
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
    public var gate: Gate { FlightCatalog.gates[Int(gateIndex)] }
    /// How it ran on the last 10 days before `date`, packed; `history` spells it out.
    public let pastDays: PastDays
    /// The partner airlines' designators it is also sold under (none, one or two), unique in its day.
    public let codeshares: Codeshares
    /// What will be announced about it on its day, and when; `state(at:)` reads it.
    public let unfolding: Unfolding

    /// `Pacific 123`.
    public var flightName: String { "\(airline) \(number)" }

    /// The time it will run at once every delay is announced (the scheduled time when canceled);
    /// what the board shows at an instant is `currentTime(at:)`.
    public var currentTime: Date {
        scheduledTime.addingTimeInterval(Double(disruption.delayMinutes * 60))
    }

    /// Whether it will be canceled; the board says so only once announced (`isCanceled(at:)`).
    public var isCanceled: Bool { disruption == .canceled }

    /// When it leaves the gate: here for departures, at the other airport for arrivals.
    public var departureTime: Date {
        direction == .departure ? currentTime : currentTime.addingTimeInterval(-Double(otherAirport.flightMinutes * 60))
    }

    /// When it reaches the gate: at the other airport for departures, here for arrivals.
    public var arrivalTime: Date {
        direction == .arrival ? currentTime : currentTime.addingTimeInterval(Double(otherAirport.flightMinutes * 60))
    }

    /// The last 10 days before `date`, most recent first, each placed in time at the flight's
    /// scheduled minute of that day (made when asked: a window of flights keeps only `pastDays`).
    public var history: [HistoryEntry] {
        let localTime = LocalTime(timeZone: pastDays.timeZone)
        return pastDays.outcomes.enumerated().map { index, outcome in
            let day = date.adding(days: -(index + 1))
            let scheduled = localTime.instant(on: day, minute: scheduledMinute)
            switch outcome {
            case .onTime:
                return HistoryEntry(date: day, status: .onTime, scheduledTime: scheduled, actualTime: scheduled, delayMinutes: 0)
            case .delayed(let minutes):
                return HistoryEntry(
                    date: day, status: .delayed, scheduledTime: scheduled,
                    actualTime: scheduled.addingTimeInterval(Double(minutes * 60)), delayMinutes: minutes)
            case .canceled:
                return HistoryEntry(date: day, status: .canceled, scheduledTime: scheduled, actualTime: nil, delayMinutes: 0)
            }
        }
    }

    /// The share of the history's days that ran on time, 0...1.
    public var onTimeRate: Double {
        let outcomes = pastDays.outcomes
        guard !outcomes.isEmpty else { return 0 }
        return Double(outcomes.filter { $0 == .onTime }.count) / Double(outcomes.count)
    }
}

/// A flight's outcomes on the days before its own, most recent first, four bits a day in one
/// word, with the airport's time zone to place them in time.
///
/// A year-long window holds a million flights; spelled out as `HistoryEntry` values their ten
/// days took about 600 bytes a flight, packed they take 8.
public struct PastDays: Hashable, Sendable {
    /// Day `i` in bits `4i..<4i+4`: 0 on time, 1 to 14 delayed by that many `delayStep` minutes, 15 canceled.
    let packed: UInt64
    public let count: Int
    public let timeZone: TimeZone

    static let delayStep = 5
    static let canceledCode: UInt64 = 15

    /// Packs `outcomes` (at most 16; a delay must be a whole number of 5-minute steps up to 70 minutes).
    public init(_ outcomes: [Disruption], timeZone: TimeZone) {
        precondition(outcomes.count <= 16, "at most 16 days pack into a word")
        var packed: UInt64 = 0
        for (index, outcome) in outcomes.enumerated() {
            let code: UInt64
            switch outcome {
            case .onTime: code = 0
            case .delayed(let minutes):
                precondition(
                    minutes > 0 && minutes % Self.delayStep == 0 && minutes / Self.delayStep < Int(Self.canceledCode),
                    "a past delay packs as 1 to 14 steps of 5 minutes")
                code = UInt64(minutes / Self.delayStep)
            case .canceled: code = Self.canceledCode
            }
            packed |= code << (4 * UInt64(index))
        }
        self.packed = packed
        self.count = outcomes.count
        self.timeZone = timeZone
    }

    public var outcomes: [Disruption] {
        (0..<count).map { index in
            let code = (packed >> (4 * UInt64(index))) & 0xF
            switch code {
            case 0: return .onTime
            case Self.canceledCode: return .canceled
            default: return .delayed(minutes: Int(code) * Self.delayStep)
            }
        }
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

/// A flight's codeshare designators, packed into one word: a year-long window holds a million
/// flights, and an array each would cost more than the flight.
public struct Codeshares: Hashable, Sendable, Sequence {
    /// Each designator in 12 bits (airline index times 1000 plus the number), up to two; the count in bits 24-25.
    private let packed: UInt32

    public var count: Int { Int(packed >> 24) }

    public static let none = Codeshares([])

    /// At most two designators, each of an airline in `FlightCatalog.airlines` and a number under 1000.
    init(_ designators: [(airline: Int, number: Int)]) {
        precondition(designators.count <= 2, "at most two codeshares")
        var packed: UInt32 = 0
        for (index, designator) in designators.enumerated() {
            precondition(designator.number < 1000 && designator.airline < FlightCatalog.airlines.count)
            packed |= UInt32(designator.airline * 1000 + designator.number) << (12 * UInt32(index))
        }
        self.packed = packed | UInt32(designators.count) << 24
    }

    /// The designators in the order they were drawn: `(airline, number)`.
    public var designators: [(airline: String, number: Int)] {
        (0..<count).map { index in
            let designator = designator(at: index)
            return (FlightCatalog.airlines[designator.airline], designator.number)
        }
    }

    /// The designator at `index` (below `count`): its airline's index in `FlightCatalog.airlines`, and its number.
    private func designator(at index: Int) -> (airline: Int, number: Int) {
        let code = Int((packed >> (12 * UInt32(index))) & 0xFFF)
        return (code / 1000, code % 1000)
    }

    /// `["Southeast 412", "Pacific 88"]`.
    public var names: [String] { designators.map { "\($0.airline) \($0.number)" } }

    public func makeIterator() -> IndexingIterator<[String]> { names.makeIterator() }

    /// Whether `test` holds for a designator, given as the airline's index in `FlightCatalog.airlines`
    /// and the number: no array and no string made.
    func contains(where test: (_ airline: Int, _ number: Int) -> Bool) -> Bool {
        (0..<count).contains { index in
            let designator = designator(at: index)
            return test(designator.airline, designator.number)
        }
    }

    public func contains(airline: String, number: Int) -> Bool {
        contains { FlightCatalog.airlines[$0] == airline && $1 == number }
    }
}
