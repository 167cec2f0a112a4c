import BoardProtocol
import BoardSystem
import Foundation
import Testing

/// One-shot commands at their edges: an unwritable state, tabs they select, what `--json` leaves alone,
/// `board status`'s counts and format.
@Suite(.sharedDaemon) struct OneShotEdgeTests {
    /// A state directory that cannot be created (its parent is a regular file, so not even root can)
    /// does not stop autostart: the daemon starts, logging elsewhere, and board warns.
    @Test func anUnwritableStateDirectoryDoesNotStopAutostart() throws {
        let user = BoardUser()
        defer {
            for pid in ProcessTable.processes(withArgument: user.socket) { try? ProcessTable.stop(pid) }
        }
        let blocker = user.sandbox.path + "/not-a-directory"
        try #require(FileManager.default.createFile(atPath: blocker, contents: Data()))
        let result = try user.board("arrivals", autostart: true, env: ["BOARD_STATE_DIR": blocker + "/state"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Mountain Airport"), "\(result.stdout)")
        #expect(!result.stderr.contains("could not start"), "\(result.stderr)")
        #expect(result.stderr.contains("boardd.log"), "says where the daemon's log is not: \(result.stderr)")
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains("boardd.log") }
        #expect(warnings.count == 1, "warns once: \(result.stderr)")
        #expect(ProcessTable.processes(withArgument: user.socket).count == 1)
    }

    @Test func soonestAndSearchSelectTheirTabButNotWithJSON() throws {
        let user = try BoardUser.ofSharedDaemon()
        _ = try user.text("soonest", "departures")
        #expect(user.state()?["tab"]?.string == "departures")
        _ = try user.text("search", "a", "--tab", "arrivals")
        #expect(user.state()?["tab"]?.string == "arrivals")

        // With --json, nothing the user sees next changes.
        _ = try user.json("soonest", "departures")
        #expect(user.state()?["tab"]?.string == "arrivals")
        _ = try user.json("search", "a", "--tab", "all")
        _ = try user.json("departures")
        #expect(user.state()?["tab"]?.string == "arrivals")
    }

    /// A number no flight has as its id, that is a flight's number, says which flight has it and to
    /// give the airline: `board show 578` meant Pacific 578 (exit 4 still; nothing remembered).
    @Test func aFlightNumberGivenAsAnIdSaysWhoseNumberItIs() throws {
        let user = try BoardUser.ofSharedDaemon()
        let pacific = try #require(try user.lookup().first { $0.flightName.hasPrefix("Pacific ") })
        let number = try #require(pacific.flightName.split(separator: " ").last.flatMap { Int($0) })
        try #require(try user.lookup().allSatisfy { $0.id != number }, "\(number) is no flight's id today")
        let result = try user.board("show", String(number))
        #expect(result.status == 4 && result.stdout.isEmpty, "\(result.stdout)")
        #expect(
            result.stderr.contains(
                "; \(number) is the number of \(pacific.flightName): give the airline too (\"\(pacific.flightName)\")."),
            "\(result.stderr)")
        let unknown = try user.board("show", "9999999")
        #expect(unknown.status == 4 && !unknown.stderr.contains("is the number of"), "\(unknown.stderr)")
    }

    @Test func jsonDoesNotChangeTheLastViewed() throws {
        let user = try BoardUser.ofSharedDaemon()
        let rows = try user.rows()
        try #require(rows.count >= 2)
        _ = try user.text("show", String(rows[0].id))
        _ = try user.json("show", String(rows[1].id))
        _ = try user.json("next")
        _ = try user.json("soonest")
        let last = try user.json("last")
        #expect(last["id"]?.int == rows[0].id, "show --json, next --json and soonest --json leave the last viewed")
    }

    /// Canceled flights are not still to come, nor are the landed ones the hall still shows; counts
    /// come from the board's own rows. At 21:00 Southeast 791 (22:50) has been canceled since 20:24,
    /// and US 700 landed at 20:55.
    @Test func statusCountsNoCanceledFlights() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon(now: "2026-11-30T21:00:00-05:00")
        defer { _ = try? daemon.stop() }
        let board = try user.json("all", "--hide-past")
        let flights = try (board["flights"]?.array ?? []).map(FlightRow.init)
        let now = try instant("2026-11-30T21:00:00-05:00")
        func toCome(_ direction: String) -> Int {
            flights.filter { $0.direction == direction && $0.isStillToCome(at: now) }.count
        }
        try #require(flights.contains { $0.status == "canceled" }, "a canceled flight still ahead on the board")
        try #require(flights.contains { $0.status == "landed" }, "a landed flight the hall still shows")
        let line = try user.status("--format", "{arrivals} {departures}").stdout
        #expect(line == "\(toCome("arrival")) \(toCome("departure"))\n")
    }

    /// Late in the evening the next departure is tomorrow's, and the line says which day.
    @Test func aNextDepartureOnAnotherDayShowsItsDate() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon(now: "2026-11-30T23:30:00-05:00")
        let soonest = try user.json("soonest", "departures")
        try #require(soonest["date"]?.string == "2026-12-01")
        let line = try user.status("--format", "{next} {time}") { !$0.stdout.hasPrefix("- ") }.stdout
        #expect(line.hasPrefix("\(soonest["flightName"]?.string ?? "?") Dec 1 "), "\(line)")
        try daemon.stop()
    }

    @Test func anUnknownPlaceholderIsAUsageError() throws {
        let user = BoardUser()
        let result = try user.board("status", "--format", "{next} {gaet}")
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr.contains("{gaet}"), "\(result.stderr)")
    }
}
