import FlightData
import Foundation
import Testing

/// Pins the default schedule, field by field, to a file in the source tree.
///
/// Any change to the generator, the catalog, the seeding or the ids moves
/// flights that users and scripts already know, so it must show up in review
/// as a change to `Golden/schedule-seed2024-2026-11-30.txt`.
///
/// When a change is intended, regenerate the file and commit it with the change:
///
///     BOARD_UPDATE_GOLDEN=1 swift test --filter GoldenScheduleTests
///
/// That writes the file into the source tree, next to this file (found
/// through `#filePath`). The test reads it from the test bundle
/// (`Bundle.module`, from `resources: [.copy("Golden")]` in Package.swift),
/// which works on Linux and which SwiftPM refreshes on the next build when the
/// file changes.
struct GoldenScheduleTests {
    static let goldenName = "schedule-seed2024-2026-11-30"
    static let sourceURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("Golden")
        .appendingPathComponent(goldenName + ".txt")

    @Test func defaultScheduleMatchesTheGoldenFile() throws {
        let window = ScheduleWindow(source: ScheduleGenerator(config: .default), at: Fixture.now)
        #expect(window.firstDate == Fixture.date("2026-11-30"))
        let actual = Self.render(window)

        if ProcessInfo.processInfo.environment["BOARD_UPDATE_GOLDEN"] == "1" {
            try actual.write(to: Self.sourceURL, atomically: true, encoding: .utf8)
            return  // The bundle's copy catches up on the next build.
        }
        let url = try #require(
            Bundle.module.url(forResource: Self.goldenName, withExtension: "txt", subdirectory: "Golden"),
            "Golden/\(Self.goldenName).txt is missing from the test bundle")
        let expected = try String(contentsOf: url, encoding: .utf8)

        // The file itself says what it pins.
        #expect(expected.split(separator: "\n").filter { !$0.hasPrefix("#") }.count == 15 * 30)
        for header in [
            "seed: 2024", "firstDate: 2026-11-30", "days: 15", "flightsPerDay: 30", "airport: MTN Mountain Airport",
            "timeZone: America/New_York",
        ] {
            #expect(expected.contains("\n# \(header)\n"), "header line \(header)")
        }

        if let difference = Self.firstDifference(expected: expected, actual: actual) {
            Issue.record(
                """
                The default schedule no longer matches Golden/\(Self.goldenName).txt.
                \(difference)
                If the change is intended, run BOARD_UPDATE_GOLDEN=1 swift test --filter GoldenScheduleTests \
                and commit the new file with it.
                """)
        }
    }

    @Test func differenceNamesTheFirstDifferingLine() throws {
        let report = try #require(Self.firstDifference(expected: "a\nb\nc\n", actual: "a\nB\nc\n"))
        #expect(report.contains("line 2"))
        #expect(report.contains("expected: b"))
        #expect(report.contains("actual:   B"))
        #expect(Self.firstDifference(expected: "a\n", actual: "a\n") == nil)
        let shorter = try #require(Self.firstDifference(expected: "a\nb\n", actual: "a\n"))
        #expect(shorter.contains("line 2"))
    }

    /// The schedule as text: a header with what decides it, then a comment
    /// line per day and one line per flight with every field.
    static func render(_ window: ScheduleWindow) -> String {
        let config = window.config
        let clock = window.localTime
        var lines = [
            "# board golden schedule: regenerate with BOARD_UPDATE_GOLDEN=1 swift test --filter GoldenScheduleTests",
            "# seed: \(config.seed)",
            "# firstDate: \(window.firstDate)",
            "# days: \(config.days)",
            "# flightsPerDay: \(config.flightsPerDay)",
            "# airport: \(config.airport.code) \(config.airport.name)",
            "# timeZone: \(config.airport.timeZoneIdentifier)",
            "# fields: id | date | slot | service | designator | weekdays | direction | city | flight minutes | scheduled"
                + " | disruption | gate | history: the service's last 10 operations, most recent first (D departed on time,"
                + " L landed on time, Dn / Ln n minutes late, C canceled, V diverted)",
        ]
        for date in window.dates {
            let flights = window.flights(on: date)
            let starts = Set(flights.map(\.dayStart)).map(clock.iso8601).sorted().joined(separator: ", ")
            lines.append("# \(date) \(LocalDate.weekdayAbbreviations[date.weekday]), day starts \(starts)")
            for flight in flights {
                lines.append(
                    [
                        String(flight.id),
                        flight.date.description,
                        LocalDate.pad2(flight.slot),
                        String(flight.serviceID),
                        flight.flightName,
                        window.source.timetable.services[Int(flight.serviceID)].weekdays.description,
                        flight.direction.rawValue,
                        flight.otherAirport.name,
                        String(flight.otherAirport.flightMinutes),
                        clock.iso8601(flight.scheduledTime),
                        describe(flight.disruption),
                        "\(flight.gate.terminal)\(flight.gate.number)",
                        window.history(of: flight, at: .distantFuture).map(describe).joined(separator: " "),
                    ].joined(separator: " | "))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func describe(_ disruption: Disruption) -> String {
        switch disruption {
        case .onTime: "onTime"
        case .delayed(let minutes): "delayed \(minutes)"
        case .canceled: "canceled"
        }
    }

    static func describe(_ entry: HistoryEntry) -> String {
        switch entry.status {
        case .departed: entry.delayMinutes == 0 ? "D" : "D\(entry.delayMinutes)"
        case .landed: entry.delayMinutes == 0 ? "L" : "L\(entry.delayMinutes)"
        case .canceled: "C"
        case .diverted: "V"
        default: "?\(entry.status.rawValue)"
        }
    }

    /// Where two texts first differ, by line, as a short report; nil when equal.
    static func firstDifference(expected: String, actual: String) -> String? {
        guard expected != actual else { return nil }
        let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let got = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(want.count, got.count) {
            let wanted = index < want.count ? String(want[index]) : "<end of file>"
            let gotten = index < got.count ? String(got[index]) : "<end of output>"
            if wanted != gotten {
                return """
                    First difference at line \(index + 1) (golden \(want.count) lines, generated \(got.count)):
                      expected: \(wanted)
                      actual:   \(gotten)
                    """
            }
        }
        return "The texts differ only in invisible ways (line endings?)."
    }
}

extension LocalDate {
    /// Two digits, for slot columns that line up.
    fileprivate static func pad2(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}
