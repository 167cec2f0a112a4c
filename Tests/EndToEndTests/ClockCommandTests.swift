import BoardProtocol
import BoardSystem
import Foundation
import Testing

/// `board clock`, `clock set` and `clock advance`: each test moves the clock of a daemon of its own.
struct ClockCommandTests {
    @Test func clockShowsTheFrozenSimulatedClock() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon()
        let clock = try user.json("clock")
        #expect(clock["schema"]?.int == 1)
        #expect(clock["now"]?.string == knownInstant)
        #expect(clock["simulated"]?.bool == true)
        #expect(clock["speed"]?.double == 0)
        let text = try user.text("clock")
        #expect(text.contains("2026-11-30") && text.contains("12:00") && text.contains("SIMULATED"), "\(text)")
        try daemon.stop()
    }

    @Test(arguments: [
        ("2026-11-30T09:00:00-05:00", "2026-11-30T09:00:00-05:00"),
        ("2026-11-30T09:00", "2026-11-30T09:00:00-05:00"),
        ("2026-11-30T14:30:00Z", "2026-11-30T09:30:00-05:00"),
        ("18:45", "2026-11-30T18:45:00-05:00"),
        ("2026-12-02T07:05", "2026-12-02T07:05:00-05:00"),
    ])
    func setMovesTheClockAndTheBoardFollows(time: String, expected: String) throws {
        let user = BoardUser()
        let daemon = try user.startDaemon()
        let set = try user.json("clock", "set", time)
        #expect(set["now"]?.string == expected)
        #expect(try user.json("clock")["now"]?.string == expected)
        let board = try user.json()
        #expect(board["now"]?.string == expected, "everything follows the daemon's clock")
        #expect(board["date"]?.string == String(expected.prefix(10)), "today is the clock's day")
        let now = try instant(expected)
        let today = String(expected.prefix(10))
        for row in try (board["flights"]?.array ?? []).map(FlightRow.init) {
            #expect(row.status == contractStatus(of: row, at: now, today: today), "\(row) at \(expected)")
        }
        try daemon.stop()
    }

    @Test(arguments: [("90m", 90), ("2h", 120), ("1h30m", 90), ("45", 45), ("-30m", -30), ("1d", 1440)])
    func advanceMovesTheClockBy(duration: String, minutes: Int) throws {
        let user = BoardUser()
        let daemon = try user.startDaemon()
        let advanced = try user.json("clock", "advance", duration)
        let expected = try instant(knownInstant).addingTimeInterval(Double(minutes) * 60)
        #expect(try instant(try #require(advanced["now"]?.string)) == expected, "\(advanced.text)")
        #expect(try instant(try #require(try user.json()["now"]?.string)) == expected)
        try daemon.stop()
    }

    @Test func advancingAcrossMidnightSlidesTheWindow() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon()
        _ = try user.text("clock", "advance", "13h")
        let board = try user.json()
        #expect(board["date"]?.string == tomorrowDate)
        #expect(try user.json("--date", "2026-12-15")["date"]?.string == "2026-12-15", "a new last day")
        let yesterday = try user.board("--date", knownDate)
        #expect(yesterday.status == 4, "yesterday left the window: \(yesterday.stderr)")
        try daemon.stop()
    }

    @Test func peoplesFormOfSetAndAdvance() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon()
        let set = try user.text("clock", "set", "08:15")
        #expect(set.contains("08:15") && set.contains("SIMULATED"), "\(set)")
        let advanced = try user.text("clock", "advance", "1h")
        #expect(advanced.contains("09:15"), "\(advanced)")
        #expect(try user.text().lines.first?.contains("09:15") == true, "the header shows the new time")
        try daemon.stop()
    }

    /// The daemon refuses the first two (invalidParams); board itself the last. Every refusal board
    /// makes alone is a unit test (BoardCLITests' `ClientArgumentsTests.usageErrors`).
    @Test(arguments: [["set", "garbage"], ["set", "25:00"], ["advance", "5x"]])
    func malformedClockCommandsAreUsageErrors(arguments: [String]) throws {
        let user = BoardUser()
        let daemon = try user.startDaemon()
        let result = try user.board(arguments: ["clock"] + arguments)
        #expect(result.status == 2, "board clock \(arguments): \(result.stderr)")
        #expect(result.stdout == "")
        #expect(result.stderr.lines.count == 1)
        #expect(result.stderr.contains("help"), "\(result.stderr)")
        // In the command line's words, never the protocol's ("clock.set needs \"time\"").
        #expect(!result.stderr.contains("clock.set") && !result.stderr.contains("\"time\""), "\(result.stderr)")
        #expect(try user.json("clock")["now"]?.string == knownInstant, "the clock did not move")
        try daemon.stop()
    }

    /// A TIME that is not one is refused as a usage error before any daemon is asked: none is
    /// started for it (autostart started a real-clock daemon, then said it ran on the real clock),
    /// and a 70 KB one is quoted short (it was sent, and the wire's line limit came back).
    @Test func aMalformedTimeIsRefusedBeforeAnyDaemonIsAskedOrStarted() throws {
        let user = BoardUser()
        for time in ["garbage", "25:00", String(repeating: "x", count: 70_000)] {
            let result = try user.board(arguments: ["clock", "set", time], autostart: true)
            #expect(result.status == 2, "\(result.stderr.prefix(200))")
            #expect(result.stderr.hasPrefix("board: board clock set needs a TIME such as"), "\(result.stderr.prefix(200))")
            #expect(
                result.stderr.count <= 250 && result.stderr.lines.count == 1,
                "one line of at most 240 characters after \"board: \"")
        }
        #expect(!FileManager.default.fileExists(atPath: user.socket), "no daemon was started")
    }

    /// A local time the clocks skip (02:30 as New York goes forward at 02:00) is read as 03:30 and said
    /// so on stderr; it was passed over. A time with an offset, and one that exists, say nothing.
    @Test func aLocalTimeTheClocksSkipIsSaid() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon()
        defer { _ = try? daemon.stop() }
        let skipped = try user.board("clock", "set", "2027-03-14T02:30")
        #expect(skipped.status == 0 && skipped.stdout.hasPrefix("2027-03-14 03:30:00-04:00"), "\(skipped.stdout)")
        #expect(
            skipped.stderr
                == "board: warning: 02:30 does not exist on 2027-03-14 in America/New_York (the clocks skip it); "
                + "the clock reads 03:30\n", "\(skipped.stderr)")
        for time in ["2027-03-14T03:30", "2027-03-14T02:30-05:00", "2027-03-14T01:59", "2026-11-01T01:30"] {
            let result = try user.board("clock", "set", time)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(time): \(result.stderr)")
        }
    }

    /// A well-formed time outside the clock's range is told so, not that it is not a time.
    @Test func aTimeOutsideTheClocksRangeSaysTheRange() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon()
        let result = try user.board("clock", "set", "3999-01-01T00:00:01Z")
        #expect(result.status == 2)
        #expect(result.stderr.contains("a TIME from 1970-01-02T00:00Z to 3999-01-01T00:00Z"), "\(result.stderr)")
        #expect(try user.json("clock")["now"]?.string == knownInstant, "the clock did not move")
        // An advance past the range is the daemon's refusal, pointing at the command's help as the
        // command's own refusals do (it said 'board --help').
        _ = try user.json("clock", "set", "3998-12-31T12:00:00Z")
        let past = try user.board("clock", "advance", "1d")
        #expect(past.status == 2)
        #expect(
            past.stderr
                == "board: board clock advance would move the clock past its range, from 1970-01-02T00:00Z to 3999-01-01T00:00Z; "
                + "see 'board help clock'\n", "\(past.stderr)")
        try daemon.stop()
    }

    @Test func setAndAdvanceAreRefusedOnTheRealClock() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon(now: nil, speed: nil)
        for arguments in [
            ["clock", "set", "2026-11-30T09:00"], ["clock", "advance", "90m"], ["clock", "advance", "1h", "--json"],
        ] {
            let result = try user.board(arguments: arguments)
            #expect(result.status == 1, "board \(arguments): \(result.stderr)")
            #expect(result.stdout == "")
            #expect(result.stderr.lines.count == 1, "one line: \(result.stderr)")
            #expect(result.stderr.contains("real clock"), "a clear reason: \(result.stderr)")
            // And what to do, naming the process: no board command stops a daemon board started.
            #expect(result.stderr.contains("stop it (kill \(daemon.pid)) and start boardd --now TIME"), "\(result.stderr)")
        }
        let clock = try user.json("clock")
        #expect(clock["simulated"]?.bool == false)
        #expect(!(try user.text("clock").contains("SIMULATED")))
        #expect(!(try user.text().lines.first?.contains("SIMULATED") ?? true), "the header says SIMULATED only when it is")
        try daemon.stop()
    }
}
