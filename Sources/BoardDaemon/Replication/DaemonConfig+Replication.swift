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

extension DaemonConfig {
    /// A replica's config: its source's settings (`replicatedSettings`), read with the same checks as
    /// a file, `source` naming where they came from in messages. A seed written as a string of digits
    /// (one past `Int.max`) is read back as the number.
    static func replicated(_ settings: JSON, source: String) throws(ConfigError) -> DaemonConfig {
        guard var pairs = settings.objectPairs else {
            throw ConfigError(file: source, key: nil, value: nil, reason: "is not a JSON object")
        }
        var seed: UInt64?
        if let index = pairs.firstIndex(where: { $0.0 == "seed" }), case .string(let digits) = pairs[index].1 {
            guard let value = UInt64(digits) else {
                throw ConfigError(file: source, key: "seed", value: digits, reason: "must be a whole number")
            }
            seed = value
            pairs.remove(at: index)
        }
        var config = try parse(JSON.object(pairs).bytes, file: source)
        if let seed { config.schedule.seed = seed }
        return config
    }
}
