import BoardProtocol
import FlightData

/// One change as `events.get` and `events.watch` send it, read for the client.
///
/// `json` keeps the object exactly as the daemon sent it, so `--json` prints it back byte for byte.
/// `from` and `to` stay JSON: what they hold depends on the kind (a status name, an ISO time,
/// a gate, a city, a baggage object).
struct EventChange: Equatable, Sendable {
    /// What changed, in the order the daemon reports the kinds of one instant.
    enum Kind: String, CaseIterable, Sendable {
        case time, gate, canceled, diverted, status, baggage
    }

    /// The position within one answer or subscription, when sent.
    let seq: Int?
    /// When it happened: the airport's local time, ISO-8601 with the offset.
    let at: String
    let flightID: Int
    /// The flight's local date, `YYYY-MM-DD`: with the id, its identity.
    let flightDate: String
    let flightName: String
    /// The kind's name as sent; `kind` is nil for one this client does not know.
    let kindName: String
    let from: JSON?
    let to: JSON?
    /// Where to resume after this change (opaque).
    let cursor: String?
    let json: JSON

    var kind: Kind? { Kind(rawValue: kindName) }

    /// Its flight's identity; nil when the date is not one.
    var flightKey: FlightKey? { LocalDate(flightDate).map { FlightKey(id: flightID, date: $0) } }

    init(json: JSON) throws(WireError) {
        self.json = json
        seq = json["seq"]?.int
        at = try json.field("at", \.string)
        guard let flight = json["flight"] else { throw WireError(.internal, "The daemon's change has no \"flight\".") }
        flightID = try flight.field("id", \.int)
        flightDate = try flight.field("date", \.string)
        flightName = try flight.field("flightName", \.string)
        kindName = try json.field("kind", \.string)
        from = json["from"].flatMap { $0.isNull ? nil : $0 }
        to = json["to"].flatMap { $0.isNull ? nil : $0 }
        cursor = json["cursor"]?.string
    }

    /// The change's local date, `YYYY-MM-DD`.
    var date: String { String(at.prefix(10)) }

    /// The change's local time of day, `HH:MM`.
    var clockTime: String { EventTime.clock(of: at) }

    /// The change as the daemon sent it, its `seq` made `seq`: the client's NDJSON is one stream over
    /// many answers (pages, a subscription and the gaps fetched for it), numbered 1... as a whole.
    func json(numbered seq: Int) -> JSON {
        guard let pairs = json.objectPairs else { return json }
        return .object(pairs.map { $0.0 == "seq" ? ("seq", .int(seq)) : $0 })
    }

    /// The flight's identity as the `flight` param: `{"id":N,"date":"YYYY-MM-DD"}`.
    var flightParam: JSON { ["id": .int(flightID), "date": .string(flightDate)] }
}

/// An `events.get` answer: one page of changes and how to get the next.
struct EventsPage: Equatable, Sendable {
    let since: String?
    let until: String?
    let changes: [EventChange]
    let total: Int?
    /// The cursor for the next page; nil on the last.
    let next: String?

    init(json: JSON) throws(WireError) {
        since = json["since"]?.string
        until = json["until"]?.string
        var changes: [EventChange] = []
        for item in try json.field("changes", \.array) { changes.append(try EventChange(json: item)) }
        self.changes = changes
        total = json["total"]?.int
        next = json["next"]?.string
    }
}
