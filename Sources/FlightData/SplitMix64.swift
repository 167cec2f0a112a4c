/// The schedule's own seeded random number generator.
///
/// SplitMix64 (Steele, Lea and Flood) is tiny, fast and fully specified, so
/// the same seed gives the same stream on every machine. Bounded sampling is
/// ours too (`next(below:)`), never the standard library's, whose algorithm
/// may change between releases and would move the whole schedule.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// A generator for one sub-stream: the seed mixed with each key in turn,
    /// so that (seed, date, slot) streams never overlap in practice.
    public init(seed: UInt64, keys: UInt64...) {
        var mixed = SplitMix64.mix(seed)
        for key in keys { mixed = SplitMix64.mix(mixed ^ SplitMix64.mix(key &+ 0x9E37_79B9_7F4A_7C15)) }
        state = mixed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return SplitMix64.mix(state)
    }

    /// A uniform integer in `0..<bound`, by rejection so that no value is favoured.
    public mutating func next(below bound: Int) -> Int {
        precondition(bound > 0, "bound must be positive")
        let b = UInt64(bound)
        let limit = UInt64.max - (UInt64.max % b)  // largest multiple of b, exclusive
        while true {
            let value = next()
            if value < limit { return Int(value % b) }
        }
    }

    /// A uniform integer in `range`.
    public mutating func next(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + next(below: range.count)
    }

    /// True with probability `percent` / 100.
    public mutating func chance(percent: Int) -> Bool { next(below: 100) < percent }

    /// The SplitMix64 finaliser.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
