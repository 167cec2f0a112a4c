import BoardProtocol
import FlightData
import FoundationEssentials

/// The daemon's clock as the live view reads it between boards.
extension LiveModel {
    /// The seconds the daemon's clock has run since the board it sent (at its speed); nil unless live.
    /// While live, up to now; once the daemon is away, up to when it went away, so that the clock
    /// stops there rather than go back to the last board's time (08:09, then 08:01 reconnecting).
    func daemonSecondsSinceBoard(at now: ContinuousClock.Instant) -> Double? {
        guard let board, let received = boardReceivedAt else { return nil }
        let end: ContinuousClock.Instant
        switch link {
        case .live: end = now
        case .reconnecting(let since): end = since
        case .connecting: return nil
        }
        let since = max(0, LiveFrame.seconds(end - received))
        return board.simulated ? since * board.speed : since
    }

    /// The daemon's clock, run on from the last board at its speed (never the local clock's date), to
    /// now while live, to when it went away while reconnecting: the board's `now` when not live. The
    /// daemon pushes a board when a flight changes, which may be an hour apart; between them the
    /// header's clock, the now line and the rows before it run on together.
    func daemonNow(at now: ContinuousClock.Instant) -> String {
        guard let board else { return "" }
        // A day is as long as any run between two boards needs, and no speed makes it an Int that traps.
        let elapsed = Int(min(daemonSecondsSinceBoard(at: now) ?? 0, 86_400))
        return Self.runOn(board, seconds: elapsed)
    }

    /// `board`'s now `seconds` later, in the airport's zone (else the offset `now` is written with).
    static func runOn(_ board: BoardDocument, seconds: Int) -> String {
        guard seconds > 0, let instant = EventTime.instant(of: board.now),
            let zone = board.airport.timeZone.flatMap(TimeZone.init(identifier:))
                ?? EventTime.offsetSeconds(of: board.now).flatMap(TimeZone.init(secondsFromGMT:))
        else { return board.now }
        return LocalTime(timeZone: zone).iso8601(instant.addingTimeInterval(Double(seconds)))
    }
}
