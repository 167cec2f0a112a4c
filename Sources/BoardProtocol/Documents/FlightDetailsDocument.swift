import FlightData

/// The reply to `flight.get`, `flight.next`, `flight.prev` and `flight.soonest`: a flight's fields
/// inline, then the daemon's clock, its service's last operations, the on-time rate, the weekdays
/// it runs, the flight's departure and arrival times, a departure's boarding and gate-close times
/// and its progress.
public struct FlightDetailsDocument: WireDocument {
    /// How the flight's service ran on one earlier day: that day's flight as it ended.
    public struct HistoryDay: WireDocument {
        public let date: String
        /// `departed`, `landed`, `canceled` or `diverted`.
        public let status: FlightStatus
        public let scheduledTime: String
        /// When it departed or landed; nil when canceled or diverted.
        public let actualTime: String?
        public let delayMinutes: Int

        public init(date: String, status: FlightStatus, scheduledTime: String, actualTime: String?, delayMinutes: Int) {
            self.date = date
            self.status = status
            self.scheduledTime = scheduledTime
            self.actualTime = actualTime
            self.delayMinutes = delayMinutes
        }

        public init(json: JSON) throws(WireError) {
            date = try json.field("date", \.string)
            status = try json.field("status", as: FlightStatus.self)
            scheduledTime = try json.field("scheduledTime", \.string)
            actualTime = json["actualTime"]?.string
            delayMinutes = json["delayMinutes"]?.int ?? 0
        }

        public var json: JSON {
            [
                "date": .string(date),
                "status": .string(status.rawValue),
                "scheduledTime": .string(scheduledTime),
                "actualTime": .optional(actualTime),
                "delayMinutes": .int(delayMinutes),
            ]
        }
    }

    /// One announcement made about the flight: `{at, kind, text}`.
    public struct AnnouncementEntry: WireDocument {
        public let at: String
        public let kind: String
        public let text: String

        public init(at: String, kind: String, text: String) {
            self.at = at
            self.kind = kind
            self.text = text
        }

        public init(json: JSON) throws(WireError) {
            at = try json.field("at", \.string)
            kind = try json.field("kind", \.string)
            text = try json.field("text", \.string)
        }

        public var json: JSON { .object([("at", .string(at)), ("kind", .string(kind)), ("text", .string(text))]) }
    }

    public let flight: FlightDocument
    /// The announcements made so far, oldest first.
    public let announcements: [AnnouncementEntry]
    /// The daemon's clock when it answered.
    public let now: String
    /// Newest first.
    public let history: [HistoryDay]
    /// The share of the history's days that ran on time, 0...1 as the daemon sends it (a client clamps it to draw).
    public let onTimeRate: Double
    /// The weekdays its service runs, Monday first (`["Mon", "Tue", ...]`); empty from an older daemon.
    public let runs: [String]
    /// When it leaves the gate (here, or at the other airport for an arrival); nil when canceled.
    public let departureTime: String?
    /// When it reaches the gate; nil when canceled or diverted.
    public let arrivalTime: String?
    /// A departure's boarding time (40 minutes before its current time) and gate-close time (10
    /// minutes before); nil for an arrival and once canceled or diverted.
    public let boardingTime: String?
    public let gateClosesTime: String?
    /// 0 until take-off, the share of the flight time flown, 1 from landing (rounded to 0.001); nil when canceled.
    public let progress: Double?

    public init(
        flight: FlightDocument, now: String, history: [HistoryDay], onTimeRate: Double, runs: [String] = [],
        departureTime: String?, arrivalTime: String?, boardingTime: String? = nil, gateClosesTime: String? = nil,
        progress: Double?, announcements: [AnnouncementEntry] = []
    ) {
        self.flight = flight
        self.announcements = announcements
        self.now = now
        self.history = history
        self.onTimeRate = onTimeRate
        self.runs = runs
        self.departureTime = departureTime
        self.arrivalTime = arrivalTime
        self.boardingTime = boardingTime
        self.gateClosesTime = gateClosesTime
        self.progress = progress
    }

    /// Reads a flight's details: the flight's required keys, `now`, `history` and `onTimeRate`.
    public init(json: JSON) throws(WireError) {
        flight = try FlightDocument(json: json)
        now = try json.field("now", \.string)
        history = try json.field("history", each: HistoryDay.init(json:))
        onTimeRate = try json.field("onTimeRate", \.double)
        runs = json["runs"]?.array?.compactMap(\.string) ?? []
        departureTime = json["departureTime"]?.string
        arrivalTime = json["arrivalTime"]?.string
        boardingTime = json["boardingTime"]?.string
        gateClosesTime = json["gateClosesTime"]?.string
        progress = json["progress"]?.double
        announcements = json["announcements"] == nil ? [] : try json.field("announcements", each: AnnouncementEntry.init(json:))
    }

    public var json: JSON {
        var pairs: [(String, JSON)] = [("schema", .int(documentSchema))]
        pairs += flight.pairs
        pairs += [
            ("now", .string(now)),
            ("history", .array(history.map(\.json))),
            ("onTimeRate", .double(onTimeRate)),
            ("runs", .array(runs.map(JSON.string))),
            ("departureTime", .optional(departureTime)),
            ("arrivalTime", .optional(arrivalTime)),
            ("boardingTime", .optional(boardingTime)),
            ("gateClosesTime", .optional(gateClosesTime)),
            ("progress", .optional(progress)),
            ("announcements", .array(announcements.map(\.json))),
        ]
        return .object(pairs)
    }
}
