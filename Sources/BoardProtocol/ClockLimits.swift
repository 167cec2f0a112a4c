import FoundationEssentials

/// How far the daemon's simulated clock may be moved.
///
/// `clock.advance` moves it at most a year either way; the daemon refuses more with `invalidParams`,
/// and `board clock advance` refuses it first, in its own words. Wherever it is moved, it stays
/// within `instants` (1970-01-02 to 3999-01-01 UTC), so that every date of the window that follows
/// it keeps four digits in its year and comes before `Date.distantFuture` (4001-01-01), which the
/// daemon's timers and the flights' open intervals use for "never": a clock past it made the daemon
/// spin (every timer already due) at 38,000 wake-ups a second.
public enum ClockLimits {
    public static let maximumAdvanceMinutes = 366 * 1440

    public static let instants = Date(timeIntervalSince1970: 86_400)...Date(timeIntervalSince1970: 64_029_052_800)

    /// The instants a change can be at, and so a cursor: the clock's range and a day either side.
    /// The range's first local day starts before the range (1970-01-02T00:00Z is 19:00 on Jan 1 in
    /// New York, whose earlier changes are listed), and its last ends after it.
    public static let changeInstants =
        Date(timeIntervalSince1970: 0)...Date(timeIntervalSince1970: 64_029_052_800 + 86_400)

    /// `instant` within `instants`: the nearer end for one outside.
    public static func clamped(_ instant: Date) -> Date { min(max(instant, instants.lowerBound), instants.upperBound) }

    /// `from 1970-01-02T00:00Z to 3999-01-01T00:00Z`, for messages: instants, in UTC, as a person
    /// may type them, since a local time near an end is on the other side of it in one zone or another.
    public static let instantsText = "from 1970-01-02T00:00Z to \(endText)"

    /// `3999-01-01T00:00Z`: the instant a running clock stops at, for messages.
    public static let endText = "3999-01-01T00:00Z"
}
