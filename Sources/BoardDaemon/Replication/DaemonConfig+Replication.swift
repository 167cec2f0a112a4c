import BoardProtocol
import FlightData

extension DaemonConfig {
    /// The schedule's settings as a config file writes them: what a replica takes from its source.
    ///
    /// Every key of `docs/CONFIG.md` but none of this daemon's own (its socket, its limits), so
    /// `DaemonConfig.parse` reads it back to the same schedule with the same checks as a file. A
    /// seed past `Int.max` (possible only with `--seed`) is written as a string of its digits.
    var replicatedSettings: JSON {
        let schedule = schedule
        let airport = schedule.airport
        let rules = schedule.announcements
        func range(_ minutes: ClosedRange<Int>) -> JSON { .array([.int(minutes.lowerBound), .int(minutes.upperBound)]) }
        return .object([
            (
                "airport",
                .object([
                    ("name", .string(airport.name)), ("code", .string(airport.code)),
                    ("timeZone", .string(airport.timeZoneIdentifier)),
                ])
            ),
            ("seed", Int(exactly: schedule.seed).map(JSON.int) ?? .string(String(schedule.seed))),
            ("days", .int(schedule.days)),
            ("flightsPerDay", .int(schedule.flightsPerDay)),
            (
                "announcements",
                .object([
                    ("delayNoticeMinutes", range(rules.delayNotice)), ("delayRevisions", .int(rules.delayRevisions)),
                    ("cancelNoticeMinutes", range(rules.cancelNotice)), ("gateChangePercent", .int(rules.gateChangePercent)),
                    ("gateNoticeMinutes", range(rules.gateNotice)), ("diversionPercent", .int(rules.diversionPercent)),
                ])
            ),
            (
                "hall",
                .object([
                    ("departedMinutes", .int(schedule.hall.departedMinutes)),
                    ("afterLastBagMinutes", .int(schedule.hall.afterLastBagMinutes)),
                    ("canceledMinutes", .int(schedule.hall.canceledMinutes)),
                ])
            ),
        ])
    }
}
