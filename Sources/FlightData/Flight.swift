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

/// One flight: a service of the timetable on one local date, as the generator makes it.
///
/// A flight is a pure function of (seed, service, local date, config): see `ScheduleGenerator`.
/// Its status is not stored; it follows from the clock (`FlightLifecycle`).
public struct Flight: Hashable, Sendable, Identifiable {
    public let id: Int
    /// Its service's place in the timetable (`Timetable.services`): the same on every day it runs.
    public let serviceID: Int32
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
    /// The airport's time zone, to write the times of its announcements.
    public let timeZone: TimeZone
    /// The partner airlines' designators it is also sold under (none, one or two), unique in its day.
    public let codeshares: Codeshares
    /// What will be announced about it on its day, and when; `state(at:)` reads it.
    public let unfolding: Unfolding
    /// Minutes after its final current time at which the hall takes it down (`HallRules`).
    let takenDownAfter: Int16

    init(
        id: Int, serviceID: Int32, airlineIndex: UInt8, cityIndex: UInt8, gateIndex: UInt8, number: Int,
        direction: Direction, date: LocalDate, slot: Int, scheduledMinute: Int, scheduledTime: Date, dayStart: Date,
        disruption: Disruption, timeZone: TimeZone, codeshares: Codeshares, unfolding: Unfolding, hall: HallRules
    ) {
        self.id = id
        self.serviceID = serviceID
        self.airlineIndex = airlineIndex
        self.cityIndex = cityIndex
        self.gateIndex = gateIndex
        self.number = number
        self.direction = direction
        self.date = date
        self.slot = slot
        self.scheduledMinute = scheduledMinute
        self.scheduledTime = scheduledTime
        self.dayStart = dayStart
        self.disruption = disruption
        self.timeZone = timeZone
        self.codeshares = codeshares
        self.unfolding = unfolding
        let minutes =
            if disruption == .canceled || unfolding.divertAt != Unfolding.none {
                hall.canceledMinutes
            } else if direction == .departure {
                hall.departedMinutes
            } else if unfolding.belt > 0 {
                Int(unfolding.lastBag) + hall.afterLastBagMinutes
            } else {
                HallRules.landedWithoutBeltMinutes
            }
        self.takenDownAfter = Int16(minutes)
    }

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
}

/// How a flight's service ran on one earlier day: that day's flight as it ended.
public struct HistoryEntry: Hashable, Sendable {
    public let date: LocalDate
    /// How it ended: `departed`, `landed`, `canceled` or `diverted`.
    public let status: FlightStatus
    public let scheduledTime: Date
    /// When it departed or landed; nil when canceled or diverted.
    public let actualTime: Date?
    public let delayMinutes: Int

    public init(date: LocalDate, status: FlightStatus, scheduledTime: Date, actualTime: Date?, delayMinutes: Int) {
        self.date = date
        self.status = status
        self.scheduledTime = scheduledTime
        self.actualTime = actualTime
        self.delayMinutes = delayMinutes
    }

    /// `flight` as its day's board showed it once it had ended: its last state, read at the instant
    /// the hall took it down (`Flight.takenDownAt`), when nothing more is announced about it.
    public init(ended flight: Flight) {
        let state = flight.state(at: flight.takenDownAt)
        let arrived = state.status == .departed || state.status == .landed
        self.init(
            date: flight.date, status: state.status, scheduledTime: flight.scheduledTime,
            actualTime: arrived ? state.currentTime : nil, delayMinutes: state.delayMinutes)
    }

    /// Whether it left or landed at its scheduled time.
    public var ranOnTime: Bool { actualTime != nil && delayMinutes == 0 }
}

extension [HistoryEntry] {
    /// The share of these days it ran on time, 0...1 (0 with none).
    public var onTimeRate: Double { isEmpty ? 0 : Double(count(where: \.ranOnTime)) / Double(count) }
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

    /// Each designator as its airline's index times 1000 plus its number.
    var codes: [Int] {
        (0..<count).map { index in
            let designator = designator(at: index)
            return designator.airline * 1000 + designator.number
        }
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
