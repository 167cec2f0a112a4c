import BoardWire
import FlightData
import Foundation

/// A config mistake: the file, the key, the value and why.
struct ConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    let file: String
    let key: String?
    let value: String?
    let reason: String

    var description: String {
        var text = file
        if let key { text += ": \(key)" }
        if let value { text += " = \(value)" }
        return text + ": \(reason)"
    }
}

/// The daemon's settings: the schedule (airport, seed, days, flights a day).
///
/// Defaults match the repository's `config/boardd.json`. Unknown keys, wrong
/// types and out-of-range values are refused, never ignored.
struct DaemonConfig: Hashable, Sendable {
    var schedule: ScheduleConfig
    /// Where it came from, for messages: a path, or "built-in defaults".
    var source: String

    static let builtIn = DaemonConfig(schedule: .default, source: "built-in defaults")

    static let knownKeys = ["airport", "seed", "days", "flightsPerDay"]
    static let knownAirportKeys = ["name", "code", "timeZone"]

    /// Reads and validates a config file.
    static func load(path: String) throws(ConfigError) -> DaemonConfig {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read" : "does not exist"
            throw ConfigError(file: path, key: nil, value: nil, reason: reason)
        }
        return try parse(Array(data), file: path)
    }

    static func parse(_ bytes: [UInt8], file: String) throws(ConfigError) -> DaemonConfig {
        let json: JSON
        do { json = try JSON.parse(bytes) } catch {
            throw ConfigError(file: file, key: nil, value: nil, reason: "is not valid JSON (\(error))")
        }
        guard let pairs = json.objectPairs else {
            throw ConfigError(file: file, key: nil, value: nil, reason: "must be a JSON object")
        }
        for (key, value) in pairs where !knownKeys.contains(key) {
            throw ConfigError(
                file: file, key: key, value: value.text,
                reason: "unknown key; the keys are \(knownKeys.joined(separator: ", "))")
        }
        var schedule = ScheduleConfig.default
        var airport = (name: Airport.mountain.name, code: Airport.mountain.code, timeZone: Airport.mountain.timeZoneIdentifier)
        if let value = json["airport"] {
            guard let fields = value.objectPairs else {
                throw ConfigError(file: file, key: "airport", value: value.text, reason: "must be an object with name, code and timeZone")
            }
            for (key, field) in fields {
                let path = "airport.\(key)"
                guard knownAirportKeys.contains(key) else {
                    throw ConfigError(file: file, key: path, value: field.text, reason: "unknown key; the keys are name, code, timeZone")
                }
                guard let text = field.string, !text.isEmpty else {
                    throw ConfigError(file: file, key: path, value: field.text, reason: "must be a non-empty string")
                }
                switch key {
                case "name":
                    guard text.count <= 40 else { throw ConfigError(file: file, key: path, value: field.text, reason: "must be at most 40 characters") }
                    airport.name = text
                case "code":
                    guard (2...5).contains(text.count), text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                        throw ConfigError(file: file, key: path, value: field.text, reason: "must be 2 to 5 letters or digits, such as MTN")
                    }
                    airport.code = text.uppercased()
                default:
                    guard TimeZone(identifier: text) != nil, text.contains("/") || text == "UTC" else {
                        throw ConfigError(file: file, key: path, value: field.text, reason: "is not an IANA time zone, such as America/New_York")
                    }
                    airport.timeZone = text
                }
            }
        }
        schedule.airport = Airport(name: airport.name, code: airport.code, timeZone: airport.timeZone)!
        if let value = json["seed"] {
            guard case .int(let seed) = value, seed >= 0 else {
                throw ConfigError(file: file, key: "seed", value: value.text, reason: "must be a whole number from 0 to \(Int.max)")
            }
            schedule.seed = UInt64(seed)
        }
        schedule.days = try integer(json, "days", in: ScheduleConfig.allowedDays, file: file) ?? schedule.days
        schedule.flightsPerDay =
            try integer(json, "flightsPerDay", in: ScheduleConfig.allowedFlightsPerDay, file: file) ?? schedule.flightsPerDay
        return DaemonConfig(schedule: schedule, source: file)
    }

    private static func integer(_ json: JSON, _ key: String, in range: ClosedRange<Int>, file: String) throws(ConfigError) -> Int? {
        guard let value = json[key] else { return nil }
        guard case .int(let number) = value, range.contains(number) else {
            throw ConfigError(
                file: file, key: key, value: value.text,
                reason: "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }
}
