import BoardProtocol
import BoardSystem
import Foundation
import Glibc
import Testing

/// A config reload that replaces the schedule (SIGHUP with another seed) while `board wait` and
/// `board events --follow` run: the daemon ends each `events.watch` with a `reloaded` event, the
/// client says so and subscribes again, as after a restart. A wait on a flight the new schedule
/// lacks waited for ever; a follow went on in the new schedule without a word.
@Suite struct ReloadedScheduleTests {
    static let reloaded =
        "board: warning: the daemon's config was reloaded with another schedule: what follows is the new schedule's"

    /// A daemon at noon on `{"seed": 2024}` (the built-in schedule), its config file beside it.
    static func start(_ user: BoardUser) throws -> (RunningDaemon, config: String) {
        let config = user.sandbox.path + "/boardd.json"
        try #"{"seed": 2024}"#.write(toFile: config, atomically: true, encoding: .utf8)
        return (try user.startDaemon(extra: ["--config", config]), config)
    }

    /// Writes `text` to the config, sends SIGHUP and waits for the daemon to log that it took it.
    static func reload(_ daemon: RunningDaemon, _ config: String, to text: String) throws {
        let before = daemon.logText().components(separatedBy: "reloaded the config").count
        try text.write(toFile: config, atomically: true, encoding: .utf8)
        kill(daemon.pid, SIGHUP)
        try waitUntil("the daemon to reload its config") {
            daemon.logText().components(separatedBy: "reloaded the config").count > before
        }
    }

    /// Overland 256 (3220) boards at noon and leaves at 12:40; the schedule of seed 7 has no 3220.
    @Test func aWaitOnAFlightTheReloadedScheduleLacksEndsWithFour() throws {
        let user = BoardUser()
        let (daemon, config) = try Self.start(user)
        let shown = try user.board("show", "3220", "--json")
        try #require(shown.json?["flightName"] == "Overland 256" && shown.json?["status"] == "boarding", "\(shown.stdout)")
        let wait = try StartedProcess(
            [Binaries.board, "wait", "3220", "--until", "departed"], environment: user.environment)
        try daemon.waitForEventFollowers(1, timeout: 20)
        try Self.reload(daemon, config, to: #"{"seed": 7}"#)
        let (ending, result) = try wait.finish(timeout: 20)
        #expect(ending == .exited(4), "\(ending): \(result.stderr)")
        #expect(result.stderr.hasPrefix(Self.reloaded + "\n"), "\(result.stderr)")
        #expect(result.stderr.contains("no flight 3220 on 2026-11-30"), "\(result.stderr)")
        try daemon.stop()
    }

    /// Another `flightsPerDay` keeps ids but gives some to other flights (ids depend on the day and the
    /// slot): a wait on such an id ends with 4, naming the flight now there, where it followed that
    /// other flight and could have said it reached the state.
    @Test func aWaitWhoseFlightsIdentityIsAnotherFlightsAfterTheReloadEndsWithFour() throws {
        let reference = BoardUser()
        let otherConfig = reference.sandbox.path + "/boardd.json"
        try #"{"seed": 2024, "flightsPerDay": 31}"#.write(toFile: otherConfig, atomically: true, encoding: .utf8)
        let otherDaemon = try reference.startDaemon(extra: ["--config", otherConfig])
        let other = try reference.rows("--date", "tomorrow")
        try otherDaemon.stop()
        let user = BoardUser()
        let (daemon, config) = try Self.start(user)
        let flight = try #require(
            try user.rows("--date", "tomorrow").first { row in
                other.contains { $0.id == row.id && $0.flightName != row.flightName }
            }, "an id of tomorrow both schedules give to different flights")
        let target = flight.direction == "arrival" ? "landed" : "departed"
        let wait = try StartedProcess(
            [Binaries.board, "wait", flight.flightName, "--date", "tomorrow", "--until", target],
            environment: user.environment)
        try daemon.waitForEventFollowers(1, timeout: 20)
        try Self.reload(daemon, config, to: #"{"seed": 2024, "flightsPerDay": 31}"#)
        let (ending, result) = try wait.finish(timeout: 20)
        let now = try #require(other.first { $0.id == flight.id }?.flightName)
        #expect(ending == .exited(4), "\(ending): \(result.stderr)")
        #expect(
            result.stderr.contains("no \(flight.flightName) \(flight.id) on 2026-12-01: the schedule has \(now) there now"),
            "\(result.stderr)")
        try daemon.stop()
    }

    /// A follow of every flight goes on in the new schedule, from the last change it printed, and
    /// says once that the schedule was replaced.
    @Test func aFollowGoesOnInTheReloadedScheduleAndSaysSo() throws {
        let user = BoardUser()
        let (daemon, config) = try Self.start(user)
        let since = "2026-11-30T11:00:00-05:00"
        let before = try EventsCommandTests.eventsGet(user.socket, ["since": .string(since)])
        try #require(!before.isEmpty, "the hour before noon has changes")
        let follow = try EventsCommandTests.Follow(user, ["--since", since])
        try follow.waitFor(before.count)
        try daemon.waitForEventFollowers(1, timeout: 20)
        try Self.reload(daemon, config, to: #"{"seed": 7}"#)
        try #require(try user.board("clock", "advance", "1h").status == 0)
        let last = try #require(before.last?["cursor"])
        let after = try EventsCommandTests.eventsGet(user.socket, ["cursor": last])
        try #require(!after.isEmpty, "the new schedule's hour has changes")
        try follow.waitFor(before.count + after.count)
        kill(follow.process.pid, SIGTERM)
        let (_, result) = try follow.process.finish(timeout: 10)
        #expect(result.stderr == Self.reloaded + "\n", "\(result.stderr)")
        let printed = follow.changes.map(EventsCommandTests.unnumbered)
        #expect(printed == (before + after).map(EventsCommandTests.unnumbered), "the old hour, then the new schedule's")
        try daemon.stop()
    }

    /// A reload that leaves the schedule as it was (the same file again) keeps every subscription.
    @Test func aReloadOfTheSameScheduleKeepsTheFollow() throws {
        let user = BoardUser()
        let (daemon, config) = try Self.start(user)
        let follow = try EventsCommandTests.Follow(user, ["--since", "0m"])
        try daemon.waitForEventFollowers(1, timeout: 20)
        try Self.reload(daemon, config, to: #"{"seed": 2024}"#)
        try #require(try user.board("clock", "advance", "1h").status == 0)
        let hour = try EventsCommandTests.eventsGet(user.socket, ["since": .string(knownInstant)])
        try #require(!hour.isEmpty)
        try follow.waitFor(hour.count)
        kill(follow.process.pid, SIGTERM)
        let (_, result) = try follow.process.finish(timeout: 10)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(!daemon.logText().contains("subscription(s) ended"), "\(daemon.logText())")
        try daemon.stop()
    }
}
