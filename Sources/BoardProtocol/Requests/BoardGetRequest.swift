import FlightData

/// `board.get`: a board, once.
public struct BoardGetRequest: BoardViewRequest {
    public static let method = WireMethod.boardGet

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
