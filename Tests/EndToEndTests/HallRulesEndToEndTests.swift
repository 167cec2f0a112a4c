import BoardProtocol
import BoardSystem
import Foundation
import Glibc
import Testing

/// The hall's rules through the programs: a departed flight stays on the board with the time it
/// left, the spans come from the config, and a bad span is refused at start and on reload with the
/// running config kept (docs/CONFIG.md, docs/SCHEDULE.md).
@Suite struct HallRulesEndToEndTests {
    /// Overland 128 (id 8419) leaves at 11:35 on Mon Nov 30; the daemon's clock is frozen at 12:00.
    static let departure = 8419

    static func past(_ sandbox: Sandbox) throws -> Bool? {
        let board = try sandbox.board("departures", "--json").json
        return board?["flights"]?.array?.first { $0["id"]?.int == departure }?["past"]?.bool
    }

    @Test func aBadSpanIsRefusedAtStartWithItsPath() throws {
        let sandbox = Sandbox()
        let file = sandbox.path + "/boardd.json"
        try #"{"hall": {"canceledMinutes": -5}}"#.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try run(Binaries.boardd, ["--config", file, "--socket", sandbox.socket], environment: sandbox.environment())
        #expect(result.status == 2)
        let message = "\(file): hall.canceledMinutes = -5: must be a whole number from 0 to 240"
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(UnixSocket.isSocket(path: sandbox.socket) == nil, "it must refuse before taking the socket")
    }

    @Test func theSpansComeFromTheConfigAndABadReloadKeepsThem() throws {
        let sandbox = Sandbox()
        let file = sandbox.path + "/boardd.json"
        try #"{"hall": {"departedMinutes": 10}}"#.write(toFile: file, atomically: true, encoding: .utf8)
        let daemon = try RunningDaemon(sandbox: sandbox, extra: ["--config", file])
        // Left at 11:35, taken down at 11:45: past at 12:00.
        #expect(try Self.past(sandbox) == true)
        let hidden = try sandbox.board("departures", "--hide-past", "--color", "never")
        #expect(!hidden.stdout.contains("Overland 128"), "\(hidden.stdout)")

        try #"{"hall": {"departedMinutes": 12.5}}"#.write(toFile: file, atomically: true, encoding: .utf8)
        kill(daemon.pid, SIGHUP)
        // The reload is over once the daemon logs it: a ping could be answered by the read loop first.
        try waitUntil("the bad config to be refused") { daemon.logText().contains("kept the old config") }
        #expect(try Self.past(sandbox) == true, "the refused config must not change the board")
        let refused = daemon.logText().split(separator: "\n").filter { $0.contains("kept the old config") }
        #expect(refused.count == 1)
        let message = "hall.departedMinutes = 12.5: must be a whole number from 0 to 240"
        #expect(refused.first?.contains(message) == true, "\(refused)")

        try #"{"hall": {"departedMinutes": 60}}"#.write(toFile: file, atomically: true, encoding: .utf8)
        kill(daemon.pid, SIGHUP)
        try waitUntil("the new config to be taken") { daemon.logText().contains("reloaded the config") }
        // Kept up until 12:35 now: on the hide-past board, saying when it left.
        #expect(try Self.past(sandbox) == false)
        let shown = try sandbox.board("departures", "--hide-past", "--color", "never")
        let row = shown.stdout.split(separator: "\n").first { $0.contains("Overland 128") }
        #expect(row?.contains("Departed 11:35") == true, "\(shown.stdout)")
        #expect(try daemon.stop() == 0)
    }
}
