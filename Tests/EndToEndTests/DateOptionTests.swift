import BoardProtocol
import BoardSystem
import Testing

/// `--date`: days inside the window, days outside it (status 4), and malformed values (status 2).
@Suite(.sharedDaemon) struct DateOptionTests {
    @Test(arguments: [
        ("today", knownDate), ("tomorrow", tomorrowDate), ("+0", knownDate), ("+3", "2026-12-03"), ("+14", lastWindowDate),
        ("2026-12-05", "2026-12-05"), (knownDate, knownDate), (lastWindowDate, lastWindowDate),
    ])
    func aDayInsideTheWindow(spec: String, date: String) throws {
        let user = try BoardUser.ofSharedDaemon()
        let board = try user.json("--date", spec)
        #expect(board["date"]?.string == date)
        #expect(board["now"]?.string == knownInstant, "the clock does not move with the date shown")
        let rows = try (board["flights"]?.array ?? []).map(FlightRow.init)
        #expect(rows.count == 30)
        #expect(rows.allSatisfy { $0.localDate == date }, "a board shows one local day")
        if date > knownDate { #expect(rows.allSatisfy { $0.status == "scheduled" }) }
    }

    @Test func theFlagTakesTheEqualsForm() throws {
        let user = try BoardUser.ofSharedDaemon()
        #expect(try user.json("--date=tomorrow")["date"]?.string == tomorrowDate)
    }

    @Test func peoplesOutputShowsTheOtherDay() throws {
        let user = try BoardUser.ofSharedDaemon()
        let text = try user.text("--date", "+3")
        #expect(text.lines.first?.contains("Thu Dec 3 2026") == true, "\(text.lines.first ?? "")")
        #expect(text.contains("All Dec 3"))
    }

    @Test(arguments: ["+15", "2026-12-15", "2026-11-29", "2025-01-01", "+999"])
    func aDayOutsideTheWindowIsNotFound(spec: String) throws {
        let user = try BoardUser.ofSharedDaemon()
        for arguments in [["--date", spec], ["--date", spec, "--json"], ["show", "US 100", "--date", spec]] {
            let result = try user.board(arguments: arguments)
            #expect(result.status == 4, "board \(arguments): \(result.stderr)")
            #expect(result.stdout == "")
            #expect(result.stderr.lines.count == 1, "one line: \(result.stderr)")
            #expect(result.stderr.contains("window"), "says it is outside the window: \(result.stderr)")
        }
    }

    /// Every malformed date is a unit test (BoardCLITests' `ClientArgumentsTests.aMalformedDateIsAUsageError`).
    @Test(arguments: ["2026-13-01"])
    func aMalformedDateIsAUsageError(spec: String) throws {
        let user = try BoardUser.ofSharedDaemon()
        let result = try user.board("--date", spec)
        #expect(result.status == 2, "--date \(spec): \(result.stderr)")
        #expect(result.stdout == "")
        #expect(result.stderr.lines.count == 1)
        #expect(result.stderr.contains("--help"), "\(result.stderr)")
    }
}
