import BoardProtocol
import Foundation
import Testing

/// The airport's clock where it changes: a log that asks from the evening before, and the first
/// day of the clock's range.
struct DaylightSavingEndToEndTests {
    /// A daemon of `zone` at `now`, frozen.
    static func daemon(zone: String, now: String, _ user: BoardUser) throws -> RunningDaemon {
        let file = user.sandbox.path + "/boardd.json"
        try #"{"airport": {"timeZone": "\#(zone)"}}"#.write(toFile: file, atomically: true, encoding: .utf8)
        return try user.startDaemon(now: now, extra: ["--config", file])
    }

    /// Nuuk springs from 22:59 to 00:00 on 2026-03-28/29, so 23:59 the evening before never happens:
    /// `board log` asked for changes after it, read as 00:59, and lost the day's first hour.
    @Test func aFlightsLogHoldsItsFirstStepAfterAnEveningTheClockSkipped() throws {
        let user = BoardUser()
        let daemon = try Self.daemon(zone: "America/Nuuk", now: "2026-03-29T12:00:00-01:00", user)
        defer { _ = try? daemon.stop() }
        let flight = try #require(try user.lookup().first)
        let result = try user.board("log", String(flight.id), "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let first = try #require(result.stdout.split(separator: "\n").first.flatMap { try? JSON.parse(String($0)) })
        #expect(first["at"]?.string == "2026-03-29T00:00:00-01:00", "\(result.stdout)")
        #expect(first["kind"]?.string == "status" && first["from"]?.string == "scheduled", "\(first.text)")
    }

    /// On the first day of the clock's range (1970-01-02 UTC, New York's Jan 1 evening), `board log`
    /// and `board events --since 1h` ask from before the range: read as its start, not refused as a
    /// usage error about a "since" the user never typed.
    @Test func atTheStartOfTheClocksRangeTheLogAndEventsAnswer() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon(now: "1970-01-02T00:00:00Z")
        defer { _ = try? daemon.stop() }
        // 19:00 on Jan 1 in New York: the day's first departure has gone, and its steps are logged.
        let flight = try #require(try user.lookup("departures").first)
        let log = try user.board("log", String(flight.id))
        #expect(log.status == 0 && log.stderr.isEmpty, "\(log.stderr)")
        #expect(!log.stdout.contains("No changes yet"), "\(log.stdout)")
        // The last hour's changes are the day's from 18:00, though 18:00 is before the range starts.
        let day = try user.board("events", "--json")
        func changes(_ output: String) -> [JSON] { output.split(separator: "\n").compactMap { try? JSON.parse(Array($0.utf8)) } }
        // Each change by its cursor (`seq` counts within a reply).
        let lastHour = changes(day.stdout).filter { $0["at"]?.string.map { $0 >= "1970-01-01T18:00" } == true }
            .map { $0["cursor"] }
        #expect(!lastHour.isEmpty, "changes between 18:00 and 19:00: \(day.stdout)")
        let events = try user.board("events", "--since", "1h", "--json")
        #expect(events.status == 0 && events.stderr.isEmpty, "\(events.stderr)")
        #expect(changes(events.stdout).map { $0["cursor"] } == lastHour, "\(events.stdout)")
        let old = try user.board("events", "--since", "1960-01-01T00:00:00Z", "--json")
        #expect(old.status == 0, "\(old.stderr)")
    }
}
