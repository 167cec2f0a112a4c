import FlightData

/// `flight.get`: a flight's details, by id or designator, on `date` when given.
///
/// Params, in this order: `id` or `designator`, `date`, `pinned`.
public struct FlightGetRequest: BoardRequest {
    public static let method = WireMethod.flightGet

    public var flight: FlightReference
    public var date: DateSpec?
    public var pinned: PinnedParam?

    public init(flight: FlightReference, date: DateSpec? = nil, pinned: PinnedParam? = nil) {
        self.flight = flight
        self.date = date
        self.pinned = pinned
    }

    /// The flight of this identity: its id on its own day.
    public init(_ key: FlightKey, pinned: PinnedParam? = nil) {
        self.init(flight: .id(key.id), date: .exact(key.date), pinned: pinned)
    }

    public var params: JSON {
        RequestParams.object(
            RequestParams.flightPairs(flight) + [("date", date.map { .string($0.description) }), ("pinned", pinned?.json)])
    }

    public init(params: JSON) throws(WireError) {
        let date = try RequestParams.date(params)
        let flight = try RequestParams.flight(params)
        self.init(flight: flight, date: date, pinned: try RequestParams.pinned(params))
    }
}
