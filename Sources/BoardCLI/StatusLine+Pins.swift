import BoardLink
import BoardProtocol
import BoardSystem
import FlightData
import FoundationEssentials

/// The status line's pinned flight (`%p`, `--json`'s `pinned`, waybar's tooltip): today's, else the
/// first pin of a later day, named with its day.
extension StatusLine {
    /// `Pacific 320 On time`, with its day when it is not `today`'s: `Pacific 320 Dec 7 On time`.
    static func pinnedText(_ flight: FlightDocument, today: String) -> String {
        let day = flight.date == today ? "" : LocalDate(flight.date).map { " \($0.shortName)" } ?? ""
        return "\(flight.flightName)\(day) \(StatusAppearance(flight.status).title)"
    }

    /// The first pin (in the watchlist's order) of a day after `today`, asked for by its identity
    /// within the line's budget; nil when there is none, or no answer in time.
    func laterPin(after today: String, over connection: BoardConnection, until deadline: ContinuousClock.Instant)
        -> FlightDocument?
    {
        guard let key = Watchlist.keys(state.pins).first(where: { $0.date > today }),
            let identity = LocalDate(key.date).map({ FlightKey(id: key.id, date: $0) })
        else { return nil }
        let id = connection.send(FlightGetRequest(identity, pinned: pinned))
        while true {
            let left = Int32((deadline - ContinuousClock.now) / .milliseconds(1))
            guard left > 0, let message = try? connection.readMessage(timeoutMilliseconds: left) else { return nil }
            guard message["id"]?.int == id else { continue }
            return (try? BoardConnection.result(of: message)).flatMap { try? FlightDetailsDocument(json: $0).flight }
        }
    }
}
