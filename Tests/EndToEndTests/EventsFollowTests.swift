import BoardProtocol
import BoardSystem
import FlightData
import Foundation
import Glibc
import Testing

/// `board events`, `board log` and `board wait` (the real binary) against a scripted events daemon:
/// paging, NDJSON, following across a restart without losing or repeating, fetching a skipped gap,
/// and waiting. The same behaviours against the real boardd are in EventsCommandTests and WaitCommandTests.
@Suite struct EventsFollowTests {
    static let flightID = 1234

    static func change(_ minute: Int, _ kind: String, from: JSON, to: JSON, flight: Int = flightID) -> JSON {
        let at = String(format: "2026-11-30T%02d:%02d:00-05:00", 9 + minute / 60, minute % 60)
        return [
            "at": .string(at), "flight": ["id": .int(flight), "date": "2026-11-30", "flightName": "Pacific 123"],
            "kind": .string(kind), "from": from, "to": to,
        ]
    }

    /// Seven changes of one departure's morning (and one of another flight), in order.
    static let script: [JSON] = [
        change(5, "time", from: "2026-11-30T12:40:00-05:00", to: "2026-11-30T13:05:00-05:00"),
        change(10, "status", from: "onTime", to: "delayed"),
        change(20, "gate", from: "A3", to: "B5"),
        change(30, "time", from: "2026-11-30T13:05:00-05:00", to: "2026-11-30T13:20:00-05:00", flight: 99),
        change(40, "status", from: "delayed", to: "boarding"),
        change(50, "status", from: "boarding", to: "finalCall"),
        change(55, "status", from: "finalCall", to: "gateClosed"),
    ]

    static func details(status: FlightStatus = .onTime) -> JSON {
        let flight = FlightDocument(
            id: flightID, airline: "Pacific", number: 123, flightName: "Pacific 123", direction: .departure,
            otherAirport: "Denver", flightTime: 120, date: "2026-11-30", scheduledTime: "2026-11-30T12:40:00-05:00",
            currentTime: "2026-11-30T12:40:00-05:00", delayMinutes: 0, gate: "A3", terminal: "A", status: status, past: false,
            pinned: false)
        return FlightDetailsDocument(
            flight: flight, now: "2026-11-30T09:00:00-05:00", history: [], onTimeRate: 0.9, departureTime: nil,
            arrivalTime: nil, progress: nil,
            announcements: [.init(at: "2026-11-30T09:20:00-05:00", kind: "gate", text: "Gate changed from A3")]
        ).json
    }

    static func fake(_ sandbox: Sandbox, pageSize: Int = 500, skipAbove: Int? = nil, knowsEvents: Bool = true) throws
        -> EventsFakeDaemon
    {
        try EventsFakeDaemon(
            path: sandbox.socket, changes: script, details: details(), pageSize: pageSize, skipAbove: skipAbove,
            knowsEvents: knowsEvents)
    }

    static func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    /// How `log` and `wait` name the flight in their filter: its identity and the name it was read by.
    static let namedFlight: JSON = ["id": .int(flightID), "date": "2026-11-30", "flightName": "Pacific 123"]

    /// A `board` started in the background, its stdout in a file the test reads as it grows.
    final class Follower {
        let process: StartedProcess
        let output: String

        init(_ sandbox: Sandbox, _ arguments: [String]) throws {
            output = sandbox.path + "/follow-\(UInt32.random(in: 0...UInt32.max)).out"
            let fd = open(output, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            defer { close(fd) }
            process = try StartedProcess([Binaries.board] + arguments, environment: sandbox.environment(), standardOutput: fd)
        }

        var lines: [String] { EventsFollowTests.lines((try? String(contentsOfFile: output, encoding: .utf8)) ?? "") }

        func waitForLines(_ count: Int, timeout: Double = 15) throws {
            try waitUntil("\(count) lines from board (\(lines.count) so far)", timeout: timeout) { lines.count >= count }
        }

        func stop() throws -> ProcessResult {
            kill(process.pid, SIGTERM)
            return try process.finish(timeout: 10).result
        }
    }

    @Test func eventsPagesThroughEveryChangeForPeopleAndAsNDJSON() throws {
        let sandbox = Sandbox()
        let fake = try Self.fake(sandbox, pageSize: 2)
        fake.release(upTo: 7)
        let people = try sandbox.board("events")
        #expect(people.status == 0, "\(people.stderr)")
        #expect(
            Self.lines(people.stdout) == [
                "09:05  Pacific 123     time      12:40 → 13:05",
                "09:10  Pacific 123     status    On time → Delayed",
                "09:20  Pacific 123     gate      A3 → B5",
                "09:30  Pacific 123     time      13:05 → 13:20",
                "09:40  Pacific 123     status    Delayed → Boarding",
                "09:50  Pacific 123     status    Boarding → Final call",
                "09:55  Pacific 123     status    Final call → Gate closed",
            ])
        let json = try sandbox.board("events", "--json", "--kind", "status", "--flight", "1234")
        #expect(json.status == 0, "\(json.stderr)")
        let objects = Self.lines(json.stdout).map { try? JSON.parse($0) }
        #expect(objects.allSatisfy { $0?["seq"] != nil && $0?["flight"]?["id"] == 1234 }, "\(json.stdout)")
        #expect(objects.compactMap { $0?["cursor"]?.string } == ["C1", "C2", "C3", "C5", "C6", "C7"], "\(json.stdout)")
        let gets = fake.requests.filter { $0["method"]?.string == "events.get" }
        #expect(gets.last?["params"]?["kinds"] == ["status"] && gets.last?["params"]?["flight"] == 1234)
        #expect(gets.compactMap { $0["params"]?["cursor"]?.string }.suffix(2) == ["C2", "C5"], "pages follow next")
    }

    /// A flight's log starts with its first step, at its day's midnight (`events.get` lists changes
    /// after `since`, and the day's start left it out: at 00:00 the log said "No changes yet").
    @Test func aFlightsLogHoldsItsMidnightStep() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon(now: "2026-11-30T00:00:00-05:00")
        defer { _ = try? daemon.stop() }
        let result = try user.board("log", "3559", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let first = try #require(result.stdout.split(separator: "\n").first.flatMap { try? JSON.parse(String($0)) })
        #expect(first["at"]?.string == "2026-11-30T00:00:00-05:00", "\(result.stdout)")
        #expect(first["kind"]?.string == "status" && first["from"]?.string == "scheduled", "\(first.text)")
        let text = try user.board("log", "3559")
        #expect(!text.stdout.contains("No changes yet"), "\(text.stdout)")
    }

    @Test func eventsWithNothingToShowSaysSoAndJSONSaysNothing() throws {
        let sandbox = Sandbox()
        let fake = try Self.fake(sandbox)
        let people = try sandbox.board("events", "--since", "2h")
        #expect(people.status == 0, "\(people.stderr)")
        // A notice, not a change: on stderr, so `board events | wc -l` counts 0 (it counted 1).
        #expect(people.stdout.isEmpty && people.stderr == "No changes since 10:00.\n", "\(people)")
        let since = fake.requests.last { $0["method"]?.string == "events.get" }?["params"]?["since"]
        #expect(since == "2026-11-30T10:00:00-05:00", "2h back from the daemon's now, in its offset")
        let json = try sandbox.board("events", "--json")
        #expect(json.status == 0 && json.stdout.isEmpty, "\(json.stdout)")
    }

    /// Bounds far from today name their year, and an --until before the listing's start is named with
    /// it: "No changes since 00:00." answered an --until of 2020
    /// (`EventsCommandTests.boundsThatHoldNothingAreSaidWithWhatToDo`).
    @Test func emptyListingsNameTheirBoundsWithTheYearWhenItIsAnother() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon(now: "2026-12-01T10:00:00-05:00")
        defer { _ = try? daemon.stop() }
        // Past the clock's range (3999-01-01 UTC), read as its end.
        let late = try user.board("events", "--since", "3999-01-01T00:00")
        #expect(late.status == 0 && late.stdout.isEmpty, "\(late.stdout)")
        #expect(
            late.stderr.hasPrefix(
                "No changes: --since (3999-01-01T00:00, read as the clock's end: Dec 31 3998 19:00) is after the daemon's now (10:00, "
            ),
            "\(late.stderr)")
        // The end itself, typed with its offset, was read as typed: nothing to say of it.
        let end = try user.board("events", "--since", "3998-12-31T19:00:00-05:00")
        #expect(end.stderr.hasPrefix("No changes: --since (Dec 31 3998 19:00) is after"), "\(end.stderr)")
        let far = try user.board("events", "--since", "9999-12-31T00:00")
        #expect(
            far.status == 0 && far.stderr.hasPrefix("No changes: --since (9999-12-31T00:00, read as the clock's end: "),
            "\(far.stderr)")
        let early = try user.board("events", "--until", "2020-12-05T23:00")
        #expect(early.status == 2 && early.stdout.isEmpty, "\(early.stdout)")
        #expect(early.stderr.hasPrefix("board: --until (Dec 5 2020 23:00) is before today's start (00:00)"), "\(early.stderr)")
        let today = try user.board("events", "--since", "11:00", "--until", "10:30")
        #expect(today.status == 2 && today.stderr.contains("swap them"), "\(today.stderr)")
    }

    @Test func aDaemonWithoutTheEventsMethodsIsNamed() throws {
        let sandbox = Sandbox()
        let fake = try Self.fake(sandbox, knowsEvents: false)
        let result = try sandbox.board("events")
        #expect(result.status == 1)
        #expect(result.stderr.contains("does not know events.get"), "\(result.stderr)")
        _ = fake
    }

    @Test func followPrintsEachChangeOnceAcrossARestart() throws {
        let sandbox = Sandbox()
        let fake = try Self.fake(sandbox)
        fake.release(upTo: 2)
        let follower = try Follower(sandbox, ["events", "--follow", "--json", "--since", "08:00"])
        try follower.waitForLines(2)
        fake.release(upTo: 4)
        try follower.waitForLines(4)
        // The daemon goes away; changes happen while it is down; it comes back on the same socket.
        try fake.restart { fake.release(upTo: 7) }
        try follower.waitForLines(7)
        let result = try follower.stop()
        let cursors = follower.lines.compactMap { try? JSON.parse($0)["cursor"]?.string }
        #expect(cursors == (1...7).map { "C\($0)" }, "none lost, none repeated: \(follower.lines)")
        let watches = fake.requests.filter { $0["method"]?.string == "events.watch" }
        #expect(watches.first?["params"]?["since"] == "08:00")
        #expect(watches.count >= 2 && watches.last?["params"]?["cursor"] == "C4", "resubscribed after the last printed")
        #expect(result.stderr.contains("reconnecting"), "\(result.stderr)")
    }

    /// A follow from 08:00 that printed the first `before` changes, across a restart of the daemon on a
    /// clock at `now`, until all seven are printed: its lines, its stderr, and how often it subscribed.
    static func followAcrossARestart(printedBefore before: Int, restartedAt now: String) throws
        -> (lines: [String], stderr: String, subscriptions: Int)
    {
        let sandbox = Sandbox()
        let fake = try Self.fake(sandbox)
        fake.release(upTo: before)
        let follower = try Follower(sandbox, ["events", "--follow", "--since", "08:00"])
        try follower.waitForLines(before)
        try fake.restart { fake.setNow(now) }
        // Changes after the resubscription: printed once its answer (and any warning) came.
        fake.release(upTo: 7)
        try follower.waitForLines(7)
        let result = try follower.stop()
        return (follower.lines, result.stderr, fake.requests.filter { $0["method"]?.string == "events.watch" }.count)
    }

    /// A follow's bare times keep one meaning in a pane: the day it started on. Resubscribed after a
    /// restart on the next day, it took that day as "today", so the same day's changes were printed
    /// bare before the restart and dated after it (and the new day's bare).
    @Test func aFollowsBareTimesKeepTheirDayAcrossARestartOnAnotherDay() throws {
        let follow = try Self.followAcrossARestart(printedBefore: 2, restartedAt: "2026-12-01T06:00:00-05:00")
        #expect(follow.subscriptions >= 2, "resubscribed")
        #expect(!follow.lines.contains { $0.contains("Nov 30") }, "all of Nov 30, all bare: \(follow.lines)")
        #expect(follow.lines.allSatisfy { $0.hasPrefix("09:") }, "\(follow.lines)")
    }

    /// A daemon back on an earlier clock than the last change followed (restarted with an earlier
    /// --now) sends nothing until it passes it: the follow says so, where the pane printed nothing.
    @Test func aDaemonBackOnAnEarlierClockIsSaid() throws {
        let follow = try Self.followAcrossARestart(printedBefore: 4, restartedAt: "2026-11-30T08:30:00-05:00")
        #expect(
            follow.stderr.contains(
                "board: warning: the daemon's clock (08:30) is before the last change followed (09:30): nothing is printed until it passes it"
            ),
            "\(follow.stderr)")
    }

    /// A daemon killed without a word (a crash, kill -9) under `board events --follow` or `board
    /// wait` is started again by them, as the live view and every command start one: they waited
    /// for one for good, `board wait X && notify-send` hanging until some other command started it.
    @Test(arguments: [["events", "--follow", "--since", "0m"], ["wait", "3220", "--until", "departed"]])
    func aFollowStartsAKilledDaemonAgain(arguments: [String]) throws {
        let sandbox = Sandbox()
        defer { for pid in ProcessTable.processes(withArgument: sandbox.socket) { try? ProcessTable.stop(pid) } }
        let quiet = sandbox.environment(autostart: false)
        let follower = try StartedProcess([Binaries.board] + arguments, environment: sandbox.environment(autostart: true))
        // Started by the follower, and answering both it and `board clock` (three sockets on its path).
        var daemon: pid_t?
        try waitUntil("a daemon started by the follower, answering it", timeout: 15) {
            guard try runAsFromAShell([Binaries.board, "clock"], environment: quiet).status == 0 else { return false }
            let sockets = (try? String(contentsOfFile: "/proc/self/net/unix", encoding: .utf8)) ?? ""
            guard sockets.components(separatedBy: sandbox.socket).count - 1 >= 2 else { return false }
            // Looked up once it answers: a moment after the fork, its arguments are still board's.
            daemon = ProcessTable.processes(withArgument: sandbox.socket).first
            return daemon != nil
        }
        #expect(kill(try #require(daemon), SIGKILL) == 0)
        try waitUntil("a daemon started again", timeout: 20) {
            ProcessTable.processes(withArgument: sandbox.socket).contains { $0 != daemon }
        }
        try waitUntil("the new daemon answering", timeout: 15) {
            try runAsFromAShell([Binaries.board, "clock"], environment: quiet).status == 0
        }
        kill(follower.pid, SIGTERM)
        let result = try follower.finish(timeout: 10).result
        #expect(result.stderr.contains("reconnecting"), "\(result.stderr)")
    }

    @Test func followFetchesTheChangesASkippedEventLeftOut() throws {
        let sandbox = Sandbox()
        let fake = try Self.fake(sandbox, pageSize: 2, skipAbove: 2)
        fake.release(upTo: 1)
        let follower = try Follower(sandbox, ["events", "--follow"])
        try waitUntil("the subscription") { fake.requests.contains { $0["method"]?.string == "events.watch" } }
        fake.release(upTo: 2)
        try follower.waitForLines(2)
        fake.release(upTo: 7)
        try follower.waitForLines(7)
        _ = try follower.stop()
        // The change before the subscription too: without --since, the day so far comes first.
        #expect(follower.lines.count == 7, "\(follower.lines)")
        #expect(follower.lines.first?.hasPrefix("09:05") == true && follower.lines.last?.hasPrefix("09:55") == true)
        let gets = fake.requests.filter { $0["method"]?.string == "events.get" }.compactMap { $0["params"] }
        #expect(gets.first?["cursor"] == nil && gets.first?["since"] == nil, "the day's start asked first: \(gets)")
        #expect(gets.dropFirst().map { $0["cursor"] } == ["C2", "C4", "C6"], "the gap after its cursor, page by page: \(gets)")
        let watch = fake.requests.first { $0["method"]?.string == "events.watch" }?["params"]
        #expect(watch?["since"] == "2026-11-30T00:00:00-05:00", "replayed from the day's start")
        #expect(gets.dropFirst().allSatisfy { $0["until"] == "2026-11-30T09:55:00-05:00" })
    }

    @Test func logShowsTheHeaderAndEachChangeWithItsAnnouncement() throws {
        let sandbox = Sandbox()
        let fake = try Self.fake(sandbox)
        fake.release(upTo: 3)
        let result = try sandbox.board("log", "1234")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            Self.lines(result.stdout) == [
                "Pacific 123  to Denver  Mon Nov 30  On time",
                "09:05  time      12:40 → 13:05",
                "09:10  status    On time → Delayed",
                "09:20  gate      A3 → B5  (Gate changed from A3)",
            ])
        let sent = fake.requests.last { $0["method"]?.string == "events.get" }?["params"]?["flight"]
        #expect(sent == Self.namedFlight, "the identity, with the name it was read by")
        let unknown = try sandbox.board("log", "4321")
        #expect(unknown.status == 4, "\(unknown.stderr)")
    }

    @Test func waitIsReachedByAChangeAndSaysWhich() throws {
        let sandbox = Sandbox()
        let fake = try Self.fake(sandbox)
        let waiter = try Follower(sandbox, ["wait", "1234", "--until", "boarding", "--timeout", "30s"])
        try waitUntil("the subscription") { fake.requests.contains { $0["method"]?.string == "events.watch" } }
        let watch = fake.requests.first { $0["method"]?.string == "events.watch" }?["params"]
        #expect(watch?["since"] == "2026-11-30T09:00:00-05:00" && watch?["flight"] == Self.namedFlight)
        fake.release(upTo: 7)
        let (ending, result) = try waiter.process.finish(timeout: 15)
        #expect(ending == .exited(0), "\(result.stderr)")
        #expect(
            waiter.lines == ["09:40  Pacific 123     status    Delayed → Boarding"], "the change that reached it, not a later one"
        )
    }

    @Test func waitEndsWithTheContractsStatuses() throws {
        let sandbox = Sandbox()
        let fake = try Self.fake(sandbox)
        let already = try sandbox.board("wait", "1234", "--until", "on-time")
        #expect(already.status == 0 && already.stdout == "Pacific 123 is already on time: On time, gate A3.\n", "\(already)")
        let never = try sandbox.board("wait", "1234", "--until", "landed")
        #expect(never.status == 5 && never.stderr.contains("departure"), "\(never.stderr)")
        let timedOut = try sandbox.board("wait", "1234", "--until", "departed", "--timeout", "1s")
        #expect(timedOut.status == 124 && timedOut.stderr.contains("timed out"), "\(timedOut.stderr)")
        let unknown = try sandbox.board("wait", "4321", "--until", "boarding")
        #expect(unknown.status == 4, "\(unknown.stderr)")
        let usage = try sandbox.board("wait", "1234", "--until", "flying")
        #expect(usage.status == 2 && usage.stderr.contains("gate-change"), "\(usage.stderr)")
        _ = fake
    }

    @Test func waitEndsWithFiveWhenAChangeMakesItImpossible() throws {
        let sandbox = Sandbox()
        let fake = try EventsFakeDaemon(
            path: sandbox.socket,
            changes: [Self.change(15, "canceled", from: "onTime", to: "canceled")], details: Self.details())
        let waiter = try Follower(sandbox, ["wait", "1234", "--until", "boarding"])
        try waitUntil("the subscription") { fake.requests.contains { $0["method"]?.string == "events.watch" } }
        fake.release(upTo: 1)
        let (ending, result) = try waiter.process.finish(timeout: 15)
        #expect(ending == .exited(5), "\(result.stderr)")
        #expect(result.stderr.contains("Pacific 123 was canceled"), "\(result.stderr)")
    }
}

extension EventsFollowTests {
    @Test func pinnedWithoutPinsSaysSoWithoutAsking() throws {
        let sandbox = Sandbox()
        let fake = try Self.fake(sandbox)
        fake.release(upTo: 7)
        let result = try sandbox.board("events", "--pinned")
        #expect(
            result.status == 0 && result.stdout.isEmpty && result.stderr == "No pinned flights; 'board pin FLIGHT' pins one.\n",
            "\(result)")
        #expect(!fake.requests.contains { $0["method"]?.string == "events.get" })
        let json = try sandbox.board("events", "--pinned", "--json")
        #expect(json.status == 0 && json.stdout.isEmpty)
    }

    @Test func pinnedSendsThePinsByIdentity() throws {
        let sandbox = Sandbox()
        let fake = try Self.fake(sandbox)
        let pin = try sandbox.board("pin", "1234")
        try #require(pin.status == 0, "\(pin.stderr)")
        let result = try sandbox.board("events", "--pinned")
        #expect(result.status == 0, "\(result.stderr)")
        let sent = fake.requests.last { $0["method"]?.string == "events.get" }?["params"]?["pinned"]
        // By identity, with the name it was pinned with (another flight of that identity is not it).
        #expect(sent == [["id": 1234, "date": "2026-11-30", "flightName": "Pacific 123"]], "\(String(describing: sent))")
    }

    @Test func waitSurvivesARestartAndMissesNothingThatHappenedMeanwhile() throws {
        let sandbox = Sandbox()
        let fake = try Self.fake(sandbox)
        let waiter = try Follower(sandbox, ["wait", "Pacific 123", "--until", "gate-change", "--timeout", "30s"])
        try waitUntil("the subscription") { fake.requests.contains { $0["method"]?.string == "events.watch" } }
        // Two changes that do not reach it (pushed, or replayed later: either way once), then the gate
        // changes while the daemon is down: the resubscription replays it.
        fake.release(upTo: 2)
        try fake.restart { fake.release(upTo: 3) }
        let (ending, result) = try waiter.process.finish(timeout: 15)
        #expect(ending == .exited(0), "\(result.stderr)")
        #expect(waiter.lines == ["09:20  Pacific 123     gate      A3 → B5"], "\(waiter.lines)")
        let watches = fake.requests.filter { $0["method"]?.string == "events.watch" }.compactMap { $0["params"] }
        #expect(watches.count == 2 && watches.last?["flight"] == Self.namedFlight, "\(watches)")
        #expect(watches.last?["cursor"] != nil || watches.last?["since"] != nil, "resumed where it was")
    }

    @Test func ctrlCEndsAFollowAsItEndsWatchWith130() throws {
        let sandbox = Sandbox()
        let fake = try Self.fake(sandbox)
        let follower = try Follower(sandbox, ["events", "--follow"])
        try waitUntil("the subscription") { fake.requests.contains { $0["method"]?.string == "events.watch" } }
        kill(follower.process.pid, SIGINT)
        let (ending, result) = try follower.process.finish(timeout: 10)
        #expect(ending.shellStatus == 130, "\(ending) \(result.stderr)")
    }
}
