import FlightData
import Testing

/// The schedule's random numbers: the published SplitMix64 stream and our own bounded sampling.
///
/// The expected values come from an independent implementation of the
/// reference algorithm (Steele, Lea and Flood), not from this code.
struct SplitMix64Tests {
    @Test func matchesTheReferenceStream() {
        var zero = SplitMix64(seed: 0)
        #expect(
            (0..<4).map { _ in zero.next() } == [
                0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F, 0xF88B_B8A8_724C_81EC,
            ])
        var seeded = SplitMix64(seed: 2024)
        #expect(
            (0..<4).map { _ in seeded.next() } == [
                0x9F6D_8FEC_F88E_ECD5, 0x18E4_30BB_1511_F2D2, 0x4C6F_7CBF_58DB_A57F, 0x1DBE_69E0_AE9B_B859,
            ])
    }

    @Test(arguments: [
        (100, [61, 42, 71, 25, 78, 19, 51, 74, 88, 45, 45, 35]),
        (7, [3, 0, 3, 5, 4, 0, 4, 4, 0, 3, 6, 4]),
        // Large enough that about a quarter of draws are rejected (the 5th and 12th raw values here).
        (
            (1 << 62) + 1,
            [
                2_264_624_435_582_397_651, 1_793_612_131_670_815_442, 896_072_012_141_405_566, 2_143_266_886_397_966_425,
                967_002_254_848_908_009, 2_522_659_877_027_852_951, 1_777_236_570_353_739_664, 3_114_776_667_611_587_888,
                3_262_430_790_636_929_840, 3_902_518_333_087_523_640, 2_978_501_991_695_888_259, 2_685_005_278_848_832_341,
            ]
        ),
    ])
    func boundedSamplingIsOursAndPinned(bound: Int, expected: [Int]) {
        var rng = SplitMix64(seed: 2024)
        #expect((0..<expected.count).map { _ in rng.next(below: bound) } == expected)
    }

    @Test func boundedSamplingStaysInRangeAndCoversIt() {
        var rng = SplitMix64(seed: 7)
        var seen = Set<Int>()
        for _ in 0..<2_000 {
            let value = rng.next(in: 100...111)
            #expect((100...111).contains(value))
            seen.insert(value)
        }
        #expect(seen == Set(100...111))
        #expect((0..<50).allSatisfy { _ in rng.next(below: 1) == 0 })
        #expect(!(0..<200).contains { _ in rng.chance(percent: 0) })
        #expect((0..<200).allSatisfy { _ in rng.chance(percent: 100) })
    }

    @Test func keyedStreamsDependOnEveryKeyAndTheirOrder() {
        func first(_ rng: SplitMix64) -> UInt64 {
            var copy = rng
            return copy.next()
        }
        let streams = [
            SplitMix64(seed: 2024, keys: 1, 2), SplitMix64(seed: 2024, keys: 2, 1), SplitMix64(seed: 2024, keys: 1, 3),
            SplitMix64(seed: 2025, keys: 1, 2), SplitMix64(seed: 2024, keys: 1), SplitMix64(seed: 2024),
        ].map(first)
        #expect(Set(streams).count == streams.count)
        #expect(first(SplitMix64(seed: 2024, keys: 1, 2)) == first(SplitMix64(seed: 2024, keys: 1, 2)))
    }
}
