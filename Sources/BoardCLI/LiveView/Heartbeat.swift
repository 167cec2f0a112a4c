/// Whether the daemon still answers, for a view that may wait a long time between pushed boards.
///
/// A daemon that is stopped (SIGSTOP), wedged or trickling keeps its socket open, so a closed
/// connection never says it went away. After `quiet` without a message the view sends a `ping`;
/// when nothing at all arrives within `patience` of that (longer than the slowest request, a cold
/// search of the largest window, about 2.5 s), the daemon counts as gone and the view
/// reconnects as it does when the connection closes.
struct Heartbeat: Sendable {
    static let quiet = Duration.milliseconds(1500)
    static let patience = Duration.seconds(3)

    private(set) var lastHeard: ContinuousClock.Instant
    private(set) var pingSent: ContinuousClock.Instant?

    init(now: ContinuousClock.Instant) { lastHeard = now }

    /// What the view must do now.
    enum Action: Equatable, Sendable {
        case wait
        case ping
        case giveUp
    }

    /// A message arrived (any: a board, a reply, the ping's answer).
    mutating func heard(at now: ContinuousClock.Instant) {
        lastHeard = now
        pingSent = nil
    }

    mutating func check(at now: ContinuousClock.Instant) -> Action {
        if let pingSent { return now - pingSent >= Self.patience ? .giveUp : .wait }
        guard now - lastHeard >= Self.quiet else { return .wait }
        pingSent = now
        return .ping
    }

    /// How long the view may wait before `check` has something to do.
    func nextCheck(after now: ContinuousClock.Instant) -> Duration {
        let due = pingSent.map { $0 + Self.patience } ?? lastHeard + Self.quiet
        return max(.milliseconds(10), due - now)
    }
}
