/// `clock.advance`: moves a simulated clock by whole minutes, at most `ClockLimits.maximumAdvanceMinutes` either way.
///
/// Whether the clock stays within its range once moved is the daemon's to say: it depends on now.
public struct ClockAdvanceRequest: BoardRequest {
    public static let method = WireMethod.clockAdvance

    public var minutes: Int

    public init(minutes: Int) { self.minutes = minutes }

    public var params: JSON { ["minutes": .int(minutes)] }

    public init(params: JSON) throws(WireError) {
        guard let minutes = params["minutes"]?.int, minutes.magnitude <= ClockLimits.maximumAdvanceMinutes else {
            throw WireError(.invalidParams, "clock.advance needs \"minutes\": a whole number of minutes, at most a year.")
        }
        self.init(minutes: minutes)
    }
}
