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

    @Test func badBenchFlagsAreUsageErrors() throws {
        let sandbox = Sandbox()
        // The others (--method, --params, --duration, ...) are unit tests in BoardCLITests.
        for arguments in [["bench", "--clients", "0"]] {
            let result = try sandbox.board(arguments: arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains("board help bench"))
        }
    }
}
