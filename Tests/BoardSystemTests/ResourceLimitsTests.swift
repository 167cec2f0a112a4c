import BoardSystem
import Testing

@Suite struct ResourceLimitsTests {
    @Test func raisingNeverLowersTheLimitNorPassesTheHardOne() throws {
        let before = try #require(ResourceLimits.openFiles())
        #expect(before.soft <= before.hard)
        #expect(ResourceLimits.raiseOpenFiles(to: 1) == before.soft)
        #expect(ResourceLimits.openFiles()?.soft == before.soft)
        let raised = try #require(ResourceLimits.raiseOpenFiles(to: before.soft + 16))
        #expect(raised >= before.soft)
        #expect(raised <= before.hard)
        #expect(raised == min(before.soft + 16, before.hard))
    }
}
