import FlightData

/// `flight.soonest`: the first flight of a tab still to come.
///
/// Params, in this order: `tab` (all when not given), `pinned`.
public struct FlightSoonestRequest: BoardRequest {
    public static let method = WireMethod.flightSoonest

    public var tab: Tab?
    public var pinned: PinnedParam?

    public init(tab: Tab? = nil, pinned: PinnedParam? = nil) {
        self.tab = tab
        self.pinned = pinned
    }

    public var params: JSON { RequestParams.object([("tab", tab.map { .string($0.rawValue) }), ("pinned", pinned?.json)]) }

    public init(params: JSON) throws(WireError) {
        let tab = try RequestParams.tab(params)
        self.init(tab: tab, pinned: try RequestParams.pinned(params))
    }
}
