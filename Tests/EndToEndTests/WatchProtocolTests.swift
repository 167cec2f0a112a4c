import BoardLink
import BoardProtocol
import BoardSystem
import Foundation
import Glibc
import Testing

/// board.watch over the wire: the first board, pushes after changes, seq, shared bytes, newest-only, shutdown.
@Suite struct WatchProtocolTests {
    /// Reads messages until one satisfies `match`, each read bounded by the deadline.
    func next(_ connection: BoardConnection, timeout: Int32 = 5000, where match: (JSON) -> Bool) throws -> JSON {
        while true {
            let message = try connection.readMessage(timeoutMilliseconds: timeout)
            if match(message) { return message }
        }
    }

    @Test func firstReplyIsTheFullBoardThenABoardAfterEachAdvance() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        let watcher = try BoardConnection(path: daemon.socket)
        let id = watcher.send(.boardWatch, ["tab": "departures"])
        let first = try next(watcher) { $0["id"]?.int == id }
        let board = try #require(first["result"])
        #expect(first["event"] == nil)
        #expect(board["now"]?.string == "2026-11-30T12:00:00-05:00")
        #expect(board["tab"]?.string == "departures")
        #expect(board["flights"]?.array?.count == 15)

        let control = try BoardConnection(path: daemon.socket)
        for step in 1...5 {
            _ = try control.call(.clockAdvance, ["minutes": 10])
            let event = try next(watcher) { $0["event"]?.string == "board" }
            #expect(event["id"]?.int == id)
            #expect(event["seq"]?.int == step, "seq goes up by one per board sent")
            let minutes = 12 * 60 + 10 * step
            let expected = "2026-11-30T\(LocalDatePad.two(minutes / 60)):\(LocalDatePad.two(minutes % 60)):00-05:00"
            #expect(event["result"]?["now"]?.string == expected)
        }
        try daemon.stop()
    }

    @Test func boardChangesArePushedWhenTheClockRunsIntoABoundary() throws {
        let sandbox = Sandbox()
        // 600x: a simulated minute every 0.1 s; some change to the board (a status, a gate, a flight
        // taken down) comes within a few simulated minutes of 12:00: Overland 256's gate changes at 12:10.
        let daemon = try RunningDaemon(sandbox: sandbox, speed: 600)
        let watcher = try BoardConnection(path: daemon.socket)
        let id = watcher.send(.boardWatch)
        let first = try next(watcher) { $0["id"]?.int == id }
        let pushed = try next(watcher, timeout: 15000) { $0["event"]?.string == "board" }
        #expect(pushed["seq"]?.int == 1)
        let flights = try #require(pushed["result"]?["flights"]?.array)
        let firstFlights = try #require(first["result"]?["flights"]?.array)
        #expect(flights != firstFlights, "a push carries a change")
        try daemon.stop()
    }

    /// More watchers than are offered a board in one turn of the loop (128): five moves sent back to
    /// back, each arriving while the one before is still being offered, leave every watcher on the
    /// last move's board, its boards numbered without a gap or a repeat.
    @Test func threeHundredWatchersUnderBackToBackMovesEachEndOnTheLastBoard() throws {
        let daemon = try RunningDaemon(sandbox: Sandbox())
        let watchers = try (0..<300).map { _ in try BoardConnection(path: daemon.socket) }
        let ids = watchers.map { $0.send(.boardWatch, ["tab": "all"]) }
        for (watcher, id) in zip(watchers, ids) { _ = try next(watcher) { $0["id"]?.int == id && $0["event"] == nil } }
        let control = try BoardConnection(path: daemon.socket)
        let moves = (1...5).map { _ in control.send(.clockAdvance, ["minutes": 10]) }
        for move in moves { _ = try next(control) { $0["id"]?.int == move } }
        for (index, watcher) in watchers.enumerated() {
            var seq = 0
            var now: String?
            while now != "2026-11-30T12:50:00-05:00" {
                let event = try next(watcher) { $0["event"]?.string == "board" }
                seq += 1
                #expect(event["seq"]?.int == seq, "watcher \(index)")
                now = event["result"]?["now"]?.string
            }
        }
        try daemon.stop()
    }

    @Test func watchersOfTheSameViewGetTheSameBytes() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        let a = try BoardConnection(path: daemon.socket)
        let b = try BoardConnection(path: daemon.socket)
        let idA = a.send(.boardWatch, ["tab": "arrivals", "hidePast": true])
        let idB = b.send(.boardWatch, ["tab": "arrivals", "hidePast": true])
        _ = try next(a) { $0["id"]?.int == idA }
        _ = try next(b) { $0["id"]?.int == idB }
        let control = try BoardConnection(path: daemon.socket)
        _ = try control.call(.clockAdvance, ["minutes": 45])
        let eventA = try next(a) { $0["event"]?.string == "board" }
        let eventB = try next(b) { $0["event"]?.string == "board" }
        #expect(eventA["result"]!.bytes == eventB["result"]!.bytes)
        #expect(eventA["seq"]?.int == 1 && eventB["seq"]?.int == 1)
        try daemon.stop()
    }

    @Test func aWatcherThatDoesNotReadGetsOnlyTheNewestBoard() throws {
        let sandbox = Sandbox()
        // The watcher stalls on purpose for 300 moves: no stall deadline may drop it on a slow machine.
        let daemon = try RunningDaemon(sandbox: sandbox, extra: ["--stall-timeout", "3600"])
        // A raw socket with a small receive buffer that we do not read while the clock moves.
        let slow = try UnixSocket.connect(path: daemon.socket)
        var small: Int32 = 4096
        setsockopt(slow.rawValue, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        try slow.writeAll(WireLine.line(WireRequest(id: 7, method: .boardWatch).json))
        var framer = LineFramer(maxLineLength: 1 << 24)
        var boards: [JSON] = []
        var watching = false
        var buffer = [UInt8](repeating: 0, count: 65536)
        /// Reads what came; true once the board for `now` is among the boards (or the socket closed).
        func readSlow(until now: String?) throws -> Bool {
            guard try slow.waitUntilReadable(timeoutMilliseconds: 100) else { return false }
            let n = try slow.read(into: &buffer)
            guard n > 0 else { return true }
            for case .line(let line) in buffer.withUnsafeBytes({ framer.feed(UnsafeRawBufferPointer(rebasing: $0[..<n])) }) {
                guard let value = try? JSON.parse(line) else { continue }
                if value["id"]?.int == 7, value["result"] != nil { watching = true }
                if value["event"]?.string == "board" { boards.append(value) }
            }
            return now != nil && boards.last?["result"]?["now"]?.string == now
        }
        // The watch's reply first: a request on another connection is not ordered after it.
        try waitUntil("the watch's reply") {
            _ = try readSlow(until: nil)
            return watching
        }
        let control = try BoardConnection(path: daemon.socket)
        let advances = 300
        for _ in 0..<advances { _ = try control.call(.clockAdvance, ["minutes": 1]) }
        let finalNow = try control.call(.clockGet)["now"]?.string

        // Now read everything the slow watcher was sent, until the board for the final clock arrives.
        try waitUntil("the final board to reach the slow watcher", timeout: 60) { try readSlow(until: finalNow) }
        let seqs = boards.compactMap { $0["seq"]?.int }
        #expect(seqs == Array(1...seqs.count), "seq counts the boards actually sent, with no gaps")
        #expect(boards.count < advances, "no backlog: \(boards.count) boards for \(advances) changes")
        #expect(boards.last?["result"]?["now"]?.string == finalNow)
        slow.close()
        try daemon.stop()
    }

    @Test func watchersAreToldBeforeAPlannedShutdown() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        let watcher = try BoardConnection(path: daemon.socket)
        let id = watcher.send(.boardWatch)
        _ = try next(watcher) { $0["id"]?.int == id }
        kill(daemon.pid, SIGTERM)
        let goodbye = try next(watcher) { $0["event"] != nil }
        #expect(goodbye["event"]?.string == "shutdown")
        #expect(try daemon.stop() == 0)
        #expect(!FileManager.default.fileExists(atPath: daemon.socket), "the socket is removed")
    }

    /// Watching again on one connection changes its view: the status line counts one watcher, and
    /// none once it leaves (each new watch added one, and leaving took one away).
    @Test func watchingAgainIsStillOneWatcher() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        var lines = 0
        func statusLine() throws -> String {
            lines += 1
            let number = lines
            kill(daemon.pid, SIGUSR1)
            try waitUntil("status line \(number)") { daemon.logText().components(separatedBy: "SIGUSR1: serving").count > number }
            return String(daemon.logText().components(separatedBy: "SIGUSR1: serving")[number].prefix { $0 != "\n" })
        }
        do {
            let watcher = try BoardConnection(path: daemon.socket)
            for tab in ["departures", "arrivals", "all"] {
                let id = watcher.send(.boardWatch, ["tab": .string(tab)])
                _ = try next(watcher) { $0["id"]?.int == id }
            }
            let watching = try statusLine()
            #expect(watching.contains(", 1 watching,"), "\(watching)")
        }  // and the watcher leaves
        try waitUntil("the watcher gone") { try statusLine().contains(", 0 watching,") }
        try daemon.stop()
    }

    /// `board watch` in a pipe, on a frozen clock: one board and then quiet. The heartbeat's pings are
    /// answered, so a quiet daemon is never taken for a gone one (no second board, no warning).
    @Test func watchInAPipeStaysConnectedToAQuietDaemon() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        defer { _ = try? daemon.stop() }
        let out = sandbox.path + "/watch.out"
        let err = sandbox.path + "/watch.err"
        let pid = try spawnChild(
            [Binaries.board, "watch", "--json"], environment: sandbox.environment(), stdout: .file(out, append: false),
            stderr: .file(err, append: false))
        defer { reap(pid) }
        func lines(_ path: String) -> [Substring] {
            ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n")
        }
        try waitUntil("the first board") { lines(out).count == 1 }
        // Three heartbeats (1.5 s of quiet, a ping, its answer) without a reconnection: a reconnection
        // prints a warning and a second board.
        let quiet = (try? waitUntil("a reconnection", timeout: 5) { !lines(err).isEmpty || lines(out).count > 1 }) == nil
        #expect(quiet, "stdout: \(lines(out).count) boards; stderr: \(lines(err))")
        // And it still follows the board.
        #expect(try sandbox.board("clock", "advance", "1h").status == 0)
        try waitUntil("the board after the clock moved") { lines(out).count == 2 }
        #expect(lines(err).isEmpty)
    }

    /// `board watch --date D` in a pipe whose day has left the window when a daemon answers again (one
    /// started at a later day): the refusal is said once on stderr and today's board followed, where
    /// the watch went on reconnecting for good, taking the refusal for a daemon gone.
    @Test func watchInAPipeOfADayThatLeftTheWindowFollowsToday() throws {
        let sandbox = Sandbox()
        let first = try RunningDaemon(sandbox: sandbox)
        let out = sandbox.path + "/watch.out"
        let err = sandbox.path + "/watch.err"
        let pid = try spawnChild(
            [Binaries.board, "watch", "--date", "2026-12-01", "--json"], environment: sandbox.environment(),
            stdout: .file(out, append: false), stderr: .file(err, append: false))
        defer { reap(pid) }
        func lines(_ path: String) -> [Substring] {
            ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n")
        }
        try waitUntil("the first board") { lines(out).count == 1 }
        #expect(try first.stop() == 0)
        let later = try RunningDaemon(sandbox: sandbox, now: "2026-12-02T12:00:00-05:00")
        defer { _ = try? later.stop() }
        try waitUntil("today's board from the later daemon", timeout: 15) {
            lines(out).last.flatMap { try? JSON.parse(Array($0.utf8)) }?["date"]?.string == "2026-12-02"
        }
        let said = lines(err).filter { $0.contains("outside the board's window") }
        #expect(said.count == 1, "\(lines(err))")
        #expect(said.first?.contains("2026-12-01 is outside") == true && said.first?.contains("Following today's board") == true)
    }
}

enum LocalDatePad {
    static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
