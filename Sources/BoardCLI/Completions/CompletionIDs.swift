import BoardLink
import BoardProtocol
import BoardSystem
import FlightData

/// `board completions --ids`: a day's flight ids for a completion script, as `ID<TAB>summary` lines.
///
/// A completion must never keep the shell waiting: this never starts a
/// daemon, gives the whole exchange about 200 ms, and prints nothing when no
/// daemon answers in time, so the script simply offers no ids.
struct CompletionIDs {
    let socket: String
    static let budget = Duration.milliseconds(180)

    func lines(date: DateSpec?) -> [String] {
        let deadline = ContinuousClock.now + Self.budget
        func remaining() -> Int32 { Int32(max(1, (deadline - ContinuousClock.now) / .milliseconds(1))) }
        let request = BoardGetRequest(tab: .all, hidePast: false, date: date)
        guard let connection = try? BoardConnection(path: socket, timeoutMilliseconds: 100),
            let json = try? connection.call(request, timeoutMilliseconds: remaining()),
            let board = try? BoardDocument(json: json)
        else { return [] }
        return board.flights.map { flight in
            let arrow = flight.isArrival ? "from" : "to"
            let time = flight.currentTime ?? flight.scheduledTime
            return "\(flight.id)\t\(flight.flightName) \(arrow) \(flight.otherAirport) \(Self.clock(time))"
        }
    }

    /// Remembered flights (the hidden or the pinned) as `ID<TAB>designator of date` lines; a designator
    /// from a hand-edited state file is cut to one printable line.
    static func lines(_ flights: [RememberedFlight]) -> [String] {
        flights.map { flight in
            let name = String(flight.name.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == " ") ? $0 : "?" }.prefix(40))
            return "\(flight.id)\t\(name)"
        }
    }

    /// `HH:MM` from an ISO-8601 time such as `2026-11-30T12:05:00-05:00`.
    static func clock(_ iso: String) -> String {
        guard let t = iso.firstIndex(of: "T") else { return iso }
        return String(iso[iso.index(after: t)...].prefix(5))
    }
}
