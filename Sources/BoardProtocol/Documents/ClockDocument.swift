/// The reply to `clock.get`, `clock.set` and `clock.advance`: the daemon's clock and the window it gives.
public struct ClockDocument: WireDocument {
    public private(set) var schema = DocumentSchema()
    /// The airport's local time, ISO-8601 with the offset.
    public let now: String
    /// The airport's local date, `YYYY-MM-DD`; the client does not need it.
    public let date: String?
    public let simulated: Bool
    /// How fast the clock runs (0 frozen, 1 real time); within 0...JSON.maxClockSpeed once decoded.
    public let speed: Double
    /// The IANA time zone; the client does not need it.
    public let timeZone: String?
    /// The window's first and last local dates; the client does not need them.
    public let windowStart: String?
    public let windowEnd: String?
    /// The daemon's part in replication; absent (nil) when it neither publishes nor follows.
    public let replication: ReplicationDocument?

    public init(
        now: String, date: String?, simulated: Bool, speed: Double, timeZone: String?, windowStart: String?, windowEnd: String?,
        replication: ReplicationDocument? = nil
    ) {
        self.now = now
        self.date = date
        self.simulated = simulated
        self.speed = speed
        self.timeZone = timeZone
        self.windowStart = windowStart
        self.windowEnd = windowEnd
        self.replication = replication
    }

    /// Reads a clock; only `now` is required (`simulated` defaults to false, `speed` to 1).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        now = try container.decode(String.self, forKey: .now)
        date = try container.decodeIfPresent(String.self, forKey: .date)
        simulated = container.flag(.simulated)
        speed = container.clockSpeed(.speed)
        timeZone = try container.decodeIfPresent(String.self, forKey: .timeZone)
        windowStart = try container.decodeIfPresent(String.self, forKey: .windowStart)
        windowEnd = try container.decodeIfPresent(String.self, forKey: .windowEnd)
        replication = try container.decodeIfPresent(ReplicationDocument.self, forKey: .replication)
    }

    /// Writes `replication` only when there is one: a daemon on its own answers as it always has.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schema, forKey: .schema)
        try container.encode(now, forKey: .now)
        try container.encode(date, forKey: .date)
        try container.encode(simulated, forKey: .simulated)
        try container.encode(speed, forKey: .speed)
        try container.encode(timeZone, forKey: .timeZone)
        try container.encode(windowStart, forKey: .windowStart)
        try container.encode(windowEnd, forKey: .windowEnd)
        if let replication { try container.encode(replication, forKey: .replication) }
    }

    enum CodingKeys: String, CodingKey {
        case schema, now, date, simulated, speed, timeZone, windowStart, windowEnd, replication
    }
}
