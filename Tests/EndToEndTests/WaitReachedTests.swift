import Foundation
import Testing

/// `board wait` for a step the flight already went through exits 0 and says when, through the
/// programs: the contract's "0 reached (at once if already reached)".
@Suite struct WaitReachedTests {
    /// Overland 256 (id 3220) boards at 12:00 and leaves at 12:40 on Mon Nov 30; at 12:35 its gate is closed.
    @Test func aStepPassedIsReachedAndSaysWhen() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox, now: "2026-11-30T12:35:00-05:00")
        let boarded = try sandbox.board("wait", "3220", "--until", "boarding")
        #expect(boarded.status == 0, "\(boarded.stderr)")
        #expect(boarded.stdout.hasPrefix("Overland 256 boarded at 12:00: Gate closed"), "\(boarded.stdout)")
        let departed = try sandbox.board("wait", "3220", "--until", "departed", "--timeout", "1s")
        #expect(departed.status == 124, "not yet: \(departed.stdout)\(departed.stderr)")
        let landed = try sandbox.board("wait", "3220", "--until", "landed")
        #expect(landed.status == 5, "a departure never lands here: \(landed.stderr)")
        #expect(try daemon.stop() == 0)
    }
}
