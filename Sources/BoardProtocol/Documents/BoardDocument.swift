import FlightData

/// The reply to `board.get` and each board `board.watch` pushes: one local day's flights in one tab.
public struct BoardDocument: WireDocument {
    /// The airport the board is of.
    public struct Airport: WireDocument {
        public let name: String
        /// `MTN`.
        public let code: String
        /// The IANA time zone, `America/New_York`; the client does not need it.
        public let timeZone: String?

        public init(name: String, code: String, timeZone: String?) {
            self.name = name
            self.code = code
            self.timeZone = timeZone
        }

        public init(json: JSON) throws(WireError) {
            name = try json.field("name", \.string)
            code = try json.field("code", \.string)
            timeZone = json["timeZone"]?.string
        }

        public var json: JSON { ["name": .string(name), "code": .string(code), "timeZone": .optional(timeZone)] }
    }

    /// One tab's entry in the tab bar: its count, and the badge shown beside its title.
    public struct TabEntry: WireDocument {
        public let id: Tab
        public let title: String
        public let count: Int
        /// The count, or the board's date (`Nov 30`) on `all`.
        public let badge: String

        public init(id: Tab, title: String, count: Int, badge: String) {
            self.id = id
            self.title = title
            self.count = count
            self.badge = badge
        }

        public init(json: JSON) throws(WireError) {
            id = try json.field("id", as: Tab.self)
            title = try json.field("title", \.string)
            count = try json.field("count", \.int)
            badge = try json.field("badge", \.string)
        }

        public var json: JSON {
            ["id": .string(id.rawValue), "title": .string(title), "count": .int(count), "badge": .string(badge)]
        }
    }

    public let airport: Airport
    /// The daemon's clock, the airport's local time.
    public let now: String
    public let simulated: Bool
    /// How fast the daemon's clock runs (0 frozen, 1 real time); within 0...JSON.maxClockSpeed once decoded.
    public let speed: Double
    /// The board's local day, `YYYY-MM-DD`.
    public let date: String
    public let tab: Tab
    public let hidePast: Bool
    public let tabs: [TabEntry]
    public let flights: [FlightDocument]

    public init(
        airport: Airport, now: String, simulated: Bool, speed: Double, date: String, tab: Tab, hidePast: Bool,
        tabs: [TabEntry], flights: [FlightDocument]
    ) {
        self.airport = airport
        self.now = now
        self.simulated = simulated
        self.speed = speed
        self.date = date
        self.tab = tab
        self.hidePast = hidePast
        self.tabs = tabs
        self.flights = flights
    }

    /// Reads a board; `schema`, `simulated`, `speed` and `hidePast` have defaults, the rest are required.
    public init(json: JSON) throws(WireError) {
        airport = try Airport(json: try json.field("airport", { $0 }))
        now = try json.field("now", \.string)
        simulated = json["simulated"]?.bool ?? false
        speed = JSON.clockSpeed(json["speed"])
        date = try json.field("date", \.string)
        tab = try json.field("tab", as: Tab.self)
        hidePast = json["hidePast"]?.bool ?? false
        tabs = try json.field("tabs", each: TabEntry.init(json:))
        flights = try json.field("flights", each: FlightDocument.init(json:))
    }

    public var json: JSON {
        [
            "schema": .int(documentSchema),
            "airport": airport.json,
            "now": .string(now),
            "simulated": .bool(simulated),
            "speed": .double(speed),
            "date": .string(date),
            "tab": .string(tab.rawValue),
            "hidePast": .bool(hidePast),
            "tabs": .array(tabs.map(\.json)),
            "flights": .array(flights.map(\.json)),
        ]
    }
}
