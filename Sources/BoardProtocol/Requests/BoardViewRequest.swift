import FlightData

/// What `board.get` and `board.watch` share: a tab's board of a day, with past flights or without,
/// the client's pins marked and first.
///
/// Params, in this order: `tab` (all when not given), `hidePast` (false), `date` (the daemon's
/// today), `pinned` (none).
public protocol BoardViewRequest: BoardRequest {
    var tab: Tab? { get }
    var hidePast: Bool? { get }
    var date: DateSpec? { get }
    var pinned: PinnedParam? { get }
    init(tab: Tab?, hidePast: Bool?, date: DateSpec?, pinned: PinnedParam?)
}

extension BoardViewRequest {
    public var params: JSON {
        RequestParams.object([
            ("tab", tab.map { .string($0.rawValue) }), ("hidePast", hidePast.map(JSON.bool)),
            ("date", date.map { .string($0.description) }), ("pinned", pinned?.json),
        ])
    }

    public init(params: JSON) throws(WireError) {
        let tab = try RequestParams.tab(params)
        let hidePast = try RequestParams.flag(params, "hidePast")
        let pinned = try RequestParams.pinned(params)
        self.init(tab: tab, hidePast: hidePast, date: try RequestParams.date(params), pinned: pinned)
    }
}
