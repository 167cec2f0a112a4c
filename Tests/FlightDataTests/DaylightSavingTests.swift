import FlightData
import Foundation
import Testing

/// Daylight saving, decided once in `LocalTime`: a wall-clock time in the
/// spring-forward gap moves forward by the gap; a time in the repeated hour
/// means its first occurrence. Flights (06:00 and later) keep their wall-clock
/// minute on every day, and no flight is lost or doubled.
///
/// In 2026 New York springs forward at 02:00 on March 8 and falls back at 02:00
/// on November 1; London springs forward at 01:00 on March 29 and falls back
/// at 02:00 (BST) on October 25.
struct DaylightSavingTests {
    static let newYork = "America/New_York"
    static let london = "Europe/London"

    /// The days with a change, and how long each lasts, in hours.
    static let changeDays = [
        (newYork, "2026-03-08", 23), (newYork, "2026-11-01", 25), (london, "2026-03-29", 23), (london, "2026-10-25", 25),
    ]

    static func wall(_ time: String) -> Int {
        let parts = time.split(separator: ":").compactMap { Int($0) }
        return parts[0] * 60 + parts[1]
    }

    /// Wall-clock times that never happen move forward by the length of the gap (one hour).
    @Test(arguments: [
        (newYork, "2026-03-08", "01:59", "2026-03-08T01:59:00-05:00"),
        (newYork, "2026-03-08", "02:00", "2026-03-08T03:00:00-04:00"),
        (newYork, "2026-03-08", "02:30", "2026-03-08T03:30:00-04:00"),
        (newYork, "2026-03-08", "02:59", "2026-03-08T03:59:00-04:00"),
        (newYork, "2026-03-08", "03:00", "2026-03-08T03:00:00-04:00"),
        (london, "2026-03-29", "00:59", "2026-03-29T00:59:00+00:00"),
        (london, "2026-03-29", "01:00", "2026-03-29T02:00:00+01:00"),
        (london, "2026-03-29", "01:30", "2026-03-29T02:30:00+01:00"),
        (london, "2026-03-29", "02:00", "2026-03-29T02:00:00+01:00"),
    ])
    func aTimeInTheGapMovesForwardByTheGap(zone: String, date: String, time: String, expected: String) {
        let clock = Fixture.localTime(zone)
        #expect(clock.iso8601(clock.instant(on: Fixture.date(date), minute: Self.wall(time))) == expected)
    }

    @Test func twoThirtyInNewYorkIsThreeThirtyDaylightTime() {
        let clock = Fixture.localTime(Self.newYork)
        let day = Fixture.date("2026-03-08")
        let gap = clock.instant(on: day, minute: Self.wall("02:30"))
        #expect(gap == clock.instant(on: day, minute: Self.wall("03:30")))
        #expect(gap.timeIntervalSince(clock.instant(on: day, minute: Self.wall("01:30"))) == 3600)
        #expect(clock.offset(at: gap) == -4 * 3600)
        #expect(clock.clockTime(gap) == "03:30")
        // And as `board clock set` reads it.
        #expect(InstantInput.parse("2026-03-08T02:30", localTime: clock, today: nil) == gap)
        #expect(InstantInput.parse("2026-03-08T07:30:00Z", localTime: clock, today: nil) == gap)
    }

    /// Wall-clock times that happen twice mean the first time, still on daylight (summer) time.
    @Test(arguments: [
        (newYork, "2026-11-01", "00:30", "2026-11-01T00:30:00-04:00"),
        (newYork, "2026-11-01", "01:00", "2026-11-01T01:00:00-04:00"),
        (newYork, "2026-11-01", "01:30", "2026-11-01T01:30:00-04:00"),
        (newYork, "2026-11-01", "01:59", "2026-11-01T01:59:00-04:00"),
        (newYork, "2026-11-01", "02:00", "2026-11-01T02:00:00-05:00"),
        (london, "2026-10-25", "00:30", "2026-10-25T00:30:00+01:00"),
        (london, "2026-10-25", "01:30", "2026-10-25T01:30:00+01:00"),
        (london, "2026-10-25", "02:00", "2026-10-25T02:00:00+00:00"),
    ])
    func aRepeatedTimeIsItsFirstOccurrence(zone: String, date: String, time: String, expected: String) {
        let clock = Fixture.localTime(zone)
        #expect(clock.iso8601(clock.instant(on: Fixture.date(date), minute: Self.wall(time))) == expected)
    }

    @Test func theRepeatedHourLastsTwoHours() {
        let clock = Fixture.localTime(Self.newYork)
        let day = Fixture.date("2026-11-01")
        let one = clock.instant(on: day, minute: 60)
        let two = clock.instant(on: day, minute: 120)
        #expect(two.timeIntervalSince(one) == 2 * 3600)
        // The second 01:30 (standard time) reads back as 01:30 on the same day.
        let second = Fixture.instant("2026-11-01T01:30:00-05:00")
        #expect(clock.minuteOfDay(at: second) == 90 && clock.date(at: second) == day)
        #expect(second.timeIntervalSince(clock.instant(on: day, minute: 90)) == 3600)
    }

    /// Every wall-clock minute of a change day reads back as itself, except the
    /// skipped hour, which reads back an hour later.
    @Test(arguments: changeDays)
    func everyMinuteOfAChangeDayRoundTrips(zone: String, date: String, hours: Int) {
        let clock = Fixture.localTime(zone)
        let day = Fixture.date(date)
        let gap = hours == 23 ? (zone == Self.newYork ? 120..<180 : 60..<120) : 0..<0
        for minute in 0..<1440 {
            let instant = clock.instant(on: day, minute: minute)
            #expect(clock.date(at: instant) == day, "\(date) minute \(minute)")
            #expect(clock.minuteOfDay(at: instant) == (gap.contains(minute) ? minute + 60 : minute), "\(date) minute \(minute)")
        }
    }

    @Test(arguments: changeDays)
    func theDayStartsAtMidnightAndLastsItsHours(zone: String, date: String, hours: Int) {
        let clock = Fixture.localTime(zone)
        let day = Fixture.date(date)
        let start = clock.startOfDay(day)
        #expect(clock.iso8601(start).hasPrefix("\(date)T00:00:00"))
        #expect(clock.date(at: start) == day)
        #expect(clock.date(at: start.plus(seconds: -1)) == day.adding(days: -1))
        #expect(clock.startOfDay(day.adding(days: 1)).timeIntervalSince(start) == TimeInterval(hours * 3600))
        #expect(clock.startOfDay(day.adding(days: -1)).distance(to: start) == 24 * 3600)
    }

    /// Every flight of a change day is there once, at its wall-clock minute, in order.
    @Test(arguments: changeDays)
    func everyFlightOfAChangeDayIsThereOnce(zone: String, date: String, hours: Int) {
        let config = Fixture.config(timeZone: zone)
        let clock = LocalTime(timeZone: config.airport.timeZone)
        let day = Fixture.date(date)
        // A window that opens a week before, at noon, holds the day in its middle.
        let window = ScheduleWindow(
            source: ScheduleGenerator(config: config), at: clock.instant(on: day.adding(days: -7), minute: 720))
        let all = window.allFlights
        #expect(all.count == 450 && Set(all.map(\.id)).count == 450)
        let flights = all.filter { $0.date == day }
        #expect(flights.count == 30)
        #expect(flights == window.flights(on: day))
        #expect(flights.map(\.slot) == Array(0..<30))
        for flight in flights {
            #expect(clock.minuteOfDay(at: flight.scheduledTime) == flight.scheduledMinute, "\(flight.flightName)")
            #expect(clock.date(at: flight.scheduledTime) == day)
            #expect(flight.dayStart == clock.startOfDay(day))
            #expect(window.flight(id: flight.id) == flight)
        }
        #expect(zip(flights, flights.dropFirst()).allSatisfy { $0.scheduledTime <= $1.scheduledTime })
        // The next day's daily flights remember the change day at their own wall-clock minute.
        let timetable = window.source.timetable
        for flight in window.flights(on: day.adding(days: 1)) where timetable.services[Int(flight.serviceID)].weekdays == .daily {
            let entry = window.history(of: flight, at: .distantFuture)[0]
            #expect(entry.date == day)
            #expect(clock.minuteOfDay(at: entry.scheduledTime) == flight.scheduledMinute)
        }
        // And the board shows the whole day.
        let board = Board(flights: flights, query: BoardQuery(date: day), now: clock.startOfDay(day))
        #expect(board.tabs.map(\.count) == [15, 30, 15])
    }

    /// Nothing is announced before a flight's own day begins, on the days the clocks change too:
    /// lead times count the minutes that really pass, so an announcement they would put before the
    /// day is made at its first instant. Counted in wall-clock minutes, a spring-forward day's came
    /// an hour early, the evening before (a board of tomorrow showed its gate changes), and a
    /// fall-back day's an hour after midnight.
    @Test(arguments: [
        (newYork, "2026-03-08"), (newYork, "2026-11-01"), ("America/Havana", "2026-03-08"),
        ("America/Havana", "2026-11-01"), ("Australia/Lord_Howe", "2026-04-05"), ("Australia/Lord_Howe", "2026-10-04"),
        (london, "2026-03-29"), (london, "2026-10-25"),
    ])
    func nothingIsAnnouncedBeforeAChangeDayBegins(zone: String, date: String) {
        var config = Fixture.config(timeZone: zone)
        config.flightsPerDay = 300
        config.announcements = AnnouncementRules(
            delayNotice: 700...720, cancelNotice: 700...720, gateChangePercent: 100, gateNotice: 700...720)
        let clock = LocalTime(timeZone: config.airport.timeZone)
        let day = Fixture.date(date)
        let start = clock.startOfDay(day)
        let eve = start.addingTimeInterval(-1)
        var atTheStart = 0
        for flight in ScheduleGenerator(config: config).flights(on: day) {
            let announcements = flight.announcements
            #expect(announcements.allSatisfy { $0.at >= start }, "\(flight.flightName): \(announcements)")
            atTheStart += announcements.count { $0.at == start }
            let before = flight.state(at: eve)
            #expect(before.status == .scheduled && before.currentTime == flight.scheduledTime, "\(flight.flightName)")
            #expect(before.gate == flight.gate && before.previousGate == nil && before.remark == nil)
            #expect(flight.announcements(through: eve).isEmpty)
        }
        // Notices of 12 hours put the morning's announcements at the day's first instant.
        #expect(atTheStart > 100, "\(atTheStart)")
    }

    /// A date a zone skipped whole has no flights: Samoa went from 2011-12-29 to 2011-12-31, and the
    /// 30th's flights all fell on the 31st, beside the 31st's own.
    @Test func aDateTheZoneSkippedHasNoFlights() {
        let config = Fixture.config(timeZone: "Pacific/Apia")
        let clock = LocalTime(timeZone: config.airport.timeZone)
        let generator = ScheduleGenerator(config: config)
        #expect(generator.flights(on: Fixture.date("2011-12-30")).isEmpty)
        for date in ["2011-12-29", "2011-12-31"] {
            let flights = generator.flights(on: Fixture.date(date))
            #expect(flights.count == 30)
            #expect(flights.allSatisfy { clock.date(at: $0.scheduledTime) == Fixture.date(date) }, "\(date)")
        }
    }

    /// Whatever the zone, each day of 2026 begins once, right after the day
    /// before ends, even where clocks change at midnight (Havana, Santiago) or
    /// by half an hour (Lord Howe).
    @Test(arguments: [
        newYork, london, "America/Havana", "America/Santiago", "Australia/Lord_Howe", "Asia/Kolkata", "Pacific/Chatham", "UTC",
    ])
    func everyDayOf2026BeginsOnce(zone: String) {
        let clock = Fixture.localTime(zone)
        let first = Fixture.date("2026-01-01")
        var start = clock.startOfDay(first)
        for offset in 0..<365 {
            let day = first.adding(days: offset)
            let next = clock.startOfDay(day.adding(days: 1))
            #expect(clock.date(at: start) == day, "\(zone) \(day)")
            #expect(clock.date(at: start.plus(seconds: -1)) == day.adding(days: -1), "\(zone) \(day)")
            let hours = next.timeIntervalSince(start) / 3600
            #expect([23, 23.5, 24, 24.5, 25].contains(hours), "\(zone) \(day) lasts \(hours) h")
            start = next
        }
    }
}
