import FlightData

/// `events.watch`: a subscription to the changes that match a filter, as the daemon's clock passes them.
///
/// Params, in this order: the filter's (`flight`, `pinned`, `kinds`), then where to replay from:
/// `since` (a time, as `events.get` takes it) or `cursor` (the last change seen). A subscription
/// runs on with the clock, so it takes no `until` or `limit`, and ignores them.
public struct EventsWatchRequest: BoardRequest {
    public static let method = WireMethod.eventsWatch

    public var filter: EventFilterParams
    public var since: String?
    public var cursor: String?

    public init(filter: EventFilterParams = EventFilterParams(), since: String? = nil, cursor: String? = nil) {
        self.filter = filter
        self.since = since
        self.cursor = cursor
    }

    /// The change the cursor names, which the replay comes after.
    public var position: FlightChange.Position? { cursor.flatMap(ChangeCursor.decode) }

    /// Whether the changes before now are sent first: from `since`, or after `cursor`.
    public var replays: Bool { since != nil || cursor != nil }

    public var params: JSON {
        RequestParams.object(filter.pairs + [("since", since.map(JSON.string)), ("cursor", cursor.map(JSON.string))])
    }

    public init(params: JSON) throws(WireError) {
        let filter = try EventFilterParams(params: params)
        let cursor = try EventsGetRequest.cursor(params)
        self.init(filter: filter, since: try EventsGetRequest.time(params, "since"), cursor: cursor)
    }
}
