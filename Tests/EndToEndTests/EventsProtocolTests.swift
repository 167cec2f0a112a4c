import BoardLink
import BoardProtocol
import BoardSystem
import Foundation
import Glibc
import Testing

/// events.get and events.watch over the wire with the real boardd: a subscription under clock jumps
/// delivers exactly what events.get gives for the same interval (none lost, none repeated, in order),
/// the bound gives one skipped event whose cursor fetches exactly the skipped changes, and a clock
/// set back repeats nothing.
@Suite struct EventsProtocolTests {
    /// A change without its `seq` (which counts per answer or per subscription), as text to compare.
    static func strip(_ change: JSON) -> String {
        JSON.object((change.objectPairs ?? []).filter { $0.0 != "seq" }).text
    }

    /// Every change events.get gives for `params`, page after page.
    static func getAll(_ connection: BoardConnection, _ params: JSON, timeoutMilliseconds: Int32 = 5000) throws -> (
        changes: [JSON], total: Int
    ) {
        var changes: [JSON] = []
        var cursor = params["cursor"] ?? .null
        var total = -1
        for _ in 0..<100 {
            let page = try connection.call(
                .eventsGet, .object((params.objectPairs ?? []).filter { $0.0 != "cursor" } + [("cursor", cursor)]),
                timeoutMilliseconds: timeoutMilliseconds)
            if total < 0 { total = page["total"]?.int ?? -1 }
            changes += page["changes"]?.array ?? []
            guard let next = page["next"]?.string else { break }
            cursor = .string(next)
        }
        return (changes, total)
    }

    /// Everything the daemon queued for `watcher` before it answers a ping sent now: the daemon
    /// offers a clock move's changes before it reads another request, so none can still be coming.
    static func drain(_ watcher: BoardConnection) throws -> [JSON] {
        let id = watcher.send(.ping)
        var lines: [JSON] = []
        while true {
            let message = try watcher.readMessage(timeoutMilliseconds: 10_000)
            if message["id"]?.int == id, message["event"] == nil { return lines }
            lines.append(message)
        }
    }

    static func subscribe(_ watcher: BoardConnection, _ params: JSON = [:]) throws -> JSON {
        let id = watcher.send(.eventsWatch, params)
        let reply = try watcher.readMessage(timeoutMilliseconds: 10_000)
        #expect(reply["id"]?.int == id && reply["event"] == nil)
        return try #require(reply["result"], "\(reply.text)")
    }

    @Test func aSubscriptionUnderClockJumpsGetsExactlyWhatEventsGetGives() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        let watcher = try BoardConnection(path: daemon.socket)
        let first = try Self.subscribe(watcher)
        #expect(first["schema"]?.int == 1 && first["now"]?.string == "2026-11-30T12:00:00-05:00")
        let start = try #require(first["cursor"]?.string)
        let control = try BoardConnection(path: daemon.socket)
        var pushed: [JSON] = []
        for _ in 1...4 {
            _ = try control.call(.clockAdvance, ["minutes": 45])
            pushed += try Self.drain(watcher)
        }
        #expect(pushed.allSatisfy { $0["event"]?.string == "change" }, "no skipped event under the bound")
        #expect(pushed.map { $0["seq"]?.int ?? 0 } == pushed.indices.map { $0 + 1 })
        #expect(pushed.allSatisfy { $0["seq"] == $0["result"]?["seq"] })
        let expected = try Self.getAll(control, ["since": "12:00", "until": "15:00"])
        #expect(!expected.changes.isEmpty, "three hours of a day change something")
        #expect(expected.total == expected.changes.count)
        #expect(pushed.map { Self.strip($0["result"]!) } == expected.changes.map(Self.strip))
        // The first reply's cursor resumes there: the same changes.
        let resumed = try Self.getAll(control, ["cursor": .string(start)])
        #expect(resumed.changes.map(Self.strip) == expected.changes.map(Self.strip))
        try daemon.stop()
    }

    /// Under a running clock (an hour a second) the pushes are exactly what events.get gives from the
    /// subscription's start through the last change pushed: none lost, none repeated, in order.
    @Test func aSubscriptionUnderAFastClockGetsExactlyWhatEventsGetGives() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox, speed: 3600)
        let watcher = try BoardConnection(path: daemon.socket)
        let first = try Self.subscribe(watcher)
        let start = try #require(first["now"]?.string)
        var pushed: [JSON] = []
        // Until the pushes reach two hours past the start, with a deadline.
        let deadline = ContinuousClock.now + .seconds(20)
        let startInstant = try instant(start)
        while ContinuousClock.now < deadline {
            let message = try watcher.readMessage(timeoutMilliseconds: 10_000)
            guard message["event"]?.string == "change" else { continue }
            pushed.append(message)
            if let at = message["result"]?["at"]?.string, try instant(at) > startInstant + 2 * 3600 { break }
        }
        let last = try #require(pushed.last?["result"]?["at"]?.string, "the clock ran two hours with changes")
        #expect(pushed.map { $0["seq"]?.int ?? 0 } == pushed.indices.map { $0 + 1 })
        // Every change at the last pushed instant came in the same push: read what is queued.
        pushed += try Self.drain(watcher).filter { $0["result"]?["at"]?.string == last }
        let control = try BoardConnection(path: daemon.socket)
        let expected = try Self.getAll(control, ["since": .string(start), "until": .string(last)])
        #expect(expected.changes.count > 10)
        #expect(pushed.map { Self.strip($0["result"]!) } == expected.changes.map(Self.strip))
        try daemon.stop()
    }

    /// More subscribers than are offered a move's changes in one turn of the loop (128): five moves
    /// sent back to back, each arriving while the one before is still being offered, give every
    /// subscriber every change once and in order, exactly what events.get lists.
    @Test func threeHundredSubscribersUnderBackToBackMovesEachGetEveryChangeOnce() throws {
        let daemon = try RunningDaemon(sandbox: Sandbox())
        let subscribers = try (0..<300).map { _ in try BoardConnection(path: daemon.socket) }
        for subscriber in subscribers { _ = try Self.subscribe(subscriber) }
        let control = try BoardConnection(path: daemon.socket)
        let moves = (1...5).map { _ in control.send(.clockAdvance, ["minutes": 10]) }
        for move in moves {
            while try control.readMessage(timeoutMilliseconds: 10_000)["id"]?.int != move {}
        }
        let expected = try Self.getAll(control, ["since": "12:00", "until": "12:50"]).changes.map(Self.strip)
        #expect(!expected.isEmpty, "fifty minutes of a day change something")
        for (index, subscriber) in subscribers.enumerated() {
            let pushed = try Self.drain(subscriber)
            #expect(pushed.map { Self.strip($0["result"] ?? .null) } == expected, "subscriber \(index)")
            #expect(pushed.map { $0["seq"]?.int ?? 0 } == pushed.indices.map { $0 + 1 }, "subscriber \(index)")
        }
        try daemon.stop()
    }

    /// Four hours of a busy day, or two days (a long move: its changes are not all worked out, only
    /// the first 200 after the subscriber's place and the count of the rest).
    @Test(arguments: [(240, "2026-11-30T16:00:00-05:00"), (2 * 1440, "2026-12-02T12:00:00-05:00")])
    func pastTheBoundOneSkippedEventsCursorFetchesExactlyTheSkipped(minutes: Int, until: String) throws {
        let sandbox = Sandbox()
        let config = sandbox.path + "/busy.json"
        try #"{"days": 4, "flightsPerDay": 600}"#.write(toFile: config, atomically: true, encoding: .utf8)
        let daemon = try RunningDaemon(sandbox: sandbox, extra: ["--config", config])
        let watcher = try BoardConnection(path: daemon.socket)
        _ = try Self.subscribe(watcher)
        let control = try BoardConnection(path: daemon.socket)
        _ = try control.call(.clockAdvance, ["minutes": .int(minutes)])
        let lines = try Self.drain(watcher)
        let whole = try Self.getAll(control, ["since": "2026-11-30T12:00:00-05:00"])
        #expect(whole.total > 300, "the test needs more changes than the bound")
        #expect(lines.count == 201, "200 changes, then one skipped event")
        let changes = lines.prefix(200)
        #expect(changes.allSatisfy { $0["event"]?.string == "change" })
        #expect(changes.map { Self.strip($0["result"]!) } == whole.changes.prefix(200).map(Self.strip))
        let skipped = try #require(lines.last)
        #expect(skipped["event"]?.string == "skipped" && skipped["seq"]?.int == 201)
        #expect(skipped["count"]?.int == whole.total - 200)
        #expect(skipped["cursor"] == changes.last?["result"]?["cursor"])
        #expect(skipped["until"]?.string == until)
        let fetched = try Self.getAll(control, ["cursor": skipped["cursor"]!, "until": skipped["until"]!])
        #expect(fetched.total == skipped["count"]?.int)
        #expect(fetched.changes.map(Self.strip) == whole.changes.dropFirst(200).map(Self.strip))
        // The subscription goes on after the gap.
        _ = try control.call(.clockAdvance, ["minutes": 10])
        let after = try Self.drain(watcher)
        let tenMinutes = try Self.getAll(control, ["since": .string(until)])
        #expect(after.map { Self.strip($0["result"]!) } == tenMinutes.changes.map(Self.strip))
        #expect((1...200).contains(tenMinutes.changes.count), "ten minutes after the gap change something, within the bound")
        #expect(after.first?["seq"]?.int == 202)
        try daemon.stop()
    }

    /// A move longer than the window lists, for everyone, only the window's length of days back from
    /// its end; a subscription to one flight of a day before that still gets every change of that
    /// flight in the move (what `board wait` follows), the same as a daemon moved in small steps lists.
    @Test func aSubscriptionToOneFlightGetsItsChangesFromAMoveLongerThanTheWindow() throws {
        // The flight's changes after 12:00, from a daemon of its own moved two days (within the window).
        let reference = try RunningDaemon(sandbox: Sandbox())
        let looker = try BoardConnection(path: reference.socket)
        let board = try looker.call(.boardGet, ["tab": "departures"])
        let flight = try #require(
            board["flights"]?.array?.first {
                $0["past"]?.bool == false && !["departed", "canceled"].contains($0["status"]?.string ?? "")
            })
        let key: JSON = ["id": flight["id"]!, "date": flight["date"]!]
        _ = try looker.call(.clockAdvance, ["minutes": .int(2 * 1440)])
        let expected = try Self.getAll(looker, ["flight": key, "since": "2026-11-30T12:00:00-05:00"])
        #expect(expected.changes.contains { $0["to"]?.string == "departed" }, "the flight leaves in the move")
        try reference.stop()

        let daemon = try RunningDaemon(sandbox: Sandbox())
        let watcher = try BoardConnection(path: daemon.socket)
        _ = try Self.subscribe(watcher, ["flight": key])
        // A second subscription to the same flight (its changes are worked out once for both).
        let second = try BoardConnection(path: daemon.socket)
        _ = try Self.subscribe(second, ["flight": key])
        let everything = try BoardConnection(path: daemon.socket)
        _ = try Self.subscribe(everything)
        let control = try BoardConnection(path: daemon.socket)
        _ = try control.call(.clockAdvance, ["minutes": .int(16 * 1440)])
        let pushed = try Self.drain(watcher)
        #expect(pushed.allSatisfy { $0["event"]?.string == "change" }, "\(pushed.map(\.text))")
        #expect(pushed.map { Self.strip($0["result"]!) } == expected.changes.map(Self.strip))
        #expect(pushed.map { $0["seq"]?.int ?? 0 } == pushed.indices.map { $0 + 1 })
        #expect(try Self.drain(second).map { Self.strip($0["result"]!) } == expected.changes.map(Self.strip))
        // Everyone else is offered what events.get lists for the move, as before.
        let all = try Self.drain(everything)
        #expect(all.count == 201 && all.last?["event"]?.string == "skipped")
        #expect(
            !all.contains { $0["result"]?["flight"]?["id"] == flight["id"] && $0["result"]?["flight"]?["date"] == flight["date"] }
        )
        try daemon.stop()
    }

    @Test func aClockSetBackRepeatsNothing() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        let watcher = try BoardConnection(path: daemon.socket)
        _ = try Self.subscribe(watcher)
        let control = try BoardConnection(path: daemon.socket)
        _ = try control.call(.clockAdvance, ["minutes": 60])
        let forward = try Self.drain(watcher)
        _ = try control.call(.clockSet, ["time": "2026-11-30T12:30:00-05:00"])
        #expect(try Self.drain(watcher).isEmpty, "nothing for a move back")
        _ = try control.call(.clockAdvance, ["minutes": 60])
        let again = try Self.drain(watcher)
        let expected = try Self.getAll(control, ["since": "13:00", "until": "13:30"])
        #expect(!expected.changes.isEmpty, "half an hour of a day changes something")
        #expect(again.map { Self.strip($0["result"]!) } == expected.changes.map(Self.strip))
        let seqs = (forward + again).map { $0["seq"]?.int ?? 0 }
        #expect(seqs == seqs.indices.map { $0 + 1 })
        try daemon.stop()
    }

    @Test func aReplayFromSinceComesFirstThenLiveChangesWithTheFilters() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        let control = try BoardConnection(path: daemon.socket)
        let watcher = try BoardConnection(path: daemon.socket)
        _ = try Self.subscribe(watcher, ["since": "06:00", "kinds": ["status", "gate"]])
        let replay = try Self.drain(watcher)
        let morning = try Self.getAll(control, ["since": "06:00", "kinds": ["status", "gate"]])
        #expect(!morning.changes.isEmpty)
        #expect(replay.map { Self.strip($0["result"]!) } == morning.changes.map(Self.strip))
        _ = try control.call(.clockSet, ["time": "2026-11-30T23:00:00-05:00"])
        _ = try control.call(.clockAdvance, ["minutes": 180])
        let live = try Self.drain(watcher)
        let night = try Self.getAll(
            control, ["since": "2026-11-30T12:00:00-05:00", "until": "2026-12-01T02:00:00-05:00", "kinds": ["status", "gate"]])
        #expect(live.map { Self.strip($0["result"]!) } == night.changes.map(Self.strip))
        #expect(live.allSatisfy { ["status", "gate"].contains($0["result"]?["kind"]?.string ?? "") })
        try daemon.stop()
    }

    @Test func aConnectionHoldsOneWatchAndBadParamsAreNamed() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        let watcher = try BoardConnection(path: daemon.socket)
        _ = try Self.subscribe(watcher)
        for method in [WireMethod.eventsWatch, .boardWatch] {
            let id = watcher.send(method)
            let reply = try watcher.readMessage(timeoutMilliseconds: 5000)
            #expect(reply["id"]?.int == id && reply["error"]?["code"]?.string == "invalidParams", "\(reply.text)")
        }
        let boards = try BoardConnection(path: daemon.socket)
        let id = boards.send(.boardWatch)
        _ = try boards.readMessage(timeoutMilliseconds: 5000)
        let refused = boards.send(.eventsWatch)
        let reply = try boards.readMessage(timeoutMilliseconds: 5000)
        #expect(reply["id"]?.int == refused && reply["error"]?["code"]?.string == "invalidParams" && id != refused)

        let control = try BoardConnection(path: daemon.socket)
        for (params, name) in [(["limit": 0], "limit"), (["cursor": "nope"], "cursor"), (["kinds": ["x"]], "kinds")]
            as [(JSON, String)]
        {
            do {
                _ = try control.call(.eventsGet, params)
                Issue.record("\(params.text) was accepted")
            } catch {
                guard case .remote(let wire) = error else {
                    Issue.record("\(error)")
                    continue
                }
                #expect(wire.code == .invalidParams && wire.message.contains("\"\(name)\""), "\(wire.message)")
            }
        }
        let future = try control.call(.eventsGet, ["until": "2027-01-01T00:00:00-05:00"])
        #expect(future["until"]?.string == "2026-11-30T12:00:00-05:00", "the future is never revealed")
        try daemon.stop()
    }

    @Test func aSubscriberThatReadsSlowlyGetsSkippedEventsThatAccountForEveryChange() throws {
        let sandbox = Sandbox()
        let config = sandbox.path + "/busy.json"
        try #"{"days": 2, "flightsPerDay": 3000}"#.write(toFile: config, atomically: true, encoding: .utf8)
        // The subscriber reads nothing while the 40 moves are made: under a sanitizer beside the rest of
        // the suite they can take minutes, past the default 30 s a client may stop reading. What is
        // tested here is the skipped events' accounting, so the stall timeout is out of its way (the
        // timeout itself: `ReliabilityTests.aWatcherThatStopsReadingIsDroppedAndOthersCarryOn`).
        let daemon = try RunningDaemon(sandbox: sandbox, extra: ["--config", config, "--stall-timeout", "3600"])
        // A raw socket with a small receive buffer that is not read while the clock moves.
        let slow = try UnixSocket.connect(path: daemon.socket)
        var small: Int32 = 4096
        setsockopt(slow.rawValue, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        var framer = LineFramer(maxLineLength: 1 << 24)
        var lines: [JSON] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        /// Reads what the slow socket was sent, keeping its events, until the reply to request `id`.
        func readUntilReply(to id: Int, _ what: String) throws -> JSON? {
            var reply: JSON?
            try waitUntil(what, timeout: 60) {
                guard try slow.waitUntilReadable(timeoutMilliseconds: 100) else { return false }
                let n = try slow.read(into: &buffer)
                guard n > 0 else { return true }
                for case .line(let line) in buffer.withUnsafeBytes({ framer.feed(UnsafeRawBufferPointer(rebasing: $0[..<n])) }) {
                    guard let value = try? JSON.parse(line) else { continue }
                    if value["id"]?.int == id { reply = value } else if value["event"] != nil { lines.append(value) }
                }
                return reply != nil
            }
            return reply
        }
        try slow.writeAll(WireLine.line(WireRequest(id: 7, method: .eventsWatch).json))
        // The subscription is the daemon's before the clock moves: a request on another connection is
        // not ordered after it otherwise, and the first move's changes would come before it began.
        let subscribed = try readUntilReply(to: 7, "the subscription's reply")
        #expect(subscribed?["result"]?["now"]?.string == "2026-11-30T12:00:00-05:00")
        let control = try BoardConnection(path: daemon.socket)
        // Each move holds far more than the bound: the output passes 1 MiB within a few moves.
        // 6,000 flights make a move across midnight heavy (0.6 s in a debug build alone): a sanitizer
        // with the rest of the suite beside it can make it many times that, so its deadline is long.
        let busy: Int32 = 60_000
        let moves = 40
        for _ in 0..<moves { _ = try control.call(.clockAdvance, ["minutes": 20], timeoutMilliseconds: busy) }
        let end = try #require(try control.call(.clockGet)["now"]?.string)
        #expect(end == "2026-12-01T01:20:00-05:00")
        let whole = try Self.getAll(control, ["since": "2026-11-30T12:00:00-05:00"], timeoutMilliseconds: busy)

        // Read all it was sent, until a ping's reply: then nothing more can be coming.
        try slow.writeAll(WireLine.line(WireRequest(id: 8, method: .ping).json))
        #expect(try readUntilReply(to: 8, "the ping's reply to reach the slow subscriber") != nil)
        let seqs = lines.compactMap { $0["seq"]?.int }
        #expect(seqs == seqs.indices.map { $0 + 1 }, "seq counts changes and skipped events, no gaps")
        let skipped = lines.filter { $0["event"]?.string == "skipped" }
        #expect(!skipped.isEmpty, "\(lines.count) lines for \(whole.total) changes")
        #expect(skipped.count < moves, "a slow subscriber gets one skipped event a gap, not one a move")
        // Sent changes, with each gap filled from its cursor and until, are exactly the whole.
        var rebuilt: [String] = []
        for line in lines {
            if line["event"]?.string == "change" {
                rebuilt.append(Self.strip(line["result"]!))
            } else {
                let gap = try Self.getAll(
                    control, ["cursor": line["cursor"]!, "until": line["until"]!], timeoutMilliseconds: busy)
                #expect(gap.total == line["count"]?.int)
                rebuilt += gap.changes.map(Self.strip)
            }
        }
        #expect(rebuilt.count == whole.total)
        // Compared apart from the expectation, so a failure names the first difference rather than
        // printing both lists of ten thousand changes.
        let expected = whole.changes.map(Self.strip)
        let firstDifference = rebuilt.indices.first { $0 < expected.count && rebuilt[$0] != expected[$0] }
        let same = rebuilt == expected
        #expect(
            same,
            "first difference at \(firstDifference ?? min(rebuilt.count, expected.count)): \(firstDifference.map { rebuilt[$0] } ?? "(one list ends)") against \(firstDifference.map { expected[$0] } ?? "")"
        )
        slow.close()
        try daemon.stop()
    }
}
