import FoundationEssentials

/// The days on the board: `days` local days starting with the airport's date at an instant.
///
/// It slides at the airport's midnight. Flights are looked up through a
/// `FlightSource`, so a day is generated (or read from a cache) only when asked for.
public struct ScheduleWindow: Sendable {
    public let source: any FlightSource
    public let firstDate: LocalDate
    public let localTime: LocalTime

    public init(source: any FlightSource, at instant: Date) {
        self.source = source
        self.localTime = LocalTime(timeZone: source.config.airport.timeZone)
        self.firstDate = localTime.date(at: instant)
    }

    /// The window that starts on `firstDate` (the airport's date at the instant it is for).
    public init(source: any FlightSource, firstDate: LocalDate) {
        self.source = source
        self.localTime = LocalTime(timeZone: source.config.airport.timeZone)
        self.firstDate = firstDate
    }

    public var config: ScheduleConfig { source.config }
    public var days: Int { config.days }
    public var lastDate: LocalDate { firstDate.adding(days: days - 1) }
    public var dates: [LocalDate] { (0..<days).map { firstDate.adding(days: $0) } }

    public func contains(_ date: LocalDate) -> Bool { date >= firstDate && date <= lastDate }

    /// The instant the window next slides: the airport's next midnight.
    public var nextSlide: Date { localTime.startOfDay(firstDate.adding(days: 1)) }

    public func flights(on date: LocalDate) -> [Flight] {
        contains(date) ? source.flights(on: date) : []
    }

    /// Every flight in the window, day by day.
    public var allFlights: [Flight] { dates.flatMap { source.flights(on: $0) } }

    /// The flight with `id`, if it is in the window. Constant time: the id names its day and slot.
    public func flight(id: Int) -> Flight? {
        let identity = FlightIdentity(config: config)
        guard let (residue, slot) = identity.decode(id) else { return nil }
        let shift = FlightIdentity.mod(residue - FlightIdentity.mod(firstDate.dayNumber, days), days)
        let flights = source.flights(on: firstDate.adding(days: shift))
        guard slot < flights.count, flights[slot].id == id else { return nil }
        return flights[slot]
    }

    /// The flight with this designator on `date`; without a date, today's, else the next one in the window.
    ///
    /// A designator names one service of the timetable (`Timetable.service(airline:number:)`), so
    /// the flight is that service's on the first of those days it runs.
    public func flight(designator: Designator, on date: LocalDate? = nil) -> Flight? {
        guard let service = source.timetable.service(airline: designator.airline, number: designator.number) else {
            return nil
        }
        let candidates = date.map { [$0] } ?? dates
        for day in candidates where contains(day) && service.runs(on: day) {
            let flights = source.flights(on: day)
            if service.slot < flights.count { return flights[service.slot] }
        }
        return nil
    }

    /// The service a designator names, if the timetable has it: to say on which days it runs
    /// when it does not run on the day asked for.
    public func service(designator: Designator) -> Service? {
        source.timetable.service(airline: designator.airline, number: designator.number)
    }

    /// The services whose flight number is `number` (`578`: Pacific 578), in the timetable's order.
    public func services(numbered number: Int) -> [Service] {
        source.timetable.services.filter { $0.number == number }
    }

    /// The flight's service's last operations before its date that had ended by `now`, most recent first.
    public func history(of flight: Flight, at now: Date) -> [HistoryEntry] { source.history(of: flight, at: now) }
}

/// An airline and a flight number, as people type them: `Pacific 123`, `pacific123`.
public struct Designator: Hashable, Sendable, CustomStringConvertible {
    public let airline: String
    public let number: Int

    /// Parses a designator; nil when the airline is unknown or the number missing.
    public init?(_ text: String) {
        let compact = text.filter { !$0.isWhitespace }
        guard let firstDigit = compact.firstIndex(where: \.isNumber) else { return nil }
        let name = compact[..<firstDigit]
        let digits = compact[firstDigit...]
        guard !name.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), digits.count <= 4,
            let number = Int(digits), let airline = FlightCatalog.airline(named: name)
        else { return nil }
        self.airline = airline
        self.number = number
    }

    /// Whether this names `flight`: its own designator, or one of its codeshares.
    public func matches(_ flight: Flight) -> Bool {
        (flight.airline == airline && flight.number == number) || flight.codeshares.contains(airline: airline, number: number)
    }

    public var description: String { "\(airline) \(number)" }
}

/// How a flight is named on the command line or in a request.
public enum FlightReference: Hashable, Sendable, CustomStringConvertible {
    case id(Int)
    case designator(Designator)

    /// Digits are an id; an airline and a number are a designator.
    public init?(_ text: String) {
        let trimmed = text.trimmingSpaces
        if !trimmed.isEmpty, trimmed.count <= 7, trimmed.allSatisfy({ $0.isASCII && $0.isNumber }), let id = Int(trimmed) {
            self = .id(id)
        } else if let designator = Designator(trimmed) {
            self = .designator(designator)
        } else {
            return nil
        }
    }

    public var description: String {
        switch self {
        case .id(let id): String(id)
        case .designator(let designator): designator.description
        }
    }
}

extension ScheduleWindow {
    /// Resolves a reference: an id anywhere in the window (on `date` when given), a designator as `flight(designator:on:)`.
    public func flight(_ reference: FlightReference, on date: LocalDate? = nil) -> Flight? {
        switch reference {
        case .id(let id):
            guard let flight = flight(id: id) else { return nil }
            if let date, flight.date != date { return nil }
            return flight
        case .designator(let designator):
            return flight(designator: designator, on: date)
        }
    }
}

extension String {
    /// Without the spaces and tabs at either end (the characters `CharacterSet.whitespaces` holds).
    var trimmingSpaces: String {
        func isSpace(_ character: Character) -> Bool {
            character.unicodeScalars.allSatisfy { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
        }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
