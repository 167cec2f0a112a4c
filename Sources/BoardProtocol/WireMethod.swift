/// The methods of the wire protocol.
public enum WireMethod: String, Sendable, CaseIterable {
    case ping
    case boardGet = "board.get"
    case flightGet = "flight.get"
    case search
    case clockGet = "clock.get"
    case clockSet = "clock.set"
    case clockAdvance = "clock.advance"
    case boardWatch = "board.watch"
    /// Extensions beyond the contract's list: moving through a tab in the domain's order.
    case flightNext = "flight.next"
    case flightPrev = "flight.prev"
    case flightSoonest = "flight.soonest"
    /// The day unfolding: the changes of an interval, and a subscription to them as the clock passes them.
    case eventsGet = "events.get"
    case eventsWatch = "events.watch"
}

extension WireMethod {
    /// The type of this method's requests. The switch is exhaustive: a new method needs one.
    public var requestType: any BoardRequest.Type {
        switch self {
        case .ping: PingRequest.self
        case .boardGet: BoardGetRequest.self
        case .flightGet: FlightGetRequest.self
        case .search: SearchRequest.self
        case .clockGet: ClockGetRequest.self
        case .clockSet: ClockSetRequest.self
        case .clockAdvance: ClockAdvanceRequest.self
        case .boardWatch: BoardWatchRequest.self
        case .flightNext: FlightNextRequest.self
        case .flightPrev: FlightPrevRequest.self
        case .flightSoonest: FlightSoonestRequest.self
        case .eventsGet: EventsGetRequest.self
        case .eventsWatch: EventsWatchRequest.self
        }
    }
}
