import FlightData

/// `search`: the flights of the window matching a text, a page at a time.
///
/// Params, in this order: `text`, `tab` (all when not given), `pinned`, `limit` (at most
/// `pageLimit` flights a page), `cursor` (the `next` of the page before, as the daemon wrote it).
public struct SearchRequest: BoardRequest {
    public static let method = WireMethod.search

    /// The most flights one search reply holds; `next` asks for more.
    public static let pageLimit = 200

    public var text: String
    public var tab: Tab?
    public var pinned: PinnedParam?
    public var limit: Int?
    public var cursor: String?

    public init(text: String, tab: Tab? = nil, pinned: PinnedParam? = nil, limit: Int? = nil, cursor: String? = nil) {
        self.text = text
        self.tab = tab
        self.pinned = pinned
        self.limit = limit
        self.cursor = cursor
    }

    /// How many flights came before the page: the cursor's number, 0 without one.
    public var offset: Int { cursor.flatMap { Int($0) } ?? 0 }

    public var params: JSON {
        RequestParams.object([
            ("text", .string(text)), ("tab", tab.map { .string($0.rawValue) }), ("pinned", pinned?.json),
            ("limit", limit.map(JSON.int)), ("cursor", cursor.map(JSON.string)),
        ])
    }

    public init(params: JSON) throws(WireError) {
        guard let text = params["text"]?.string else { throw Self.needsText }
        guard SearchText.fits(text) else {
            throw WireError(.invalidParams, "search \"text\" is \(SearchText.limits); shorten it.")
        }
        guard !text.allSatisfy(\.isWhitespace) else { throw Self.needsText }
        let tab = try RequestParams.tab(params)
        let pinned = try RequestParams.pinned(params)
        let limit = try RequestParams.limit(params, most: Self.pageLimit)
        self.init(text: text, tab: tab, pinned: pinned, limit: limit, cursor: try Self.cursor(params))
    }

    static let needsText = WireError(.invalidParams, "search needs \"text\": a string of 1 to 100 characters.")

    /// The number of flights already seen, as a string of digits; null or absent is the start.
    static func cursor(_ params: JSON) throws(WireError) -> String? {
        guard let value = RequestParams.value(params, "cursor") else { return nil }
        guard let text = value.string, (1...9).contains(text.utf8.count), text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
            Int(text) != nil
        else {
            throw WireError(.invalidParams, "\"cursor\" must be the \"next\" of an earlier search, or null to start.")
        }
        return text
    }
}
