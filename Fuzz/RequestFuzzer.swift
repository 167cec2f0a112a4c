import BoardDaemon
// libFuzzer target: the daemon's request parsing and dispatch.
//
// Bytes arrive as a client would send them: framed into lines (64 KiB limit),
// parsed as requests and handed to BoardService on a frozen simulated clock.
// Any crash, hang or sanitizer report is a bug. Build and run: scripts/fuzz.sh.
//
// An input whose first byte is 0xFF is read the structure-aware way instead: its
// other bytes choose a method, params and extreme values (Int.min and Int.max,
// huge doubles, NaN-like words, empty and 10,000-character strings, wrong types),
// so every method's params are tried with values random bytes rarely spell.
import BoardProtocol
import BoardSystem
import FlightData
import Foundation

nonisolated(unsafe) var service = BoardService(
    config: .builtIn,
    clock: DaemonClock(simulatedAt: Date(timeIntervalSince1970: 1_796_050_800), speed: 0),  // 2026-11-30T12:00-05:00
    instance: "fuzz")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: size)
    if size > 0, input[0] == 0xFF {
        var choices = Choices(bytes: input.dropFirst())
        for _ in 0..<(1 + choices.next(below: 4)) {
            // As the server frames them: a line past the protocol's limit is refused unread.
            let line = StructuredRequest.make(&choices).bytes
            if line.count <= LineFramer.protocolLimit { serve(line) }
        }
        return 0
    }
    var framer = LineFramer()
    for output in framer.feed(UnsafeRawBufferPointer(input)) {
        guard case .line(let line) = output else { continue }
        serve(line)
    }
    return 0
}

func serve(_ line: [UInt8]) {
    switch WireRequest.parse(line) {
    case .failure(let rejected):
        _ = WireLine.error(id: rejected.id, rejected.error)
    case .success(let request):
        // Keep the clock where it was, so every input sees the same board.
        let saved = service
        switch service.handle(request) {
        case .result(let json), .clockMoved(let json): _ = WireLine.result(id: request.id, json)
        case .encoded(let document): _ = WireLine.result(id: request.id, encoded: document.joined)
        case .failure(let error): _ = WireLine.error(id: request.id, error)
        case .watch(let view): _ = service.watchBoard(view, at: service.clock.now)
        // The replay (from `since` or `cursor`) was derived while handling; nothing more to serve.
        case .eventsWatch: break
        }
        service = saved
    }
}

/// The fuzzer's bytes read as a sequence of choices; zeros once they run out.
struct Choices {
    var bytes: Slice<UnsafeBufferPointer<UInt8>>

    mutating func next(below bound: Int) -> Int {
        guard let byte = bytes.popFirst() else { return 0 }
        return Int(byte) % max(1, bound)
    }

    mutating func pick<T>(_ items: [T]) -> T { items[next(below: items.count)] }
}

/// A request line that looks valid: a known method with known (and some unknown) params holding extreme values.
enum StructuredRequest {
    static let params = [
        "tab", "hidePast", "pinned", "date", "id", "designator", "text", "time", "minutes", "limit", "cursor", "speed",
        "flight", "since", "until", "kinds", "",
    ]

    static let numbers: [JSON] = [
        .int(Int.min), .int(Int.max), .int(Int.min + 1), .int(-1), .int(0), .int(1), .int(525_600), .int(527_041),
        .int(9_999_999), .int(Int(Int32.max)), .double(1e308), .double(-1e308), .double(.leastNonzeroMagnitude), .double(1.5),
        .double(-0.0), .double(9.3e18), .double(-9.3e18),
    ]

    static let strings: [String] = [
        "", " ", "NaN", "nan", "Infinity", "-Infinity", "1e999", "-0", "+0", "0x10", "today", "tomorrow", "+1", "+99999999999",
        "-9223372036854775808", "+9223372036854775807", "2026-11-30", "2026-02-30", "9999-12-31", "0000-00-00",
        "-2026-11-30", "25:00", "24:00", "23:60", "00:00", "2026-11-30T09:00:00-05:00", "2026-11-30T09:00:00+99:99",
        "292277026596-12-04T15:30:07Z", "all", "arrivals", "departures", "Pacific 123", "pacific0", "Pacific 2147483648",
        "Pacific 99999999999999999999", "a", "b3", "\u{0}", "\u{1b}]0;owned\u{7}", "\u{202e}", "\u{fffd}", "😀",
        String(repeating: "9", count: 10_000), String(repeating: "a", count: 10_000),
        "a" + String(repeating: "\u{0301}", count: 5_000), String(repeating: "a ", count: 60),
    ]

    /// Cursors as the daemon writes them: at the fuzzer's frozen noon, a year ahead of it (refused),
    /// at the clock's range's ends, and one whose check does not match.
    static let cursors: [String] = {
        let noon = Date(timeIntervalSince1970: 1_796_050_800)
        let instants = [
            noon, noon.addingTimeInterval(86_400 * 365), ClockLimits.instants.lowerBound, ClockLimits.instants.upperBound,
        ]
        let written = instants.map { ChangeCursor.encode(.after($0)) }
        return written + [String(written[0].dropLast()) + "0"]
    }()

    static let texts = strings + cursors

    static func value(_ choices: inout Choices, depth: Int = 0) -> JSON {
        switch choices.next(below: depth > 1 ? 4 : 7) {
        case 0: return choices.pick(numbers)
        case 1: return .string(choices.pick(texts))
        case 2: return .bool(choices.next(below: 2) == 0)
        case 3: return .null
        case 4:
            // Long arrays (past the 1,000 pins a request may carry) hold numbers; short ones anything.
            // A long array of long arrays of 10,000-character strings would be gigabytes, far past
            // the 64 KiB a request line may have, and would only time the fuzzer out.
            let count = choices.pick([0, 1, 2, 3, 1001, 5000])
            let element = count > 3 ? choices.pick(numbers) : value(&choices, depth: depth + 1)
            return .array(Array(repeating: element, count: count))
        case 5:
            // A pin as the protocol spells it, with extreme parts.
            return .array([.object([("id", value(&choices, depth: depth + 1)), ("date", value(&choices, depth: depth + 1))])])
        default:
            return .object([(choices.pick(params), value(&choices, depth: depth + 1))])
        }
    }

    static func make(_ choices: inout Choices) -> JSON {
        let methods = WireMethod.allCases.map(\.rawValue) + ["", "board.get ", "BOARD.GET"]
        var pairs: [(String, JSON)] = []
        for _ in 0..<choices.next(below: 5) { pairs.append((choices.pick(params), value(&choices))) }
        let id: JSON = choices.pick([.int(1), .int(Int.max), .int(Int.min), .string(""), .null])
        return .object([("id", id), ("method", .string(choices.pick(methods))), ("params", .object(pairs))])
    }
}
