import BoardProtocol
import BoardSystem
import FlightData
import Foundation
import Testing

/// The instant every frozen daemon starts at, and what the board calls it.
let knownInstant = "2026-11-30T12:00:00-05:00"
let knownDate = "2026-11-30"
let tomorrowDate = "2026-12-01"
/// The last day of the default 15-day window starting on the known date.
let lastWindowDate = "2026-12-14"
let tabNames = ["arrivals", "all", "departures"]

/// The contract's keys for each JSON shape (a document may carry more).
enum ContractKeys {
    static let board = ["schema", "airport", "now", "date", "tab", "hidePast", "tabs", "flights"]
    static let airport = ["name", "code", "timeZone"]
    static let tab = ["id", "title", "count", "badge"]
    static let flight = [
        "id", "airline", "number", "flightName", "direction", "otherAirport", "flightTime", "scheduledTime", "currentTime",
        "gate", "terminal", "status", "pinned",
    ]
    static let details = flight + ["history", "onTimeRate", "departureTime", "arrivalTime", "progress"]
    static let history = ["date", "status", "scheduledTime", "actualTime", "delayMinutes"]

    /// The keys of `keys` that `json` lacks.
    static func missing(_ keys: [String], in json: JSON?) -> [String] {
        keys.filter { json?[$0] == nil }
    }
}

struct ShapeError: Error, CustomStringConvertible {
    let description: String
}

/// An instant from the ISO-8601 text the daemon prints (`2026-11-30T12:00:00-05:00`, or `...Z`).
///
/// Parsed by hand: the tests read thousands of them, and a formatter a call is slow.
func instant(_ text: String) throws -> Date {
    let bytes = Array(text.utf8)
    func number(_ range: Range<Int>) -> Int? {
        guard range.upperBound <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[range] {
            guard (48...57).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        return value
    }
    guard bytes.count >= 20, bytes[4] == 45, bytes[7] == 45, bytes[10] == 84, bytes[13] == 58, bytes[16] == 58,
        let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
        let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19)
    else { throw ShapeError(description: "not an ISO-8601 instant: \(text)") }
    var offset = 0
    if bytes.count == 25, bytes[19] == 43 || bytes[19] == 45, let hours = number(20..<22), let minutes = number(23..<25) {
        offset = (bytes[19] == 45 ? -1 : 1) * (hours * 3600 + minutes * 60)
    } else if !(bytes.count == 20 && bytes[19] == 90) {
        throw ShapeError(description: "an ISO-8601 instant without a UTC offset: \(text)")
    }
    let seconds = daysSinceEpoch(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second - offset
    return Date(timeIntervalSince1970: Double(seconds))
}

/// Days from 1970-01-01 to a civil date (Howard Hinnant's days_from_civil).
func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
}

/// Weekday names as `runs` lists them, Monday first (the contract's order, written out).
let mondayFirst = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

/// `Mon` for `2026-11-30`, as `runs` names it.
func weekdayName(_ date: String) -> String {
    LocalDate(date).map { LocalDate.weekdayAbbreviations[$0.weekday] } ?? "?"
}

/// The last `count` dates before `date` whose weekday is in `runs`, newest first.
func operatingDays(before date: String, runs: [String], count: Int) -> [String] {
    guard var day = LocalDate(date), !runs.isEmpty else { return [] }
    var found: [String] = []
    while found.count < count {
        day = day.adding(days: -1)
        if runs.contains(weekdayName(day.description)) { found.append(day.description) }
    }
    return found
}

/// The text `board clock set` takes for an instant (UTC, `2026-11-30T17:00:00Z`).
func isoText(_ date: Date) -> String {
    ISO8601DateFormatter().string(from: date)
}

/// `Nov 30` from `2026-11-30`: the all tab's badge.
func shortDate(_ iso: String) -> String {
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    let parts = iso.split(separator: "-").compactMap { Int($0) }
    guard parts.count == 3, (1...12).contains(parts[1]) else { return iso }
    return "\(months[parts[1] - 1]) \(parts[2])"
}

/// A Flight of the contract, read from its JSON.
struct FlightRow: Equatable, CustomStringConvertible {
    let json: JSON
    let id: Int
    let airline: String
    let number: Int
    let flightName: String
    let direction: String
    let otherAirport: String
    let flightTime: Int
    let scheduledText: String
    let scheduledTime: Date
    let currentTime: Date?
    let gate: String
    let status: String
    let pinned: Bool

    init(_ json: JSON) throws {
        func field<T>(_ key: String, _ read: (JSON) -> T?) throws -> T {
            guard let value = json[key].flatMap(read) else {
                throw ShapeError(description: "a flight without a valid \"\(key)\": \(json.text)")
            }
            return value
        }
        self.json = json
        id = try field("id", \.int)
        airline = try field("airline", \.string)
        number = try field("number", \.int)
        flightName = try field("flightName", \.string)
        direction = try field("direction", \.string)
        otherAirport = try field("otherAirport", \.string)
        flightTime = try field("flightTime", \.int)
        scheduledText = try field("scheduledTime", \.string)
        scheduledTime = try instant(scheduledText)
        let current = try field("currentTime") { $0 }
        currentTime = current.isNull ? nil : try instant(try field("currentTime", \.string))
        gate = try field("gate", \.string)
        status = try field("status", \.string)
        pinned = try field("pinned", \.bool)
    }

    /// Its local day, `2026-11-30` (times are printed in the airport's local time).
    var localDate: String { String(scheduledText.prefix(10)) }
    var isArrival: Bool { direction == "arrival" }
    var isCanceled: Bool { currentTime == nil }
    /// The current time, or the scheduled time when canceled: what the board orders by.
    var effectiveTime: Date { currentTime ?? scheduledTime }

    /// When the hall takes it down, by the contract's default spans and what the row says; nil while
    /// it has not ended. A departure 10 minutes after it departed; an arrival 10 minutes after its
    /// last bag (30 minutes after landing without a belt); a canceled or diverted flight 30 minutes
    /// after its current time.
    var takenDownAt: Date? {
        let minute = 60.0
        switch status {
        case "departed": return effectiveTime + 10 * minute
        case "landed":
            guard let lastBag = json["baggage"]?["lastBag"]?.string, let bag = try? instant(lastBag) else {
                return effectiveTime + 30 * minute
            }
            return bag + 10 * minute
        case "canceled", "diverted": return effectiveTime + 30 * minute
        default: return nil
        }
    }

    /// Past once the hall has taken it down (strictly after that instant).
    func isPast(at now: Date) -> Bool { takenDownAt.map { $0 < now } ?? false }

    /// Departed, landed, canceled or diverted: no longer to come, though the hall may still show it.
    var hasEnded: Bool { ["departed", "landed", "canceled", "diverted"].contains(status) }

    /// The contract's "still to come" (`board soonest`): its current time at or after `now`, neither
    /// canceled nor diverted.
    func isStillToCome(at now: Date) -> Bool { !isCanceled && status != "diverted" && effectiveTime >= now }

    /// The contract's time order: current time, then id.
    static func timeOrder(_ a: FlightRow, _ b: FlightRow) -> Bool {
        (a.effectiveTime, a.id) < (b.effectiveTime, b.id)
    }

    var description: String { "\(flightName) (\(id)) \(direction) \(scheduledText) \(status)" }
}

/// The contract's status table, written out from the table itself: what `row` should say at `now`.
func contractStatus(of row: FlightRow, at now: Date, today: String) -> String {
    if row.localDate > today { return "scheduled" }
    guard let current = row.currentTime else { return "canceled" }
    if row.json["divertedTo"]?.string != nil { return "diverted" }
    let waiting = current == row.scheduledTime ? "onTime" : "delayed"
    let minute = 60.0
    if row.isArrival {
        if now >= current { return "landed" }
        if now >= current - Double(row.flightTime) * minute { return "enRoute" }
        return waiting
    }
    if now >= current { return "departed" }
    if now >= current - 10 * minute { return "gateClosed" }
    if now >= current - 15 * minute { return "finalCall" }
    if now >= current - 40 * minute { return "boarding" }
    return waiting
}

extension String {
    /// The text without ANSI escape sequences (CSI ... final byte).
    var withoutANSI: String {
        var out = ""
        var iterator = makeIterator()
        while let c = iterator.next() {
            if c == "\u{1B}" {
                guard let next = iterator.next() else { break }
                if next == "[" {
                    while let d = iterator.next(), !(d.isLetter || d == "~") {}
                }
                continue
            }
            out.append(c)
        }
        return out
    }

    var hasANSI: Bool { contains("\u{1B}") }

    /// Lines, without the empty one after a final newline.
    var lines: [String] {
        var all = components(separatedBy: "\n")
        if all.last == "" { all.removeLast() }
        return all
    }
}
