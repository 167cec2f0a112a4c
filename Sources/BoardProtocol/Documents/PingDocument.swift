/// The reply to `ping`: the daemon is there, and which one it is.
public struct PingDocument: WireDocument {
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

    public init(json: JSON) throws(WireError) {
        guard try json.field("pong", \.bool) else { throw WireError(.internal, "The daemon's reply has a false \"pong\".") }
        server = try json.field("server", \.string)
        instance = try json.field("instance", \.string)
        protocolVersion = try json.field("protocol", \.int)
    }

    public var json: JSON {
        ["pong": true, "server": .string(server), "instance": .string(instance), "protocol": .int(protocolVersion)]
    }
}
