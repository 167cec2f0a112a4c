import BoardProtocol
import BoardSystem
import FoundationEssentials
import Synchronization

/// `board bench --hostile KIND`: how long a well-behaved client waits for `ping` while one hostile
/// load runs. The good client pings one request at a time for the duration; its p99 is the figure.
///
/// - `pipeline`: one client writes 1,000 searches (`a`, the largest page) in one write, reads the
///   replies, and again.
/// - `flood`: 8 clients each write 100 `board.get` at a time, read them, and again.
/// - `views`: `--watchers` (default 2,000) watchers, each with its own pin list, and one client
///   moving the clock a minute at a time (the daemon must run on a simulated clock).
enum FairnessBench {
    enum Hostile: String, CaseIterable {
        case none, pipeline, flood, views
    }

    struct Result {
        let hostile: Hostile
        let pings: LatencySummary
        let seconds: Double
        /// Replies the hostile side received (boards for watchers, clock moves for `views`).
        let hostileReplies: Int
        let serverPID: Int32?
    }

    typealias Failure = BenchRunner.Failure

    static let board = BenchProtocol.board(method: "ping", params: "{}")

    static func run(path: String, hostile: Hostile, duration: Double, watchers: Int) throws(Failure) -> Result {
        ResourceLimits.raiseOpenFiles(to: watchers + 64)
        let good = try BenchRunner.open(path, board)
        defer { good.close() }
        let serverPID = UnixSocket.peerPID(good)
        let stop = Locked(false)
        let replies = Locked(0)
        let failure = Locked<String?>(nil)
        var threads: [@Sendable () -> Void] = []
        var held: [FileDescriptor] = []
        defer { for fd in held { fd.close() } }

        /// A client that writes `batch` in one write, reads `count` replies, and again until stopped.
        func pipelining(_ batch: [UInt8], count: Int) throws(Failure) {
            let fd = try BenchRunner.open(path, board)
            held.append(fd)
            threads.append(
                {
                    var buffer: [UInt8] = []
                    let scanner = ReplyScanner(protocolKind: board)
                    while !stop.withLock({ $0 }) {
                        do {
                            try fd.writeAll(batch)
                            for _ in 0..<count {
                                _ = try BenchRunner.readReply(fd, scanner, buffer: &buffer)
                                replies.withLock { $0 += 1 }
                            }
                        } catch {
                            if !stop.withLock({ $0 }) { failure.withLock { $0 = $0 ?? "hostile client: \(error)" } }
                            return
                        }
                    }
                })
        }

        switch hostile {
        case .none: break
        case .pipeline:
            let line = BenchProtocol.line(id: 1, SearchRequest(text: "a"))
            try pipelining(Array(repeating: line, count: 1000).flatMap { $0 }, count: 1000)
        case .flood:
            let line = BenchProtocol.line(id: 1, BoardGetRequest())
            for _ in 0..<8 { try pipelining(Array(repeating: line, count: 100).flatMap { $0 }, count: 100) }
        case .views:
            try startViews(path: path, watchers: watchers, held: &held, threads: &threads, stop: stop, replies: replies)
        }
        do { for body in threads { _ = try SystemThread(body) } } catch {
            throw Failure(description: "a hostile client's thread: \(error)")
        }

        var samples: [Double] = []
        var buffer: [UInt8] = []
        let scanner = ReplyScanner(protocolKind: board)
        let ping = BenchProtocol.line(id: 1, PingRequest())
        let start = BenchRunner.now()
        let deadline = start + .seconds(duration)
        while BenchRunner.now() < deadline, failure.withLock({ $0 }) == nil {
            let sent = BenchRunner.now()
            do { try good.writeAll(ping) } catch { throw Failure(description: "ping: \(error)") }
            _ = try BenchRunner.readReply(good, scanner, buffer: &buffer)
            samples.append(BenchRunner.seconds(BenchRunner.now() - sent))
        }
        let elapsed = BenchRunner.seconds(BenchRunner.now() - start)
        stop.withLock { $0 = true }
        // Closing the hostile connections ends their threads' reads.
        for fd in held { fd.shutdownBoth() }
        if let message = failure.withLock({ $0 }) { throw Failure(description: message) }
        return Result(
            hostile: hostile, pings: LatencySummary(samples), seconds: elapsed, hostileReplies: replies.withLock { $0 },
            serverPID: serverPID)
    }

    /// Watchers with distinct pin lists (the flights of today whose bits are set in the watcher's
    /// number), drained by one thread, and a client moving the clock a minute at a time.
    static func startViews(
        path: String, watchers: Int, held: inout [FileDescriptor], threads: inout [@Sendable () -> Void], stop: Locked<Bool>,
        replies: Locked<Int>
    ) throws(Failure) {
        let scanner = ReplyScanner(protocolKind: board)
        let control = try BenchRunner.open(path, board)
        held.append(control)
        let pinLists = try BenchRunner.distinctPinLists(control, count: watchers)
        var watcherFDs: [FileDescriptor] = []
        for index in 0..<watchers {
            let fd = try BenchRunner.open(path, board)
            held.append(fd)
            let watch = BenchProtocol.line(id: 1, BoardWatchRequest(pinned: pinLists[index]))
            do { try fd.writeAll(watch) } catch { throw Failure(description: "board.watch: \(error)") }
            var first: [UInt8] = []
            _ = try BenchRunner.readReply(fd, scanner, buffer: &first)
            fd.setNonBlocking(true)
            watcherFDs.append(fd)
        }
        let all = watcherFDs
        threads.append(
            {
                guard let epoll = try? Epoll() else { return }
                var watching = epoll
                for (index, fd) in all.enumerated() { try? watching.add(fd, token: UInt64(index), events: .readable) }
                var chunk = [UInt8](repeating: 0, count: 1 << 17)
                while !stop.withLock({ $0 }) {
                    for event in watching.wait(timeoutMilliseconds: 100) {
                        while let n = try? all[Int(event.token)].read(into: &chunk), n > 0 {}
                    }
                }
            })
        threads.append(
            {
                var buffer: [UInt8] = []
                let advance = BenchProtocol.line(id: 2, ClockAdvanceRequest(minutes: 1))
                while !stop.withLock({ $0 }) {
                    do {
                        try control.writeAll(advance)
                        _ = try BenchRunner.readReply(control, scanner, buffer: &buffer)
                        replies.withLock { $0 += 1 }
                    } catch { return }
                }
            })
    }
}
