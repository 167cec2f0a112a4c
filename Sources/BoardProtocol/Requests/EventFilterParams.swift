import FlightData

/// The filters `events.get` and `events.watch` share: one flight, the pinned flights, some kinds.
///
/// Params, in this order: `flight`, `pinned` (an empty list admits no flight), `kinds`. Whether the
/// flight is one is the daemon's to say.
public struct EventFilterParams: Hashable, Sendable {
    public var flight: EventFlightParam?
    public var pinned: PinnedParam?
    /// In the order given; all kinds when not given.
    public var kinds: [FlightChange.Kind]?

    public init(flight: EventFlightParam? = nil, pinned: PinnedParam? = nil, kinds: [FlightChange.Kind]? = nil) {
        self.flight = flight
        self.pinned = pinned
        self.kinds = kinds
    }

    /// The most kinds one filter may list (repeats included).
    static let kindsLimit = 32

    var pairs: [(String, JSON?)] {
        [("flight", flight?.json), ("pinned", pinned?.json), ("kinds", kinds.map { .array($0.map { .string($0.rawValue) }) })]
    }

    init(params: JSON) throws(WireError) {
        var flight: EventFlightParam?
        if let value = RequestParams.value(params, "flight") { flight = try EventFlightParam(json: value) }
        let pinned = try RequestParams.pinned(params)
        self.init(flight: flight, pinned: pinned, kinds: try Self.kinds(params))
    }

    static func kinds(_ params: JSON) throws(WireError) -> [FlightChange.Kind]? {
        guard let value = RequestParams.value(params, "kinds") else { return nil }
        let names = FlightChange.Kind.allCases.map(\.rawValue).joined(separator: ", ")
        guard let items = value.array, !items.isEmpty, items.count <= kindsLimit else {
            throw WireError(.invalidParams, "\"kinds\" must be a list of 1 or more of \(names).")
        }
        var kinds: [FlightChange.Kind] = []
        for item in items {
            guard let name = item.string, let kind = FlightChange.Kind(rawValue: name) else {
                throw WireError(.invalidParams, "\"kinds\" holds \(item.text.prefix(40)), not a kind; the kinds are \(names).")
            }
            kinds.append(kind)
        }
        return kinds
    }
}

/// The `flight` of an events filter: `{"id":N,"date":"YYYY-MM-DD"}` (with the `flightName` it was
/// read by, optionally), an id, or a designator (codeshares too).
public enum EventFlightParam: Hashable, Sendable {
    /// The flight of this identity, even of a day the window has left. With `flightName`, only while
    /// the identity names that flight: after a reload with another schedule it may name another.
    case identity(FlightKey, flightName: String? = nil)
    /// An id or a designator, as `flight.get` reads them in the window.
    case reference(FlightReference)

    static let shapes = WireError(
        .invalidParams,
        "\"flight\" must be {\"id\":N,\"date\":\"YYYY-MM-DD\"}, a flight id, or a designator such as \"Pacific 123\".")

    init(json value: JSON) throws(WireError) {
        if let id = value["id"], let dateValue = value["date"] {
            guard let id = id.int, id > 0, let text = dateValue.string, let date = LocalDate(text) else { throw Self.shapes }
            self = .identity(FlightKey(id: id, date: date), flightName: try PinnedParam.flightName(of: value, "\"flight\"'s"))
        } else if let id = value.int {
            guard id > 0 else { throw Self.shapes }
            self = .reference(.id(id))
        } else if let text = value.string, text.utf8.count <= 100, let reference = FlightReference(text) {
            self = .reference(reference)
        } else {
            throw Self.shapes
        }
    }

    var json: JSON {
        switch self {
        case .identity(let key, let name):
            RequestParams.object([
                ("id", .int(key.id)), ("date", .string(key.date.description)), ("flightName", name.map(JSON.string)),
            ])
        case .reference(.id(let id)): .int(id)
        case .reference(.designator(let designator)): .string(designator.description)
        }
    }
}
