import BoardLink
import BoardProtocol
import BoardSystem
import FlightData
import FoundationEssentials

/// Where a followed stream of changes resumes, and which changes it has already handed on.
///
/// A state machine as a value: `read` says what a message from the daemon means, `take`
/// whether a change is new. Resubscribing with `watchRequest` after the daemon went away
/// replays exactly what came after the last change taken, so nothing is lost or repeated.
struct EventFollow: Sendable {
    enum Resume: Equatable, Sendable {
        /// From the daemon's now: nothing taken, no subscription answered yet.
        case now
        /// Replay the changes after this time (`--since`, or the instant a flight was read).
        case since(String)
        /// Replay the changes after this position.
        case cursor(String)
    }

    /// What one message of the subscription means.
    enum Step: Equatable, Sendable {
        /// The subscription's first reply: the daemon's now.
        case subscribed(now: String)
        case change(EventChange)
        /// Changes the daemon did not send: fetch them with `events.get` (`gapRequest`).
        case skipped(cursor: String?, since: String?, until: String?)
        /// The daemon is shutting down.
        case closed
        /// The daemon's config was reloaded with another schedule: it ended the subscription, to be taken again.
        case reloaded
        /// Someone else's reply (a ping's), or nothing this stream needs.
        case ignore
    }

    private(set) var resume: Resume
    /// The cursors taken, newest last; bounded, as a repeat can only be recent.
    private var recent: [String] = []
    private var taken: Set<String> = []
    static let memory = 4096
    /// Whether a subscription was answered: a refusal after that is of the resume point, not the filters.
    private(set) var subscribedOnce = false
    /// The last position handed on before a daemon whose clock is behind it took over (restarted at
    /// an earlier time): changes up to it were handed on already, and are not again.
    private var floor: FlightChange.Position?
    /// The furthest change handed on: a change at or before it of a flight followed all along is a
    /// repeat (a flight that joined earlier is replayed from then, with the others' changes again).
    private var through: FlightChange.Position?
    /// Flights the filters took in meanwhile (`join`), each with the place its changes start after.
    private var joined: [FlightKey: FlightChange.Position] = [:]
    /// Flights joining, with the instant each joined where known, placed once a subscription answers.
    private var joining: [FlightKey: Date?] = [:]

    init(since: String? = nil) { resume = since.map(Resume.since) ?? .now }

    /// The `events.watch` of a (re)subscription: the filters, and where to replay from.
    func watchRequest(_ filter: EventFilterParams) -> EventsWatchRequest {
        switch resume {
        case .now: EventsWatchRequest(filter: filter)
        case .since(let time): EventsWatchRequest(filter: filter, since: time)
        case .cursor(let cursor): EventsWatchRequest(filter: filter, cursor: cursor)
        }
    }

    /// The `events.get` of the changes a `skipped` event left out: after its cursor, else its `since`.
    static func gapRequest(_ filter: EventFilterParams, cursor: String?, since: String?, until: String?) -> EventsGetRequest {
        EventsGetRequest(filter: filter, since: cursor == nil ? since : nil, until: until, cursor: cursor)
    }

    /// What `message` means to the subscription whose request had `id`; an error reply is thrown.
    mutating func read(_ message: JSON, subscription id: Int) throws(ConnectionError) -> Step {
        if message["event"]?.string == "shutdown" { return .closed }
        guard message["id"]?.int == id else { return .ignore }
        if message["event"]?.string == "reloaded" { return .reloaded }
        switch message["event"]?.string {
        case "change":
            guard let result = message["result"] else { return .ignore }
            do { return .change(try EventChange(json: result)) } catch { throw .malformedReply(error.message) }
        case "skipped":
            return .skipped(
                cursor: message["cursor"]?.string, since: message["since"]?.string, until: message["until"]?.string)
        case nil:
            let result = try BoardConnection.result(of: message)
            if resume == .now, let cursor = result["cursor"]?.string { resume = .cursor(cursor) }
            subscribedOnce = true
            let now = result["now"]?.string ?? ""
            placeJoining(
                now: result["cursor"]?.string.flatMap(ChangeCursor.decode) ?? EventTime.instant(of: now).map { .after($0) })
            return .subscribed(now: now)
        default:
            return .ignore
        }
    }

    /// After a resubscription refused (`invalidParams`) once a subscription was answered: a daemon
    /// whose clock is behind the last change handed on (restarted at an earlier time) refuses its
    /// cursor. The stream goes on from that daemon's now, handing on only changes past that one, so
    /// nothing is repeated and the follow waits for its clock to pass it. False when the resume point
    /// is not a daemon's cursor: the refusal is then the follow's end.
    mutating func resumeFromNowPast() -> Bool {
        guard subscribedOnce, case .cursor(let cursor) = resume, let position = ChangeCursor.decode(cursor) else { return false }
        floor = max(floor ?? position, position)
        resume = .now
        return true
    }

    /// Flights the filters take in from now on (`added`: a flight pinned meanwhile, with the daemon's
    /// instant it was pinned where known) and those they let go (`removed`).
    ///
    /// A flight that joins is followed from then on: its changes up to the instant it joined, or up to
    /// the next subscription's now when that is earlier or the instant is not known, are not handed on,
    /// though the subscription replays them from the last change handed on. One that joined before that
    /// change is replayed from its instant, its changes since then handed on, the others' not again.
    mutating func join(_ added: [FlightKey: String?], leaving removed: some Sequence<FlightKey>) {
        for key in removed {
            joined[key] = nil
            joining[key] = nil
        }
        for (key, text) in added {
            let instant = text.flatMap(EventTime.instant(of:))
            joined[key] = nil
            joining[key] = instant
            guard let text, let instant, let from = resumePosition, FlightChange.Position.after(instant) < from else { continue }
            resume = .since(text)
        }
    }

    /// Where a subscription now replays after; nil from the daemon's now.
    private var resumePosition: FlightChange.Position? {
        switch resume {
        case .now: nil
        case .since(let time): EventTime.instant(of: time).map { .after($0) }
        case .cursor(let cursor): ChangeCursor.decode(cursor)
        }
    }

    /// A subscription answered at `now` (the place of its now): each flight joining starts there, or
    /// at the instant it joined when that is earlier.
    private mutating func placeJoining(now: FlightChange.Position?) {
        for (key, instant) in joining {
            if let start = [instant.map { FlightChange.Position.after($0) }, now].compactMap({ $0 }).min() {
                joined[key] = start
            }
        }
        joining = [:]
    }

    /// Whether `change` is new; a new one becomes the point to resume after.
    mutating func take(_ change: EventChange) -> Bool {
        guard let cursor = change.cursor else { return true }
        let position = ChangeCursor.decode(cursor)
        if let floor, let position {
            guard position > floor else { return false }
            self.floor = nil
        }
        if let position {
            if let key = change.flightKey, let start = joined[key] {
                guard position > start else { return false }
            } else if let through, position <= through {
                return false
            }
        }
        guard taken.insert(cursor).inserted else { return false }
        recent.append(cursor)
        if recent.count > Self.memory { taken.remove(recent.removeFirst()) }
        if let position { through = max(through ?? position, position) }
        resume = .cursor(cursor)
        return true
    }
}
