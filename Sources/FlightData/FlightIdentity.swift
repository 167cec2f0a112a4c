/// Flight ids: short, stable, unique in the window, and decodable without a lookup table.
///
/// A flight's place in the window is `(dayNumber mod days) * flightsPerDay + slot`;
/// a seeded permutation of `0..<space` (a four-round Feistel network with
/// cycle walking) maps it to an id, so ids look unrelated to one another yet
/// decode back to (day, slot) in constant time. Any `days` consecutive dates
/// have distinct residues mod `days`, so ids are unique in every window and a
/// flight keeps its id while the window slides. The default window (15 x 30)
/// gets four-digit ids (1000-9999); larger configurations get seven digits
/// (1000000-9999999).
public struct FlightIdentity: Hashable, Sendable {
    public let days: Int
    public let flightsPerDay: Int
    let base: Int
    let space: Int
    let halfBits: Int
    let roundKeys: [UInt64]

    public init(config: ScheduleConfig) {
        days = config.days
        flightsPerDay = config.flightsPerDay
        if days * flightsPerDay <= 9000 {
            (base, space, halfBits) = (1000, 9000, 7)  // 2^14 = 16384 >= 9000
        } else {
            (base, space, halfBits) = (1_000_000, 9_000_000, 12)  // 2^24 >= 9,000,000
        }
        var rng = SplitMix64(seed: config.seed, keys: 0x1D)
        roundKeys = (0..<4).map { _ in rng.next() }
    }

    /// The id of the flight in `slot` on the day numbered `dayNumber`.
    public func id(dayNumber: Int, slot: Int) -> Int {
        var value = FlightIdentity.mod(dayNumber, days) * flightsPerDay + slot
        repeat { value = permute(value, inverse: false) } while value >= space
        return base + value
    }

    /// The day residue (`dayNumber mod days`) and slot an id stands for, or nil when no flight can have it.
    public func decode(_ id: Int) -> (dayResidue: Int, slot: Int)? {
        guard id >= base, id < base + space else { return nil }
        var value = id - base
        repeat { value = permute(value, inverse: true) } while value >= space
        guard value < days * flightsPerDay else { return nil }
        return (value / flightsPerDay, value % flightsPerDay)
    }

    /// A balanced Feistel network on `2 * halfBits` bits; a bijection, so cycle walking stays in range.
    private func permute(_ value: Int, inverse: Bool) -> Int {
        let mask = (1 << halfBits) - 1
        var left = value >> halfBits
        var right = value & mask
        // The keys in reverse to invert, read in place: an array made for them cost every decode an allocation.
        for index in roundKeys.indices {
            let key = roundKeys[inverse ? roundKeys.count - 1 - index : index]
            if inverse {
                (left, right) = (right ^ round(left, key, mask), left)
            } else {
                (left, right) = (right, left ^ round(right, key, mask))
            }
        }
        return left << halfBits | right
    }

    private func round(_ half: Int, _ key: UInt64, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: SplitMix64.mix(UInt64(half) ^ key)) & mask
    }

    static func mod(_ a: Int, _ m: Int) -> Int { ((a % m) + m) % m }
}
