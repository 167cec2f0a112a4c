import FlightData

/// `events.get`: the changes of an interval that match a filter, a page at a time.
///
/// Params, in this order: the filter's (`flight`, `pinned`, `kinds`), `since` and `until` (times as
/// written: ISO-8601, or `HH:MM` for today, placed by the daemon on its airport's clock), `cursor`
/// (the `next` of the page before, or a change's `cursor`, as the daemon wrote it), `limit` (at
/// most `pageLimit` changes a page).
public struct EventsGetRequest: BoardRequest {
    public static let method = WireMethod.eventsGet

    /// The most changes one `events.get` reply holds; `next` asks for more.
    public static let pageLimit = 500

    public var filter: EventFilterParams
    public var since: String?
    public var until: String?
    public var cursor: String?
    public var limit: Int?

    public init(
        filter: EventFilterParams = EventFilterParams(), since: String? = nil, until: String? = nil, cursor: String? = nil,
        limit: Int? = nil
    ) {
        self.filter = filter
        self.since = since
        self.until = until
        self.cursor = cursor
        self.limit = limit
    }

    /// The first day whose flights' changes an interval from `since`'s day through `until`'s lists: the
    /// day before `since`'s (an arrival's baggage comes after midnight), but never more than the
    /// window's length (`days`) back from `until`'s, so that no request derives more days than a window
    /// holds. The daemon lists by it; a client says what an older `since` leaves out.
    public static func firstListedDay(since: LocalDate, until: LocalDate, days: Int) -> LocalDate {
        max(since.adding(days: -1), until.adding(days: -days))
    }

    /// The change the cursor names, which the page comes after.
    public var position: FlightChange.Position? { cursor.flatMap(ChangeCursor.decode) }

    public var params: JSON {
        RequestParams.object(
            filter.pairs + [
                ("since", since.map(JSON.string)), ("cursor", cursor.map(JSON.string)), ("until", until.map(JSON.string)),
                ("limit", limit.map(JSON.int)),
            ])
    }

    public init(params: JSON) throws(WireError) {
        let filter = try EventFilterParams(params: params)
        let cursor = try Self.cursor(params)
        let since = try Self.time(params, "since")
        let until = try Self.time(params, "until")
        self.init(
            filter: filter, since: since, until: until, cursor: cursor,
            limit: try RequestParams.limit(params, most: Self.pageLimit))
    }

    /// A cursor the daemon made; null or absent is none.
    static func cursor(_ params: JSON) throws(WireError) -> String? {
        guard let value = RequestParams.value(params, "cursor") else { return nil }
        guard let text = value.string, ChangeCursor.decode(text) != nil else {
            throw WireError(
                .invalidParams, "\"cursor\" must be the \"next\" or a change's \"cursor\" from the daemon, or null to start.")
        }
        return text
    }

    /// A bound of the interval, as `clock.set` takes a time.
    static func time(_ params: JSON, _ key: String) throws(WireError) -> String? {
        guard let value = RequestParams.value(params, key) else { return nil }
        guard let text = value.string, text.utf8.count <= 64, InstantInput.reads(text) else { throw notATime(key) }
        return text
    }

    /// `since` or `until` is not a time.
    public static func notATime(_ key: String) -> WireError {
        WireError(.invalidParams, "\"\(key)\" must be a time: ISO-8601 such as 2026-11-30T09:00:00-05:00, or HH:MM for today.")
    }
}
