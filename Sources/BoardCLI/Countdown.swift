import BoardProtocol
import FlightData

/// The time left, for `--countdown`: what the time column says instead of a clock time.
///
/// A flight gets one when its current time is from 0 to `horizon` (180) minutes after the board's
/// now, counted in whole minutes rounded up (1 second to 60 seconds ahead is 1 minute; 180 minutes
/// and 1 second is 181, and shows the clock time), and it is not past. Then, in minutes rounded up
/// to the event it names:
///
/// - a departure not yet boarding (on time, delayed): `boards in 10 min`, until boarding
///   starts (40 minutes before its current time); once that is now or past, `in 25 min`;
/// - a departure boarding or at final call: `closes in 4 min`, until the gate closes (10 minutes before);
/// - an arrival en route: `lands in 12 min`;
/// - any other (a departure whose gate closed, an arrival not yet in the air): `in 25 min`.
///
/// At 0 minutes: `now`, `boards now`, `closes now`, `lands now`. Only a flight still to come
/// (`StatusLine.isToCome`) counts down: canceled and diverted flights, departed and landed ones from
/// the instant after their time, flights beyond the horizon and past flights keep their clock time
/// (nil here). At the very instant a flight leaves or lands it is still to come: `now`.
/// A narrow time column (under 12) shows only the minutes to the flight's own time (`25m`, `0m`):
/// without its word a count to boarding or to the gate's closing read as the time to leave, and the
/// rows' minutes went 130m then 110m down a board in time order.
enum Countdown {
    static let horizon = 180
    /// Minutes before the current time that boarding starts and the gate closes (the contract's status table).
    static let boardingLead = 40
    static let closingLead = 10

    static func text(_ flight: FlightDocument, now: String, short: Bool = false) -> String? {
        guard StatusLine.isToCome(flight, now: now),
            let seconds = RecentChange.seconds(from: now, to: flight.currentTime ?? flight.scheduledTime), seconds >= 0
        else { return nil }
        let minutes = minutesUp(seconds)
        guard minutes <= horizon else { return nil }
        var verb = ""
        var left = minutes
        switch (flight.direction, flight.status) {
        case (.departure, .onTime), (.departure, .delayed), (.departure, .scheduled):
            let toBoarding = seconds - boardingLead * 60
            if toBoarding >= 0 {
                verb = "boards "
                left = minutesUp(toBoarding)
            }
        case (.departure, .boarding), (.departure, .finalCall):
            let toClosing = seconds - closingLead * 60
            if toClosing >= 0 {
                verb = "closes "
                left = minutesUp(toClosing)
            }
        case (.arrival, .enRoute):
            verb = "lands "
        default:
            break
        }
        if short { return "\(minutes)m" }
        return left == 0 ? verb + "now" : verb + "in \(left) min"
    }

    /// Whole minutes, rounded up.
    static func minutesUp(_ seconds: Int) -> Int { (seconds + 59) / 60 }
}
