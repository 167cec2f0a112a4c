import BoardProtocol
import Foundation
import Testing

@testable import BoardDaemon

/// Every param of every method, given extreme values, gets a result or an error reply: nothing traps.
///
/// The values are those that break arithmetic (`Int.min`, `Int.max`, huge doubles), parsing (empty,
/// 10,000 characters, control characters, combining marks, NaN-like words) and types (arrays, objects,
/// null, booleans where numbers go).
struct ExtremeParamsTests {
    /// 2026-11-30T12:00:00-05:00, frozen.
    static let noon = Date(timeIntervalSince1970: 1_796_050_800)

    static let params = [
        "tab", "hidePast", "pinned", "date", "id", "designator", "text", "time", "minutes", "limit", "cursor", "speed",
    ]

    static let values: [JSON] = [
        .int(Int.min), .int(Int.max), .int(-1), .int(0), .int(1), .int(9_999_999), .int(10_000_000),
        .double(1e308), .double(-1e308), .double(1.5), .double(-0.0), .double(4e18), .double(-9.3e18),
        .string(""), .string(" "), .string("NaN"), .string("Infinity"), .string("-Infinity"), .string("1e999"),
        .string(String(repeating: "9", count: 10_000)), .string(String(repeating: "x", count: 10_000)),
        .string("a" + String(repeating: "\u{0301}", count: 10_000)), .string("\u{0}\u{1b}]0;x\u{7}"),
        .string("+9223372036854775807"), .string("-9223372036854775808"), .string("+99999999999"), .string("-1"),
        .string("2026-11-30"), .string("9999-99-99"), .string("0000-01-01"), .string("25:00"), .string("23:59"),
        .string("2026-11-30T09:00:00-05:00"), .string("292277026596-12-04T15:30:07Z"), .string("today"),
        .string("Pacific 2147483648"), .string("Pacific 99999999999999999999"), .string("Pacific -1"),
        .null, .bool(true), .bool(false), .array([]), .object([]), .array([.int(Int.min)]),
        .array([.object([("id", .int(Int.max)), ("date", .string("9999-12-31"))])]),
        .array(Array(repeating: .int(1), count: 2000)),
    ]

    static func answer(_ method: WireMethod, _ params: JSON, simulated: Bool = true) -> String {
        let clock = simulated ? DaemonClock(simulatedAt: noon, speed: 0) : DaemonClock()
        var service = BoardService(config: .builtIn, clock: clock, instance: "test")
        let request = WireRequest(id: 1, method: method, params: params)
        switch service.handle(request) {
        case .failure(let error):
            #expect(error.message.count > 10 && !error.message.contains("\n"), "\(method) \(error.message)")
            return error.code.rawValue
        case .watch(let view):
            _ = service.watchBoard(view, at: noon)
            return "watch"
        default: return "result"
        }
    }

    @Test(arguments: WireMethod.allCases)
    func everyParamWithExtremeValuesIsAnsweredWithoutATrap(method: WireMethod) {
        for name in Self.params {
            for value in Self.values {
                _ = Self.answer(method, .object([(name, value)]))
            }
        }
    }

    @Test(arguments: WireMethod.allCases)
    func extremeValuesTogetherAreAnsweredToo(method: WireMethod) {
        var random = SplitMix64Like(seed: UInt64(method.rawValue.utf8.count))
        for _ in 0..<300 {
            var pairs: [(String, JSON)] = []
            for name in Self.params where random.next() % 3 == 0 {
                pairs.append((name, Self.values[Int(random.next() % UInt64(Self.values.count))]))
            }
            _ = Self.answer(method, .object(pairs))
        }
    }

    @Test func theClockRefusesMovesPastItsRange() {
        #expect(Self.answer(.clockAdvance, ["minutes": .int(Int.min)]) == "invalidParams")
        #expect(Self.answer(.clockAdvance, ["minutes": .int(Int.max)]) == "invalidParams")
        #expect(Self.answer(.clockAdvance, ["minutes": .double(1e308)]) == "invalidParams")
        #expect(Self.answer(.clockAdvance, ["minutes": .int(366 * 1440)]) == "result")
        #expect(Self.answer(.clockSet, ["time": "292277026596-12-04T15:30:07Z"]) == "invalidParams")
        #expect(Self.answer(.clockAdvance, ["minutes": 5], simulated: false) == "clockNotSimulated")
        // The clock stays where every date of the window has a four-digit year.
        #expect(Self.answer(.clockSet, ["time": "9999-12-31T23:00:00Z"]) == "invalidParams")
        #expect(Self.answer(.clockSet, ["time": "4001-01-02T00:00:00Z"]) == "invalidParams", "past Date.distantFuture")
        #expect(Self.answer(.clockSet, ["time": "1969-06-01T00:00:00Z"]) == "invalidParams")
        #expect(Self.answer(.clockSet, ["time": "3998-12-31T00:00:00Z"]) == "result")
    }

    /// A monotonic clock the test moves by hand.
    final class HandClock: TimeSource, @unchecked Sendable {
        let start = ContinuousClock.now
        var elapsed = Duration.zero
        func wall() -> Date { Date(timeIntervalSince1970: 0) }
        func monotonic() -> ContinuousClock.Instant { start + elapsed }
    }

    /// A running clock stops at the end of its range, where a year of the window would take five digits
    /// (at speed 1,000,000 it reached year 10000, and times showed as "T14:2").
    @Test func aRunningClockStopsAtTheEndOfItsRange() {
        let hand = HandClock()
        let end = ClockLimits.instants.upperBound
        let clock = DaemonClock(simulatedAt: end.addingTimeInterval(-3600), speed: 3600, source: hand)
        #expect(clock.realDelay(until: end) == 1)
        #expect(clock.realDelay(until: end.addingTimeInterval(1)) == nil, "never later than its range")
        hand.elapsed = .milliseconds(500)
        #expect(clock.now == end.addingTimeInterval(-1800))
        hand.elapsed = .seconds(2)
        #expect(clock.now == end)
        hand.elapsed = .seconds(3600)
        #expect(clock.now == end)
    }

    @Test func advancingPastTheClocksRangeIsRefusedAndTheClockStays() {
        let end = ClockLimits.instants.upperBound.addingTimeInterval(-3600)
        var service = BoardService(config: .builtIn, clock: DaemonClock(simulatedAt: end, speed: 0), instance: "test")
        guard case .failure(let error) = service.handle(WireRequest(id: 1, method: .clockAdvance, params: ["minutes": 120]))
        else {
            Issue.record("an advance past 3999-01-01 was taken")
            return
        }
        #expect(error.code == .invalidParams && error.message.contains("3999-01-01"))
        #expect(service.clock.now == end)
    }

    @Test func numbersFromTheWireAreRangeChecked() {
        #expect(Self.answer(.flightGet, ["id": .int(Int.min)]) == "invalidParams")
        #expect(Self.answer(.flightGet, ["id": .int(Int.max)]) == "notFound")
        #expect(Self.answer(.boardGet, ["date": "+9223372036854775807"]) != "result")
        #expect(Self.answer(.boardGet, ["date": "+99999999999"]) != "result")
        #expect(Self.answer(.search, ["text": "a", "limit": .int(Int.max)]) == "invalidParams")
        #expect(Self.answer(.search, ["text": "a", "cursor": .string(String(Int.max))]) == "invalidParams")
    }
}

/// A small deterministic generator, so a failure names a repeatable case.
struct SplitMix64Like {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
