import BoardLink
import BoardProtocol
import BoardSystem
import Foundation
import Glibc
import Testing

/// Issue 33's attack classes on events, at sizes for CI's two cores (the full sizes are
/// `board bench --hostile unread` and `filters`): subscribers that never read hold no more memory
/// than the output bounds while the clock moves, and distinct pin lists under day-long moves neither
/// hold up the moves nor lose or repeat a change.
@Suite struct EventsAttackTests {
    static func busy(_ sandbox: Sandbox, days: Int, flights: Int) throws -> String {
        let config = sandbox.path + "/busy.json"
        try #"{"days": \#(days), "flightsPerDay": \#(flights)}"#.write(toFile: config, atomically: true, encoding: .utf8)
        return config
    }

    /// 150 subscribers with the least receive buffer never read while sixteen half-hour moves of a
    /// 3,000-flight day are made (200 changes each a move, about 60 KiB: 144 MiB in all unbounded).
    @Test func subscribersThatNeverReadHoldNoMoreThanTheOutputBoundsWhileTheClockMoves() throws {
        let sandbox = Sandbox()
        let config = try Self.busy(sandbox, days: 2, flights: 3000)
        // The attackers are held, not dropped, for as long as the test takes: what is tested is what they cost.
        let daemon = try RunningDaemon(sandbox: sandbox, extra: ["--config", config, "--stall-timeout", "3600"])
        let control = try BoardConnection(path: daemon.socket)
        let busy: Int32 = 60_000
        // Warm up what stays: the day's changes and flights.
        _ = try control.call(.eventsGet, ["since": "06:00", "limit": 1], timeoutMilliseconds: busy)
        let idle = try memoryKiB(daemon.pid).resident
        var attackers: [FileDescriptor] = []
        defer { for attacker in attackers { attacker.close() } }
        for _ in 0..<150 {
            let attacker = try UnixSocket.connect(path: daemon.socket)
            attackers.append(attacker)
            var least: Int32 = 1
            setsockopt(attacker.rawValue, SOL_SOCKET, SO_RCVBUF, &least, socklen_t(MemoryLayout<Int32>.size))
            try attacker.writeAll(WireLine.line(WireRequest(id: 1, method: .eventsWatch).json))
        }
        try daemon.waitForEventFollowers(150, timeout: 60)
        var peak = idle
        for move in 1...16 {
            _ = try control.call(.clockAdvance, ["minutes": 30], timeoutMilliseconds: busy)
            // A good client on a fresh connection is answered between the moves.
            let good = try BoardConnection(path: daemon.socket, timeoutMilliseconds: 10_000)
            #expect(try good.call(.ping, timeoutMilliseconds: 10_000)["server"] != nil, "move \(move)")
            peak = max(peak, try memoryKiB(daemon.pid).resident)
        }
        _ = try control.call(.ping, timeoutMilliseconds: busy)
        peak = max(peak, try memoryKiB(daemon.pid).resident)
        print("unread subscribers: idle \(idle) KiB, peak \(peak) KiB")
        if !Sanitizers.active {
            #expect(peak < idle + 80 * 1024, "idle \(idle) KiB, peak \(peak) KiB")
        }
        for attacker in attackers { attacker.close() }
        attackers = []
        if !Sanitizers.active {
            try waitUntil("resident memory back within 32 MiB of idle", timeout: 10) {
                try memoryKiB(daemon.pid).resident < idle + 32 * 1024
            }
        }
        let good = try BoardConnection(path: daemon.socket, timeoutMilliseconds: 10_000)
        #expect(try good.call(.ping, timeoutMilliseconds: 10_000)["server"] != nil)
        try daemon.stop()
    }

    /// 200 subscribers each pinning its own five flights of today and tomorrow, and three following
    /// everything, under two day-long moves: each move is answered within a generous bound, each
    /// pinning subscriber gets its flights' changes once and in order, exactly what events.get lists,
    /// and each of the others its first 200 a move and a skipped event whose cursor fetches the rest.
    @Test func distinctPinListsUnderDayLongMovesHoldUpNoMoveAndLoseNoChange() throws {
        let sandbox = Sandbox()
        let config = try Self.busy(sandbox, days: 4, flights: 600)
        let daemon = try RunningDaemon(sandbox: sandbox, extra: ["--config", config])
        let control = try BoardConnection(path: daemon.socket)
        var flights: [JSON] = []
        for day in ["today", "tomorrow"] {
            let board = try control.call(.boardGet, ["date": .string(day)])
            flights += (board["flights"]?.array ?? []).map { ["id": $0["id"] ?? .null, "date": $0["date"] ?? .null] }
        }
        #expect(flights.count == 1200)
        let lists: [JSON] = (0..<200).map { list in .array((0..<5).map { flights[(list * 7 + $0 * 173) % flights.count] }) }
        #expect(Set(lists.map(\.text)).count == 200, "distinct pin lists")
        var pinning: [BoardConnection] = []
        for list in lists {
            let subscriber = try BoardConnection(path: daemon.socket)
            _ = try EventsProtocolTests.subscribe(subscriber, ["pinned": list])
            pinning.append(subscriber)
        }
        let following = try (0..<3).map { _ in try BoardConnection(path: daemon.socket) }
        for subscriber in following { _ = try EventsProtocolTests.subscribe(subscriber) }
        var replies: [Double] = []
        var everything: [[JSON]] = following.map { _ in [] }
        for _ in 0..<2 {
            let sent = ContinuousClock.now
            _ = try control.call(.clockAdvance, ["minutes": 1440], timeoutMilliseconds: 60_000)
            replies.append((ContinuousClock.now - sent) / .seconds(1))
            for (index, subscriber) in following.enumerated() {
                for _ in 0...200 { everything[index].append(try subscriber.readMessage(timeoutMilliseconds: 30_000)) }
            }
        }
        print("two day-long moves beside 203 subscribers answered in \(replies) s")
        #expect(replies.allSatisfy { $0 < (Sanitizers.active ? 20 : 1) }, "\(replies)")
        let since: JSON = "2026-11-30T12:00:00-05:00"
        let until: JSON = "2026-12-02T12:00:00-05:00"
        for (index, subscriber) in pinning.enumerated() {
            let expected = try EventsProtocolTests.getAll(control, ["pinned": lists[index], "since": since, "until": until])
            var pushed: [JSON] = []
            for _ in 0..<expected.changes.count { pushed.append(try subscriber.readMessage(timeoutMilliseconds: 30_000)) }
            pushed += try EventsProtocolTests.drain(subscriber)
            #expect(pushed.allSatisfy { $0["event"]?.string == "change" }, "subscriber \(index)")
            #expect(pushed.map { $0["seq"]?.int ?? 0 } == pushed.indices.map { $0 + 1 }, "subscriber \(index)")
            #expect(
                pushed.map { EventsProtocolTests.strip($0["result"] ?? .null) }
                    == expected.changes.map(EventsProtocolTests.strip),
                "subscriber \(index)")
        }
        // Those following everything: 200 changes and one skipped event a move, adding up to the whole.
        let whole = try EventsProtocolTests.getAll(control, ["since": since, "until": until])
        for (index, lines) in everything.enumerated() {
            #expect(
                lines.map { $0["event"]?.string ?? "" }
                    == (0..<2).flatMap { _ in Array(repeating: "change", count: 200) + ["skipped"] })
            var rebuilt: [String] = []
            for line in lines {
                if line["event"]?.string == "change" {
                    rebuilt.append(EventsProtocolTests.strip(line["result"] ?? .null))
                } else {
                    let gap = try EventsProtocolTests.getAll(
                        control, ["cursor": line["cursor"] ?? .null, "until": line["until"] ?? .null])
                    #expect(gap.total == line["count"]?.int, "follower \(index)")
                    rebuilt += gap.changes.map(EventsProtocolTests.strip)
                }
            }
            #expect(rebuilt == whole.changes.map(EventsProtocolTests.strip), "follower \(index)")
        }
        try daemon.stop()
    }
}
