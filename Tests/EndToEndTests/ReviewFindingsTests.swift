import BoardLink
import BoardProtocol
import BoardSystem
import Foundation
import Testing

/// Defects found reviewing issue 13 (the day unfolds). Each test says what is expected and fails until fixed.
@Suite struct ReviewFindingsTests {
    /// docs/PROTOCOL.md: "`events.get` with that `cursor` and that `until` gives exactly those `K` changes",
    /// and a subscription "keeps its place" over a clock set back. Together they lose changes: after a
    /// `skipped` event, a clock set back before the client fetches the gap makes `events.get` clamp `until`
    /// to the new now, so it gives fewer than `count`; and moving the clock forward again never pushes the
    /// rest, since the subscription's place is already past them. A follower (`board events --follow`)
    /// never sees them.
    @Test func aSkippedGapStaysFetchableAfterTheClockIsSetBack() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox, now: "2026-12-01T06:00:00-05:00")
        let watcher = try BoardConnection(path: daemon.socket)
        _ = try EventsProtocolTests.subscribe(watcher, ["since": "2026-11-25T00:00:00-05:00"])
        let replay = try EventsProtocolTests.drain(watcher)
        let skipped = try #require(replay.last)
        try #require(skipped["event"]?.string == "skipped", "the replay of six days passes the bound of 200")
        let count = try #require(skipped["count"]?.int)
        let control = try BoardConnection(path: daemon.socket)
        _ = try control.call(.clockSet, ["time": "2026-11-30T12:00:00-05:00"])
        let gap = try EventsProtocolTests.getAll(control, ["cursor": skipped["cursor"]!, "until": skipped["until"]!])
        _ = try control.call(.clockSet, ["time": "2026-12-01T06:00:00-05:00"])
        let pushed = try EventsProtocolTests.drain(watcher)
        #expect(
            gap.changes.count + pushed.count == count,
            "the \(count) skipped changes reach the client: \(gap.changes.count) by events.get, \(pushed.count) pushed again")
        try daemon.stop()
    }

    /// Issue 13: diverted arrivals "never land here". `board show` of one still says "arrives here 18:25"
    /// (and `--json` gives it an `arrivalTime` here), as if it were only late.
    @Test func aDivertedArrivalIsNotShownArrivingHere() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox, now: "2026-12-02T23:00:00-05:00")
        let control = try BoardConnection(path: daemon.socket)
        let page = try control.call(.eventsGet, ["kinds": ["diverted"]])
        let change = try #require(page["changes"]?.array?.first, "the default seed diverts US 527 to Miami on Dec 2")
        let id = try #require(change["flight"]?["id"]?.int)
        let city = try #require(change["to"]?.string)
        let shown = try sandbox.board("show", String(id), "--date", "2026-12-02")
        #expect(shown.status == 0)
        #expect(shown.stdout.contains(city))
        #expect(!shown.stdout.contains("arrives here"), "a diverted flight never arrives here:\n\(shown.stdout)")
        try daemon.stop()
    }

    /// The contract: "`seq` orders changes within one answer or one subscription". `board events --json`
    /// is one stream for its reader, but it prints the daemon's `seq` of each page as is: past 500 changes
    /// it starts again at 1 (and `--follow` mixes the subscription's numbers with a gap's pages'), so a
    /// script that orders or dedupes by `seq`, as the contract invites, gets it wrong. Expected: `seq`
    /// rises by one a line over the whole output.
    @Test func eventsJSONNumbersItsLinesOnceOverEveryPage() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox, now: "2026-12-05T12:00:00-05:00")
        let result = try sandbox.board("events", "--json", "--since", "2026-11-30T00:00:00-05:00")
        #expect(result.status == 0, "\(result.stderr)")
        let seqs = result.stdout.split(separator: "\n").compactMap { try? JSON.parse(Array($0.utf8))["seq"]?.int }
        #expect(seqs.count > 500, "the test needs more than one page")
        let firstRepeat = seqs.indices.dropFirst().first { seqs[$0] != seqs[$0 - 1] + 1 }
        #expect(
            seqs.first == 1 && firstRepeat == nil,
            "seq breaks at line \((firstRepeat ?? -1) + 1): \(firstRepeat.map { seqs[$0 - 1...$0] } ?? [])")
        try daemon.stop()
    }
}
