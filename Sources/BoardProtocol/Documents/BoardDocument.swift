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
    }

    public private(set) var schema = DocumentSchema()
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
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        airport = try container.decode(Airport.self, forKey: .airport)
        now = try container.decode(String.self, forKey: .now)
        simulated = container.flag(.simulated)
        speed = container.clockSpeed(.speed)
        date = try container.decode(String.self, forKey: .date)
        tab = try container.decode(Tab.self, forKey: .tab)
        hidePast = container.flag(.hidePast)
        tabs = try container.decode([TabEntry].self, forKey: .tabs)
        flights = try container.decode([FlightDocument].self, forKey: .flights)
    }
}
