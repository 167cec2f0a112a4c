import FoundationEssentials

/// A day as people name it: `2026-11-30`, `today`, `tomorrow`, `+N`.
///
/// `+N` takes any number of digits, so that any day after the window a person types is said to be
/// outside it, as `+100` is (`+1000` was refused as no `+N` at all); past `maximumDays` (2,700 years
/// on) it is read as that.
public enum DateSpec: Hashable, Sendable, CustomStringConvertible {
    case exact(LocalDate)
    case relative(days: Int)

    /// The most days ahead a `+N` names.
    public static let maximumDays = 999_999

    public init?(_ text: String) {
        switch text.lowercased() {
        case "today": self = .relative(days: 0)
        case "tomorrow": self = .relative(days: 1)
        case let t where t.hasPrefix("+"):
            let digits = t.dropFirst()
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            let significant = digits.drop { $0 == "0" }
            self = .relative(days: significant.count > 6 ? Self.maximumDays : Int(significant) ?? 0)
        default:
            guard let date = LocalDate(text) else { return nil }
            self = .exact(date)
        }
    }

    /// The date it names when today is `today`.
    public func resolve(today: LocalDate) -> LocalDate {
        switch self {
        case .exact(let date): date
        case .relative(let days): today.adding(days: days)
        }
    }

    /// The day as it was asked for, with the date it names when it was not one: `+20 (2026-12-20)`,
    /// `tomorrow (2026-12-15)`; past the most a `+N` names, `+999999 days on or more`, not the date
    /// that reads as (no one typed it).
    public func asked(naming date: LocalDate) -> String {
        switch self {
        case .exact: "\(date)"
        case .relative(let days) where days >= Self.maximumDays: "\(self) days on or more"
        case .relative: "\(self) (\(date))"
        }
    }

    public var description: String {
        switch self {
        case .exact(let date): date.description
        case .relative(0): "today"
        case .relative(1): "tomorrow"
        case .relative(let n): "+\(n)"
        }
    }
}

/// A length of time as people type it: `90m`, `2h`, `1h30m`, `1d`, `45` (minutes), `-30m`.
public enum DurationInput {
    /// Whole minutes, or nil when the text is not a duration.
    public static func minutes(_ text: String) -> Int? {
        var rest = Substring(text.lowercased().trimmingWhitespace())
        var sign = 1
        if rest.first == "-" {
            sign = -1
            rest.removeFirst()
        } else if rest.first == "+" {
            rest.removeFirst()
        }
        guard !rest.isEmpty else { return nil }
        if rest.allSatisfy({ $0.isASCII && $0.isNumber }) {
            guard rest.count <= 7, let n = Int(rest) else { return nil }
            return sign * n
        }
        var total = 0
        var digits = ""
        var seenUnits = Set<Character>()
        for c in rest {
            if c.isASCII && c.isNumber {
                digits.append(c)
                guard digits.count <= 7 else { return nil }
            } else {
                let scale: Int
                switch c {
                case "d": scale = 1440
                case "h": scale = 60
                case "m": scale = 1
                default: return nil
                }
                guard let n = Int(digits), seenUnits.insert(c).inserted else { return nil }
                total += n * scale
                digits = ""
            }
        }
        guard digits.isEmpty else { return nil }
        return sign * total
    }
}

/// An instant as people type it for the simulated clock.
///
/// ISO-8601 with an offset (`2026-11-30T09:00:00-05:00`, `...Z`), or without
/// one (`2026-11-30T09:00`, read on the airport's clock), or just a time of day
/// (`09:00`, today at the airport).
public enum InstantInput {
    /// Whether `text` is an instant in one of the forms. The forms do not depend on the zone or the
    /// day it is read on, so a request's time is checked where it is read, before a clock places it.
    public static func reads(_ text: String) -> Bool {
        parse(text, localTime: LocalTime(timeZone: .gmt), today: LocalDate(dayNumber: 0)) != nil
    }

    public static func parse(_ text: String, localTime: LocalTime, today: LocalDate?) -> Date? {
        let t = text.trimmingWhitespace()
        if let clock = parseClock(Substring(t)), clock.offset == nil, let today {
            return localTime.instant(on: today, minute: clock.minute).addingTimeInterval(Double(clock.second))
        }
        let parts = t.split(separator: "T", maxSplits: 1)
        let dateAndTime = parts.count == 2 ? parts : t.split(separator: " ", maxSplits: 1)
        guard dateAndTime.count == 2, let date = LocalDate(dateAndTime[0]), let clock = parseClock(dateAndTime[1])
        else { return nil }
        if let offset = clock.offset {
            let seconds = date.dayNumber * 86_400 + clock.minute * 60 + clock.second - offset
            return Date(timeIntervalSince1970: Double(seconds))
        }
        return localTime.instant(on: date, minute: clock.minute).addingTimeInterval(Double(clock.second))
    }

    /// The wall-clock time `text` asks for when it names no zone or offset (`2027-03-14T02:30`, `09:00`):
    /// its date (nil for a time of day alone) and its minute of the day; nil for any other text.
    public static func wallClock(_ text: String) -> (date: LocalDate?, minute: Int)? {
        let t = text.trimmingWhitespace()
        if let clock = parseClock(Substring(t)) { return clock.offset == nil ? (nil, clock.minute) : nil }
        let parts = t.split(separator: "T", maxSplits: 1)
        let dateAndTime = parts.count == 2 ? parts : t.split(separator: " ", maxSplits: 1)
        guard dateAndTime.count == 2, let date = LocalDate(dateAndTime[0]), let clock = parseClock(dateAndTime[1]),
            clock.offset == nil
        else { return nil }
        return (date, clock.minute)
    }

    /// A reading as the daemon writes it (`2026-11-30T12:00:00-05:00`, its clock in the airport's
    /// zone): its local date, minute of the day, second and offset; nil for any other text.
    public static func localReading(_ text: String) -> (date: LocalDate, minute: Int, second: Int, offset: Int?)? {
        guard let date = LocalDate(String(text.prefix(10))), text.dropFirst(10).first == "T",
            let clock = parseClock(text.dropFirst(11))
        else { return nil }
        return (date, clock.minute, clock.second, clock.offset)
    }

    /// `HH:MM[:SS][(.fraction)][Z|±HH:MM|±HHMM]`: its minute of the day, its second and its offset in seconds.
    public static func parseClock(_ text: Substring) -> (minute: Int, second: Int, offset: Int?)? {
        var body = text
        var offset: Int?
        if body.hasSuffix("Z") || body.hasSuffix("z") {
            offset = 0
            body = body.dropLast()
        } else if let signIndex = body.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            let zone = body[body.index(after: signIndex)...].filter { $0 != ":" }
            guard zone.count == 4, zone.allSatisfy({ $0.isASCII && $0.isNumber }), let hh = Int(zone.prefix(2)),
                let mm = Int(zone.suffix(2)), hh <= 14, mm < 60
            else { return nil }
            offset = (body[signIndex] == "-" ? -1 : 1) * (hh * 3600 + mm * 60)
            body = body[..<signIndex]
        }
        // A fraction of a second is dropped, but it is one: digits, after the seconds.
        var fraction = false
        if let dot = body.firstIndex(of: ".") {
            let digits = body[body.index(after: dot)...]
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            body = body[..<dot]
            fraction = true
        }
        let fields = body.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 3 || (fields.count == 2 && !fraction),
            fields.allSatisfy({ $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let hh = Int(fields[0]), let mm = Int(fields[1]), hh < 24, mm < 60
        else { return nil }
        let ss = fields.count == 3 ? Int(fields[2]) ?? 60 : 0
        guard ss < 60 else { return nil }
        return (hh * 60 + mm, ss, offset)
    }
}
