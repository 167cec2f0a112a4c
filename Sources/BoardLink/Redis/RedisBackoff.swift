/// How long to wait before the next attempt to reach Redis: 100 ms doubling to 5 s, jittered, reset on success.
///
/// Each wait is drawn between half and all of the current step ("equal jitter"), so that
/// replicas that lost Redis together do not all come back in the same instant, yet none
/// waits less than half its step. The draw is its own SplitMix64, seeded: a test that seeds
/// it knows every wait.
public struct RedisBackoff: Sendable {
    public static let initial = Duration.milliseconds(100)
    public static let maximum = Duration.seconds(5)

    /// The step the next wait is drawn from.
    public private(set) var step = RedisBackoff.initial
    private var state: UInt64

    /// A backoff drawing from `seed`; by default a random one.
    public init(seed: UInt64 = UInt64.random(in: 0...UInt64.max)) { state = seed }

    /// The next wait, between half of the step and the step; the step doubles, up to `maximum`.
    public mutating func next() -> Duration {
        let fraction = Double(nextRandom() >> 11) / Double(1 << 53)
        defer { step = min(step * 2, Self.maximum) }
        return step * (0.5 + 0.5 * fraction)
    }

    /// After a success: the next failure waits the first step again.
    public mutating func reset() { step = Self.initial }

    /// SplitMix64's step (Steele, Lea and Flood), as `FlightData`'s `SplitMix64` draws.
    private mutating func nextRandom() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
