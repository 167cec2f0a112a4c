/// A flight's identity: its id and its local date.
///
/// An id is unique only within one window: it encodes the day modulo `days`, so once the
/// window slides the same id names another day's flight. Anything held for later (a pin,
/// the last viewed flight) is held by both, and matches only the flight of that day.
public struct FlightKey: Hashable, Sendable, CustomStringConvertible {
    public let id: Int
    public let date: LocalDate

    public init(id: Int, date: LocalDate) {
        self.id = id
        self.date = date
    }

    public init(_ flight: Flight) { self.init(id: flight.id, date: flight.date) }

    /// Whether this is that flight: the same id on the same day.
    public func matches(_ flight: Flight) -> Bool { flight.id == id && flight.date == date }

    public var description: String { "\(id) on \(date)" }
}

/// The flights a request pins: identities, and ids alone from older clients.
///
/// An id alone means "that id on any day", as pins meant before they carried dates; it is
/// kept so that scripts and older clients go on working within one window.
public struct PinnedFlights: Hashable, Sendable, ExpressibleByArrayLiteral {
    public var flights: Set<FlightKey>
    /// Ids without a date: that id on any day.
    public var anyDay: Set<Int>
    /// The name a pin was made with, where the client sent it: a flight of that identity with another
    /// name (a config reloaded with another seed makes another schedule) is not the pin.
    public var names: [FlightKey: String] = [:]

    public init(_ flights: some Sequence<FlightKey> = [], anyDay: some Sequence<Int> = []) {
        self.flights = Set(flights)
        self.anyDay = Set(anyDay)
    }

    public init(arrayLiteral elements: FlightKey...) { self.init(elements) }

    public var isEmpty: Bool { flights.isEmpty && anyDay.isEmpty }
    public var count: Int { flights.count + anyDay.count }

    /// Whether `flight` is pinned: its identity is, or (from an older client) its id alone.
    public func contains(_ flight: Flight) -> Bool {
        if anyDay.contains(flight.id) { return true }
        let key = FlightKey(flight)
        return flights.contains(key) && names(flight, as: key)
    }

    /// Whether `flight`, of identity `key`, has the name its pin was made with (when one was sent).
    public func names(_ flight: Flight, as key: FlightKey) -> Bool { names[key].map { $0 == flight.flightName } ?? true }
}
