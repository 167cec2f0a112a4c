import BoardProtocol
import BoardSystem
import Foundation
import Glibc
import Testing

/// The daemon's second event loop (issue 14): every other client's reads, after its first, are served
/// on the second core, from the main loop's service as of its last change. Clients can never tell which
/// loop they are on.
@Suite struct ReadLoopTests {
    /// Enough clients that some are on the read loop: every other one moves there after its first read.
    static let clientsPerRound = 6

    @Test func theDaemonServesOnASecondThreadWhenThereIsASecondCore() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        // By name (a sanitizer adds threads of its own), once the thread has named itself.
        func threadNames() -> [String] {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(daemon.pid)/task")) ?? []
            return tasks.compactMap { try? String(contentsOfFile: "/proc/\(daemon.pid)/task/\($0)/comm", encoding: .utf8) }
                .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        }
        if ProcessInfo.processInfo.activeProcessorCount > 1 {
            try waitUntil("the read loop's thread, boardd-read") { threadNames().contains("boardd-read") }
        }
        let readLoops = threadNames().filter { $0 == "boardd-read" }.count
        #expect(readLoops == (ProcessInfo.processInfo.activeProcessorCount > 1 ? 1 : 0), "\(threadNames())")
        try daemon.stop()
    }

    @Test func readsOnEveryClientShowAClockMoveOnceItsMoverIsAnswered() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        let mover = try connect(daemon)
        let readers = try (0..<Self.clientsPerRound).map { _ in try connect(daemon) }
        for minute in 1...20 {
            try mover.send(#"{"id":\#(minute),"method":"clock.advance","params":{"minutes":1}}"# + "\n")
            let moved = try #require(try mover.readLine()?["result"]?["now"]?.string)
            for (index, reader) in readers.enumerated() {
                // Both a cached board (its "now" spliced in) and the clock itself.
                try reader.send(#"{"id":1,"method":"board.get"}"# + "\n" + #"{"id":2,"method":"clock.get"}"# + "\n")
                let board = try reader.readLine()?["result"]?["now"]?.string
                let clock = try reader.readLine()?["result"]?["now"]?.string
                #expect(
                    board == moved && clock == moved, "client \(index) after move \(minute): \(board ?? "-"), \(clock ?? "-")")
            }
        }
        try daemon.stop()
    }

    @Test func clientsThatReadThenWatchAreOfferedEveryMovesBoard() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        let mover = try connect(daemon)
        let watchers = try (0..<Self.clientsPerRound).map { index in
            let watcher = try connect(daemon)
            // Two reads first, the second on the read loop for every other client; then the watch
            // hands it back to the main loop.
            try watcher.send(#"{"id":7,"method":"board.get"}"# + "\n" + #"{"id":8,"method":"ping"}"# + "\n")
            #expect(try watcher.readLine()?["id"]?.int == 7 && watcher.readLine()?["id"]?.int == 8)
            // Every other one with pins: a view of its own.
            let params = index.isMultiple(of: 2) ? "{}" : #"{"tab":"departures","pinned":[\#(index)]}"#
            try watcher.send(#"{"id":1,"method":"board.watch","params":\#(params)}"# + "\n")
            let reply = try watcher.readLine()
            #expect(reply?["id"]?.int == 1 && reply?["result"]?["now"] != nil, "\(String(describing: reply))")
            return watcher
        }
        for minute in 1...10 {
            try mover.send(#"{"id":\#(minute),"method":"clock.advance","params":{"minutes":7}}"# + "\n")
            let moved = try #require(try mover.readLine()?["result"]?["now"]?.string)
            for (index, watcher) in watchers.enumerated() {
                let pushed = try watcher.readLine()
                #expect(
                    pushed?["event"]?.string == "board" && pushed?["seq"]?.int == minute
                        && pushed?["result"]?["now"]?.string == moved,
                    "watcher \(index), move \(minute): \(pushed?["result"]?["now"]?.string ?? "-")")
            }
        }
        try daemon.stop()
    }

    @Test func aClientThatAsksMoreThanReadsGetsEveryAnswerInOrderThenItsWatch() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        let other = try connect(daemon)
        // Two clients in a row: one of them moves to the read loop after its first answer, and comes
        // back to the main loop at the clock move, with the rest of its line.
        for round in 0..<2 {
            let client = try connect(daemon)
            let requests = [
                #"{"id":1,"method":"board.get"}"#,
                #"{"id":2,"method":"clock.get"}"#,
                #"{"id":3,"method":"clock.advance","params":{"minutes":5}}"#,
                #"{"id":4,"method":"board.get"}"#,
                #"{"id":5,"method":"search","params":{"text":"denver"}}"#,
                #"{"id":6,"method":"board.watch"}"#,
                #"{"id":7,"method":"flight.soonest"}"#,
            ]
            try client.send(requests.map { $0 + "\n" }.joined())
            var replies: [JSON] = []
            for _ in requests { replies.append(try #require(try client.readLine())) }
            #expect(replies.map { $0["id"]?.int } == Array(1...7), "round \(round): every answer once, in order")
            #expect(replies.allSatisfy { $0["error"] == nil }, "round \(round): \(replies.filter { $0["error"] != nil })")
            let before = replies[0]["result"]?["now"]?.string
            let moved = replies[2]["result"]?["now"]?.string
            #expect(before != nil && moved != nil && before != moved)
            #expect(replies[1]["result"]?["now"]?.string == before, "the clock before the move")
            #expect(replies[3]["result"]?["now"]?.string == moved, "the board after the move")
            #expect(replies[5]["result"]?["now"]?.string == moved, "the watch starts at the move")
            // Another client's move reaches the watch.
            try other.send(#"{"id":9,"method":"clock.advance","params":{"minutes":1}}"# + "\n")
            let next = try #require(try other.readLine()?["result"]?["now"]?.string)
            let pushed = try client.readLine()
            #expect(pushed?["event"]?.string == "board" && pushed?["result"]?["now"]?.string == next)
        }
        try daemon.stop()
    }

    /// A search reads every day of the window: the read loop answers it, even as a client's first
    /// request, so that a clock move and the boards it brings watchers never wait for one. Cold, in a
    /// window of 144,000 flights, the search makes every day (seconds in a debug build); the move is
    /// answered and pushed meanwhile.
    @Test(.enabled(if: ProcessInfo.processInfo.activeProcessorCount > 1, "one loop answers all on one core"))
    func aSearchOfTheWholeWindowHoldsUpNoClockMoveAndNoWatcher() throws {
        let sandbox = Sandbox()
        let config = sandbox.path + "/large.json"
        try #"{"days": 240, "flightsPerDay": 600}"#.write(toFile: config, atomically: true, encoding: .utf8)
        let daemon = try RunningDaemon(sandbox: sandbox, extra: ["--config", config])
        let watcher = try connect(daemon)
        try watcher.send(#"{"id":1,"method":"board.watch"}"# + "\n")
        #expect(try watcher.readLine()?["id"]?.int == 1)
        let searcher = try connect(daemon)
        let mover = try connect(daemon)
        try searcher.send(#"{"id":1,"method":"search","params":{"text":"a"}}"# + "\n")
        try mover.send(#"{"id":1,"method":"clock.advance","params":{"minutes":1}}"# + "\n")
        let moved = try #require(try mover.readLine(timeout: 60)?["result"]?["now"]?.string)
        #expect(
            try !searcher.descriptor.waitUntilReadable(timeoutMilliseconds: 0), "the search is still being answered")
        let pushed = try watcher.readLine(timeout: 60)
        #expect(pushed?["event"]?.string == "board" && pushed?["result"]?["now"]?.string == moved)
        #expect(
            try !searcher.descriptor.waitUntilReadable(timeoutMilliseconds: 0),
            "the search is still being answered while the move and its board are out")
        let found = try searcher.readLine(timeout: 120)
        #expect(found?["id"]?.int == 1 && (found?["result"]?["total"]?.int ?? 0) > 40_000, "\(String(describing: found))")
        // The searcher stays on the read loop for its reads, and comes back for a watch.
        try searcher.send(#"{"id":2,"method":"board.get"}"# + "\n" + #"{"id":3,"method":"board.watch"}"# + "\n")
        #expect(try searcher.readLine(timeout: 60)?["result"]?["now"]?.string == moved)
        #expect(try searcher.readLine(timeout: 60)?["id"]?.int == 3)
        try mover.send(#"{"id":2,"method":"clock.advance","params":{"minutes":1}}"# + "\n")
        let next = try #require(try mover.readLine(timeout: 60)?["result"]?["now"]?.string)
        #expect(try searcher.readLine(timeout: 60)?["result"]?["now"]?.string == next, "the watch the search's client began")
        try daemon.stop()
    }

    /// Each loop looks for more work for a moment after it serves (`ConnectionLoop.pollAfterWork`), then
    /// sleeps: clients that stay connected and silent after a burst cost the daemon no CPU.
    @Test func afterABurstBothLoopsGoBackToSleep() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        let clients = try (0..<Self.clientsPerRound).map { _ in try connect(daemon) }
        for round in 1...50 {
            for client in clients { try client.send(#"{"id":\#(round),"method":"ping"}"# + "\n") }
            for client in clients { #expect(try client.readLine()?["id"]?.int == round) }
        }
        // A second with every client connected and silent: a loop still polling would use all of it.
        let (used, wall) = try cpuUse(daemon.pid)
        #expect(used < wall * 0.1, "the daemon used \(used) s of CPU in \(wall) s with its clients silent")
        try daemon.stop()
    }

    /// A client that has asked only reads leaves a main loop busy with a move's fan-out: answered on the
    /// main loop within `BoardServer.busyAfterPublishing` of a move that a watcher is offered, it moves
    /// to the read loop. Of two readers connected one after the other, one is the main loop's by turns;
    /// after a few moves, each followed by both readers' pings, both are on the read loop (the mover
    /// and the watcher stay on the main).
    @Test(.enabled(if: ProcessInfo.processInfo.activeProcessorCount > 1, "one loop answers all on one core"))
    func aReaderAnsweredDuringAMovesFanOutMovesToTheReadLoop() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        let watcher = try connect(daemon)
        try watcher.send(#"{"id":1,"method":"board.watch"}"# + "\n")
        #expect(try watcher.readLine()?["id"]?.int == 1)
        let mover = try connect(daemon)
        let readers = try (0..<2).map { _ in try connect(daemon) }
        func ping(_ client: RawClient) throws {
            try client.send(#"{"id":1,"method":"ping"}"# + "\n")
            #expect(try client.readLine()?["id"]?.int == 1)
        }
        for reader in readers { try ping(reader) }
        var moves = 1
        func move() throws {
            try mover.send(#"{"id":\#(moves),"method":"clock.advance","params":{"minutes":1}}"# + "\n")
            #expect(try mover.readLine()?["id"]?.int == moves)
        }
        try move()  // the mover's first request: on the main loop from here on, whichever loop accepted it
        /// The status line's counts: clients in all, and on the read loop.
        func counts() throws -> (all: Int, read: Int) {
            let before = daemon.logText().components(separatedBy: "SIGUSR2: serving").count
            kill(daemon.pid, SIGUSR2)
            try waitUntil("the status line", timeout: 10) {
                daemon.logText().components(separatedBy: "SIGUSR2: serving").count > before
            }
            let line = try #require(daemon.logText().split(separator: "\n").last { $0.contains("SIGUSR2: serving") })
            let all = try #require(line.firstMatch(of: #/ (\d+) client\(s\)/#).flatMap { Int($0.output.1) })
            let read = try #require(line.firstMatch(of: #/ (\d+) on the read loop/#).flatMap { Int($0.output.1) })
            return (all, read)
        }
        // The readiness probe of the harness may still be counted for a moment.
        try waitUntil("four clients connected") { try counts().all == 4 }
        #expect(try counts().read == 1, "one reader on each loop before any move")
        try waitUntil("both readers on the read loop", timeout: 30) {
            moves += 1
            try move()
            for reader in readers { try ping(reader) }
            while try watcher.descriptor.waitUntilReadable(timeoutMilliseconds: 0) { _ = try watcher.readLine() }
            return try counts().read == 2
        }
        #expect(try counts() == (4, 2), "the mover and the watcher stay on the main loop")
    }

    /// Each loop's thread asks the scheduler for 300 µs slices (`ConnectionLoop.schedulerSlice`), as
    /// the kernel's own record of each thread says (`se.slice` in /proc/PID/task/TID/sched).
    @Test func bothLoopsAskForShortSchedulerSlices() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        /// Each thread's slice, the main loop's under "main" (the thread whose id is the process's) and
        /// the others' by name: a sanitizer's own threads take the process's name too.
        func slices() -> [String: Int] {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(daemon.pid)/task")) ?? []
            var found: [String: Int] = [:]
            for task in tasks {
                let directory = "/proc/\(daemon.pid)/task/\(task)"
                guard let name = try? String(contentsOfFile: directory + "/comm", encoding: .utf8),
                    let sched = try? String(contentsOfFile: directory + "/sched", encoding: .utf8),
                    let line = sched.split(separator: "\n").first(where: { $0.hasPrefix("se.slice ") }),
                    let value = line.split(separator: ":").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) })
                else { continue }
                found[task == "\(daemon.pid)" ? "main" : name.trimmingCharacters(in: .whitespacesAndNewlines)] = value
            }
            return found
        }
        guard slices()["main"] != nil else {
            print("skipped: this kernel's /proc/PID/task/TID/sched has no se.slice (custom slices came in Linux 6.12)")
            return
        }
        var loops = ["main"]
        if ProcessInfo.processInfo.activeProcessorCount > 1 { loops.append("boardd-read") }
        try waitUntil("both loops' slices") { loops.allSatisfy { slices()[$0] == 300_000 } }
        try daemon.stop()
    }

    private func connect(_ daemon: RunningDaemon) throws -> RawClient {
        let client = try RawClient(path: daemon.socket)
        #expect(try client.readLine()?["type"]?.string == "hello")
        return client
    }
}
