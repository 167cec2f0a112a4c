/// `ping`: the daemon's name, instance and protocol version. No params; any given are ignored.
public struct PingRequest: BoardRequest {
    public static let method = WireMethod.ping

    public init() {}

    public var params: JSON { [:] }

    public init(params: JSON) throws(WireError) {}
}
