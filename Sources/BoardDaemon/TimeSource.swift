import FoundationEssentials

/// Where the daemon reads real time: wall clock and a monotonic clock. Tests and benchmarks may substitute.
public protocol TimeSource: Sendable {
    func wall() -> Date
    /// An instant on a clock that never jumps.
    func monotonic() -> ContinuousClock.Instant
}

/// The system's clocks: the wall clock for the time of day, `ContinuousClock` for intervals.
public struct SystemTimeSource: TimeSource {
    public init() {}

    public func wall() -> Date { Date() }

    public func monotonic() -> ContinuousClock.Instant { .now }
}
