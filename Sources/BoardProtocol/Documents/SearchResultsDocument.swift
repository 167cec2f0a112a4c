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

        public init(json: JSON) throws(WireError) {
            date = try json.field("date", \.string)
            badge = try json.field("badge", \.string)
            count = try json.field("count", \.int)
            flights = try json.field("flights", each: FlightDocument.init(json:))
        }

        public var json: JSON {
            ["date": .string(date), "badge": .string(badge), "count": .int(count), "flights": .array(flights.map(\.json))]
        }
    }

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

    public init(json: JSON) throws(WireError) {
        text = try json.field("text", \.string)
        tab = try json.field("tab", as: Tab.self)
        count = try json.field("count", \.int)
        days = try json.field("days", each: Day.init(json:))
        total = json["total"]?.int
        next = json["next"]?.string
    }

    public var json: JSON {
        var pairs: [(String, JSON)] = [
            ("schema", .int(documentSchema)),
            ("text", .string(text)),
            ("tab", .string(tab.rawValue)),
            ("count", .int(count)),
            ("days", .array(days.map(\.json))),
        ]
        if let total { pairs += [("total", .int(total)), ("next", .optional(next))] }
        return .object(pairs)
    }
}
