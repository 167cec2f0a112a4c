import BoardProtocol
import BoardSystem
import FoundationEssentials

/// `board bench --hostile KIND`: how long a well-behaved client waits for `ping` while one hostile
/// load runs (`HostileLoad`). One client pings on one connection, one at a time, back to back, and
/// another on a fresh connection each time, every 10 ms (a new client is answered on the main loop
/// first); their p99s are the figures, with the daemon's resident memory (sampled every 50 ms) and
/// CPU time, and, when the load moves the clock, each move's reply time and the CPU time of the
/// daemon's main loop (where moves and fan-outs run) a move, over three more moves made once the
/// pings and the hostile requests have stopped, its readers reading on (`HostileLoad.quietMoves`).
///
/// - `pipeline`: one client writes 1,000 searches (`a`, the largest page) in one write, reads the
///   replies, and again.
/// - `flood`: 8 clients each write 100 `board.get` at a time, read them, and again.
/// - `views`: `--watchers` (default 2,000) watchers, each with its own pin list, and one client
///   moving the clock a minute at a time.
/// - `unread`: `--watchers` `events.watch` subscribers with the least receive buffer that read
///   nothing after the hello, and the clock moved ten minutes at a time; the daemon's memory is read
///   again 5 s after they leave.
/// - `filters`: `--watchers` (default 1,000) subscribers, each pinning its own five flights, and a
///   day-long `clock.advance` every half second.
/// - `trickle`: `--watchers` board watchers reading one byte at a time, and the clock moved a minute
///   at a time.
/// - `kinds`: `--watchers` subscribers with the 63 distinct `kinds` filters, and the clock moved a
///   minute at a time.
/// - `rewatch`: `--watchers` (default 20) connections re-sending `board.watch`, ten a write, reading
///   all, and the clock moved a minute at a time.
///
/// The loads that move the clock need a daemon on a simulated clock.
enum FairnessBench {
    enum Hostile: String, CaseIterable {
        case none, pipeline, flood, views, unread, filters, trickle, kinds, rewatch

        /// How many hostile connections when `--watchers` does not say.
        var defaultCount: Int {
            switch self {
            case .filters: 1000
            case .rewatch: 20
            default: 2000
            }
        }
    }

    /// The daemon's resident memory in KiB: before the hostile clients came, the most seen while they
    /// ran, and 5 s after they left (`unread` only).
    struct Memory {
        var idleKiB: Int?
        var peakKiB: Int?
        var afterKiB: Int?
    }

    struct Result {
        let hostile: Hostile
        /// Pings on one connection kept open.
        let pings: LatencySummary
        /// Pings each on a connection of its own: connect, hello, ping, reply.
        let freshPings: LatencySummary
        let seconds: Double
        /// Replies the hostile side received (boards, changes, answers, clock moves).
        let hostileReplies: Int
        let serverPID: Int32?
        let memory: Memory
        /// Each clock move's reply time, when the load moves the clock.
        let moves: LatencySummary
        /// The daemon's CPU time while the load ran, in seconds.
        let cpuSeconds: Double?
        /// The CPU time of the daemon's main loop a move, in seconds, over moves made after the pings.
        let mainLoopCPUPerMove: Double?
    }

    typealias Failure = BenchRunner.Failure

    static let board = HostileLoad.board

    static func run(path: String, hostile: Hostile, duration: Double, watchers: Int?) throws(Failure) -> Result {
        let count = watchers ?? hostile.defaultCount
        ResourceLimits.raiseOpenFiles(to: count + 64)
        let good = try BenchRunner.open(path, board)
        defer { good.close() }
        let serverPID = UnixSocket.peerPID(good)
        var memory = Memory(idleKiB: BenchRunner.memory(of: serverPID)?.currentKiB)
        var load = HostileLoad(path: path)
        defer { for fd in load.held { fd.close() } }
        try load.start(hostile, count: count)
        let (stop, failure) = (load.stop, load.failure)
        let peak = Locked(memory.idleKiB ?? 0)
        let fresh = Locked<[Double]>([])
        let pinging = Locked(true)
        load.threads.append {
            while !stop.withLock({ $0 }) {
                if let now = BenchRunner.memory(of: serverPID)?.currentKiB { peak.withLock { $0 = max($0, now) } }
                Program.sleep(for: .milliseconds(50))
            }
        }
        load.threads.append {
            while pinging.withLock({ $0 }) {
                guard let took = try? freshPing(path) else {
                    if pinging.withLock({ $0 }) { failure.withLock { $0 = $0 ?? "a fresh connection's ping failed" } }
                    return
                }
                fresh.withLock { $0.append(took) }
                Program.sleep(for: .milliseconds(10))
            }
        }
        let cpuBefore = serverPID.flatMap { Program.cpuSeconds(of: $0) }
        var started: [SystemThread] = []
        do { for body in load.threads { started.append(try SystemThread(body)) } } catch {
            throw Failure(description: "a hostile client's thread: \(error)")
        }

        var samples: [Double] = []
        var buffer: [UInt8] = []
        let scanner = ReplyScanner(protocolKind: board)
        let start = BenchRunner.now()
        let deadline = start + .seconds(duration)
        while BenchRunner.now() < deadline, failure.withLock({ $0 }) == nil {
            let sent = BenchRunner.now()
            do { try good.writeAll(ping) } catch { throw Failure(description: "ping: \(error)") }
            _ = try BenchRunner.readReply(good, scanner, buffer: &buffer)
            samples.append(BenchRunner.seconds(BenchRunner.now() - sent))
        }
        let elapsed = BenchRunner.seconds(BenchRunner.now() - start)
        pinging.withLock { $0 = false }
        let cpuAfter = serverPID.flatMap { Program.cpuSeconds(of: $0) }
        let moves = LatencySummary(load.moveTimes.withLock { $0 })
        // The hostile clients go on while the quiet moves are made.
        let perMove = failure.withLock({ $0 }) == nil ? try load.quietMoves(3, daemon: serverPID) : nil
        stop.withLock { $0 = true }
        memory.peakKiB = peak.withLock { $0 }
        // Closing the hostile connections ends their threads' reads.
        for fd in load.held { fd.shutdownBoth() }
        // Each thread ends now (stopped, or its connection shut down): joined, so none outlives the run.
        for thread in started { thread.join() }
        if let message = failure.withLock({ $0 }) { throw Failure(description: message) }
        if hostile == .unread {
            for fd in load.held { fd.close() }
            load.held = []
            Program.sleep(for: .seconds(5))
            memory.afterKiB = BenchRunner.memory(of: serverPID)?.currentKiB
        }
        return Result(
            hostile: hostile, pings: LatencySummary(samples), freshPings: LatencySummary(fresh.withLock { $0 }),
            seconds: elapsed, hostileReplies: load.replies.withLock { $0 }, serverPID: serverPID, memory: memory,
            moves: moves, cpuSeconds: cpuAfter.flatMap { after in cpuBefore.map { after - $0 } },
            mainLoopCPUPerMove: perMove)
    }

    static let ping = Array(#"{"id":1,"method":"ping"}"#.utf8) + [UInt8(ascii: "\n")]

    /// One ping on a connection of its own, closed after.
    static func freshPing(_ path: String) throws(Failure) -> Double {
        let sent = BenchRunner.now()
        let fd = try BenchRunner.open(path, board)
        defer { fd.close() }
        do { try fd.writeAll(ping) } catch { throw Failure(description: "ping: \(error)") }
        var buffer: [UInt8] = []
        _ = try BenchRunner.readReply(fd, ReplyScanner(protocolKind: board), buffer: &buffer)
        return BenchRunner.seconds(BenchRunner.now() - sent)
    }
}
