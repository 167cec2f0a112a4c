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

        /// `delayMinutes` defaults to 0.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            date = try container.decode(String.self, forKey: .date)
            status = try container.decode(FlightStatus.self, forKey: .status)
            scheduledTime = try container.decode(String.self, forKey: .scheduledTime)
            actualTime = try container.decodeIfPresent(String.self, forKey: .actualTime)
            delayMinutes = try container.decodeIfPresent(Int.self, forKey: .delayMinutes) ?? 0
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
    }

    public private(set) var schema = DocumentSchema()
    /// The flight's keys come inline, after `schema`.
    public let flight: FlightDocument
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
    /// The announcements made so far, oldest first.
    public let announcements: [AnnouncementEntry]

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

    /// The keys after the flight's, in order.
    enum CodingKeys: String, CodingKey {
        case schema, now, history, onTimeRate, runs, departureTime, arrivalTime, boardingTime, gateClosesTime, progress
        case announcements
    }

    /// Reads a flight's details: the flight's required keys, `now`, `history` and `onTimeRate`.
    public init(from decoder: any Decoder) throws {
        flight = try FlightDocument(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        now = try container.decode(String.self, forKey: .now)
        history = try container.decode([HistoryDay].self, forKey: .history)
        onTimeRate = try container.decode(Double.self, forKey: .onTimeRate)
        runs = container.texts(.runs)
        departureTime = try container.decodeIfPresent(String.self, forKey: .departureTime)
        arrivalTime = try container.decodeIfPresent(String.self, forKey: .arrivalTime)
        boardingTime = try container.decodeIfPresent(String.self, forKey: .boardingTime)
        gateClosesTime = try container.decodeIfPresent(String.self, forKey: .gateClosesTime)
        progress = try container.decodeIfPresent(Double.self, forKey: .progress)
        announcements =
            container.contains(.announcements) ? try container.decode([AnnouncementEntry].self, forKey: .announcements) : []
    }

    /// `schema`, the flight's keys, then the details' own.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schema, forKey: .schema)
        try flight.encode(to: encoder)
        try container.encode(now, forKey: .now)
        try container.encode(history, forKey: .history)
        try container.encode(onTimeRate, forKey: .onTimeRate)
        try container.encode(runs, forKey: .runs)
        try container.encodeIfPresent(departureTime, forKey: .departureTime)
        try container.encodeIfPresent(arrivalTime, forKey: .arrivalTime)
        try container.encodeIfPresent(boardingTime, forKey: .boardingTime)
        try container.encodeIfPresent(gateClosesTime, forKey: .gateClosesTime)
        try container.encodeIfPresent(progress, forKey: .progress)
        try container.encode(announcements, forKey: .announcements)
    }
}

extension FlightDetailsDocument: JSONWritable {
    /// The fast path (`JSONWritable`): the keys as `encode(to:)` writes them.
    public func writeJSON(into out: inout [UInt8]) {
        JSONObjectWriter.write(into: &out) { object in
            object.write(documentSchema, CodingKeys.schema)
            flight.writeFields(to: &object)
            object.write(now, CodingKeys.now)
            object.write(history, CodingKeys.history)
            object.write(onTimeRate, CodingKeys.onTimeRate)
            object.write(runs, CodingKeys.runs)
            object.write(departureTime, CodingKeys.departureTime)
            object.write(arrivalTime, CodingKeys.arrivalTime)
            object.write(boardingTime, CodingKeys.boardingTime)
            object.write(gateClosesTime, CodingKeys.gateClosesTime)
            object.write(progress, CodingKeys.progress)
            object.write(announcements, CodingKeys.announcements)
        }
    }
}

extension FlightDetailsDocument.HistoryDay: JSONWritable {
    /// The fast path (`JSONWritable`), ten of them in every details reply.
    public func writeJSON(into out: inout [UInt8]) {
        JSONObjectWriter.write(into: &out) { object in
            object.write(date, CodingKeys.date)
            object.write(status, CodingKeys.status)
            object.write(scheduledTime, CodingKeys.scheduledTime)
            object.write(actualTime, CodingKeys.actualTime)
            object.write(delayMinutes, CodingKeys.delayMinutes)
        }
    }
}

extension FlightDetailsDocument.AnnouncementEntry: JSONWritable {
    /// The fast path (`JSONWritable`).
    public func writeJSON(into out: inout [UInt8]) {
        JSONObjectWriter.write(into: &out) { object in
            object.write(at, CodingKeys.at)
            object.write(kind, CodingKeys.kind)
            object.write(text, CodingKeys.text)
        }
    }
}
