/// The reply to `ping`: the daemon is there, and which one it is.
public struct PingDocument: WireDocument {
    /// Always true: `{"pong":true,...}`.
    private let pong = true
    /// `boardd/0.1.0`.
    public let server: String
    /// This run of the daemon (a new one on each start).
    public let instance: String
    /// The protocol version it speaks.
    public let protocolVersion: Int
    /// The daemon's part in replication; absent (nil) when it neither publishes nor follows.
    public let replication: ReplicationDocument?

    public init(server: String, instance: String, protocolVersion: Int, replication: ReplicationDocument? = nil) {
        self.server = server
        self.instance = instance
        self.protocolVersion = protocolVersion
        self.replication = replication
    }

    /// Reads a ping's reply: `pong` must be true.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard try container.decode(Bool.self, forKey: .pong) else {
            throw WireError(.internal, "The daemon's reply has a false \"\(CodingKeys.pong.stringValue)\".")
        }
        server = try container.decode(String.self, forKey: .server)
        instance = try container.decode(String.self, forKey: .instance)
        protocolVersion = try container.decode(Int.self, forKey: .protocolVersion)
        replication = try container.decodeIfPresent(ReplicationDocument.self, forKey: .replication)
    }

    /// Writes `replication` only when there is one: a daemon on its own answers as it always has.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(pong, forKey: .pong)
        try container.encode(server, forKey: .server)
        try container.encode(instance, forKey: .instance)
        try container.encode(protocolVersion, forKey: .protocolVersion)
        if let replication { try container.encode(replication, forKey: .replication) }
    }

    enum CodingKeys: String, CodingKey {
        case pong, server, instance
        case protocolVersion = "protocol"
        case replication
    }
}
