import BoardProtocol
import BoardSystem
import Foundation
import Testing

/// `board bench` keeps working: a second of each mode against a real daemon. Figures are printed, not judged.
@Suite struct BenchSmokeTests {
    @Test func requestResponseReportsThroughputAndLatency() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        let result = try sandbox.board("bench", "--clients", "2", "--duration", "1", "--json", timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(result.json)
        #expect(report["mode"]?.string == "requests")
        #expect((report["requests"]?.int ?? 0) > 0)
        #expect((report["replyBytes"]?.int ?? 0) > 1000, "a whole board per reply")
        let p50 = try #require(report["latencyMs"]?["p50"]?.double)
        let p99 = try #require(report["latencyMs"]?["p99"]?.double)
        #expect(p50 > 0 && p50 <= p99)
        #expect((report["memory"]?["peakKiB"]?.int ?? 0) > 0, "the daemon's memory, found through SO_PEERCRED")
        print("bench smoke:", result.stdout)
        try daemon.stop()
    }

    @Test func fanOutTimesEveryWatcher() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        let result = try sandbox.board("bench", "--watchers", "20", "--rounds", "3", "--json", timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(result.json)
        #expect(report["mode"]?.string == "fanOut")
        #expect(report["watchers"]?.int == 20)
        #expect((report["boardBytes"]?.int ?? 0) > 1000)
        // Three rounds of one clock.advance each moved the clock three minutes.
        let clock = try #require(try sandbox.board("clock", "--json").json)
        #expect(clock["now"]?.string == "2026-11-30T12:03:00-05:00")
        try daemon.stop()
    }

    @Test func fanOutToDistinctViewsGivesEachWatcherItsOwnPins() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        let result = try sandbox.board(
            "bench", "--watchers", "20", "--rounds", "2", "--subscription", "views", "--json", timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(result.json)
        #expect(report["subscription"]?.string == "views")
        #expect(report["watchers"]?.int == 20)
        #expect((report["moverMs"]?["p50"]?.double ?? -1) >= 0, "the client that moved the clock is timed")
        try daemon.stop()
    }

    @Test func fanOutOfEventsTimesOnlyMovesThatMadeOneChange() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        let result = try sandbox.board(
            "bench", "--watchers", "10", "--rounds", "3", "--subscription", "events", "--json", timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(result.json)
        #expect(report["subscription"]?.string == "events")
        #expect(report["rounds"]?.int == 3)
        // Each follower was timed once a counted round: changes are small lines, not boards.
        #expect(report["latencyMs"]?["p50"]?.double != nil)
        #expect((report["boardBytes"]?.int ?? 0) > 100)
        #expect((report["boardBytes"]?.int ?? Int.max) < 1000)
        // What the followers got is what events.get lists for the minutes the clock moved.
        let clock = try #require(try sandbox.board("clock", "--json").json)
        let now = try #require(clock["now"]?.string)
        let events = try sandbox.board("events", "--since", "12:00", "--until", now, "--json")
        #expect(events.status == 0, "\(events.stderr)")
        // Three timed rounds of one change each, and at least two for each move that was not timed.
        let notTimed = try #require(report["movesNotTimed"]?.int)
        #expect(events.stdout.split(separator: "\n").count >= 3 + 2 * notTimed, "\(notTimed) moves not timed")
        try daemon.stop()
    }

    /// Each hostile load at a small size: both pings, the daemon's memory and, when the load moves
    /// the clock, the moves' reply times and the main loop's CPU.
    @Test(arguments: ["unread", "filters", "trickle", "kinds", "rewatch"])
    func hostileLoadsReportPingsMemoryAndMoves(kind: String) throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        let result = try sandbox.board(
            "bench", "--hostile", kind, "--watchers", "5", "--duration", "1", "--json", timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(result.json)
        #expect(report["hostile"]?.string == kind)
        #expect((report["pings"]?.int ?? 0) > 0 && (report["freshPings"]?.int ?? 0) > 0)
        #expect((report["moves"]?.int ?? 0) > 0, "every one of these loads moves the clock")
        #expect(report["moveMs"]?["p99"]?.double != nil && report["mainLoopCPUMsPerMove"]?.double != nil)
        #expect((report["residentKiB"]?["peak"]?.int ?? 0) >= (report["residentKiB"]?["idle"]?.int ?? .max))
        #expect((report["residentKiB"]?["after"]?.int != nil) == (kind == "unread"), "memory after the attackers left")
        print("bench smoke \(kind):", result.stdout)
        try daemon.stop()
    }

    /// A request the daemon refuses is nothing to measure: the run fails naming the refusal, where it
    /// printed the error replies' rate as the daemon's (10,834 req/s of `invalidParams`, exit 0).
    @Test func aRequestTheDaemonRefusesFailsTheRunSayingWhy() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        defer { _ = try? daemon.stop() }
        let refused = try sandbox.board(
            "bench", "--method", "flight.get", "--params", #"{"id":"nope"}"#, "--clients", "1", "--duration", "0.2",
            timeout: 60)
        #expect(refused.status == 1, "\(refused.stdout)")
        #expect(refused.stdout.isEmpty)
        #expect(
            refused.stderr.hasPrefix(
                "board: bench: boardd answers invalidParams: \"id\" must be a positive flight id; "
                    + "nothing to measure"),
            "\(refused.stderr)")
        let answered = try sandbox.board(
            "bench", "--method", "ping", "--params", "{}", "--clients", "1", "--duration", "0.2", "--json", timeout: 60)
        #expect(answered.status == 0 && (answered.json?["requests"]?.int ?? 0) > 0, "\(answered.stderr)")
    }

    @Test func badBenchFlagsAreUsageErrors() throws {
        let sandbox = Sandbox()
        // The others (--method, --params, --duration, ...) are unit tests in BoardCLITests.
        for arguments in [["bench", "--clients", "0"], ["bench", "--watchers", "2", "--subscription", "all"]] {
            let result = try sandbox.board(arguments: arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains("board help bench"))
        }
    }
}
