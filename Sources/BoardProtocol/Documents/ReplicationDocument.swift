/// `replication` in the replies to `ping` and `clock.*`: the daemon's part in replication, when it has one.
///
/// A daemon that neither publishes nor follows leaves the key out. A source (`boardd --publish`)
/// says `role` `source`, its own instance as `source`, whether Redis is `connected`, and how many
/// records `waiting` to be published; `lag` is null. A replica (`boardd --follow`) says `replica`,
/// the instance it follows, whether it is connected, its `lag` in seconds (while connected, the
/// last move's hop, 0 once a read of the stream found nothing newer, null when the move came from
/// the state after a gap and no read has yet; the time since it was cut off while not), and two
/// keys of its own:
/// `cutOffSince` (the real time, in the airport's zone, it lost Redis; null while connected),
/// `noSourceSince` (the real time it found no source holding the lease, stopped or gone; null while
/// one does) and `outOfStep` (why it may not show the source's board: an entry it could not read;
/// null when in step). A source that found its lease held by another instance says which as
/// `supersededBy` (it publishes no more; absent otherwise). Readers pass over keys they do not know.
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
    /// A replica's: since when it has been cut off from Redis (ISO-8601, the airport's zone); null while connected.
    public let cutOffSince: String?
    /// A replica's: why it is out of step with its source; null when it is in step.
    public let outOfStep: String?
    /// A replica's: since when no source has held the lease (stopped, or gone longer than its lease),
    /// ISO-8601 in the airport's zone; null while one does.
    public let noSourceSince: String?
    /// A source's: the instance that holds the lease this one lost, so that it publishes no more; absent until then.
    public let supersededBy: String?

    public init(
        role: String, source: String, connected: Bool, waiting: Int, lag: Double?, cutOffSince: String? = nil,
        outOfStep: String? = nil, noSourceSince: String? = nil, supersededBy: String? = nil
    ) {
        self.role = role
        self.source = source
        self.connected = connected
        self.waiting = waiting
        self.lag = lag
        self.cutOffSince = cutOffSince
        self.outOfStep = outOfStep
        self.noSourceSince = noSourceSince
        self.supersededBy = supersededBy
    }

    public var isReplica: Bool { role == "replica" }

    /// An instance as said to people (a status line, a log): whatever a writer of Redis put in the
    /// lease, kept to printable ASCII and 64 characters (an instance is 16 hex digits); `?` for none.
    public static func instanceName(_ text: String) -> String {
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where scalar.isASCII && isInstanceByte(UInt8(scalar.value)) {
            guard kept.count < instanceLimit else { break }
            kept.append(scalar)
        }
        return kept.isEmpty ? "?" : String(kept)
    }

    /// The most characters of an instance read or said (one is 16 hex digits).
    public static let instanceLimit = 64

    /// Whether `text` is read as an instance: 1 to `instanceLimit` printable ASCII characters, no space.
    public static func isInstanceName(_ text: String) -> Bool {
        (1...instanceLimit).contains(text.utf8.count) && text.utf8.allSatisfy(isInstanceByte)
    }

    private static func isInstanceByte(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        role = try container.decode(String.self, forKey: .role)
        source = try container.decode(String.self, forKey: .source)
        connected = try container.decode(Bool.self, forKey: .connected)
        waiting = try container.decodeIfPresent(Int.self, forKey: .waiting) ?? 0
        lag = try container.decodeIfPresent(Double.self, forKey: .lag)
        cutOffSince = try container.decodeIfPresent(String.self, forKey: .cutOffSince)
        outOfStep = try container.decodeIfPresent(String.self, forKey: .outOfStep)
        noSourceSince = try container.decodeIfPresent(String.self, forKey: .noSourceSince)
        supersededBy = try container.decodeIfPresent(String.self, forKey: .supersededBy)
    }

    /// A replica's keys are written only by a replica, and `supersededBy` only by a source superseded.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(role, forKey: .role)
        try container.encode(source, forKey: .source)
        try container.encode(connected, forKey: .connected)
        try container.encode(waiting, forKey: .waiting)
        try container.encodeIfPresent(lag, forKey: .lag)
        guard isReplica else {
            if let supersededBy { try container.encode(supersededBy, forKey: .supersededBy) }
            return
        }
        try container.encodeIfPresent(cutOffSince, forKey: .cutOffSince)
        try container.encodeIfPresent(outOfStep, forKey: .outOfStep)
        try container.encodeIfPresent(noSourceSince, forKey: .noSourceSince)
    }

    enum CodingKeys: String, CodingKey {
        case role, source, connected, waiting, lag, cutOffSince, outOfStep, noSourceSince, supersededBy
    }
}
