/// `clock.get`: the daemon's clock and window. No params; any given are ignored.
public struct ClockGetRequest: BoardRequest {
    public static let method = WireMethod.clockGet

    public init() {}

    public var params: JSON { [:] }

    public init(params: JSON) throws(WireError) {}
}
