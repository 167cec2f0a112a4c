import BoardProtocol
import Testing

@testable import BoardCLI

/// `board clock set` says when the local time asked for is one the clocks skip that day, read from what
/// was asked and the airport's zone, never from the time the reply shows.
struct SkippedWallTimeTests {
    /// `clock.set`'s reply for a clock at `now` on `date` in New York, running at `speed`.
    static func reply(_ now: String, date: String, speed: Double = 0) -> JSON {
        [
            "schema": 1, "now": .string(now), "date": .string(date), "simulated": true, "speed": .double(speed),
            "timeZone": "America/New_York", "windowStart": .string(date), "windowEnd": .string(date),
        ]
    }

    @Test(arguments: ["2027-03-14T02:30", "2027-03-14 02:30", "2027-03-14T02:30:15", " 2027-03-14T02:59 "])
    func aTimeTheClocksSkipIsSaid(asked: String) {
        let said = ClockCommand.skippedWallTime(asked: asked, reply: Self.reply("2027-03-14T03:30:00-04:00", date: "2027-03-14"))
        #expect(said?.hasPrefix("02:") == true && said?.contains("does not exist on 2027-03-14 in America/New_York") == true)
    }

    /// The warning needs no zone rules in the client: the release `board` is static, without ICU, and
    /// there `TimeZone(identifier:)` knows no zone; it is read from the reply's offset alone. A zone no
    /// client knows stands for that here.
    @Test func aSkippedTimeIsSaidWithoutTheZonesRulesInTheClient() {
        var reply = Self.reply("2027-03-14T03:30:00-04:00", date: "2027-03-14")
        reply = .object((reply.objectPairs ?? []).map { $0.0 == "timeZone" ? ($0.0, "Nowhere/Atlantis") : $0 })
        #expect(
            ClockCommand.skippedWallTime(asked: "02:30", reply: reply)
                == "02:30 does not exist on 2027-03-14 in Nowhere/Atlantis (the clocks skip it); the clock reads 03:30")
        // A clock that ran an hour while it answered: no skip (a 3,600x clock and a second's answer).
        var running = Self.reply("2026-11-30T10:00:30-05:00", date: "2026-11-30", speed: 3600)
        running = .object((running.objectPairs ?? []).map { $0.0 == "timeZone" ? ($0.0, "Nowhere/Atlantis") : $0 })
        #expect(ClockCommand.skippedWallTime(asked: "09:00", reply: running, elapsed: .seconds(1)) == nil)
        #expect(ClockCommand.skippedWallTime(asked: "09:00", reply: running, elapsed: .milliseconds(2)) != nil)
    }

    @Test func aTimeOfDayAloneIsReadOnTheClocksDay() {
        #expect(
            ClockCommand.skippedWallTime(asked: "02:30", reply: Self.reply("2027-03-14T03:30:00-04:00", date: "2027-03-14"))
                == "02:30 does not exist on 2027-03-14 in America/New_York (the clocks skip it); the clock reads 03:30")
    }

    /// A fast clock has moved on by the time it replies: that is no skipped time (it warned "09:59 does
    /// not exist"). Nor is a time with an offset, the repeated hour of a fall-back, or spaces around it.
    @Test(arguments: [
        ("09:59:59", "2026-11-30T10:00:03-05:00", "2026-11-30"),
        (" 09:00", "2026-11-30T09:00:00-05:00", "2026-11-30"),
        ("2027-03-14T02:30-05:00", "2027-03-14T03:30:00-04:00", "2027-03-14"),
        ("2026-11-01T01:30", "2026-11-01T01:30:00-04:00", "2026-11-01"),
        ("2027-03-14T03:30", "2027-03-14T03:30:00-04:00", "2027-03-14"),
    ])
    func anythingElseSaysNothing(asked: String, now: String, date: String) {
        #expect(ClockCommand.skippedWallTime(asked: asked, reply: Self.reply(now, date: date, speed: 1_000_000)) == nil)
    }
}
