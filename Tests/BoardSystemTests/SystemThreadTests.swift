import BoardSystem
import Testing

/// Threads, yielding and sleeping come from BoardSystem alone: the daemon's and the client's modules
/// import no libc, so the compiler keeps every such call behind this seam.
struct SystemThreadTests {
    @Test func aThreadRunsItsBodyAndJoinWaitsForIt() throws {
        let ran = Locked(0)
        let threads = try (0..<4).map { index in
            try SystemThread(name: "board-test-\(index)") {
                Program.sleep(for: .milliseconds(5))
                ran.withLock { $0 += 1 }
            }
        }
        for thread in threads { thread.join() }
        #expect(ran.withLock { $0 } == 4, "every body has returned once join returns")
    }

    @Test func sleepWaitsAtLeastItsDuration() {
        let start = ContinuousClock.now
        Program.sleep(for: .milliseconds(30))
        #expect(ContinuousClock.now - start >= .milliseconds(30))
        Program.yieldProcessor()
        #expect(Program.processorCount >= 1)
    }
}
