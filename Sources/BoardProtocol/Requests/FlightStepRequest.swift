import FlightData

/// What `flight.next` and `flight.prev` share: the flight to step from (by id or designator, on
/// `date` when given) and the tab to step in, in the domain's order.
///
/// Params, in this order: `id` or `designator`, `date`, `tab` (all when not given), `pinned`.
public protocol FlightStepRequest: BoardRequest {
    var flight: FlightReference { get }
    var date: DateSpec? { get }
    var tab: Tab? { get }
    var pinned: PinnedParam? { get }
    init(flight: FlightReference, date: DateSpec?, tab: Tab?, pinned: PinnedParam?)
}

extension FlightStepRequest {
    /// From the flight of this identity: its id on its own day.
    public init(from key: FlightKey, tab: Tab?, pinned: PinnedParam?) {
        self.init(flight: .id(key.id), date: .exact(key.date), tab: tab, pinned: pinned)
    }

    public var params: JSON {
        RequestParams.object(
            RequestParams.flightPairs(flight) + [
                ("date", date.map { .string($0.description) }), ("tab", tab.map { .string($0.rawValue) }),
                ("pinned", pinned?.json),
            ])
    }

    public init(params: JSON) throws(WireError) {
        let flight = try RequestParams.flight(params)
        let date = try RequestParams.date(params)
        let tab = try RequestParams.tab(params)
        self.init(flight: flight, date: date, tab: tab, pinned: try RequestParams.pinned(params))
    }
}
