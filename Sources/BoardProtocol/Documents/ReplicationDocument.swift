/// `replication` in the replies to `ping` and `clock.*`: the daemon's part in replication, when it has one.
///
/// A daemon that neither publishes nor follows leaves the key out. A source (`boardd --publish`)
/// says `role` `source`, its own instance as `source`, whether Redis is `connected`, and how many
/// records `waiting` to be published; `lag` is null. A replica will say `replica`, the instance it
/// follows, whether it is connected and its `lag` in seconds. Readers pass over keys they do not know.
public struct ReplicationDocument: WireDocument {
    /// `source` or `replica`.
    public let role: String
    /// The source's instance: this daemon's own for a source, the one it follows for a replica.
    public let source: String
    /// Whether the daemon's connection to Redis is up (and, for a source, holds the lease).
    public let connected: Bool
    /// Records not yet in Redis (a source's); 0 for a replica.
    public let waiting: Int
    /// How far behind the source a replica is, in seconds; null for a source.
    public let lag: Double?

    public init(role: String, source: String, connected: Bool, waiting: Int, lag: Double?) {
        self.role = role
        self.source = source
        self.connected = connected
        self.waiting = waiting
        self.lag = lag
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        role = try container.decode(String.self, forKey: .role)
        source = try container.decode(String.self, forKey: .source)
        connected = try container.decode(Bool.self, forKey: .connected)
        waiting = try container.decodeIfPresent(Int.self, forKey: .waiting) ?? 0
        lag = try container.decodeIfPresent(Double.self, forKey: .lag)
    }
}
