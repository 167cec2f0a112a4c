/// How far `clock.advance` moves the daemon's clock at most, either way: a year of 366 days.
///
/// The daemon refuses more with `invalidParams`; `board clock advance` refuses it first, in its own words.
public enum ClockLimits {
    public static let maximumAdvanceMinutes = 366 * 1440
}
