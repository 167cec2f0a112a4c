import FlightData
import Foundation
import Testing

/// Dates, durations and instants as people type them.
struct TimeInputTests {
    // MARK: DateSpec: today, tomorrow, +N, YYYY-MM-DD

    @Test(arguments: [
        ("today", "2026-11-30", "today"), ("TODAY", "2026-11-30", "today"), ("tomorrow", "2026-12-01", "tomorrow"),
        ("Tomorrow", "2026-12-01", "tomorrow"), ("+0", "2026-11-30", "today"), ("+1", "2026-12-01", "tomorrow"),
        ("+14", "2026-12-14", "+14"), ("+365", "2027-11-30", "+365"), ("+999", "2029-08-25", "+999"),
        ("+1000", "2029-08-26", "+1000"), ("+999999", "4764-10-26", "+999999"),
        ("+0000001", "2026-12-01", "tomorrow"), ("+1000000", "4764-10-26", "+999999"),
        ("+99999999999999999999", "4764-10-26", "+999999"),
        ("2026-12-25", "2026-12-25", "2026-12-25"), ("2028-02-29", "2028-02-29", "2028-02-29"),
        ("2025-01-01", "2025-01-01", "2025-01-01"),
    ])
    func dateSpecResolves(text: String, date: String, description: String) throws {
        let spec = try #require(DateSpec(text))
        #expect(spec.resolve(today: Fixture.today) == Fixture.date(date))
        #expect(spec.description == description)
        #expect(DateSpec(spec.description) == spec)
    }

    /// A refusal names the day as it was asked for, never a date no one typed.
    @Test(arguments: [
        ("2026-12-25", "2026-12-25"), ("tomorrow", "tomorrow (2026-12-01)"), ("+30", "+30 (2026-12-30)"),
        ("+999998", "+999998 (4764-10-25)"), ("+999999", "+999999 days on or more"),
        ("+100000000", "+999999 days on or more"),
    ])
    func aDayIsNamedAsItWasAskedFor(text: String, named: String) throws {
        let spec = try #require(DateSpec(text))
        #expect(spec.asked(naming: spec.resolve(today: Fixture.today)) == named)
    }

    @Test(arguments: [
        "", "yesterday", "tomorow", "+", "++1", "+-1", "-1", "+1d", "+ 1", "1", "+١",
        "2026-13-01", "2026-02-29",
        "2026-11-31", "2026-2-3", "26-11-30", "2026-11-30x", "2026/11/30", "2026-11-30T09:00", "now",
    ])
    func dateSpecRejects(text: String) {
        #expect(DateSpec(text) == nil)
    }

    // MARK: DurationInput: 90m, 2h, 1h30m, 1d, 45, -30m

    @Test(arguments: [
        ("90m", 90), ("2h", 120), ("1h30m", 90), ("1d", 1440), ("45", 45), ("-30m", -30), ("+15m", 15), ("0", 0),
        ("0m", 0), ("1d2h3m", 1563), ("2H", 120), (" 90m ", 90), ("-1h30m", -90), ("1440", 1440),
    ])
    func durationParses(text: String, minutes: Int) {
        #expect(DurationInput.minutes(text) == minutes)
    }

    @Test(arguments: [
        "", " ", "m", "h", "-", "+", "1x", "1h1h", "30m30m", "1.5h", "1h 30m", "h30", "30mm", "1s", "--5", "1,5h", "12345678",
    ])
    func durationRejects(text: String) {
        #expect(DurationInput.minutes(text) == nil)
    }

    // MARK: InstantInput: ISO-8601 with an offset or Z, without one on the airport's clock, or HH:MM today

    /// All of these are 09:00 on 2026-11-30 in New York (14:00 UTC).
    @Test(arguments: [
        "2026-11-30T09:00:00-05:00", "2026-11-30T09:00-05:00", "2026-11-30T09:00:00-0500", "2026-11-30T14:00:00Z",
        "2026-11-30T14:00:00z", "2026-11-30T14:00:00+00:00", "2026-11-30T15:00:00+01:00", "2026-11-30T09:00:00.000-05:00",
        "2026-11-30T09:00", "2026-11-30T09:00:00", "2026-11-30 09:00", " 2026-11-30T09:00 ", "09:00", "09:00:00",
    ])
    func instantParses(text: String) throws {
        let instant = try #require(InstantInput.parse(text, localTime: Fixture.localTime, today: Fixture.today))
        #expect(Fixture.localTime.iso8601(instant) == "2026-11-30T09:00:00-05:00")
        #expect(instant == Fixture.localTime.instant(on: Fixture.today, minute: 9 * 60))
    }

    @Test func withoutAnOffsetTheAirportsClockDecides() throws {
        let clock = Fixture.localTime
        let summer = try #require(InstantInput.parse("2026-07-01T09:00", localTime: clock, today: nil))
        #expect(clock.iso8601(summer) == "2026-07-01T09:00:00-04:00")
        let london = Fixture.localTime("Europe/London")
        let there = try #require(InstantInput.parse("2026-07-01T09:00", localTime: london, today: nil))
        #expect(there.timeIntervalSince(summer) == -5 * 3600)
        // Today is the airport's, so HH:MM follows it.
        let tomorrow = try #require(InstantInput.parse("06:30", localTime: clock, today: Fixture.today.adding(days: 1)))
        #expect(clock.iso8601(tomorrow) == "2026-12-01T06:30:00-05:00")
    }

    @Test func secondsAreKeptAndFractionsDropped() throws {
        let instant = try #require(InstantInput.parse("2026-11-30T09:00:30.750Z", localTime: Fixture.localTime, today: nil))
        #expect(Fixture.localTime.iso8601(instant) == "2026-11-30T04:00:30-05:00")
        let local = try #require(InstantInput.parse("23:59:59", localTime: Fixture.localTime, today: Fixture.today))
        #expect(Fixture.localTime.date(at: local) == Fixture.today)
        #expect(Fixture.localTime.date(at: local.plus(seconds: 1)) == Fixture.today.adding(days: 1))
    }

    @Test(arguments: [
        "", "now", "tomorrow", "9:00", "09:0", "24:00", "09:60", "09:00:60", "2026-11-30", "2026-11-31T09:00", "2026-11-30T",
        "2026-11-30T24:00", "2026-11-30T09:00+25:00", "2026-11-30T09:00+05", "2026-11-30T09:00-05:60", "2026-11-30T09:00Q",
        "09:00Z", "09:00-05:00", "2026-11-30T09:00 -05:00", "2026-11-30X09:00", "١٢:٠٠",
        // A fraction is digits after the seconds: junk before the offset was read as none.
        "2026-11-30T12:00:00.xyzZ", "2026-11-30T12:00:00.-5Z", "2026-11-30T12:00:00. Z", "2026-11-30T12:00:00.éZ",
        "2026-11-30T12:00:00.Z", "2026-11-30T12:00.5Z", "2026-11-30T12:00:00.5.5Z", "12:00:00.",
    ])
    func instantRejects(text: String) {
        #expect(InstantInput.parse(text, localTime: Fixture.localTime, today: Fixture.today) == nil)
    }

    @Test func aTimeOfDayNeedsToday() {
        #expect(InstantInput.parse("09:00", localTime: Fixture.localTime, today: nil) == nil)
    }

    /// The daemon's readings are read back as its local date and clock; anything else is nil.
    @Test func aDaemonsReadingIsItsLocalDateAndClock() throws {
        let reading = try #require(InstantInput.localReading("2026-11-30T23:59:30-05:00"))
        #expect(reading.date == LocalDate("2026-11-30") && reading.minute == 23 * 60 + 59)
        #expect(reading.second == 30 && reading.offset == -5 * 3600)
        #expect(InstantInput.localReading("2026-11-30T08:00:00Z")?.offset == 0)
        for text in ["2026-11-30 08:00", "2026-11-30", "08:00", "2026-11-30T25:00", ""] {
            #expect(InstantInput.localReading(text) == nil, "\(text)")
        }
    }
}
