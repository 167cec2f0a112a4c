import FlightData

/// The `pinned` param: the client's pins, sent with a request so the daemon marks and orders them.
///
/// Each pin is a flight's identity, `{"id":N,"date":"YYYY-MM-DD"}`: an id alone names a flight
/// only within one window. A plain id (older clients, scripts) still means that id on any day.
public enum PinnedParam {
    /// The most pins one request may carry.
    public static let limit = 1000

    /// `[{"id":N,"date":"YYYY-MM-DD"},...]`, in the order given.
    public static func json(_ pins: some Sequence<FlightKey>) -> JSON {
        .array(pins.map { ["id": .int($0.id), "date": .string($0.date.description)] })
    }

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
                pins.flights.insert(FlightKey(id: id, date: date))
            } else {
                throw WireError(
                    .invalidParams, "\"pinned\" must hold flights as {\"id\":N,\"date\":\"YYYY-MM-DD\"} (or plain ids).")
            }
        }
        return pins
    }
}
