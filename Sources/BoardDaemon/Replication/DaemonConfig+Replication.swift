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

/// `replication` in the config file: `{"publish": URL}` or `{"follow": URL}`, and `passwordFile`.
///
/// The same as the flags `--publish URL`, `--follow URL` and `--redis-password-file FILE`, which win
/// over it; read and checked with the rest of the file (a URL that does not parse is the file's
/// error, naming the key), taken at start only (a reload that changes it says it needs a restart).
struct ReplicationSettings: Hashable, Sendable {
    enum Role: String, Hashable, Sendable {
        case publish, follow
    }

    static let knownKeys = ["publish", "follow", "passwordFile"]

    var role: Role
    var url: RedisURL
    var passwordFile: String?

    init(role: Role, url: RedisURL, passwordFile: String? = nil) {
        self.role = role
        self.url = url
        self.passwordFile = passwordFile
    }

    init(_ value: JSON, file: String) throws(ConfigError) {
        try DaemonConfig.checkObject(value, "replication", known: Self.knownKeys, file: file)
        func refuse(_ key: String, _ value: JSON?, _ reason: String) -> ConfigError {
            ConfigError(file: file, key: "replication" + (key.isEmpty ? "" : ".\(key)"), value: value?.text, reason: reason)
        }
        let roles = [Role.publish, .follow].filter { value[$0.rawValue] != nil }
        guard roles.count == 1, let role = roles.first, let text = value[role.rawValue] else {
            throw refuse(
                "", value, "needs one of publish or follow, a Redis URL: {\"follow\": \"redis://redis.lan:6379/0\"}")
        }
        guard case .string(let urlText) = text else {
            throw refuse(role.rawValue, text, "must be a Redis URL, not \(DaemonConfig.kind(of: text))")
        }
        do { url = try RedisURL(parsing: urlText) } catch { throw refuse(role.rawValue, nil, "\(error)") }
        self.role = role
        if let path = value["passwordFile"] {
            guard case .string(let text) = path, !text.isEmpty else {
                throw refuse("passwordFile", path, "must be the path of a file holding Redis's password")
            }
            passwordFile = text
        }
    }
}
