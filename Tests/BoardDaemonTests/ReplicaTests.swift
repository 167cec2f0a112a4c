import BoardProtocol
import FlightData
import Foundation
import Synchronization
import Testing

@testable import BoardDaemon

/// A replica's pieces in process: its clock run from its source's records, its schedule from the
/// source's settings, its refusal of clock moves, and its feed's bound and status.
struct ReplicaTests {
    /// Wall and monotonic clocks the test sets by hand.
    final class HandClock: TimeSource, @unchecked Sendable {
        let start = ContinuousClock.now
        var elapsed = Duration.zero
        var wallSeconds = 1_764_600_000.0
        func wall() -> Date { Date(timeIntervalSince1970: wallSeconds + elapsed / .seconds(1)) }
        func monotonic() -> ContinuousClock.Instant { start + elapsed }
    }

    static let noon = 1_796_050_800.123_456_7

    @Test func aFrozenSourceClockIsFollowedToTheBit() {
        var clock = DaemonClock(source: HandClock())
        clock.follow(ReplicationClock(move: .set, simulated: true, instant: Self.noon, speed: 0, madeAt: 1_764_599_000))
        #expect(clock.isSimulated && clock.speed == 0)
        #expect(clock.now.timeIntervalSince1970.bitPattern == Self.noon.bitPattern)
    }

    /// `DaemonClock.seconds` (the clock's reading, and what a replica is sent) agrees with dividing
    /// the duration, whole, fractional, negative and years long.
    @Test(arguments: [
        Duration.zero, .seconds(90), .milliseconds(250), .nanoseconds(1), .seconds(-3) - .milliseconds(500),
        .seconds(400 * 86_400) + .nanoseconds(123_456_789),
    ])
    func aDurationsSecondsAgreeWithDividingIt(_ duration: Duration) {
        let divided = duration / .seconds(1)
        #expect(abs(DaemonClock.seconds(duration) - divided) <= abs(divided) * 1e-15)
    }

    @Test func aRunningSourceClockReadsWhatTheSourcesReadsAtTheSameRealInstant() {
        let hand = HandClock()
        var clock = DaemonClock(source: hand)
        // Made 2 real seconds ago at speed 60: it reads 120 s on.
        clock.follow(ReplicationClock(move: .advance, simulated: true, instant: 100_000, speed: 60, madeAt: hand.wallSeconds - 2))
        #expect(abs(clock.now.timeIntervalSince1970 - 100_120) < 1e-6)
        hand.elapsed = .seconds(1)
        #expect(abs(clock.now.timeIntervalSince1970 - 100_180) < 1e-6)
        clock.follow(ReplicationClock(move: .start, simulated: false, instant: 5, speed: 1, madeAt: 5))
        #expect(!clock.isSimulated)
        #expect(clock.now == hand.wall())
    }

    /// A source stopped at the end of the clock's range still publishes its anchor and speed; run on
    /// from them, a replica's reading passed the range (and its timers spun, every one already due).
    @Test func aReplicaOfASourceAtTheRangesEndReadsTheRangesEnd() {
        let hand = HandClock()
        var clock = DaemonClock(source: hand)
        let end = ClockLimits.instants.upperBound
        let started = end.timeIntervalSince1970 - 3600
        clock.follow(
            ReplicationClock(move: .start, simulated: true, instant: started, speed: 1_000_000, madeAt: hand.wallSeconds - 65))
        #expect(clock.now == end)
        hand.elapsed = .seconds(60)
        #expect(clock.now == end)
        #expect(clock.realDelay(until: end.addingTimeInterval(60)) == nil, "it never reads past the end")
    }

    @Test func theSourcesSettingsGiveTheSameSchedule() throws {
        var source = DaemonConfig.builtIn
        source.schedule.seed = UInt64.max
        source.schedule.days = 4
        source.schedule.hall.departedMinutes = 7
        source.schedule.announcements.gateChangePercent = 33
        let replica = try DaemonConfig.replicated(source.replicatedSettings, source: "the config of source instance a")
        #expect(replica.schedule == source.schedule)
        #expect(replica.source == "the config of source instance a")
        #expect(throws: ConfigError.self) {
            try DaemonConfig.replicated(.object([("seed", .string("x"))]), source: "s")
        }
        #expect(throws: ConfigError.self) {
            try DaemonConfig.replicated(.object([("bogus", .int(1))]), source: "s")
        }
    }

    static func feed(wall: Date = Date(timeIntervalSince1970: 1_764_600_000)) throws -> ReplicaFeed {
        try ReplicaFeed(
            keys: ReplicationKeys(airportCode: "MTN"), server: "unix:///r.sock", source: "feedfeedfeedfeed", wall: { wall })
    }

    @Test func aReplicaRefusesClockMovesNamingItsSourceWhateverTheParams() throws {
        var service = BoardService(
            config: .builtIn, clock: DaemonClock(simulatedAt: Date(timeIntervalSince1970: Self.noon), speed: 0),
            instance: "replica")
        service.replication = try Self.feed()
        for (method, params) in [(WireMethod.clockSet, JSON.object([])), (.clockAdvance, ["minutes": .int(10)])] {
            guard case .failure(let error) = service.handle(WireRequest(id: 1, method: method, params: params)) else {
                Issue.record("\(method) was not refused")
                continue
            }
            #expect(error.code == .replica)
            #expect(error.message.contains("feedfeedfeedfeed") && error.message.contains("unix:///r.sock"), "\(error.message)")
        }
        guard case .encoded(let ping) = service.handle(WireRequest(id: 1, method: .ping, params: [:])) else {
            throw ReplicationRecordError(field: "ping", .missing)
        }
        let text = String(decoding: ping.joined, as: UTF8.self)
        #expect(
            text.hasSuffix(
                #""replication":{"role":"replica","source":"feedfeedfeedfeed","connected":true,"waiting":0,"lag":null,"cutOffSince":null,"outOfStep":null,"noSourceSince":null}}"#
            ), "\(text)")
    }

    @Test func theFeedSaysSinceWhenItIsCutOffAndHowFarBehind() throws {
        let feed = try Self.feed()
        let localTime = LocalTime(timeZone: Airport.mountain.timeZone)
        feed.applied(
            ReplicationClock(move: .set, simulated: true, instant: 1, speed: 0, madeAt: 1_764_599_999.75), fromStream: true)
        #expect(feed.document(localTime: localTime).lag == 0.25)
        // A move taken from the state after a gap (made an hour ago) is no hop: the replica is not an
        // hour behind once it has it.
        feed.applied(
            ReplicationClock(move: .set, simulated: true, instant: 2, speed: 0, madeAt: 1_764_596_400), fromStream: false)
        #expect(feed.document(localTime: localTime).lag == nil)
        feed.applied(
            ReplicationClock(move: .set, simulated: true, instant: 3, speed: 0, madeAt: 1_764_599_999.75), fromStream: true)
        #expect(feed.document(localTime: localTime).lag == 0.25)
        // Once a read finds the stream's end with nothing waiting, the replica is behind by nothing;
        // while moves wait to be applied, the last hop stands.
        feed.deliver(
            [.clock(ReplicationClock(move: .set, simulated: true, instant: 4, speed: 0, madeAt: 1), fromStream: true)], from: "a")
        feed.reachedTheStreamsEnd()
        #expect(feed.document(localTime: localTime).lag == 0.25)
        _ = feed.takeMoves()
        feed.reachedTheStreamsEnd()
        #expect(feed.document(localTime: localTime).lag == 0)
        feed.applied(
            ReplicationClock(move: .set, simulated: true, instant: 2, speed: 0, madeAt: 1_764_596_400), fromStream: false)
        feed.reachedTheStreamsEnd()
        #expect(feed.document(localTime: localTime).lag == 0)
        feed.setConnected(false)
        let cut = feed.document(localTime: localTime)
        #expect(!cut.connected && cut.cutOffSince == localTime.iso8601(Date(timeIntervalSince1970: 1_764_600_000)))
        #expect(cut.lag == 0)
        feed.setOutOfStep("board:MTN:log entry 1-0: bad")
        feed.setConnected(true)
        let back = feed.document(localTime: localTime)
        #expect(back.connected && back.cutOffSince == nil && back.outOfStep == "board:MTN:log entry 1-0: bad")
    }

    @Test func movesPastTheFeedsBoundDropTheOldestClocksAndKeepConfigs() throws {
        let feed = try Self.feed()
        let clock = ReplicationClock(move: .set, simulated: true, instant: 1, speed: 0, madeAt: 1)
        feed.deliver(
            [.config(.builtIn)] + Array(repeating: .clock(clock, fromStream: true), count: ReplicaFeed.movesLimit), from: "a")
        feed.deliver([.clock(clock, fromStream: true)], from: "a")
        let moves = feed.takeMoves()
        #expect(moves.count == ReplicaFeed.movesLimit)
        guard case .config = moves.first else {
            Issue.record("the config gave way")
            return
        }
        #expect(feed.takeMoves().isEmpty)
    }
}
