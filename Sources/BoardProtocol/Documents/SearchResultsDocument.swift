import FlightData

/// The reply to `search`: the flights matching a text across the window, grouped by day.
public struct SearchResultsDocument: WireDocument {
    /// One day's matches.
    public struct Day: WireDocument {
        /// `YYYY-MM-DD`.
        public let date: String
        /// `Nov 30`.
        public let badge: String
        public let count: Int
        public let flights: [FlightDocument]

        public init(date: String, badge: String, count: Int, flights: [FlightDocument]) {
            self.date = date
            self.badge = badge
            self.count = count
            self.flights = flights
        }
    }

    public private(set) var schema = DocumentSchema()
    /// What was searched for, as given.
    public let text: String
    public let tab: Tab
    /// The matches in this reply, on all its days.
    public let count: Int
    /// Only days with matches, in date order.
    public let days: [Day]
    /// The matches in the whole window, when the reply is one page of them (the daemon's replies are).
    public var total: Int?
    /// The cursor for the next page (passed back as `cursor`); nil on the last page.
    public var next: String?

    public init(text: String, tab: Tab, count: Int, days: [Day], total: Int? = nil, next: String? = nil) {
        self.text = text
        self.tab = tab
        self.count = count
        self.days = days
        self.total = total
        self.next = next
    }

    /// The matches left out of this reply (0 when it has them all).
    public var remaining: Int { max(0, (total ?? count) - count) }

    /// `total` and `next` only when the reply is a page (`next` null on the last).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schema, forKey: .schema)
        try container.encode(text, forKey: .text)
        try container.encode(tab, forKey: .tab)
        try container.encode(count, forKey: .count)
        try container.encode(days, forKey: .days)
        guard let total else { return }
        try container.encode(total, forKey: .total)
        try container.encode(next, forKey: .next)
    }
}
