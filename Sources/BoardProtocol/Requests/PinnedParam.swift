import FlightData

/// The `pinned` param: the client's pins, sent with a request so the daemon marks and orders them.
///
/// Each pin is a flight's identity, `{"id":N,"date":"YYYY-MM-DD"}`: an id alone names a flight
/// only within one window. A plain id (older clients, scripts) still means that id on any day.
/// A pin may carry the `flightName` it was made with: a flight of that identity with another name
/// is then no pin (the daemon's schedule changed with its config since the pin was made).
public struct PinnedParam: Hashable, Sendable {
    public enum Pin: Hashable, Sendable {
        /// A flight's identity, with the name it was pinned by when one is sent.
        case flight(FlightKey, name: String?)
        /// An id alone: that id on any day.
        case anyDay(Int)
    }

    /// The pins in the order given.
    public var pins: [Pin]

    /// The most pins one request may carry.
    public static let limit = 1000

    /// The bytes of `flightName`s one `pinned` param carries at most: with a thousand seven-digit
    /// identities (36 KiB), the line stays under the protocol's 64 KiB.
    public static let namesBudget = 20_000

    /// The longest `flightName` a pin may carry (a designator is about a dozen characters).
    static let nameLimit = 100

    public init(pins: [Pin]) { self.pins = pins }

    /// `keys` in the order given; with `names`, each pin's `flightName`, as long as the names add at
    /// most `namesBudget` bytes: a thousand named pins would pass the protocol's line limit (64 KiB),
    /// and pins past the budget go by their identity alone.
    public init(_ keys: some Sequence<FlightKey>, names: [FlightKey: String] = [:]) {
        var budget = Self.namesBudget
        pins = keys.map { key in
            // `,"flightName":"…"` costs 15 bytes and the name's own.
            guard let name = names[key], budget >= name.utf8.count + 16 else { return .flight(key, name: nil) }
            budget -= name.utf8.count + 16
            return .flight(key, name: name)
        }
    }

    /// Reads the param: anything but an array of at most `limit` identities or ids is `invalidParams`.
    public init(json value: JSON) throws(WireError) {
        guard let items = value.array, items.count <= Self.limit else {
            throw WireError(.invalidParams, "\"pinned\" must be an array of at most \(Self.limit) flights.")
        }
        pins = []
        pins.reserveCapacity(items.count)
        for item in items {
            if let id = item.int {
                pins.append(.anyDay(id))
            } else if let id = item["id"]?.int, let text = item["date"]?.string, let date = LocalDate(text) {
                pins.append(.flight(FlightKey(id: id, date: date), name: try Self.flightName(of: item, "a pin's")))
            } else {
                throw WireError(
                    .invalidParams, "\"pinned\" must hold flights as {\"id\":N,\"date\":\"YYYY-MM-DD\"} (or plain ids).")
            }
        }
    }

    /// The `flightName` an identity (`{"id","date","flightName"}`) carries, if any: a string of at
    /// most `nameLimit` bytes, else `invalidParams` naming `whose` ("a pin's").
    static func flightName(of identity: JSON, _ whose: String) throws(WireError) -> String? {
        guard let value = identity["flightName"], !value.isNull else { return nil }
        guard let text = value.string, text.utf8.count <= nameLimit else {
            throw WireError(.invalidParams, "\(whose) \"flightName\" must be a string of at most \(nameLimit) bytes.")
        }
        return text
    }

    /// `[{"id":N,"date":"YYYY-MM-DD"},...]`, a pin's `flightName` where it has one.
    public var json: JSON {
        .array(
            pins.map { pin in
                switch pin {
                case .anyDay(let id): .int(id)
                case .flight(let key, let name):
                    RequestParams.object([
                        ("id", .int(key.id)), ("date", .string(key.date.description)), ("flightName", name.map(JSON.string)),
                    ])
                }
            })
    }

    /// The pins as the daemon matches flights against them.
    public var flights: PinnedFlights {
        var flights = PinnedFlights()
        for pin in pins {
            switch pin {
            case .anyDay(let id): flights.anyDay.insert(id)
            case .flight(let key, let name):
                flights.flights.insert(key)
                if let name { flights.names[key] = name }
            }
        }
        return flights
    }
}
