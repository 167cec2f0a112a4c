import BoardWire
import FlightData

/// `board watch`.
enum LiveView {
    static func run(client: BoardClient, tab: Tab, hidePast: Bool, rotateSeconds: Int?) throws(ClientError) {
        throw .failure("board watch is not built yet")
    }
}
