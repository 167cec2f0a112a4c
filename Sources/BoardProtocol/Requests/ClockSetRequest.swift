import FlightData

/// `clock.set`: moves a simulated clock to `time`.
///
/// `time` is kept as written (ISO-8601, or `HH:MM` for today): only the daemon knows its airport's
/// zone and today, so only it places the time, and checks it against `ClockLimits.instants`.
public struct ClockSetRequest: BoardRequest {
    public static let method = WireMethod.clockSet

    public var time: String

    public init(time: String) { self.time = time }

    public var params: JSON { ["time": .string(time)] }

    public init(params: JSON) throws(WireError) {
        guard let time = params["time"]?.string, InstantInput.reads(time) else { throw Self.needsTime }
        self.init(time: time)
    }

    /// A `time` missing, or not one.
    public static let needsTime = WireError(
        .invalidParams, "clock.set needs \"time\": ISO-8601 such as 2026-11-30T09:00:00-05:00, or HH:MM for today.")
}
