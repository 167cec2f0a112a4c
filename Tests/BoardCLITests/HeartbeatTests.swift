import Testing

@testable import BoardCLI

/// A quiet daemon gets a ping; one that does not answer it counts as gone.
struct HeartbeatTests {
    let start = ContinuousClock.now

    @Test func aQuietDaemonIsPingedAndOneThatNeverAnswersIsGivenUp() {
        var heartbeat = Heartbeat(now: start)
        #expect(heartbeat.check(at: start + .seconds(1)) == .wait)
        #expect(heartbeat.check(at: start + Heartbeat.quiet) == .ping)
        #expect(heartbeat.check(at: start + Heartbeat.quiet + .seconds(1)) == .wait, "one ping at a time")
        #expect(heartbeat.check(at: start + Heartbeat.quiet + Heartbeat.patience) == .giveUp)
    }

    @Test func anyMessageCountsAsAnAnswer() {
        var heartbeat = Heartbeat(now: start)
        #expect(heartbeat.check(at: start + Heartbeat.quiet) == .ping)
        let answered = start + Heartbeat.quiet + .milliseconds(5)
        heartbeat.heard(at: answered)
        #expect(heartbeat.nextCheck(after: answered) == Heartbeat.quiet, "quiet again before the next ping")
        #expect(heartbeat.check(at: answered + .seconds(1)) == .wait)
        #expect(heartbeat.check(at: answered + Heartbeat.quiet) == .ping, "never given up while it answers")
    }
}
