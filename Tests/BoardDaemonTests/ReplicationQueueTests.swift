import BoardArguments
import BoardProtocol
import FlightData
import Testing

@testable import BoardDaemon

/// A source's queue of records, its bound and its newest state; the settings a replica takes; the flags.
struct ReplicationQueueTests {
    static func clock(_ instant: Double) -> ReplicationRecord.Body {
        .clock(ReplicationClock(move: .set, simulated: true, instant: instant, speed: 0, madeAt: 1))
    }

    static func instants(_ queue: ReplicationQueue) -> [Double] {
        queue.records.compactMap { record in
            if case .clock(let clock) = record.body { return clock.instant }
            return nil
        }
    }

    @Test func recordsAreNumberedFromOneAndLeaveInOrderOncePublished() {
        var queue = ReplicationQueue(source: "src")
        queue.append(.config(.object([])))
        for instant in 1...4 { queue.append(Self.clock(Double(instant))) }
        #expect(queue.records.map(\.seq) == [1, 2, 3, 4, 5])
        #expect(queue.records.allSatisfy { $0.source == "src" })
        #expect(queue.oldest(2).map(\.seq) == [1, 2])
        queue.published(through: 2)
        #expect(queue.records.map(\.seq) == [3, 4, 5])
        queue.published(through: 5)
        #expect(queue.records.isEmpty)
        #expect(queue.state?.clock.seq == 5 && queue.state?.config.seq == 1, "the state outlives the queue")
    }

    @Test func pastItsBoundTheOldestClockMovesGiveWayAndTheStateStaysNewest() {
        var queue = ReplicationQueue(source: "src", limit: 3)
        queue.append(.config(.object([])))
        for instant in 1...5 { queue.append(Self.clock(Double(instant))) }
        #expect(queue.records.count == 3)
        #expect(queue.records.first?.kind == "config", "the config is kept while clock moves are left")
        #expect(Self.instants(queue) == [4, 5])
        #expect(queue.dropped == 3)
        #expect(queue.state?.clock.seq == 6)
        // Only configs left: the oldest gives way.
        var configs = ReplicationQueue(source: "src", limit: 2)
        for _ in 0..<3 { configs.append(.config(.object([]))) }
        #expect(configs.records.map(\.seq) == [2, 3])
    }

    @Test func recordsDroppedWhileABatchWasOutAreNotCountedTwice() {
        var queue = ReplicationQueue(source: "src", limit: 3)
        for instant in 1...3 { queue.append(Self.clock(Double(instant))) }
        let batch = queue.oldest(3)  // out to Redis
        for instant in 4...5 { queue.append(Self.clock(Double(instant))) }  // 1 and 2 give way meanwhile
        queue.published(through: batch.last!.seq)
        #expect(Self.instants(queue) == [4, 5])
    }

    @Test func theSettingsAReplicaTakesReadBackToTheSameSchedule() throws {
        let text = #"""
            {"airport": {"name": "Harbour", "code": "HBR", "timeZone": "Europe/Paris"}, "seed": 99, "days": 3,
             "flightsPerDay": 12, "announcements": {"delayNoticeMinutes": [10, 20], "gateChangePercent": 40},
             "hall": {"departedMinutes": 7}}
            """#
        let config = try DaemonConfig.parse(Array(text.utf8), file: "a")
        let settings = config.replicatedSettings
        let again = try DaemonConfig.parse(settings.bytes, file: "b")
        #expect(again.schedule == config.schedule)
        #expect(
            try DaemonConfig.parse(DaemonConfig.builtIn.replicatedSettings.bytes, file: "c").schedule == ScheduleConfig.default)
    }

    /// A replica takes its schedule from `replicatedSettings` alone: a config key added to the parser
    /// and not written there would leave every replica on its default with nothing failing.
    @Test func theSettingsAReplicaTakesWriteEveryKeyOfTheConfigButReplication() throws {
        let settings = DaemonConfig.builtIn.replicatedSettings
        func keys(_ value: JSON?) -> [String] { value?.objectPairs?.map { $0.0 }.sorted() ?? [] }
        #expect(keys(settings) == DaemonConfig.knownKeys.filter { $0 != "replication" }.sorted())
        #expect(keys(settings["airport"]) == DaemonConfig.knownAirportKeys.sorted())
        #expect(keys(settings["announcements"]) == DaemonConfig.knownAnnouncementKeys.sorted())
        #expect(keys(settings["hall"]) == DaemonConfig.knownHallKeys.sorted())
    }

    @Test func publishAndThePasswordFileAreFlags() throws {
        var expected = DaemonOptions()
        expected.publish = RedisURL(endpoint: .tcp(host: "redis.local", port: 6380), database: 2)
        expected.redisPasswordFile = "/run/secret"
        #expect(
            try DaemonCommand.parse(["--publish", "redis://redis.local:6380/2", "--redis-password-file", "/run/secret"])
                == .serve(expected))
        #expect(throws: UsageError.self) { try DaemonCommand.parse(["--publish", "http://x"]) }
        guard case .serve(let alone) = try DaemonCommand.parse(["--redis-password-file", "/run/secret"]) else {
            Issue.record("not served")
            return
        }
        #expect(throws: UsageError(message: DaemonOptions.passwordFileAlone)) { try alone.replication(from: .builtIn) }
    }
}
