import BoardProtocol
import BoardSystem

/// Every input of the live view, as the loop hands it to `LiveModel.update(_:)`.
///
/// Instants come with the events that need them: the model never reads a clock.
public enum LiveEvent: Sendable {
    case key(Key)
    /// The terminal's size, at start and after SIGWINCH.
    case resized(TerminalSize)
    /// Time passes: the header clock, the board's age, `--rotate`, the open flight's details.
    case tick(ContinuousClock.Instant)
    /// A board from the subscription (the first reply, then one per change).
    case boardPushed(BoardDocument, at: ContinuousClock.Instant)
    /// The result of a request the model sent.
    case replied(LiveRequestID, JSON)
    /// The daemon refused a request (or its reply could not be read): the code, and a sentence for people.
    case replyFailed(LiveRequestID, WireError)
    /// The daemon refused the board's subscription (a day past the window's end, say): the board shown stays.
    case watchRefused(WireError)
    /// A request could not be sent: no daemon at the moment.
    case requestUnsent(LiveRequestID)
    /// The daemon went away (closed, shut down, or a broken line).
    case connectionLost(at: ContinuousClock.Instant)
    /// The daemon said it was shutting down (SIGTERM, `systemctl stop`): stopped on purpose, so no
    /// daemon is started behind its owner's back (`DaemonRevival`), and the view says how to start
    /// one; `autostart`, whether any other `board` command would.
    case daemonStopped(at: ContinuousClock.Instant, autostart: Bool)
    /// A connection is up (the first, or a reconnection).
    case connected
    /// The daemon's part in replication, from its `ping`: a replica's header says whether it is live.
    case replication(ReplicationDocument?)
    /// Another `board` changed the watchlist in the state file (`board pin`, `hide` in another pane):
    /// the pins, in their order, and the hidden flights as they are now.
    case watchlistChanged(pins: [LiveModel.FlightKey], hidden: [LiveModel.FlightKey])
    case signal(UnixSignal)
    /// A copy to tmux's paste buffer (`y`, `R`) did not take: why (`tmux set-buffer` exited with status 1).
    case copyFailed(String)
}
