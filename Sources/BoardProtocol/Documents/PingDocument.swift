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

    public init(server: String, instance: String, protocolVersion: Int) {
        self.server = server
        self.instance = instance
        self.protocolVersion = protocolVersion
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
    }

    enum CodingKeys: String, CodingKey {
        case pong, server, instance
        case protocolVersion = "protocol"
    }
}
