import BoardProtocol
import BoardSystem
import Testing

@Suite struct SmokeTests {
    @Test func boardPrintsTheFrozenBoard() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        let result = try sandbox.board("--json")
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(result.json)
        #expect(json["schema"]?.int == 1)
        #expect(json["flights"]?.array?.count == 30)
        #expect(json["now"]?.string == "2026-11-30T12:00:00-05:00")
        try daemon.stop()
    }
}
