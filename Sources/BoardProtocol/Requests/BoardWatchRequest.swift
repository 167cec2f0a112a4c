import FlightData

/// `board.watch`: a board, and again whenever it changes.
public struct BoardWatchRequest: BoardViewRequest {
    public static let method = WireMethod.boardWatch

    public var tab: Tab?
    public var hidePast: Bool?
    public var date: DateSpec?
    public var pinned: PinnedParam?

    public init(tab: Tab? = nil, hidePast: Bool? = nil, date: DateSpec? = nil, pinned: PinnedParam? = nil) {
        self.tab = tab
        self.hidePast = hidePast
        self.date = date
        self.pinned = pinned
    }
}
