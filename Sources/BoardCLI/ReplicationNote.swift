import BoardProtocol

/// How a daemon's part in replication reads to people (`board status`, `board clock`, and for a
/// replica `board watch`'s header): `replica of MTN · live`, `replica of MTN · 3 s behind`,
/// `replica of MTN · cut off since 14:02`, `replica of MTN · out of step`; `source of MTN ·
/// publishing`, `source of MTN · not publishing, 4 records waiting`, `source of MTN · not
/// publishing: instance 3ceaeb7c9853a637 took the lease`.
///
/// Made from `ping`'s `replication` (`ReplicationDocument`); nil for a daemon on its own, which the
/// line and the header then do not mention.
struct ReplicationNote: Hashable, Sendable {
    enum State: Hashable, Sendable {
        /// A replica that follows its source within `behindAfter`, or a source whose records are all in Redis.
        case live
        /// A replica connected to Redis whose last move reached it this many whole seconds late.
        case behind(seconds: Int)
        /// A replica cut off from Redis since the real time `HH:MM` (nil when the daemon did not say).
        case cutOff(since: String?)
        /// A replica connected, but an entry or the state could not be read.
        case outOfStep
        /// A replica connected to Redis where no source holds the lease since the real time `HH:MM`:
        /// stopped, or gone longer than its lease; its clock runs on from the last move.
        case noSource(since: String?)
        /// A source cut off from Redis, with this many records waiting.
        case notPublishing(waiting: Int)
        /// A source whose lease another instance holds: it publishes no more until started again.
        case superseded(by: String)
    }

    let isReplica: Bool
    let code: String
    let state: State

    /// A replica whose last move took this long to arrive says how far behind it is.
    static let behindAfter = 2.0

    init?(_ replication: ReplicationDocument?, code: String) {
        guard let replication else { return nil }
        self.code = code
        isReplica = replication.isReplica
        if !isReplica {
            if let holder = replication.supersededBy {
                state = .superseded(by: ReplicationDocument.instanceName(holder))
            } else {
                state = replication.connected ? .live : .notPublishing(waiting: replication.waiting)
            }
        } else if !replication.connected {
            state = .cutOff(since: replication.cutOffSince.flatMap(Self.hourAndMinute))
        } else if replication.outOfStep != nil {
            state = .outOfStep
        } else if let since = replication.noSourceSince {
            state = .noSource(since: Self.hourAndMinute(since))
        } else if let lag = replication.lag, lag >= Self.behindAfter {
            state = .behind(seconds: Int(min(lag, 999_999_999)))
        } else {
            state = .live
        }
    }

    /// Whether the board shown is the source's as it stands: else the note is said first, in red.
    var isLive: Bool { state == .live }

    /// `replica of MTN · live`.
    var text: String { "\(role) of \(code) · \(stateText)" }

    /// Without the airport (a narrow pane, `board clock`): `replica · live`, `replica · cut off since 14:02`.
    var shortText: String { "\(role) · \(stateText)" }

    private var role: String { isReplica ? "replica" : "source" }

    private var stateText: String {
        switch state {
        case .live: isReplica ? "live" : "publishing"
        case .behind(let seconds): "\(seconds) s behind"
        case .cutOff(let since?): "cut off since \(since)"
        case .cutOff(nil): "cut off"
        case .outOfStep: "out of step"
        case .noSource(let since?): "no source since \(since)"
        case .noSource(nil): "no source"
        case .notPublishing(let waiting): "not publishing, \(waiting) \(waiting == 1 ? "record" : "records") waiting"
        case .superseded(let holder): "not publishing: instance \(holder) took the lease"
        }
    }

    /// `14:02` from `2026-12-04T14:02:07-05:00`; nil for anything else.
    static func hourAndMinute(_ instant: String) -> String? {
        let characters = Array(instant)
        guard characters.count >= 16, characters[10] == "T", characters[13] == ":" else { return nil }
        let text = String(characters[11..<16])
        guard text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ":") }) else { return nil }
        return text
    }
}
