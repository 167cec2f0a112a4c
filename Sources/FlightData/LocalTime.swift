import FoundationEssentials
import FoundationInternationalization

/// Conversions between instants and the airport's wall clock.
///
/// Daylight saving is handled here, once, and deliberately:
/// - a wall-clock time that happens twice (the repeated hour when clocks fall
///   back) means its first occurrence, the one still on daylight time;
/// - a wall-clock time that never happens (the skipped hour when clocks
///   spring forward, such as 02:30) moves forward by the length of the gap,
///   so 02:30 becomes 03:30 daylight time. The flight keeps its place in the
///   day's order and no flight is lost or doubled.
public struct LocalTime: Sendable {
    public let timeZone: TimeZone

    public init(timeZone: TimeZone) { self.timeZone = timeZone }

    /// The UTC offset, in seconds, in force at `instant`.
    public func offset(at instant: Date) -> Int { timeZone.secondsFromGMT(for: instant) }

    /// The next instant after `instant` at which the offset from UTC changes (daylight saving begins
    /// or ends), nil in a zone that has no more changes.
    public func nextOffsetChange(after instant: Date) -> Date? { timeZone.nextDaylightSavingTimeTransition(after: instant) }

    /// The airport's date at `instant`.
    public func date(at instant: Date) -> LocalDate {
        LocalDate(dayNumber: Self.floorDiv(localSeconds(at: instant), 86_400))
    }

    /// Minutes since the airport's midnight at `instant` (wall-clock minutes).
    public func minuteOfDay(at instant: Date) -> Int {
        let seconds = localSeconds(at: instant)
        return (seconds - Self.floorDiv(seconds, 86_400) * 86_400) / 60
    }

    /// The instant the airport's clocks read `minute` minutes past midnight on `date`.
    public func instant(on date: LocalDate, minute: Int) -> Date {
        let wall = date.dayNumber * 86_400 + minute * 60
        // The offsets a day either side bracket any single transition.
        let before = offset(at: Date(timeIntervalSince1970: Double(wall - 86_400)))
        let after = offset(at: Date(timeIntervalSince1970: Double(wall + 86_400)))
        var matches: [Int] = []
        for candidate in [before, after] where !matches.contains(wall - candidate) {
            let utc = wall - candidate
            if offset(at: Date(timeIntervalSince1970: Double(utc))) == candidate { matches.append(utc) }
        }
        if let first = matches.min() { return Date(timeIntervalSince1970: Double(first)) }
        // In the spring-forward gap: read the wall time with the offset before the
        // change, which lands the same distance past the change.
        return Date(timeIntervalSince1970: Double(wall - before))
    }

    /// The instant the airport's `date` begins (its first wall-clock minute).
    public func startOfDay(_ date: LocalDate) -> Date { instant(on: date, minute: 0) }

    /// ISO-8601 with the offset in force: `2026-11-30T06:00:00-05:00`.
    public func iso8601(_ instant: Date) -> String {
        let offsetSeconds = offset(at: instant)
        let seconds = Int((instant.timeIntervalSince1970).rounded(.down)) + offsetSeconds
        let day = LocalDate(dayNumber: Self.floorDiv(seconds, 86_400))
        let secondOfDay = seconds - Self.floorDiv(seconds, 86_400) * 86_400
        let off = abs(offsetSeconds) / 60
        return String(unsafeUninitializedCapacity: 48) { buffer in
            var text = ASCIIDigits(buffer)
            day.write(to: &text)
            text.append(UInt8(ascii: "T"))
            text.append(secondOfDay / 3600, width: 2)
            text.append(UInt8(ascii: ":"))
            text.append(secondOfDay / 60 % 60, width: 2)
            text.append(UInt8(ascii: ":"))
            text.append(secondOfDay % 60, width: 2)
            text.append(offsetSeconds < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
            text.append(off / 60, width: 2)
            text.append(UInt8(ascii: ":"))
            text.append(off % 60, width: 2)
            return text.count
        }
    }

    /// `HH:MM` on the airport's clock.
    public func clockTime(_ instant: Date) -> String { Self.clockText(minuteOfDay(at: instant)) }

    /// `HH:MM` for a minute of the day.
    public static func clockText(_ minute: Int) -> String { "\(LocalDate.pad(minute / 60, 2)):\(LocalDate.pad(minute % 60, 2))" }

    func localSeconds(at instant: Date) -> Int {
        Int(instant.timeIntervalSince1970.rounded(.down)) + offset(at: instant)
    }

    static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
}
