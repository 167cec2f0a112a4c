import BoardProtocol

/// How a replica's state reads to people (`board status`, `board watch`'s header): `replica of MTN ·
/// live`, `replica of MTN · cut off since 14:02`, `replica of MTN · out of step`.
///
/// Made from `ping`'s `replication` (`ReplicationDocument`); nil for a daemon that is not a replica
/// (a source, or one on its own), which the line and the header then do not mention.
struct ReplicaNote: Hashable, Sendable {
    enum State: Hashable, Sendable {
        case live
        /// Cut off from Redis since the real time `HH:MM` (nil when the daemon did not say).
        case cutOff(since: String?)
        /// Connected, but an entry or the state could not be read.
        case outOfStep
    }

    let code: String
    let state: State

    init?(_ replication: ReplicationDocument?, code: String) {
        guard let replication, replication.isReplica else { return nil }
        self.code = code
        if !replication.connected {
            state = .cutOff(since: replication.cutOffSince.flatMap(Self.hourAndMinute))
        } else if replication.outOfStep != nil {
            state = .outOfStep
        } else {
            state = .live
        }
    }

    var isLive: Bool { state == .live }

    /// `replica of MTN · live`.
    var text: String { "replica of \(code) · \(stateText)" }

    /// Without the airport (a narrow pane, `board clock`): `replica · live`, `replica · cut off since 14:02`.
    var shortText: String { "replica · \(stateText)" }

    private var stateText: String {
        switch state {
        case .live: "live"
        case .cutOff(let since?): "cut off since \(since)"
        case .cutOff(nil): "cut off"
        case .outOfStep: "out of step"
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
