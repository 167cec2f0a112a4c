import BoardLink
import BoardSystem

/// The status line with no daemon answering: one that refused this client (full, another protocol,
/// a socket not to be trusted), stopped on purpose (`ShutdownMarker`), a start that failed
/// (`StartFailureMarker`), else offline; and whether to start one.
extension StatusLine {
    static let offlineText = "board: offline"
    /// The daemon was stopped on purpose (`ShutdownMarker`): said, and none is started.
    static let stoppedText = "board: stopped"
    /// The last daemon started could not start (its config refused): said, and another is started
    /// at most once every `StartFailureMarker.retryInterval`.
    static let startFailedText = "board: start failed"
    /// A daemon that is there but will not serve this client (`refusedText`).
    static let busyText = "board: busy"
    static let versionMismatchText = "board: version mismatch"
    static let permissionDeniedText = "board: permission denied"
    static let untrustedText = "board: socket not trusted"

    var offlineLine: String {
        if let refusal, let text = Self.refusedText(refusal) { return text }
        if ShutdownMarker.isSet(forSocket: socket) { return Self.stoppedText }
        return StartFailureMarker.read(forSocket: socket) == nil ? Self.offlineText : Self.startFailedText
    }

    /// The line for a daemon that was reached and said why it would not serve this client, or a socket
    /// not to be trusted: said as such, since "offline" sends its reader to start a daemon that is
    /// running. Nil for the errors that are said as offline (none listening, no answer in time).
    static func refusedText(_ error: ConnectionError) -> String? {
        switch error {
        case .remote(let refusal) where refusal.code == .tooManyClients: busyText
        case .protocolMismatch: versionMismatchText
        case .permissionDenied: permissionDeniedText
        case .untrusted: untrustedText
        default: nil
        }
    }

    /// waybar's tooltip for the line with no daemon: why, and what to do.
    var offlineTooltip: String {
        if let refusal, Self.refusedText(refusal) != nil {
            return "boardd did not serve this client: \(refusal.description.replacingControlCharacters(with: " "))"
        }
        if ShutdownMarker.isSet(forSocket: socket) {
            return "The daemon was stopped on purpose; "
                + (autostartLogDirectory == nil ? "start it with boardd." : "any other command (board clock) starts it again.")
        }
        if let failure = StartFailureMarker.read(forSocket: socket) {
            return "boardd could not start: \(failure.reason.replacingControlCharacters(with: " "))"
        }
        return "No daemon answered in time; any other command (board clock) says why."
    }

    /// Whether a daemon may be started now: not one stopped on purpose, nor again within a minute of
    /// a start that failed (each refresh started one that failed, and logged it).
    var mayStartDaemon: Bool {
        guard !ShutdownMarker.isSet(forSocket: socket) else { return false }
        guard let failure = StartFailureMarker.read(forSocket: socket) else { return true }
        return failure.secondsAgo >= StartFailureMarker.retryInterval
    }
}
