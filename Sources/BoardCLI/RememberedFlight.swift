import BoardProtocol
import FlightData

/// A flight remembered by the client: its identity (id and date), and enough to name it once it is gone.
///
/// An id alone names a flight only within one window, so a remembered flight is always its id
/// and its date together.
struct RememberedFlight: Equatable {
    var id: Int
    var designator: String
    var date: String
    /// For a pin, the daemon's now when it was pinned (ISO-8601), where known: `board events --follow
    /// --pinned` follows a flight pinned meanwhile from then on.
    var pinnedAt: String?

    /// The flight as `--json` prints it (`board pins --json`): its identity and name.
    var json: JSON { ["id": .int(id), "designator": .string(designator), "date": .string(date)] }

    /// The flight as the state file keeps it: `json`, and `pinnedAt` where known (a key an older
    /// `board` reads past, and drops when it saves).
    var stateJSON: JSON {
        guard let pinnedAt else { return json }
        return json.adding("pinnedAt", .string(pinnedAt))
    }

    init(id: Int, designator: String, date: String, pinnedAt: String? = nil) {
        self.id = id
        self.designator = designator
        self.date = date
        self.pinnedAt = pinnedAt
    }

    init(_ flight: FlightDocument, pinnedAt: String? = nil) {
        self.init(id: flight.id, designator: flight.flightName, date: flight.date, pinnedAt: pinnedAt)
    }

    /// Ids a flight can have: positive, at most 7 digits.
    static let ids = 1...9_999_999

    /// An entry of the state file; nil when it cannot name a flight (no id in `ids`, no `YYYY-MM-DD`
    /// date), so that a hand-edited file never makes a command fail on it. A control character in the
    /// designator (the file is people's to edit) becomes U+FFFD, so that naming the flight never writes
    /// an escape sequence to the terminal.
    init?(json: JSON) {
        guard let id = json["id"]?.int, Self.ids.contains(id), let designator = json["designator"]?.string,
            let date = json["date"]?.string, LocalDate(date) != nil
        else { return nil }
        // An instant that is not one is dropped: the pin stays, followed from when it is noticed.
        let pinnedAt = json["pinnedAt"]?.string.flatMap { EventTime.instant(of: $0) == nil ? nil : $0 }
        self.init(id: id, designator: designator.replacingControlCharacters(), date: date, pinnedAt: pinnedAt)
    }

    /// Its identity; nil when the state file holds a date that is not one.
    var key: FlightKey? { LocalDate(date).map { FlightKey(id: id, date: $0) } }

    /// Whether this is that flight: the same id on the same day.
    func isSame(as other: RememberedFlight) -> Bool { id == other.id && date == other.date }

    /// `flight` put in `list` (pins, hidden flights) unless it is there: an entry of its identity
    /// made for another flight (a config reloaded with another schedule) gives way to it, in place;
    /// false when it was there already.
    static func add(_ flight: RememberedFlight, to list: inout [RememberedFlight]) -> Bool {
        guard let index = list.firstIndex(where: { $0.isSame(as: flight) }) else {
            list.append(flight)
            return true
        }
        guard list[index].designator != flight.designator else { return false }
        list[index] = flight
        return true
    }

    /// Whether `flight`, found by this identity, is the flight remembered: its name too is the same.
    /// A config reloaded with another seed or another number of flights a day makes a new schedule,
    /// where the same id on the same day is another flight.
    func names(_ flight: FlightDocument) -> Bool { flight.id == id && flight.date == date && flight.flightName == designator }

    /// As it was: `Pacific 578 of Nov 30`, whatever now has its id.
    var name: String { "\(designator) of \(LocalDate(date)?.shortName ?? date)" }

    /// Whether its day is before `today`: it has left the window.
    func isBefore(_ today: LocalDate) -> Bool { LocalDate(date).map { $0 < today } ?? false }
}
