import BoardProtocol
import BoardSystem
import Foundation
import Glibc
import Testing

/// `board wait` against the real boardd on a simulated clock, with the contract's exit statuses.
struct WaitCommandTests {
    static let morning = "2026-11-30T06:00:00-05:00"

    /// A flight of `tab` at `time` on a daemon of its own (the same seed gives the same flights), chosen by `pick`.
    static func flight(at time: String, tab: String, _ pick: (JSON) -> Bool) throws -> JSON? {
        let looker = BoardUser()
        let daemon = try looker.startDaemon(now: time)
        defer { _ = try? daemon.stop() }
        return try looker.json(tab)["flights"]?.array?.first(where: pick)
    }

    @Test func aStateAlreadyReachedIsSaidAtOnceWithStatusZero() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon()
        let departed = try #require(
            try user.json("departures")["flights"]?.array?.first { $0["status"]?.string == "departed" })
        let id = try #require(departed["id"]?.int)
        let result = try user.board("wait", String(id), "--until", "departed")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("is already departed"), "\(result.stdout)")
        try daemon.stop()
    }

    /// Southeast 791 (22:50) is canceled at 20:24: at 21:00 it can no longer board.
    @Test func aCanceledFlightNeverBoardsStatusFive() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon(now: "2026-11-30T21:00:00-05:00")
        let all = try user.json("departures")["flights"]?.array ?? []
        let canceled = try #require(all.first { $0["status"]?.string == "canceled" }, "a day has a canceled departure")
        let result = try user.board("wait", String(canceled["id"]?.int ?? 0), "--until", "boarding")
        #expect(result.status == 5, "\(result.stderr)")
        #expect(result.stderr.contains("canceled"), "\(result.stderr)")
        try daemon.stop()
    }

    /// A wait for a flight of another day says which day first, on stderr: an id reused since, or
    /// `--date`, waited for days of the clock without a word. Today's says nothing.
    @Test func aWaitForAnotherDaysFlightSaysWhichDay() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon()
        defer { _ = try? daemon.stop() }
        let tomorrow = try user.board("wait", "Pacific 320", "--date", "tomorrow", "--until", "departed", "--timeout", "1s")
        #expect(tomorrow.status == 124, "\(tomorrow.stderr)")
        #expect(tomorrow.stderr.hasPrefix("Waiting for Pacific 320 of Dec 1, not today's (Nov 30).\n"), "\(tomorrow.stderr)")
        let today = try user.board("wait", "Pacific 320", "--until", "departed", "--timeout", "1s")
        #expect(today.status == 124 && !today.stderr.contains("Waiting for"), "\(today.stderr)")
    }

    @Test func anUnknownFlightIsFourAndAnUnknownStateTwo() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon()
        let unknown = try user.board("wait", "9999999", "--until", "boarding")
        #expect(unknown.status == 4, "\(unknown.stderr)")
        let state = try user.board("wait", "1234", "--until", "airborne")
        #expect(state.status == 2, "\(state.stderr)")
        #expect(state.stderr.contains("gate-change") && state.stderr.contains("board help wait"), "\(state.stderr)")
        let noDaemon = try BoardUser().board("wait", "1234", "--until", "boarding")
        #expect(noDaemon.status == 3, "\(noDaemon.stderr)")
        try daemon.stop()
    }

    @Test
    func aStateReachedWhenAnotherClientAdvancesTheClockIsStatusZero() throws {
        // A departure still on time in the morning that has left by 11:00 (looked up at 11:00 on a daemon of its own).
        let later = "2026-11-30T11:00:00-05:00"
        let gone = try #require(
            try Self.flight(at: later, tab: "departures") {
                $0["status"]?.string == "departed" && $0["currentTime"]?.string ?? "" > "2026-11-30T08:00"
            })
        let id = try #require(gone["id"]?.int)
        let user = BoardUser()
        let daemon = try user.startDaemon(now: Self.morning)
        let waiter = try StartedProcess(
            [Binaries.board, "wait", String(id), "--until", "departed", "--timeout", "60s"], environment: user.environment)
        try daemon.waitForEventFollowers(1)
        _ = try user.board("clock", "set", later)
        let (ending, result) = try waiter.finish(timeout: 30)
        #expect(ending == .exited(0), "\(result.stderr)")
        #expect(
            result.stdout.contains("Departed") && result.stdout.contains(gone["flightName"]?.string ?? "?"), "\(result.stdout)")
        try daemon.stop()
    }

    /// A clock move longer than the window (16 days of 15) still carries the flight's changes to a waiter.
    @Test
    func aStateReachedInAMoveLongerThanTheWindowIsStatusZero() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon(now: Self.morning)
        let waiting = try #require(
            try user.json("departures")["flights"]?.array?.first {
                $0["past"]?.bool == false && !["departed", "canceled"].contains($0["status"]?.string ?? "")
            })
        let id = try #require(waiting["id"]?.int)
        let waiter = try StartedProcess(
            [Binaries.board, "wait", String(id), "--until", "departed", "--timeout", "60s"], environment: user.environment)
        let jsonWaiter = try StartedProcess(
            [Binaries.board, "wait", String(id), "--until", "departed", "--timeout", "60s", "--json"],
            environment: user.environment)
        try daemon.waitForEventFollowers(2)
        _ = try user.board("clock", "advance", "16d")
        let (ending, result) = try waiter.finish(timeout: 30)
        #expect(ending == .exited(0), "\(result.stderr)")
        #expect(
            result.stdout.contains("Departed") && result.stdout.contains(waiting["flightName"]?.string ?? "?"),
            "\(result.stdout)")
        // As JSON: the change that did it, numbered as the one change printed (it said "seq":2 or more).
        let (jsonEnding, jsonResult) = try jsonWaiter.finish(timeout: 30)
        #expect(jsonEnding == .exited(0), "\(jsonResult.stderr)")
        let change = try JSON.parse(jsonResult.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(change["seq"]?.int == 1 && change["to"]?.string == "departed", "\(jsonResult.stdout)")
        try daemon.stop()
    }

    @Test
    func aStateNotReachedInTimeIs124() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon(now: Self.morning)
        let arrival = try #require(
            try user.json("arrivals")["flights"]?.array?.last { $0["status"]?.string == "onTime" }, "an evening arrival")
        let started = ContinuousClock.now
        let result = try user.board("wait", String(arrival["id"]?.int ?? 0), "--until", "landed", "--timeout", "1s")
        #expect(result.status == 124, "\(result.stderr)")
        #expect(result.stderr.contains("timed out"), "\(result.stderr)")
        #expect(ContinuousClock.now - started >= .seconds(1))
        try daemon.stop()
    }
}
