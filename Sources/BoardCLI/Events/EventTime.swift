import BoardProtocol
import FlightData
import FoundationEssentials

/// A time as `board events --since` and `--until` take it: a time of day, a date-time, or a duration back from now.
enum EventTime: Hashable, Sendable {
    /// `09:30` (today at the airport), `2026-11-30T09:30` or full ISO-8601: sent to the daemon as written.
    case instant(String)
    /// `90m`, `2h`, `1d`: that long before the daemon's now.
    case ago(minutes: Int)

    /// Reads `text`; nil when it is none of the forms.
    init?(_ text: String) {
        let trimmed = String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        // A duration needs its unit: a bare number is not read as minutes here (`0930` is no time either).
        if trimmed.contains(where: { $0 == "m" || $0 == "h" || $0 == "d" }), !trimmed.hasPrefix("-"),
            let minutes = DurationInput.minutes(trimmed)
        {
            self = .ago(minutes: minutes)
            return
        }
        let probe = LocalTime(timeZone: TimeZone(secondsFromGMT: 0) ?? .gmt)
        guard InstantInput.parse(trimmed, localTime: probe, today: LocalDate(year: 2026, month: 1, day: 1)) != nil else {
            return nil
        }
        // `2026-11-30 09:30` is accepted as typed; the wire wants the `T`.
        let spaced = trimmed.count > 10 && trimmed.dropFirst(10).first == " "
        self = .instant(spaced ? trimmed.prefix(10) + "T" + trimmed.dropFirst(11) : trimmed)
    }

    /// Whether it needs the daemon's now to be sent.
    var needsNow: Bool { if case .ago = self { true } else { false } }

    /// Whether it is a time of day alone (`23:00`), which a follow checks against the daemon's now (`laterToday`).
    var isTimeOfDay: Bool {
        guard case .instant(let text) = self, let wall = InstantInput.wallClock(text) else { return false }
        return wall.date == nil
    }

    /// A time of day alone later than the daemon's `now` (`--since 23:00` at 00:05), which reads as
    /// today's and so lies ahead: the sentence a follow says before it waits for it, with yesterday's
    /// as the user may have meant it (a follow opened after midnight to catch up waited for tonight's
    /// 23:00 without a word). Nil for any other time, or one not later than now.
    func laterToday(now: String) -> String? {
        guard let later = laterThanNow(now) else { return nil }
        return "--since \(later.time) is later today (the daemon's now is \(later.now)): nothing is printed before then; "
            + later.yesterdays
    }

    /// How to ask for yesterday's time instead, for a time of day alone later than the daemon's now
    /// (`for yesterday's, give --since 2026-11-30T23:00`): what someone typing `23:00` at 00:10 most
    /// likely meant. Nil otherwise.
    func yesterdaysInstead(now: String) -> String? { laterThanNow(now)?.yesterdays }

    /// A time of day alone later than the daemon's now: both as clock times, and the hint for yesterday's.
    private func laterThanNow(_ now: String) -> (time: String, now: String, yesterdays: String)? {
        guard case .instant(let text) = self, let wall = InstantInput.wallClock(text), wall.date == nil,
            let clock = InstantInput.localReading(now), wall.minute > clock.minute
        else { return nil }
        let time = LocalTime.clockText(wall.minute)
        return (time, LocalTime.clockText(clock.minute), "for yesterday's, give --since \(clock.date.adding(days: -1))T\(time)")
    }

    /// The param to send: the text as written, or `now` (ISO-8601 with its offset) moved back.
    func param(now: String?) -> String? {
        switch self {
        case .instant(let text): return text
        case .ago(let minutes):
            guard let now else { return nil }
            return Self.moving(now, byMinutes: -minutes)
        }
    }

    /// `time` (ISO-8601 with an offset) moved by `minutes`, written with the same offset, within the
    /// changes' range (`ClockLimits.changeInstants`): `--since 1000000d` is from the first instant a
    /// change can be at, as `--since 9999-12-31` is read as the range's end. It was a year the daemon
    /// could not read, refused in the wire's words (`"since" must be a time`).
    static func moving(_ time: String, byMinutes minutes: Int) -> String? {
        guard let offset = offsetSeconds(of: time), let zone = TimeZone(secondsFromGMT: offset), let instant = instant(of: time)
        else { return nil }
        let moved = instant.addingTimeInterval(Double(minutes) * 60)
        let range = ClockLimits.changeInstants
        return LocalTime(timeZone: zone).iso8601(min(max(moved, range.lowerBound), range.upperBound))
    }

    /// The instant an ISO-8601 time with its offset names (as the daemon writes them); nil when it is none.
    static func instant(of time: String) -> Date? {
        guard let offset = offsetSeconds(of: time), let zone = TimeZone(secondsFromGMT: offset) else { return nil }
        return InstantInput.parse(time, localTime: LocalTime(timeZone: zone), today: nil)
    }

    /// The offset at the end of an ISO-8601 time (`-05:00`, `+0100`, `Z`), in seconds.
    static func offsetSeconds(of time: String) -> Int? {
        if time.hasSuffix("Z") || time.hasSuffix("z") { return 0 }
        guard time.count > 19 else { return nil }
        let tail = time.dropFirst(19)
        guard let sign = tail.first(where: { $0 == "+" || $0 == "-" }) else { return nil }
        let digits = tail.drop { $0 != sign }.dropFirst().filter { $0 != ":" }
        guard digits.count == 4, let hh = Int(digits.prefix(2)), let mm = Int(digits.suffix(2)) else { return nil }
        return (sign == "-" ? -1 : 1) * (hh * 3600 + mm * 60)
    }

    /// `HH:MM` of an ISO-8601 local time (`2026-11-30T09:12:00-05:00` gives `09:12`).
    static func clock(of time: String) -> String {
        let parts = time.split(separator: "T", maxSplits: 1)
        guard parts.count == 2 else { return String(time.prefix(5)) }
        return String(parts[1].prefix(5))
    }

    /// `YYYY-MM-DD` of an ISO-8601 local time.
    static func date(of time: String) -> String { String(time.prefix(10)) }

    /// `the flight's day starts at Dec 15 00:00, after the daemon's now (12:00)` when `start` (where a
    /// flight's changes start) is after `now`: a flight of a day to come, with nothing to list yet.
    static func dayToCome(starting start: String?, now: String?) -> String? {
        guard let start, let now, let from = instant(of: start), let clock = instant(of: now), from > clock else { return nil }
        let today = date(of: now)
        return
            "the flight's day starts at \(ChangeLine.bound(start, today: today)), after the daemon's now (\(ChangeLine.bound(now, today: today)))"
    }
}
