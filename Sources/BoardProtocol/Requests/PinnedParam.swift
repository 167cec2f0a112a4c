import FlightData

/// The `pinned` param: the client's pins, sent with a request so the daemon marks and orders them.
///
/// Each pin is a flight's identity, `{"id":N,"date":"YYYY-MM-DD"}`: an id alone names a flight
/// only within one window. A plain id (older clients, scripts) still means that id on any day.
/// A pin may carry the `flightName` it was made with: a flight of that identity with another name
/// is then no pin (the daemon's schedule changed with its config since the pin was made).
public enum PinnedParam {
    /// The most pins one request may carry.
    public static let limit = 1000

    /// `[{"id":N,"date":"YYYY-MM-DD"},...]`, in the order given; with `names`, each pin's `flightName`,
    /// as long as the names add at most `namesBudget` bytes: a thousand named pins would pass the
    /// protocol's line limit (64 KiB), and pins past the budget go by their identity alone.
    public static func json(_ pins: some Sequence<FlightKey>, names: [FlightKey: String] = [:]) -> JSON {
        var budget = namesBudget
        return .array(
            pins.map { key in
                var pairs: [(String, JSON)] = [("id", .int(key.id)), ("date", .string(key.date.description))]
                // `,"flightName":"…"` costs 15 bytes and the name's own.
                if let name = names[key], budget >= name.utf8.count + 16 {
                    budget -= name.utf8.count + 16
                    pairs.append(("flightName", .string(name)))
                }
                return .object(pairs)
            })
    }

    /// The bytes of `flightName`s one `pinned` param carries at most: with a thousand seven-digit
    /// identities (36 KiB), the line stays under the protocol's 64 KiB.
    public static let namesBudget = 20_000

    /// The longest `flightName` a pin may carry (a designator is about a dozen characters).
    static let nameLimit = 100

    /// Reads the param: absent or null is no pins; anything but an array of identities or ids is `invalidParams`.
    public static func parse(_ value: JSON?) throws(WireError) -> PinnedFlights {
        guard let value, !value.isNull else { return [] }
        guard let items = value.array, items.count <= limit else {
            throw WireError(.invalidParams, "\"pinned\" must be an array of at most \(limit) flights.")
        }
        var pins = PinnedFlights()
        for item in items {
            if let id = item.int {
                pins.anyDay.insert(id)
            } else if let id = item["id"]?.int, let text = item["date"]?.string, let date = LocalDate(text) {
                let key = FlightKey(id: id, date: date)
                pins.flights.insert(key)
                if let value = item["flightName"], !value.isNull {
                    guard let name = value.string, name.utf8.count <= nameLimit else {
                        throw WireError(
                            .invalidParams, "a pin's \"flightName\" must be a string of at most \(nameLimit) bytes.")
                    }
                    pins.names[key] = name
                }
            } else {
                throw WireError(
                    .invalidParams, "\"pinned\" must hold flights as {\"id\":N,\"date\":\"YYYY-MM-DD\"} (or plain ids).")
            }
        }
        return pins
    }
}
