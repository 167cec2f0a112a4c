import BoardProtocol
import FlightData
import Foundation
import Testing

@testable import BoardDaemon

/// The issue's replay, on the wire's own documents: applying `events.get(A, B)` to the board at A
/// gives the board at B, every field of every flight (but `past`, which is the clock's), for seeded
/// random intervals over the window's days, across midnights.
struct EventsReplayTests {
    static let midnight = Date(timeIntervalSince1970: 1_796_014_800)  // 2026-11-30T00:00:00-05:00

    static func service(at now: Date) -> BoardService {
        BoardService(config: .builtIn, clock: DaemonClock(simulatedAt: now, speed: 0), instance: "test")
    }

    /// The flights of `date`'s board at `now`, as JSON objects by id.
    static func board(_ date: String, at now: Date) throws -> [Int: JSON] {
        var service = service(at: now)
        let outcome = service.handle(WireRequest(id: 1, method: .boardGet, params: ["date": .string(date)]))
        guard case .encoded(let document) = outcome else { throw WireError(.internal, "no board") }
        let flights = try #require(try JSON.parse(document.joined)["flights"]?.array)
        return Dictionary(uniqueKeysWithValues: flights.map { ($0["id"]?.int ?? 0, $0) })
    }

    /// Every change in (a, b], page after page, as the daemon at `b` lists them.
    static func changes(after a: Date, through b: Date, localTime: LocalTime) throws -> [ChangeDocument] {
        let service = service(at: b)
        var all: [ChangeDocument] = []
        var cursor: JSON = .null
        repeat {
            let page = try service.events(
                EventsGetRequest(
                    params: ["since": .string(localTime.iso8601(a)), "until": .string(localTime.iso8601(b)), "cursor": cursor]),
                at: b)
            all += page.changes
            cursor = page.next.map(JSON.string) ?? .null
        } while !cursor.isNull
        return all
    }

    /// What a client does with one change to the flight object it holds.
    static func apply(_ change: ChangeDocument, to flight: JSON, localTime: LocalTime) throws -> JSON {
        var pairs = try #require(flight.objectPairs)
        func set(_ key: String, _ value: JSON) {
            if let index = pairs.firstIndex(where: { $0.0 == key }) { pairs[index].1 = value }
        }
        let to = change.to?.json ?? .null
        switch change.kind {
        case .time:
            let scheduled = try instant(try #require(flight["scheduledTime"]?.string))
            let time = try instant(try #require(to.string))
            set("currentTime", to)
            set("delayMinutes", .int(Int(time.timeIntervalSince(scheduled) / 60)))
            set("remark", .string("New time \(localTime.clockTime(time))"))
        case .gate:
            set("previousGate", change.from?.json ?? .null)
            set("gate", to)
            set("terminal", .string(String(to.string?.prefix(1) ?? "")))
            set("remark", .string("Gate changed from \(change.from?.text ?? "")"))
        case .canceled:
            set("status", .string("canceled"))
            set("currentTime", .null)
            set("delayMinutes", .int(0))
            set("remark", .string("Canceled"))
        case .diverted:
            set("status", .string("diverted"))
            set("divertedTo", to)
            set("remark", .string("Diverted to \(to.string ?? "")"))
        case .status:
            set("status", to)
        case .baggage:
            set("baggage", to)
            set("remark", .string("Baggage on belt \(to["belt"]?.int ?? 0)"))
        }
        if change.kind != .status { set("changedAt", .string(change.at)) }
        return .object(pairs)
    }

    static func instant(_ text: String) throws -> Date {
        try #require(
            InstantInput.parse(
                text, localTime: LocalTime(timeZone: TimeZone(identifier: "America/New_York")!),
                today: LocalDate(year: 2026, month: 11, day: 30)!))
    }

    @Test func eventsReplayTheBoardFromAnyInstantToAnyLater() throws {
        let localTime = LocalTime(timeZone: TimeZone(identifier: "America/New_York")!)
        var rng = SplitMix64(seed: 2026)
        var applied = 0
        for _ in 0..<24 {
            // A within the first three days (and the evening before), B up to 30 hours later.
            let a = Self.midnight.addingTimeInterval(Double(rng.next(below: 3 * 24 * 60) - 120) * 60)
            let b = a.addingTimeInterval(Double(1 + rng.next(below: 30 * 3600)))
            // The day of A's board that is still on B's board: the window slides at midnight.
            let date = localTime.date(at: b).description
            var held = try Self.board(date, at: a)
            let changes = try Self.changes(after: a, through: b, localTime: localTime)
            for change in changes where change.flight.date == date {
                let flight = try #require(held[change.flight.id], "a change of a flight not on the board: \(change)")
                held[change.flight.id] = try Self.apply(change, to: flight, localTime: localTime)
                applied += 1
            }
            let expected = try Self.board(date, at: b)
            #expect(Set(held.keys) == Set(expected.keys))
            for (id, flight) in expected {
                let mine = try #require(held[id])
                for (key, value) in try #require(flight.objectPairs) where key != "past" {
                    #expect(mine[key] == value, "\(key) of \(id) on \(date), from \(a) to \(b)")
                }
            }
        }
        #expect(applied > 200)
    }
}
