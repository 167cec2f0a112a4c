import BoardProtocol

/// A flight remembered by the client: its id, and enough to name it once it is gone.
struct RememberedFlight: Equatable {
    var id: Int
    var designator: String
    var date: String

    var json: JSON { ["id": .int(id), "designator": .string(designator), "date": .string(date)] }

    init(id: Int, designator: String, date: String) {
        self.id = id
        self.designator = designator
        self.date = date
    }

    init(_ flight: FlightDocument) { self.init(id: flight.id, designator: flight.flightName, date: flight.date) }

    init?(json: JSON) {
        guard let id = json["id"]?.int, let designator = json["designator"]?.string, let date = json["date"]?.string else {
            return nil
        }
        self.init(id: id, designator: designator, date: date)
    }

    /// `Pacific 123 (1234) on 2026-11-30`.
    var name: String { "\(designator) (\(id)) on \(date)" }
}
