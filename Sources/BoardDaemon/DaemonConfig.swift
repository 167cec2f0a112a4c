import BoardArguments
import BoardProtocol
import BoardSystem
import FlightData
import FoundationEssentials

/// A config mistake: the file, the key, the value and why.
struct ConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    let file: String
    let key: String?
    let value: String?
    let reason: String

    /// The most of a key or a value a message shows: a 60,000-character name is one screen, not sixty.
    static let shownLimit = 120

    var description: String {
        var text = file
        if let key { text += ": \(Self.shortened(key))" }
        if let value { text += " = \(Self.shortened(value))" }
        // A key may hold any character JSON can escape; the message stays one harmless line.
        return (text + ": \(reason)").escapingControlCharacters
    }
}

extension ConfigError {
    /// `text` whole when it is short, else its first `shownLimit` characters, `…` and how many there are.
    static func shortened(_ text: String) -> String {
        guard text.count > shownLimit else { return text }
        return "\(text.prefix(shownLimit))… (\(text.count) characters)"
    }
}

/// The daemon's settings: the schedule (airport, seed, days, flights a day).
///
/// Defaults match the repository's `config/boardd.json`; `docs/CONFIG.md`
/// describes every key. Unknown keys, repeated keys, wrong types and
/// out-of-range values are refused, never ignored, with the file, the key,
/// the value and why.
public struct DaemonConfig: Hashable, Sendable {
    var schedule: ScheduleConfig
    /// `replication`: this daemon's Redis as a source or a replica, as `--publish` and `--follow` say it
    /// (the flags win). Never published: a replica's is its own.
    var replication: ReplicationSettings?
    /// Where it came from, for messages: a path, or "built-in defaults".
    var source: String
    /// The seed the file names, when it names one: where `--seed` gave another, which wins (at the
    /// start and each reload), the summary says both (a seed edited in the file and reloaded changed
    /// nothing without a word).
    var fileSeed: UInt64?

    public static let builtIn = DaemonConfig(schedule: .default, source: "built-in defaults")

    init(schedule: ScheduleConfig, source: String, replication: ReplicationSettings? = nil) {
        self.schedule = schedule
        self.source = source
        self.replication = replication
    }

    static let knownKeys = ["airport", "seed", "days", "flightsPerDay", "announcements", "hall", "replication"]
    static let knownHallKeys = ["departedMinutes", "afterLastBagMinutes", "canceledMinutes"]
    static let knownAnnouncementKeys = [
        "delayNoticeMinutes", "delayRevisions", "cancelNoticeMinutes", "gateChangePercent", "gateNoticeMinutes",
        "diversionPercent",
    ]
    static let knownAirportKeys = ["name", "code", "timeZone"]
    /// The sections (objects) of the config, and their keys.
    static let sections = [
        "airport": knownAirportKeys, "announcements": knownAnnouncementKeys, "hall": knownHallKeys,
        "replication": ReplicationSettings.knownKeys,
    ]
    /// A config is a few lines; anything this large is the wrong file.
    static let maxFileSize = 64 * 1024

    /// One line for `--check-config` and the start-up log: what the config sets.
    var summary: String {
        let airport = schedule.airport
        let overridden = fileSeed.flatMap { $0 == schedule.seed ? nil : $0 }
        let seed = overridden.map { "seed \(schedule.seed) (from --seed; the file says \($0))" } ?? "seed \(schedule.seed)"
        return "\(airport.code) \"\(airport.name)\" in \(airport.timeZoneIdentifier), \(seed), "
            + "\(schedule.days) day\(schedule.days == 1 ? "" : "s") x \(schedule.flightsPerDay) "
            + "flight\(schedule.flightsPerDay == 1 ? "" : "s") a day"
    }

    /// Reads and validates a config file; `label` names it in messages (the path, and where it came from).
    static func load(path: String, label: String? = nil) throws(ConfigError) -> DaemonConfig {
        let label = label ?? path
        var bytes = try read(path, label: label)
        // A byte order mark, as Windows editors save UTF-8: JSON's parsers may pass over it (RFC 8259 §8.1),
        // and a file is not refused for it ("unexpected character at line 1, column 1").
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        return try parse(bytes, file: label)
    }

    /// The file's bytes, or why it cannot be read (missing, not a regular file, permission, too large).
    ///
    /// Opened without blocking and checked with `fstat` before a byte is read: a FIFO at the path
    /// would otherwise hang the daemon (at start, or on SIGHUP), and a device could be read forever.
    static func read(_ path: String, label: String) throws(ConfigError) -> [UInt8] {
        func refuse(_ reason: String) -> ConfigError { ConfigError(file: label, key: nil, value: nil, reason: reason) }
        do { return try RegularFile.read(path, limit: maxFileSize) } catch {
            switch error {
            case .cannotOpen(let reason) where reason.isMissing:
                if let (link, target) = FileSystem.danglingLink(on: path) {
                    let what = link == path ? "is a link" : "is under \(link), a link"
                    throw refuse("\(what) to \(target), which does not exist; point the link at the config, or remove it")
                }
                throw refuse("does not exist")
            case .cannotOpen(let reason), .cannotRead(let reason):
                throw refuse("cannot be read (\(SystemError.message(for: reason.code)))")
            case .notRegular(.directory): throw refuse("is a directory, not a config file")
            case .notRegular(let kind): throw refuse("is \(kind.name), not a regular file; point --config at a JSON file")
            case .tooLarge: throw refuse("is larger than \(maxFileSize / 1024) KiB; is it the right file?")
            }
        }
    }

    static func parse(_ bytes: [UInt8], file: String) throws(ConfigError) -> DaemonConfig {
        func refuse(_ key: String?, _ value: JSON?, _ reason: String) -> ConfigError {
            ConfigError(file: file, key: key, value: value?.text, reason: reason)
        }
        let json: JSON
        do { json = try JSON.parse(bytes, rejectingDuplicateKeys: true) } catch {
            let (line, column) = location(of: error.offset, in: bytes)
            if error.isDuplicateKey {
                throw refuse(nil, nil, "\(error.reason) (line \(line), column \(column)); give each key once")
            }
            throw refuse(nil, nil, "is not valid JSON: \(error.reason) at line \(line), column \(column)")
        }
        guard let pairs = json.objectPairs else {
            throw refuse(nil, nil, "must be a JSON object such as {\"seed\": 2024}, not \(kind(of: json))")
        }
        try checkKeys(pairs, known: knownKeys, prefix: "", file: file)

        var schedule = ScheduleConfig.default
        if let value = json["airport"] {
            schedule.airport = try airport(value, file: file)
        }
        if let value = json["seed"] {
            guard let seed = whole(value), seed >= 0 else {
                throw refuse(
                    "seed", value,
                    "must be a whole number from 0 to \(Int.max)\(notA(value, .int(0)))\(inexact(value, in: 0...Int.max))")
            }
            schedule.seed = UInt64(seed)
        }
        schedule.days = try integer(json, "days", in: ScheduleConfig.allowedDays, file: file) ?? schedule.days
        schedule.flightsPerDay =
            try integer(json, "flightsPerDay", in: ScheduleConfig.allowedFlightsPerDay, file: file) ?? schedule.flightsPerDay
        if let value = json["announcements"] {
            schedule.announcements = try announcements(value, file: file)
        }
        if let value = json["hall"] {
            schedule.hall = try hall(value, file: file)
        }
        let replication = try json["replication"].map { value throws(ConfigError) in try ReplicationSettings(value, file: file) }
        var config = DaemonConfig(schedule: schedule, source: file, replication: replication)
        if json["seed"] != nil { config.fileSeed = schedule.seed }
        return config
    }

    /// The optional `hall` object: how long finished flights stay on the board, each key optional,
    /// whole minutes within `HallRules.allowedMinutes`.
    private static func hall(_ value: JSON, file: String) throws(ConfigError) -> HallRules {
        try checkObject(value, "hall", known: knownHallKeys, file: file)
        var rules = HallRules.default
        let allowed = HallRules.allowedMinutes
        rules.departedMinutes =
            try integer(value, "departedMinutes", in: allowed, file: file, prefix: "hall.") ?? rules.departedMinutes
        rules.afterLastBagMinutes =
            try integer(value, "afterLastBagMinutes", in: allowed, file: file, prefix: "hall.") ?? rules.afterLastBagMinutes
        rules.canceledMinutes =
            try integer(value, "canceledMinutes", in: allowed, file: file, prefix: "hall.") ?? rules.canceledMinutes
        return rules
    }

    /// The optional `announcements` object: each key optional, lead times as `[fewest, most]`
    /// minutes (`[30, 180]`), counts and percents as whole numbers.
    private static func announcements(_ value: JSON, file: String) throws(ConfigError) -> AnnouncementRules {
        try checkObject(value, "announcements", known: knownAnnouncementKeys, file: file)
        var rules = AnnouncementRules.default
        rules.delayNotice = try minutes(value, "delayNoticeMinutes", file: file) ?? rules.delayNotice
        rules.cancelNotice = try minutes(value, "cancelNoticeMinutes", file: file) ?? rules.cancelNotice
        rules.gateNotice = try minutes(value, "gateNoticeMinutes", file: file) ?? rules.gateNotice
        rules.delayRevisions =
            try integer(value, "delayRevisions", in: AnnouncementRules.allowedRevisions, file: file, prefix: "announcements.")
            ?? rules.delayRevisions
        rules.gateChangePercent =
            try integer(value, "gateChangePercent", in: AnnouncementRules.allowedPercent, file: file, prefix: "announcements.")
            ?? rules.gateChangePercent
        rules.diversionPercent =
            try integer(value, "diversionPercent", in: AnnouncementRules.allowedPercent, file: file, prefix: "announcements.")
            ?? rules.diversionPercent
        return rules
    }

    /// A lead time: `[a, b]` minutes before, whole minutes within `AnnouncementRules.allowedNotice`, a <= b.
    private static func minutes(_ json: JSON, _ key: String, file: String) throws(ConfigError) -> ClosedRange<Int>? {
        guard let value = json[key] else { return nil }
        let allowed = AnnouncementRules.allowedNotice
        func refuse(_ reason: String) -> ConfigError {
            ConfigError(file: file, key: "announcements.\(key)", value: value.text, reason: reason)
        }
        guard let items = value.array, items.count == 2, let low = whole(items[0]), let high = whole(items[1]) else {
            throw refuse(
                "must be a list of two whole numbers of minutes before, [fewest, most] such as [30, 180]\(notA(value, .array([])))"
            )
        }
        guard allowed.contains(low), allowed.contains(high) else {
            throw refuse("must hold minutes from \(allowed.lowerBound) to \(allowed.upperBound)")
        }
        guard low <= high else { throw refuse("must give the smaller number first, [\(high), \(low)]") }
        return low...high
    }

    private static func airport(_ value: JSON, file: String) throws(ConfigError) -> Airport {
        func refuse(_ key: String, _ value: JSON, _ reason: String) -> ConfigError {
            ConfigError(file: file, key: key, value: value.text, reason: reason)
        }
        guard let fields = value.objectPairs else {
            throw refuse("airport", value, "must be an object with name, code and timeZone\(notA(value, .object([])))")
        }
        try checkKeys(fields, known: knownAirportKeys, prefix: "airport.", file: file)
        let defaults = Airport.mountain
        var name = defaults.name
        var code = defaults.code
        var timeZone = defaults.timeZoneIdentifier
        for (key, field) in fields {
            let path = "airport.\(key)"
            guard let text = field.string, !text.allSatisfy(\.isWhitespace) else {
                throw refuse(path, field, "must be a non-empty string\(notA(field, .string("")))")
            }
            switch key {
            case "name":
                guard text.count <= 40 else { throw refuse(path, field, "must be at most 40 characters (it has \(text.count))") }
                // Every board carries the name to every terminal: no line break, no control (a bidi
                // control such as U+202E too, which turns the text after it around).
                guard !text.unicodeScalars.contains(where: { $0.isTerminalControl || Character($0).isNewline }) else {
                    throw refuse(path, field, "must be one line without control characters")
                }
                name = text
            case "code":
                guard (2...5).contains(text.count), text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                    throw refuse(path, field, "must be 2 to 5 letters or digits, such as MTN")
                }
                code = text.uppercased()
            default:
                guard isTimeZone(text) else {
                    throw refuse(
                        path, field, "is not an IANA time zone; use a name such as America/New_York, Europe/Paris or UTC")
                }
                timeZone = text
            }
        }
        guard let airport = Airport(name: name, code: code, timeZone: timeZone) else {
            throw ConfigError(
                file: file, key: "airport.timeZone", value: JSON.string(timeZone).text,
                reason: "is not a time zone this system knows")
        }
        return airport
    }

    /// Whether `name` is an IANA zone as people write it: `Area/Location` or `UTC`.
    ///
    /// Foundation also takes abbreviations such as `EST` and offsets such as
    /// `GMT+5`, which have no daylight saving and are not what an airport keeps.
    static func isTimeZone(_ name: String) -> Bool {
        // An IANA name is ASCII letters, digits and `/_+-`: Foundation reads a name cut at a NUL
        // (`America/New_York\0junk`) as the zone before it, whose rules a daemon would not run on.
        guard name.utf8.count <= 255, name.utf8.allSatisfy(isZoneNameByte), name.contains("/") || name == "UTC",
            let zone = TimeZone(identifier: name)
        else { return false }
        // Foundation answers some near misses with another zone; only an exact match counts. `UTC` is
        // answered as `GMT`, which is the same zone, and listed under neither name.
        return zone.identifier == name || TimeZone.knownTimeZoneIdentifiers.contains(name)
            || (name == "UTC" && zone.secondsFromGMT() == 0)
    }

    private static func isZoneNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "/"), UInt8(ascii: "_"), UInt8(ascii: "+"), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    /// A section of the config (`announcements`, `hall`): an object whose keys are all `known`.
    static func checkObject(_ value: JSON, _ key: String, known: [String], file: String) throws(ConfigError) {
        guard let fields = value.objectPairs else {
            throw ConfigError(
                file: file, key: key, value: value.text,
                reason: "must be an object with \(known.joined(separator: ", "))\(notA(value, .object([])))")
        }
        try checkKeys(fields, known: known, prefix: key + ".", file: file)
    }

    /// Unknown keys, with a hint: the key it is near (`flightsperday`, `hall.departed`), or how to
    /// write a section's key the docs name with a dot (`airport.name`). (Repeated keys are refused by
    /// the parser.)
    private static func checkKeys(_ pairs: [(String, JSON)], known: [String], prefix: String, file: String) throws(ConfigError) {
        for (key, value) in pairs {
            guard known.contains(key) else {
                var nearest = known.first { $0.lowercased() == key.lowercased() }.map { " (did you mean \($0)?)" }
                if nearest == nil, prefix.isEmpty, let dot = key.firstIndex(of: "."),
                    let inside = sections[String(key[..<dot])]
                {
                    // Written as the docs name it (`airport.name`): inside its section, under the key meant.
                    let typed = String(key[key.index(after: dot)...])
                    let inner = inside.contains(typed) ? typed : NearestWord.suggestion(for: typed, among: inside) ?? typed
                    nearest = " (a section's keys are written inside it: {\"\(key[..<dot])\": {\"\(inner)\": ...}})"
                }
                let hint = nearest ?? NearestWord.hint(for: key, among: known)
                throw ConfigError(
                    file: file, key: prefix + key, value: value.text,
                    reason: "unknown key\(hint); the keys are \(known.joined(separator: ", "))")
            }
        }
    }

    private static func integer(
        _ json: JSON, _ key: String, in range: ClosedRange<Int>, file: String, prefix: String = ""
    ) throws(ConfigError) -> Int? {
        guard let value = json[key] else { return nil }
        guard let number = whole(value), range.contains(number) else {
            throw ConfigError(
                file: file, key: prefix + key, value: value.text,
                reason:
                    "must be a whole number from \(range.lowerBound) to \(range.upperBound)\(notA(value, .int(0)))\(inexact(value, in: range))"
            )
        }
        return number
    }

    /// A whole number as JSON may write one: `240`, or `240.0` and `2.4e2` as some tools write it
    /// (Python's `json` writes a float's `.0`); nil for a fraction, another type, or a float from 2^53 on,
    /// which a double no longer holds exactly (`9007199254740993.0` would be read as ...992: another seed).
    static func whole(_ value: JSON) -> Int? {
        switch value {
        case .int(let number): number
        case .double(let number) where abs(number) < 9_007_199_254_740_992: Int(exactly: number)
        default: nil
        }
    }

    /// Why a whole number read as a double from 2^53 on is refused (`1e18`, `9007199254740993.0`): a double
    /// no longer holds every such number, so it may not be the one written; in digits alone it is read exactly.
    private static func inexact(_ value: JSON, in range: ClosedRange<Int>) -> String {
        // `Int(exactly:)`, not a comparison with `Double(range.upperBound)`: Int.max as a double is 2^63.
        guard case .double(let number) = value, abs(number) >= 9_007_199_254_740_992, let whole = Int(exactly: number),
            range.contains(whole)
        else { return "" }
        return ", written in digits alone (a double, as \(value.text) is read, cannot hold every number this large)"
    }

    /// ", not a string" when `value` has another JSON type than `wanted`; "" when only the value is wrong.
    private static func notA(_ value: JSON, _ wanted: JSON) -> String {
        kind(of: value) == kind(of: wanted) ? "" : ", not \(kind(of: value))"
    }

    static func kind(of value: JSON) -> String {
        switch value {
        case .null: "null"
        case .bool: "true or false"
        case .int: "a number"
        case .double(let d): d == d.rounded() ? "a number" : "a fraction"
        case .string: "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }

    /// The 1-based line and column of a byte offset, for JSON errors people can find in an editor.
    static func location(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in bytes.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }
}
