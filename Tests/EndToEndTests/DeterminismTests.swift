import BoardProtocol
import BoardSystem
import Foundation
import Testing

/// The schedule is a pure function of the seed, the date and the config: the same on every daemon.
struct DeterminismTests {
    /// Two users, each with a daemon of their own started with `arguments` and `now`.
    func twoDaemons(_ first: [String], _ second: [String], now: String = knownInstant, secondNow: String? = nil) throws
        -> (BoardUser, RunningDaemon, BoardUser, RunningDaemon)
    {
        let a = BoardUser()
        let daemonA = try a.startDaemon(now: now, extra: first)
        let b = BoardUser()
        let daemonB = try b.startDaemon(now: secondNow ?? now, extra: second)
        return (a, daemonA, b, daemonB)
    }

    @Test(arguments: [["--seed", "7"], []])
    func theSameSeedAndTimeGiveByteIdenticalJSON(seed: [String]) throws {
        let (a, daemonA, b, daemonB) = try twoDaemons(seed, seed)
        let id = String(try #require(try a.rows().dropFirst(9).first).id)
        for arguments in [
            ["all", "--json"], ["departures", "--json", "--date", "+4"], ["search", "a", "--json"], ["show", id, "--json"],
        ] {
            let fromA = try a.board(arguments: arguments)
            let fromB = try b.board(arguments: arguments)
            #expect(fromA.status == 0 && fromB.status == 0)
            #expect(!fromA.stdout.isEmpty)
            #expect(fromA.stdout == fromB.stdout, "board \(arguments) differs between two daemons with seed \(seed)")
        }
        try daemonA.stop()
        try daemonB.stop()
    }

    @Test func aDifferentSeedGivesDifferentFlights() throws {
        let (a, daemonA, b, daemonB) = try twoDaemons(["--seed", "7"], ["--seed", "8"])
        let fromA = try a.rows("all")
        let fromB = try b.rows("all")
        #expect(fromA.count == fromB.count)
        #expect(fromA.map(\.id) != fromB.map(\.id) || fromA.map(\.flightName) != fromB.map(\.flightName))
        #expect(try a.board("all", "--json").stdout != b.board("all", "--json").stdout)
        try daemonA.stop()
        try daemonB.stop()
    }

    @Test func aDaemonStartedADayLaterKeepsTheOverlappingDays() throws {
        let (a, daemonA, b, daemonB) = try twoDaemons(["--seed", "7"], ["--seed", "7"], secondNow: "2026-12-01T12:00:00-05:00")
        for date in [tomorrowDate, "2026-12-08", lastWindowDate] {
            // The flights' base facts; what has been announced differs a day later, and so may the order.
            let fromA = Dictionary(uniqueKeysWithValues: try a.rows("--date", date).map { ($0.id, $0) })
            let fromB = Dictionary(uniqueKeysWithValues: try b.rows("--date", date).map { ($0.id, $0) })
            #expect(fromA.count == fromB.count && Set(fromA.keys) == Set(fromB.keys))
            for (id, x) in fromA {
                let y = try #require(fromB[id])
                for key in ["id", "airline", "number", "otherAirport", "scheduledTime", "codeshares"] {
                    #expect(x.json[key] == y.json[key], "\(key) of \(x) on \(date)")
                }
                func plannedGate(_ row: FlightRow) -> String? {
                    row.json["previousGate"]?.string ?? row.json["gate"]?.string
                }
                #expect(plannedGate(x) == plannedGate(y), "the planned gate of \(x) on \(date)")
            }
        }
        try daemonA.stop()
        try daemonB.stop()
    }
}
