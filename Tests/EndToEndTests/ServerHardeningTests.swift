import BoardLink
import BoardProtocol
import BoardSystem
import Foundation
import Glibc
import Testing

/// No single client crashes, stalls or bloats the daemon (issue 12): descriptors, fairness, bounded replies.
@Suite struct ServerHardeningTests {
    // MARK: Descriptor exhaustion

    @Test(.enabled(if: which("prlimit") != nil, "needs prlimit"))
    func underALowDescriptorLimitTheExtraClientsAreRefusedAndNothingSpins() throws {
        let prlimit = try #require(which("prlimit"))
        let sandbox = Sandbox()
        let daemon = try LimitedDaemon(sandbox: sandbox, prlimit: prlimit, descriptors: 64)
        #expect(daemon.logText().contains("serving at most 32 clients, not 10000"), "\(daemon.logText())")
        let good = try RawClient(path: daemon.socket)
        #expect(try good.readLine()?["type"]?.string == "hello")
        // Far more clients than descriptors: each gets the hello or tooManyClients, none hangs.
        var held: [RawClient] = []
        var refused = 0
        for _ in 0..<100 {
            let client = try RawClient(path: daemon.socket)
            let first = try client.readLine(timeout: 5)
            if first?["type"]?.string == "hello" {
                held.append(client)
            } else {
                #expect(first?["error"]?["code"]?.string == "tooManyClients", "\(String(describing: first))")
                refused += 1
            }
        }
        #expect(held.count <= 31 && refused >= 69, "\(held.count) served, \(refused) refused")
        try expectIdleWhileAnswering(good, daemon: daemon.pid)
        #expect(daemon.logText().split(separator: "\n").count < 10, "refusals are not logged one by one")
        try daemon.stop()
    }

    @Test(.enabled(if: which("prlimit") != nil, "needs prlimit"))
    func outOfDescriptorsTheSpareIsReleasedToRefuseAndNothingSpins() throws {
        let prlimit = try #require(which("prlimit"))
        let sandbox = Sandbox()
        let daemon = try LimitedDaemon(sandbox: sandbox, prlimit: prlimit, descriptors: 256)
        let good = try RawClient(path: daemon.socket)
        #expect(try good.readLine()?["type"]?.string == "hello")
        // Lower the running daemon's limit below its --max-clients: accept now fails with EMFILE.
        let lowered = try run(prlimit, ["--pid", String(daemon.pid), "--nofile=40:40"], environment: [:])
        #expect(lowered.status == 0, "\(lowered.stderr)")
        var held: [RawClient] = []
        var refusals: [String] = []
        for _ in 0..<80 {
            let client = try RawClient(path: daemon.socket)
            let first = try client.readLine(timeout: 5)
            if first?["type"]?.string == "hello" {
                held.append(client)
            } else {
                refusals.append(first?["error"]?["code"]?.string ?? "\(String(describing: first))")
            }
        }
        #expect(!refusals.isEmpty && refusals.allSatisfy { $0 == "tooManyClients" }, "\(refusals)")
        try expectIdleWhileAnswering(good, daemon: daemon.pid)
        let warnings = daemon.logText().split(separator: "\n").filter { $0.contains("out of file descriptors") }
        #expect((1...2).contains(warnings.count), "logged once (per 10 s), not per refusal: \(warnings.count)")
        // Once clients leave, new ones are served again.
        held.removeAll()
        try waitUntil("a new client served after others left", timeout: 5) {
            try RawClient(path: daemon.socket).readLine()?["type"]?.string == "hello"
        }
        try daemon.stop()
    }

    // MARK: Fairness

    @Test func aClientPipeliningAThousandSearchesDoesNotHoldUpAnothersRequest() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        let hostile = try RawClient(path: daemon.socket)
        let good = try RawClient(path: daemon.socket)
        #expect(try hostile.readLine()?["type"]?.string == "hello")
        #expect(try good.readLine()?["type"]?.string == "hello")
        // A thousand one-minute clock moves, each followed by a search, in one write; the hostile
        // client reads nothing yet. Both clients' requests are sent while the daemon is stopped, so
        // its next turn finds both waiting: its clock then says how far it got into the pipeline
        // before the good client's request was served, the daemon's own order whatever the test's timing.
        // A clock move first: a search as a client's first request would send it to the read loop.
        let pipeline = (1...1000).map { n in
            #"{"id":\#(n),"method":"clock.advance","params":{"minutes":1}}"# + "\n"
                + #"{"id":\#(n),"method":"search","params":{"text":"zzzz"}}"# + "\n"
        }.joined()
        #expect(kill(daemon.pid, SIGSTOP) == 0)
        try hostile.send(pipeline)
        try good.send(#"{"id":1,"method":"clock.get"}"# + "\n")
        #expect(kill(daemon.pid, SIGCONT) == 0)
        let now = try #require(try good.readLine(timeout: 10)?["result"]?["now"]?.string)
        let start = try #require(ISO8601DateFormatter().date(from: "2026-11-30T12:00:00-05:00"))
        let moved = Int(try #require(ISO8601DateFormatter().date(from: now)).timeIntervalSince(start) / 60)
        // Shares of 16 requests: a few shares before the good client's turn. Without shares, every
        // request read in one go (64 KiB, about 580 moves) is answered first.
        #expect(moved < 50, "\(moved) of the hostile client's 1,000 clock moves were served first")
        var replies = 0
        // Every request is answered in the end: one deadline for them all (a sanitizer is slow).
        let deadline = Date().addingTimeInterval(120)
        while replies < 2000, Date() < deadline, try hostile.readLine(timeout: 10) != nil { replies += 1 }
        #expect(replies == 2000)
        try daemon.stop()
    }

    /// Answers are written at the end of the loop's turn. A client that pipelines more boards than its
    /// output may hold, and reads nothing for a while, is stopped by its output; once it reads, every
    /// answer still comes, in order (a drained client is put back to be served: nothing else would
    /// wake it, as it sends nothing more).
    @Test func aPipelinerStoppedByItsOwnOutputGetsEveryAnswerInOrderOnceItReads() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        let client = try RawClient(path: daemon.socket)
        #expect(try client.readLine()?["type"]?.string == "hello")
        // 200 boards of about 14 KiB: nearly 3 MiB, three times what one client's output may hold.
        let count = 200
        try client.send((1...count).map { #"{"id":\#($0),"method":"board.get"}"# + "\n" }.joined())
        try waitUntil("the daemon to stop on the client's output") { unreadBytes(client.descriptor) > 100_000 }
        var ids: [Int] = []
        let deadline = Date().addingTimeInterval(120)
        while ids.count < count, Date() < deadline, let reply = try client.readLine(timeout: 10) {
            ids.append(reply["id"]?.int ?? -1)
        }
        #expect(ids == Array(1...count), "every answer, once and in order")
        try daemon.stop()
    }

    // MARK: Bounded replies

    @Test func aSearchReplyHoldsAtMostTwoHundredFlightsAndTheClientSaysHowManyMore() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        let json = try sandbox.board("search", "a", "--json")
        #expect(json.status == 0, "\(json.stderr)")
        let document = try #require(json.json)
        let total = try #require(document["total"]?.int)
        #expect(total > 200 && document["count"]?.int == 200 && document["next"]?.string == "200")
        let text = try runOnTerminal(Binaries.board, ["search", "a"], environment: sandbox.environment())
        #expect(text.status == 0)
        #expect(
            text.stderr.contains("\(total - 200) more not shown") && text.stderr.contains("narrow the search"), "\(text.stderr)")
        let few = try runOnTerminal(Binaries.board, ["search", "denver"], environment: sandbox.environment())
        #expect(few.stderr.isEmpty && few.stdout.contains("flights matching"))
        let piped = try sandbox.board("search", "a")
        #expect(piped.stderr.isEmpty, "quiet in a pipe: --json has total and next")
        #expect(piped.stdout.hasPrefix("\(total) flights matching \"a\" (the first 200 shown)"), "the list says it is cut")
        try daemon.stop()
    }

    /// `--all-pages` reads every page and prints them as one: the flights the protocol's pages hold,
    /// in order, once each, with the daemon's total and a null `next`; on a terminal, nothing more
    /// to say.
    @Test func allPagesReadsEveryPageAsOne() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        // The pages as a script of the protocol reads them.
        let client = try RawClient(path: daemon.socket)
        #expect(try client.readLine()?["type"]?.string == "hello")
        var paged: [Int] = []
        var cursor = JSON.null
        repeat {
            let params: JSON = ["text": "a", "cursor": cursor]
            try client.send(JSON.object([("id", 1), ("method", "search"), ("params", params)]).text + "\n")
            let reply = try #require(try client.readLine()?["result"])
            paged += (reply["days"]?.array ?? []).flatMap { $0["flights"]?.array ?? [] }.compactMap { $0["id"]?.int }
            cursor = reply["next"] ?? .null
        } while cursor != .null
        #expect(paged.count > 200, "more than a page")
        let json = try sandbox.board("search", "a", "--all-pages", "--json")
        #expect(json.status == 0, "\(json.stderr)")
        let document = try #require(json.json)
        let ids = (document["days"]?.array ?? []).flatMap { $0["flights"]?.array ?? [] }.compactMap { $0["id"]?.int }
        #expect(ids == paged)
        #expect(document["count"]?.int == paged.count && document["total"]?.int == paged.count)
        #expect(document["next"] == .null && document["filter"] == nil)
        let dates = (document["days"]?.array ?? []).compactMap { $0["date"]?.string }
        #expect(dates == Array(Set(dates)).sorted(), "one group a day, across the pages' seams")
        let text = try runOnTerminal(Binaries.board, ["search", "a", "--all-pages"], environment: sandbox.environment())
        #expect(text.status == 0 && text.stderr.isEmpty, "\(text.stderr)")
        #expect(
            text.stdout.hasPrefix("\(paged.count) flights matching \"a\"\r\n")
                || text.stdout.hasPrefix("\(paged.count) flights matching \"a\"\n"))
        let first = try runOnTerminal(Binaries.board, ["search", "a"], environment: sandbox.environment())
        #expect(first.stderr.contains("add --all-pages"), "the note says how to see the rest: \(first.stderr)")
        try daemon.stop()
    }

    @Test(.disabled(if: Sanitizers.active, "a sanitizer keeps freed memory for itself"))
    func memoryReturnsAfterClientsThatPipelinedSearchesAndStoppedReadingLeave() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        // Warm up what stays: the schedule, the encodings.
        _ = try sandbox.board("search", "a", "--json")
        _ = try sandbox.board("--json")
        let start = try memoryKiB(daemon.pid).resident
        // 60 clients each pipeline 40 large searches and read nothing: about 1 MiB queued for each.
        let line = #"{"id":1,"method":"search","params":{"text":"a"}}"# + "\n"
        var attackers: [RawClient] = []
        for _ in 0..<60 {
            let client = try RawClient(path: daemon.socket)
            try client.send(String(repeating: line, count: 40))
            attackers.append(client)
        }
        try waitUntil("the daemon to hold the attackers' replies", timeout: 60) {
            try memoryKiB(daemon.pid).resident > start + 40 * 1024
        }
        attackers.removeAll()
        try waitUntil("resident memory back within 32 MiB of the start", timeout: 10) {
            try memoryKiB(daemon.pid).resident < start + 32 * 1024
        }
        let good = try RawClient(path: daemon.socket)
        #expect(try good.readLine()?["type"]?.string == "hello")
        try daemon.stop()
    }

    /// Pings `client` 100 times, a few milliseconds apart, and checks the daemon used little CPU meanwhile:
    /// a daemon spinning on a readable listener would use about all of the time.
    func expectIdleWhileAnswering(_ client: RawClient, daemon pid: pid_t) throws {
        let before = try cpuTicks(pid)
        let start = Date()
        for id in 1...100 {
            try client.send("{\"id\":\(id),\"method\":\"ping\"}\n")
            let reply = try client.readLine(timeout: 5)
            #expect(reply?["id"]?.int == id && reply?["result"] != nil, "\(String(describing: reply))")
            _ = poll(nil, 0, 5)  // pacing, so the window is long enough to tell spinning from serving
        }
        let wall = Date().timeIntervalSince(start)
        let used = Double(try cpuTicks(pid) - before) / Double(sysconf(Int32(_SC_CLK_TCK)))
        #expect(used < wall * 0.3, "the daemon used \(used) s of CPU in \(wall) s")
    }
}

/// How many bytes wait unread on `descriptor` (peeked, up to 4 MiB).
func unreadBytes(_ descriptor: FileDescriptor) -> Int {
    var buffer = [UInt8](repeating: 0, count: 4 << 20)
    let n = buffer.withUnsafeMutableBytes { recv(descriptor.rawValue, $0.baseAddress, $0.count, Int32(MSG_PEEK | MSG_DONTWAIT)) }
    return max(0, n)
}

/// User plus system CPU time of `pid`, in clock ticks (/proc/PID/stat fields 14 and 15).
func cpuTicks(_ pid: pid_t) throws -> Int {
    let text = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
    guard let close = text.lastIndex(of: ")") else { return 0 }
    let fields = text[text.index(after: close)...].split(separator: " ")
    // After the name: state is field 3, so utime (14) and stime (15) are at 11 and 12.
    return (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
}

/// The CPU `pid` uses over the next `milliseconds` of wall time, and that time, in seconds: a window
/// measured, not a wait for something to happen (a process spinning would use about all of it).
func cpuUse(_ pid: pid_t, overMilliseconds milliseconds: Int32 = 1000) throws -> (used: Double, wall: Double) {
    let before = try cpuTicks(pid)
    let start = Date()
    _ = poll(nil, 0, milliseconds)
    let wall = Date().timeIntervalSince(start)
    return (Double(try cpuTicks(pid) - before) / Double(sysconf(Int32(_SC_CLK_TCK))), wall)
}

/// Resident and peak memory of `pid` in KiB (/proc/PID/status VmRSS and VmHWM).
func memoryKiB(_ pid: pid_t) throws -> (resident: Int, peak: Int) {
    let text = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    func field(_ name: String) -> Int {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
    return (field("VmRSS"), field("VmHWM"))
}

/// A `boardd` started under `prlimit --nofile=N:N`, on a frozen simulated clock.
final class LimitedDaemon {
    let socket: String
    let pid: pid_t
    let logPath: String
    private var stopped = false

    init(sandbox: Sandbox, prlimit: String, descriptors: Int, extra: [String] = []) throws {
        socket = sandbox.socket
        logPath = sandbox.path + "/boardd-limited.log"
        pid = try spawnChild(
            [
                prlimit, "--nofile=\(descriptors):\(descriptors)", Binaries.boardd, "--socket", socket, "--now",
                "2026-11-30T12:00:00-05:00", "--speed", "0",
            ] + extra,
            environment: sandbox.environment(), stdout: .devNull, stderr: .file(logPath, append: false))
        let path = socket
        try waitUntil("boardd to answer on \(path)", timeout: 10) {
            (try? BoardConnection(path: path, timeoutMilliseconds: 200)) != nil
        }
    }

    func logText() -> String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    func stop() throws {
        kill(pid, SIGTERM)
        _ = try waitForExit(pid)
        stopped = true
    }

    deinit {
        if !stopped {
            kill(pid, SIGKILL)
            reap(pid)
        }
    }
}
