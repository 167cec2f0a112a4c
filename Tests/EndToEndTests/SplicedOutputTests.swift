import BoardProtocol
import BoardSystem
import Foundation
import Glibc
import Testing

/// The daemon sends a board's rows by reference (`vmsplice` and `splice`, `SpliceWriter`): the kernel
/// holds the rows' pages until the reader reads them. What a reader gets must be what the daemon
/// encoded, however late it reads: after the clock moved on, the board was dropped and its pages
/// unmapped, and the writer's pages for headers were used up and unmapped many times over.
@Suite struct SplicedOutputTests {
    static let tabs = ["all", "arrivals", "departures"]

    /// Each board a prompt client gets, by tab and "now": what a late reader must get for the same.
    struct Expected {
        var boards: [String: JSON] = [:]
        mutating func record(_ tab: String, _ board: JSON) { boards[tab + " " + (board["now"]?.string ?? "?")] = board }
        func board(_ tab: String, at now: String) -> JSON? { boards[tab + " " + now] }
    }

    /// A daemon whose days have 3,000 flights: the All board is 1.4 MB, Arrivals about 700 KB.
    static func largeDayDaemon() throws -> RunningDaemon {
        let sandbox = Sandbox()
        let config = sandbox.path + "/boardd.json"
        try #"{"days": 2, "flightsPerDay": 3000}"#.write(toFile: config, atomically: true, encoding: .utf8)
        // Readers here wait on purpose while the test parses boards of a megabyte: no stall deadline
        // (30 s by default) may drop them on a machine slowed by a sanitizer.
        return try RunningDaemon(sandbox: sandbox, extra: ["--config", config, "--stall-timeout", "3600"])
    }

    static func connect(_ daemon: RunningDaemon) throws -> RawClient {
        let client = try RawClient(path: daemon.socket)
        #expect(try client.readLine()?["type"]?.string == "hello")
        return client
    }

    static func fetch(_ client: RawClient, tab: String, id: Int) throws -> JSON {
        try client.send(#"{"id":\#(id),"method":"board.get","params":{"tab":"\#(tab)"}}"# + "\n")
        let reply = try #require(try client.readLine(timeout: 30))
        #expect(reply["id"]?.int == id)
        return try #require(reply["result"])
    }

    @Test func repliesReadLateAreTheBoardsTheyWereAfterTheirBoardsAreGone() throws {
        let sandbox = Sandbox()
        // The late reader waits on purpose: no stall deadline may drop it on a machine slowed by a sanitizer.
        let daemon = try RunningDaemon(sandbox: sandbox, extra: ["--stall-timeout", "3600"])
        defer { _ = try? daemon.stop() }
        let mover = try Self.connect(daemon)
        let prompt = try Self.connect(daemon)
        let late = try Self.connect(daemon)
        var expected = Expected()
        var sent = 0
        // 40 moves of 25 minutes: nearly every one changes a status, so each tab's board is built
        // again and the one before is dropped while the late reader's socket still holds its rows.
        for step in 0...40 {
            if step > 0 {
                try mover.send(#"{"id":\#(step),"method":"clock.advance","params":{"minutes":25}}"# + "\n")
                #expect(try mover.readLine(timeout: 30)?["result"] != nil)
            }
            for tab in Self.tabs {
                sent += 1
                try late.send(#"{"id":\#(sent),"method":"board.get","params":{"tab":"\#(tab)"}}"# + "\n")
            }
            for (index, tab) in Self.tabs.enumerated() { expected.record(tab, try Self.fetch(prompt, tab: tab, id: index)) }
        }
        // Boards the late reader's requests were answered with after the last move, if reading paused.
        for tab in Self.tabs { expected.record(tab, try Self.fetch(prompt, tab: tab, id: 99)) }
        for id in 1...sent {
            let reply = try #require(try late.readLine(timeout: 30), "reply \(id) of \(sent)")
            #expect(reply["id"]?.int == id)
            let tab = Self.tabs[(id - 1) % Self.tabs.count]
            let result = try #require(reply["result"])
            let now = try #require(result["now"]?.string)
            #expect(result == expected.board(tab, at: now), "reply \(id) (\(tab) at \(now)) differs from the board sent at once")
        }
    }

    @Test func aWatcherThatReadsLateGetsWholeBoards() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        defer { _ = try? daemon.stop() }
        let mover = try Self.connect(daemon)
        let prompt = try Self.connect(daemon)
        let watcher = try Self.connect(daemon)
        try watcher.send(#"{"id":5,"method":"board.watch","params":{"tab":"all"}}"# + "\n")
        // The watch is in place before the clock moves (a request on another connection is not ordered
        // after it), without reading the watcher's socket.
        try daemon.waitForWatchers(1)
        var expected = Expected()
        var finalNow = try #require(try Self.fetch(prompt, tab: "all", id: 0)["now"]?.string)
        expected.record("all", try Self.fetch(prompt, tab: "all", id: 0))
        for step in 1...40 {
            try mover.send(#"{"id":\#(step),"method":"clock.advance","params":{"minutes":25}}"# + "\n")
            #expect(try mover.readLine(timeout: 30)?["result"] != nil)
            let board = try Self.fetch(prompt, tab: "all", id: step)
            expected.record("all", board)
            finalNow = try #require(board["now"]?.string)
        }
        // The first reply, then boards (a watcher behind gets the newest, never a backlog), up to the
        // board of the last move.
        var lastNow = ""
        var boards = 0
        while lastNow != finalNow, let line = try watcher.readLine(timeout: 30) {
            #expect(line["id"]?.int == 5)
            let board = try #require(line["result"])
            let now = try #require(board["now"]?.string)
            #expect(board == expected.board("all", at: now), "board \(boards) at \(now) differs from the board sent at once")
            lastNow = now
            boards += 1
        }
        #expect(lastNow == finalNow, "the late watcher was sent the board of the last move")
        #expect(boards >= 2)
    }

    /// Pinned rows and headers are copied into pages the daemon uses once: a late watcher's boards
    /// are whole after those pages were used up and unmapped (a view's pinned rows, several KiB a board,
    /// wear through a megabyte of them in a few hundred boards).
    @Test func pinnedViewsReadLateAreWholeAfterTheirCopiesWereUsedUp() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        defer { _ = try? daemon.stop() }
        let mover = try Self.connect(daemon)
        let setup = try Self.connect(daemon)
        let flights = try #require(try Self.fetch(setup, tab: "all", id: 1)["flights"]?.array)
        let pins = flights.indices.filter { $0.isMultiple(of: 2) }.compactMap { flights[$0]["id"]?.int }
        let watch = #"{"id":5,"method":"board.watch","params":{"tab":"all","pinned":\#(pins)}}"# + "\n"
        let prompt = try Self.connect(daemon)
        let late = try Self.connect(daemon)
        try prompt.send(watch)
        try late.send(watch)
        try daemon.waitForWatchers(2)
        var expected: [String: JSON] = [:]
        func readPrompt() throws -> String {
            let board = try #require(try prompt.readLine(timeout: 30)?["result"])
            let now = try #require(board["now"]?.string)
            expected[now] = board
            return now
        }
        var finalNow = try readPrompt()
        for step in 1...200 {  // ten hours: the pinned flights stay on the board
            try mover.send(#"{"id":\#(step),"method":"clock.advance","params":{"minutes":3}}"# + "\n")
            #expect(try mover.readLine(timeout: 30)?["result"] != nil)
            finalNow = try readPrompt()
        }
        var lastNow = ""
        var boards = 0
        while lastNow != finalNow, let line = try late.readLine(timeout: 30) {
            let board = try #require(line["result"])
            let now = try #require(board["now"]?.string)
            #expect(board == expected[now], "board \(boards) at \(now) differs from the one the prompt watcher got")
            #expect(board["flights"]?.array?.first?["pinned"]?.bool == true)
            lastNow = now
            boards += 1
        }
        #expect(lastNow == finalNow, "the late watcher was sent the board of the last move")
        #expect(boards >= 2)
    }

    /// A client whose socket is full is not written again until epoll says it takes more: each try
    /// would splice up to 128 KiB into the pipe and read it all back (60 such clients each sending a
    /// ping every 2 ms kept the daemon at 99% of a core). The status line counts what was read back.
    @Test func aClientWhoseSocketIsFullIsNotTriedUntilItDrains() throws {
        let daemon = try Self.largeDayDaemon()
        defer { _ = try? daemon.stop() }
        // A watcher (served by the main loop, as every client's first request is) that never reads:
        // its first board, about 700 KB, fills its socket and waits, under the 1 MiB queue limit.
        let stuck = try Self.connect(daemon)
        try stuck.send(#"{"id":1,"method":"board.watch","params":{"tab":"arrivals"}}"# + "\n")
        for ping in 1...50 {
            try stuck.send(#"{"id":\#(ping + 1),"method":"ping"}"# + "\n")
            // A new client's first request is answered by the main loop after it has read what came
            // before it: the stuck client's ping was answered, and its output tried, by then.
            let other = try Self.connect(daemon)
            try other.send(#"{"id":1,"method":"ping"}"# + "\n")
            #expect(try other.readLine(timeout: 30)?["id"]?.int == 1)
        }
        func statusLines() -> [Substring] { daemon.logText().split(separator: "\n").filter { $0.contains("SIGUSR2: serving") } }
        kill(daemon.pid, SIGUSR2)
        try waitUntil("the status line", timeout: 10) { !statusLines().isEmpty }
        let line = String(statusLines().last ?? "")
        let readBack = try #require(
            line.firstMatch(of: /(\d+) KiB read back from splices/).flatMap { Int($0.1) }, "status line: \(line)")
        // The board's first splices may leave one partial batch to read back; fifty tries would leave fifty.
        #expect(readBack <= 256, "read back \(readBack) KiB: \(line)")
    }

    /// A board larger than the pipe and the socket's buffer goes in parts, each splice taking what the
    /// socket has room for; the rest is sent again from where it stopped.
    @Test func aBoardLargerThanThePipeArrivesWhole() throws {
        let daemon = try Self.largeDayDaemon()
        defer { _ = try? daemon.stop() }
        let prompt = try Self.connect(daemon)
        let late = try Self.connect(daemon)
        let mover = try Self.connect(daemon)
        try late.send(#"{"id":1,"method":"board.get","params":{"tab":"all"}}"# + "\n")
        try late.send(#"{"id":2,"method":"board.get","params":{"tab":"departures"}}"# + "\n")
        let all = try Self.fetch(prompt, tab: "all", id: 1)
        let departures = try Self.fetch(prompt, tab: "departures", id: 2)
        try mover.send(#"{"id":1,"method":"clock.advance","params":{"minutes":60}}"# + "\n")
        #expect(try mover.readLine(timeout: 30)?["result"] != nil)
        // The same boards after the move: the late client's requests may be read on either side of it
        // (the daemon does not order requests across connections), and each reply is one of the two.
        let allAfter = try Self.fetch(prompt, tab: "all", id: 3)
        let departuresAfter = try Self.fetch(prompt, tab: "departures", id: 4)
        #expect(allAfter["now"] != all["now"])
        let first = try #require(try late.readLine(timeout: 60))
        let second = try #require(try late.readLine(timeout: 60))
        #expect(first["result"]?["flights"]?.array?.count ?? 0 > 2000)
        #expect(first["result"] == (first["result"]?["now"] == all["now"] ? all : allAfter))
        #expect(second["result"] == (second["result"]?["now"] == departures["now"] ? departures : departuresAfter))
    }
}
