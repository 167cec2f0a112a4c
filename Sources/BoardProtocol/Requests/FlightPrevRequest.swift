import FlightData

/// `flight.prev`: the flight before another in a tab.
public struct FlightPrevRequest: FlightStepRequest {
    public static let method = WireMethod.flightPrev

    public var flight: FlightReference
    public var date: DateSpec?
    public var tab: Tab?
    public var pinned: PinnedParam?

    public init(flight: FlightReference, date: DateSpec? = nil, tab: Tab? = nil, pinned: PinnedParam? = nil) {
        self.flight = flight
        self.date = date
        self.tab = tab
        self.pinned = pinned
    }
}
