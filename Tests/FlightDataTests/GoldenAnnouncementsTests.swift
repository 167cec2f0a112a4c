import FlightData
import Foundation
import Testing

/// Pins what is announced on 2026-11-30 with the default config (seed 2024), and when, to
/// `Golden/announcements-seed2024-2026-11-30.txt`, as `GoldenScheduleTests` pins the flights.
///
/// Regenerate after an intended change: `BOARD_UPDATE_GOLDEN=1 swift test --filter GoldenAnnouncementsTests`.
struct GoldenAnnouncementsTests {
    static let goldenName = "announcements-seed2024-2026-11-30"
    static let sourceURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("Golden")
        .appendingPathComponent(goldenName + ".txt")

    @Test func announcementsMatchTheGoldenFile() throws {
        let actual = Self.render(Fixture.window.flights(on: Fixture.today))
        if ProcessInfo.processInfo.environment["BOARD_UPDATE_GOLDEN"] == "1" {
            try actual.write(to: Self.sourceURL, atomically: true, encoding: .utf8)
            return
        }
        let url = try #require(
            Bundle.module.url(forResource: Self.goldenName, withExtension: "txt", subdirectory: "Golden"),
            "Golden/\(Self.goldenName).txt is missing from the test bundle")
        let expected = try String(contentsOf: url, encoding: .utf8)
        if let difference = GoldenScheduleTests.firstDifference(expected: expected, actual: actual) {
            Issue.record(
                """
                What the default schedule announces no longer matches Golden/\(Self.goldenName).txt.
                \(difference)
                If the change is intended, run BOARD_UPDATE_GOLDEN=1 swift test --filter GoldenAnnouncementsTests.
                """)
        }
    }

    /// One line per flight with its base facts, then one indented line per announcement and per
    /// change of its day, as `events.get` would list them.
    static func render(_ flights: [Flight]) -> String {
        let clock = Fixture.localTime
        var lines = [
            "# board golden announcements: regenerate with BOARD_UPDATE_GOLDEN=1 swift test --filter GoldenAnnouncementsTests",
            "# seed 2024, 2026-11-30, default rules; times are the airport's (America/New_York)",
        ]
        for flight in flights {
            let codeshares = flight.codeshares.names.joined(separator: ", ")
            lines.append(
                "\(flight.id) | \(flight.flightName) | \(flight.direction.rawValue) | \(clock.clockTime(flight.scheduledTime))"
                    + " | \(GoldenScheduleTests.describe(flight.disruption)) | gate \(flight.gate)"
                    + (codeshares.isEmpty ? "" : " | also \(codeshares)"))
            for announcement in flight.announcements {
                lines.append("  announce \(clock.clockTime(announcement.at)) \(announcement.kind.rawValue): \(announcement.text)")
            }
            let end = flight.dayStart.addingTimeInterval(36 * 3600)
            for change in flight.changes(after: flight.dayStart.addingTimeInterval(-1), through: end) {
                lines.append(
                    "  change \(clock.clockTime(change.at)) \(change.kind.rawValue): \(describe(change.from)) -> \(describe(change.to))"
                )
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func describe(_ value: FlightChange.Value?) -> String {
        let clock = Fixture.localTime
        switch value {
        case nil: return "null"
        case .status(let status): return status.rawValue
        case .time(let time): return clock.clockTime(time)
        case .gate(let gate): return gate.description
        case .city(let city): return city
        case .baggage(let baggage):
            return "belt \(baggage.belt) \(clock.clockTime(baggage.firstBag))-\(clock.clockTime(baggage.lastBag))"
        }
    }
}
