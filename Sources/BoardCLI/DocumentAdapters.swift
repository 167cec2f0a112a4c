import BoardProtocol

// Adapter for the live view until it holds a typed document: the names it (and the completions'
// ids and ClientState's RememberedFlight) used for the board and flight documents before they
// were typed. The lead removes this file at merge, once those files name the documents.

typealias WireBoard = BoardDocument
typealias WireFlight = FlightDocument

extension BoardDocument {
    init(_ json: JSON) throws(WireError) { try self.init(json: json) }
    var airportName: String { airport.name }
    var airportCode: String { airport.code }
}

extension FlightDocument {
    init(_ json: JSON) throws(WireError) { try self.init(json: json) }
}
